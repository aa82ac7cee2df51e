import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { anonymise } from "./anonymise.ts";
import type { PublishedStudy } from "./collection.ts";
import { changeLines, publishChanges } from "./publishChanges.ts";

const published: PublishedStudy = {
  studyId: "s",
  name: "S",
  task: "mark",
  clips: 24,
  settings: { clipsPerParticipant: 6, ratingsPerClip: 3, completionCode: "C0DE42" },
  participants: { started: 2, completed: 3, returned: 1, screenedOut: 1 },
  publishedAt: "2026-11-25T10:00:00.000Z",
  updatedAt: "2026-11-25T10:00:00.000Z",
};

test("the same settings change nothing; a reload's defaults would wipe the code and say so", () => {
  expect(
    publishChanges(published, { settings: { ...published.settings }, task: "mark", clips: 24 }),
  ).toEqual([]);
  const wiped = publishChanges(published, {
    settings: { clipsPerParticipant: 10, ratingsPerClip: 3 },
    task: "mark",
    clips: 24,
  });
  expect(changeLines(wiped)).toEqual([
    'Completion code: "C0DE42" → (none) — everyone who finishes from now on (2 participant(s) still working) gets no code and cannot complete the study on Prolific',
    "Clips per participant: 6 → 10 — only people who arrive from now on get the new number; the 5 already assigned keep theirs (check the pay and time on your platform)",
  ]);
});

test("task, clips, consent and screened-out settings are named with their effect", () => {
  const changes = publishChanges(published, {
    settings: {
      ...published.settings,
      consent: "New consent",
      screenedOutCode: "OUT",
    },
    task: "rate",
    clips: 30,
  });
  expect(changes.map((c) => [c.what, c.from, c.to])).toEqual([
    ["Screened-out code", "(none)", '"OUT"'],
    ["Consent text", "(none)", '"New consent"'],
    ["Task", '"mark"', '"rate"'],
    ["Clips in the study", "24", "30"],
  ]);
  // 2 + 3 + 1 + 1 people arrived and agreed to the old consent.
  expect(changes[1]?.effect).toBe(
    "only people who arrive from now on see the new text; the 7 who arrived agreed to the old one",
  );
});

test("anonymise: platform ids become P001… in the order of the server's ids, session ids go", () => {
  const file = {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "S", binSeconds: 0.1 },
    taxonomy: [],
    clips: [],
    annotators: [
      {
        id: "p0002-bb",
        role: "crowd",
        platform: { name: "prolific", participantId: "PIDB", studyId: "ST", sessionId: "SB" },
      },
      { id: "p0001-aa", role: "crowd", platform: { name: "link", participantId: "lab-1" } },
      { id: "e1", role: "expert" },
    ],
    submissions: [{ clipId: "c", annotatorId: "p0002-bb" }],
    regions: [],
    reasonLabels: [],
  } as AnnotationFile;
  const out = anonymise(file);
  expect(out.annotators).toEqual([
    {
      id: "p0002-bb",
      role: "crowd",
      platform: { name: "prolific", participantId: "P002", studyId: "ST" },
    },
    { id: "p0001-aa", role: "crowd", platform: { name: "link", participantId: "P001" } },
    { id: "e1", role: "expert" },
  ]);
  expect(out.submissions).toBe(file.submissions);
  expect(file.annotators[0]?.platform?.participantId).toBe("PIDB");
  expect(anonymise(file)).toEqual(out);
  // The published codes and addresses stay out of the copy to share; K and R stay in it.
  const published = {
    ...file,
    study: {
      ...file.study,
      collection: {
        clipsPerParticipant: 4,
        ratingsPerClip: 2,
        completionCode: "C0DE",
        completionUrl: "https://app.prolific.com/submissions/complete?cc=C0DE",
        screenedOutCode: "OUT",
        screenedOutUrl: "https://example.org/out",
        consent: "I agree.",
      },
    },
  };
  expect(anonymise(published).study.collection).toEqual({
    clipsPerParticipant: 4,
    ratingsPerClip: 2,
    consent: "I agree.",
  });
  expect(published.study.collection.completionCode).toBe("C0DE");
});
