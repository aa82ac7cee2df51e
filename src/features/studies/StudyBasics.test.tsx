// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { expect, test } from "vitest";
import { transcriptionDraft } from "../../domain/tasks/index.ts";
import { type StudyBasicsDraft, useStudyBasics } from "./StudyBasics.tsx";

const draft = (over: Partial<StudyBasicsDraft> = {}): StudyBasicsDraft => ({
  name: "  Pilot  ",
  bin: "0.25",
  language: " vi ",
  task: "rate",
  requireRating: false,
  transcription: transcriptionDraft({}),
  ...over,
});

test("the checked basics: trimmed name and language, the bin width as a number, the task's rating rule", () => {
  const { result } = renderHook(() => useStudyBasics(() => draft()));
  let values: ReturnType<typeof result.current.check>;
  act(() => {
    values = result.current.check("always");
  });
  // A rate study always requires the rating, whatever the researcher's choice says.
  expect(values).toEqual({
    name: "Pilot",
    binSeconds: 0.25,
    requireRating: true,
    language: "vi",
    task: "rate",
    transcription: {},
  });
  expect(result.current.errors).toEqual({
    name: undefined,
    bin: undefined,
    language: undefined,
    task: undefined,
  });
});

test("each field's problem is shown and nothing is returned", () => {
  const { result } = renderHook(() => useStudyBasics(() => draft({ name: " ", bin: "0" })));
  let values: ReturnType<typeof result.current.check> = { name: "not checked" } as never;
  act(() => {
    values = result.current.check("always");
  });
  expect(values).toBeUndefined();
  expect(result.current.errors.name).toBe("Enter a name for the study.");
  expect(result.current.errors.bin).toBe("Bin width must be a number of seconds greater than 0.");
});

test("bad transcription settings block Edit settings (always) but not a new study of another task (when-used)", () => {
  const bad = draft({ transcription: { ...transcriptionDraft({}), alpha: "2" } });
  const { result } = renderHook(() => useStudyBasics(() => bad));
  let values: ReturnType<typeof result.current.check>;
  act(() => {
    values = result.current.check("when-used");
  });
  expect(values).toMatchObject({ task: "rate", transcription: {} });
  expect(result.current.taskProblems).toEqual({});
  act(() => {
    values = result.current.check("always");
  });
  expect(values).toBeUndefined();
  expect(result.current.errors.task).toBe("the transcription settings");
  expect(Object.keys(result.current.taskProblems)).toEqual(["alpha"]);
  // Chosen as the task, the settings are checked either way.
  act(() => result.current.set.task("transcribe"));
  act(() => {
    values = result.current.check("when-used");
  });
  expect(values).toBeUndefined();
});
