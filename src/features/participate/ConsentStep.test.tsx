// @vitest-environment happy-dom
// The consent step's default text describes the study's own task (issue 36, problem 2): a rate
// or transcribe study's participant was told they would mark unnatural parts.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { StudyAbout } from "../../domain/collection/protocol.ts";
import { Language } from "../../lib/i18n.tsx";
import { ConsentStep } from "./ConsentStep.tsx";

afterEach(cleanup);

const consent = (about: StudyAbout, language = "en") =>
  render(
    <Language language={language}>
      <ConsentStep about={about} platform="prolific" onStart={() => {}} onDecline={() => {}} />
    </Language>,
  );

test.each([
  [undefined, /and mark, on each one, the parts that sound unnatural\./],
  ["rate", /and rate each one from 1 to 5, answering the question shown with it\./],
  ["transcribe", /and type, for each one, the words you heard, as exactly as you can/],
] as const)(
  "task %s: the default consent says what the participant will do",
  async (task, says) => {
    consent({ name: "A study", ...(task ? { task } : {}) });
    const text = await screen.findByText(says);
    if (task !== undefined) expect(text.textContent).not.toMatch(/unnatural/);
  },
);

test("a transcription test's default consent in Vietnamese", async () => {
  consent({ name: "SUS", task: "transcribe" }, "vi");
  expect(
    await screen.findByText(/^Bạn sẽ nghe các đoạn ghi âm giọng nói ngắn và gõ lại/, undefined, {
      timeout: 30_000,
    }),
  ).toBeInTheDocument();
  expect(screen.queryByText(/không tự nhiên/)).toBeNull();
});

test("the researcher's own consent text stands, whatever the task", async () => {
  consent({ name: "A study", task: "rate", consent: "Our own words." });
  expect(await screen.findByText("Our own words.")).toBeInTheDocument();
});
