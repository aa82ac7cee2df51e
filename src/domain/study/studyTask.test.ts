import { expect, test } from "vitest";
import {
  taskOf,
  transcriptionDraft,
  transcriptionFromDraft,
  transcriptionOf,
  withTask,
} from "./studyTask.ts";

test("the task and its settings round-trip through the form's draft", () => {
  const extra = {
    task: "transcribe",
    transcription: { unit: "character", maxPlays: 3, alpha: 0.01 },
  };
  expect(taskOf(extra)).toBe("transcribe");
  expect(taskOf({ task: "dance" })).toBe("mark");
  const draft = transcriptionDraft(transcriptionOf(extra));
  expect(draft).toEqual({
    unit: "character",
    maxPlays: "3",
    seed: "",
    replicates: "",
    alpha: "0.01",
    groupBy: "",
  });
  const back = transcriptionFromDraft({ ...draft, groupBy: " nativeLanguages " });
  expect(back).toEqual({
    ok: true,
    settings: { unit: "character", maxPlays: 3, alpha: 0.01, groupBy: "nativeLanguages" },
  });
  expect(withTask({ other: 1, task: "rate" }, "mark", {})).toEqual({ other: 1 });
  expect(withTask({}, "transcribe", { maxPlays: 2 })).toEqual({
    task: "transcribe",
    transcription: { maxPlays: 2 },
  });
});

test("bad settings: a message per field", () => {
  const draft = transcriptionDraft({});
  expect(
    transcriptionFromDraft({ ...draft, maxPlays: "0", replicates: "1.5", alpha: "5" }),
  ).toEqual({
    ok: false,
    problems: {
      maxPlays: "must be a whole number from 1 to 100",
      replicates: "must be a whole number from 1 to 100000",
      alpha: "must be a number between 0 and 1, e.g. 0.05",
    },
  });
});
