// @vitest-environment happy-dom
// The study page after collecting from a server (issue 21, item 4): the settings summary names
// the intake and the headphone check; the annotator list counts each participant's clips
// against what they were given, not the whole study, and leaves out the screened out and those
// who left without a clip, saying how many.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { AnnotatorRecord } from "../../db/repo.ts";
import { NO_INTAKE } from "../../domain/collection/intake.ts";
import { moduleOf } from "../../domain/tasks/index.ts";
import { AnnotatorLinks } from "./AnnotatorLinks.tsx";
import { parseFree } from "./IntakeFields.tsx";
import { intakeText, screeningText } from "./StudySettings.tsx";

afterEach(cleanup);

test("the settings summary names the intake's questions and the headphone check", () => {
  expect(intakeText(NO_INTAKE)).toBe("None");
  expect(
    intakeText({
      standard: { ...NO_INTAKE.standard, ageBand: "required", nativeLanguages: "optional" },
      free: [{ id: "q1", text: "Anything else?", required: false }],
    }),
  ).toBe("age (required), native languages, 1 own question");
  expect(screeningText({ test: "off", trials: 6, passAt: 5 })).toBe("Off");
  expect(screeningText({ test: "huggins", trials: 6, passAt: 5 })).toBe(
    "Huggins pitch, pass at 5 of 6",
  );
});

test("collected participants: clips against what they were given; screened out and clipless apart", () => {
  const who = (id: string, status?: AnnotatorRecord["status"]): AnnotatorRecord => ({
    studyId: "s",
    id,
    role: "crowd",
    ...(status ? { status, platform: { name: "prolific", participantId: `PID-${id}` } } : {}),
  });
  const annotators = [
    who("p1", "completed"),
    who("p2", "returned"),
    who("p3", "returned"),
    who("p4", "screened-out"),
    who("p5", "started"),
    who("local"),
  ];
  const submitted = new Map([
    ["p1", 6],
    ["p2", 2],
    ["p5", 1],
    ["local", 3],
  ]);
  render(
    <AnnotatorLinks
      studyId="s"
      annotators={annotators}
      submissionsByAnnotator={submitted}
      clipCount={24}
      task={moduleOf("mark")}
    />,
  );
  const items = within(screen.getByRole("list")).getAllByRole("listitem");
  expect(items.map((li) => li.textContent)).toEqual([
    "p1 crowd6 clips submitted: all they were given",
    "p2 crowd2 clips submitted, then returned the study",
    "p5 crowd1 clip submitted so far",
    "local crowd3 of 24 clips submitted",
  ]);
  expect(screen.getByText(/^Also collected from the server, not annotators/).textContent).toBe(
    "Also collected from the server, not annotators (no clip from them): 1 screened out by the headphone check, 1 who left without finishing a clip.",
  );
});

test("free questions keep their ids when edited as lines: moved, reworded, added", () => {
  const before = parseFree("* Heard synthetic speech before?\nAny comment?");
  expect(before).toEqual([
    { id: "q1", text: "Heard synthetic speech before?", required: true },
    { id: "q2", text: "Any comment?", required: false },
  ]);
  // Reordered, one reworded (a new question), one added twice with the same text.
  expect(
    parseFree(
      "Any comment?\nHeard it before?\n* Heard synthetic speech before?\nAge?\nAge?",
      before,
    ),
  ).toEqual([
    { id: "q2", text: "Any comment?", required: false },
    { id: "q3", text: "Heard it before?", required: false },
    { id: "q1", text: "Heard synthetic speech before?", required: true },
    { id: "q4", text: "Age?", required: false },
    { id: "q5", text: "Age?", required: false },
  ]);
});
