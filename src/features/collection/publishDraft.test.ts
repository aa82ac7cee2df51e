import { expect, test } from "vitest";
import { DEFAULT_DRAFT, draftOf, settingsOf } from "./publishDraft.ts";

test("the form's fields from the published settings and back: the same settings", () => {
  const published = {
    clipsPerParticipant: 6,
    ratingsPerClip: 2,
    completionCode: "C0DE42",
    screenedOutUrl: "https://app.prolific.com/submissions/complete?cc=OUT",
    consent: "Yes.\nReally.",
    slotTimeoutMinutes: 90,
  };
  const draft = draftOf(published);
  expect(draft).toEqual({
    k: "6",
    r: "2",
    code: "C0DE42",
    url: "",
    outCode: "",
    outUrl: "https://app.prolific.com/submissions/complete?cc=OUT",
    consent: "Yes.\nReally.",
  });
  // The slot timeout is not on the form: kept as published.
  expect(
    settingsOf(draft, {
      studyId: "s",
      name: "S",
      task: "mark",
      clips: 24,
      settings: published,
      version: 7,
      file: {
        format: "redpen-annotations",
        version: 1,
        study: { id: "s", name: "S", binSeconds: 0.1 },
        taxonomy: [],
        clips: [],
        annotators: [],
        submissions: [],
        regions: [],
        reasonLabels: [],
      },
      audio: {},
      participants: { started: 0, completed: 0, returned: 0, screenedOut: 0 },
      publishedAt: "2026-11-25T10:00:00.000Z",
      updatedAt: "2026-11-25T10:00:00.000Z",
    }),
  ).toEqual(published);
  expect(settingsOf(DEFAULT_DRAFT, null)).toEqual({ clipsPerParticipant: 10, ratingsPerClip: 3 });
});

test("a limit that is not a whole number of 1 or more is refused, naming the field", () => {
  expect(() => settingsOf({ ...DEFAULT_DRAFT, k: "" }, null)).toThrow(
    'Clips per participant must be a whole number of 1 or more (got "")',
  );
  expect(() => settingsOf({ ...DEFAULT_DRAFT, r: "2.5" }, null)).toThrow(
    'Ratings per clip must be a whole number of 1 or more (got "2.5")',
  );
});
