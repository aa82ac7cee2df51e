import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { anonymise } from "./anonymise.ts";
import type { PublishedStudy } from "./protocol.ts";
import { changeLines, type PublishDraft, publishChanges } from "./publishChanges.ts";
import { mergeSettings, settingsUpdate } from "./settings.ts";

const header: PublishDraft["file"] = {
  study: {
    id: "s",
    name: "S",
    binSeconds: 0.1,
    instructions: "Mark what sounds wrong.",
    screening: { test: "huggins", trials: 6, passAt: 5 },
    intake: { standard: { ageBand: "required" }, free: [] },
    ratingScale: { question: "How natural?", labels: ["1", "2", "3", "4", "5"] },
  },
  taxonomy: [
    { id: "silence", label: "Silence" },
    { id: "energy", label: "Energy" },
  ],
  clips: [
    { id: "c1", name: "c1.wav", duration: 2, system: "human", sentence: "a", isReference: true },
    { id: "c2", name: "c2.wav", duration: 2, system: "A", sentence: "a" },
    { id: "c3", name: "c3.wav", duration: 2, system: "human", sentence: "b" },
  ],
};
const audio = { c1: "1".repeat(64), c2: "2".repeat(64), c3: "3".repeat(64) };

const published: PublishedStudy = {
  studyId: "s",
  name: "S",
  task: "mark",
  clips: 3,
  settings: { clipsPerParticipant: 6, ratingsPerClip: 3, completionCode: "C0DE42" },
  version: 4,
  file: {
    format: "redpen-annotations",
    version: 1,
    ...header,
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  },
  audio,
  participants: { started: 2, completed: 3, returned: 1, screenedOut: 1 },
  publishedAt: "2026-11-25T10:00:00.000Z",
  updatedAt: "2026-11-25T10:00:00.000Z",
};

const same = (settings = published.settings): PublishDraft => ({
  settings,
  file: structuredClone(header),
  audio,
});

test("the same settings change nothing; a reload's defaults would wipe the code and say so", () => {
  expect(publishChanges(published, same({ ...published.settings }))).toEqual([]);
  const wiped = publishChanges(published, same({ clipsPerParticipant: 10, ratingsPerClip: 3 }));
  expect(changeLines(wiped)).toEqual([
    'Completion code: "C0DE42" → (none) — everyone who finishes from now on (2 participant(s) still working) gets no code and cannot complete the study on Prolific',
    "Clips per participant: 6 → 10 — only people who arrive from now on get the new number; the 5 already assigned keep theirs (check the pay and time on your platform)",
  ]);
});

test("task, clips, consent and screened-out settings are named with their effect", () => {
  const draft = same({ ...published.settings, consent: "New consent", screenedOutCode: "OUT" });
  draft.file.study.task = "rate";
  draft.file.clips.push({ id: "c4", name: "c4.wav", duration: 2, system: "A", sentence: "b" });
  const changes = publishChanges(published, draft);
  expect(changes.map((c) => [c.what, c.from, c.to])).toEqual([
    ["Screened-out code", "(none)", '"OUT"'],
    ["Consent text", "(none)", '"New consent"'],
    ["Task", '"mark"', '"rate"'],
    ["Clips in the study", "3", "4"],
  ]);
  // 2 + 3 + 1 + 1 people arrived and agreed to the old consent.
  expect(changes[1]?.effect).toBe(
    "only people who arrive from now on see the new text; the 7 who arrived agreed to the old one",
  );
  expect(changes[3]?.effect).toBe(
    'added "c4": only people who arrive from now on get the new set of clips',
  );
});

test("every protocol change is listed: check, intake, scale, texts, language, taxonomy, reference clips, audio", () => {
  // Issue 37, item 3: each of these printed "No setting changed." before.
  const cases: [string, (d: PublishDraft) => void, [string, string, string]][] = [
    [
      "no headphone check",
      (d) => {
        delete d.file.study.screening;
      },
      ["Headphone check", '{"passAt":5,"test":"huggins","trials":6}', "(none)"],
    ],
    [
      "no intake",
      (d) => {
        delete d.file.study.intake;
      },
      ["Intake questionnaire", '{"free":[],"standard":{"ageBand":"required"}}', "(none)"],
    ],
    [
      "other instructions",
      (d) => {
        d.file.study.instructions = "Listen.";
      },
      ["Instructions", '"Mark what sounds wrong."', '"Listen."'],
    ],
    [
      "instruction arms",
      (d) => {
        d.file.study.arms = [
          { id: "natural", instructions: "How natural?" },
          { id: "quality", instructions: "How good?" },
        ];
      },
      ["Instruction arms", "(none)", '"natural", "quality"'],
    ],
    [
      "another rating scale",
      (d) => {
        d.file.study.ratingScale = { question: "How good?", labels: ["1", "2", "3", "4", "5"] };
      },
      [
        "Rating scale",
        '{"labels":["1","2","3","4","5"],"question":"How natural?"}',
        '{"labels":["1","2","3","4","5"],"question":"How good?"}',
      ],
    ],
    [
      "another language",
      (d) => {
        d.file.study.language = "de";
      },
      ["Language of the participant's pages", "(none)", '"de"'],
    ],
    [
      "own participant texts",
      (d) => {
        d.file.study.participantTexts = { "consent.agree": "Ja" };
      },
      ["Participant texts", "(none)", '{"consent.agree":"Ja"}'],
    ],
    [
      "another reference clip",
      (d) => {
        const [c1, , c3] = d.file.clips;
        if (c1 && c3) {
          delete c1.isReference;
          c3.isReference = true;
        }
      },
      ["Reference clips", '"c1"', '"c3"'],
    ],
    [
      "a reason dropped",
      (d) => {
        d.file.taxonomy = d.file.taxonomy.filter((t) => t.id !== "silence");
      },
      ["Reasons removed from the taxonomy", '"silence"', "(none)"],
    ],
    [
      "a reason worded anew",
      (d) => {
        d.file.taxonomy = [
          { id: "silence", label: "Pause" },
          { id: "energy", label: "Energy" },
        ];
      },
      ["Reasons worded anew", '"silence"', '"Pause"'],
    ],
    [
      "new audio for a clip",
      (d) => {
        d.audio = { ...d.audio, c2: "f".repeat(64) };
      },
      ["Clips' audio", '"c2": SHA-256 222222222222…', "SHA-256 ffffffffffff…"],
    ],
    [
      "a clip's text",
      (d) => {
        const c2 = d.file.clips[1];
        if (c2) c2.text = "the words";
      },
      ["Clips' text", '"c2": (none)', '"the words"'],
    ],
    [
      "a study detail this list does not name",
      (d) => {
        d.file.study.playLimit = 2;
      },
      ['Study setting "playLimit"', "(none)", "2"],
    ],
  ];
  for (const [name, change, expected] of cases) {
    const draft = same();
    change(draft);
    const changes = publishChanges(published, draft);
    expect([name, changes.map((c) => [c.what, c.from, c.to])]).toEqual([name, [expected]]);
    expect(changes[0]?.effect.length).toBeGreaterThan(20);
  }
  // The order of keys as the database keeps them is no change.
  const reordered = same();
  reordered.file.study = Object.fromEntries(
    Object.entries(reordered.file.study).reverse(),
  ) as PublishDraft["file"]["study"];
  expect(publishChanges(published, reordered)).toEqual([]);
});

test("participant links are listed as the links the study accepts, whether its setting or a Prolific address changed them", () => {
  const what = "Participant links a collection server accepts";
  // Generic only, set on the study: listed with what it means.
  const generic = same();
  generic.file.study.participantLinks = "generic";
  expect(publishChanges(published, generic)).toEqual([
    {
      what,
      from: "Prolific links and generic ?participant= links (as the platform says)",
      to: "generic links only (?participant=); Prolific links are refused",
      effect:
        "applies to arrivals from now on (a link the study does not accept is refused); the 7 who arrived keep their places: hand out the links it accepts",
    },
  ]);
  // No setting, but a Prolific completion address: the study now takes Prolific links only.
  const prolific = same({ ...published.settings, completionUrl: "https://app.prolific.com/x" });
  expect(publishChanges(published, prolific).find((c) => c.what === what)).toMatchObject({
    from: "Prolific links and generic ?participant= links (as the platform says)",
    to: "Prolific links only (PROLIFIC_PID); generic ?participant= links are refused (as the platform says)",
  });
  // "both" said outright where the study took both anyway: listed, and said to change nothing.
  const both = same();
  both.file.study.participantLinks = "both";
  expect(changeLines(publishChanges(published, both))).toEqual([
    `${what}: Prolific links and generic ?participant= links (as the platform says) → Prolific links and generic ?participant= links — the same links as before: nothing changes for participants`,
  ]);
});

test("instruction arms: an arm added or removed, and a kept arm's new text, each a change", () => {
  const armed: PublishedStudy = structuredClone(published);
  armed.file.study.arms = [
    { id: "natural", instructions: "How natural?" },
    { id: "quality", instructions: "How good?" },
  ];
  const draft = same();
  draft.file.study.arms = [
    { id: "natural", instructions: "How natural does it sound?" },
    { id: "short", instructions: "Rate it." },
  ];
  const changes = publishChanges(armed, draft);
  expect(changes.map((c) => [c.what, c.from, c.to])).toEqual([
    ["Instruction arms", '"natural", "quality"', '"natural", "short"'],
    ['Instructions of arm "natural"', '"How natural?"', '"How natural does it sound?"'],
  ]);
  // 2 + 3 + 1 + 1 arrived; 2 still working.
  expect(changes[0]?.effect).toBe(
    "people who arrive from now on are given the new arms in turn (the arm with the fewest first); the 7 who arrived keep theirs, and those whose arm is gone read the study's own instructions",
  );
  expect(changes[1]?.effect).toBe(
    "participants given this arm from now on read the new text; those already in the study keep the text they were shown, in the browser they began in",
  );
  // The same arms in the same order: no change.
  const kept = same();
  kept.file.study.arms = structuredClone(armed.file.study.arms);
  expect(publishChanges(armed, kept)).toEqual([]);
});

test("settings: a publish sends what changes, the server merges it; {} or nothing keeps them all", () => {
  const live = {
    clipsPerParticipant: 6,
    ratingsPerClip: 3,
    completionCode: "C0DE42",
    slotTimeoutMinutes: 90,
  };
  expect(mergeSettings(live, undefined)).toEqual(live);
  expect(mergeSettings(live, {})).toEqual(live);
  expect(mergeSettings(null, {})).toEqual({ clipsPerParticipant: 10, ratingsPerClip: 3 });
  const next = { clipsPerParticipant: 6, ratingsPerClip: 4, slotTimeoutMinutes: 90 };
  const update = settingsUpdate(live, next);
  expect(update).toEqual({ ratingsPerClip: 4, completionCode: null });
  expect(mergeSettings(live, update)).toEqual(next);
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

test("a comparison's design published again: its scale, its pre-test and its pairs, each with its effect", () => {
  const withDesign = (file: PublishDraft["file"]): PublishDraft["file"] => ({
    ...file,
    study: {
      ...file.study,
      task: "compare",
      comparison: { scale: "ab" },
      qualification: { pairs: ["pre"], passAccuracy: 0.7 },
    },
    pairs: [
      { id: "a:A~human", a: "c2", b: "c1" },
      { id: "pre", a: "c1", b: "c2" },
    ],
  });
  const before: PublishedStudy = {
    ...published,
    file: { ...published.file, ...withDesign(header) },
  };
  const next = same();
  next.file = withDesign(next.file);
  expect(publishChanges(before, next)).toEqual([]);
  next.file.study.comparison = { scale: "ccr" };
  next.file.study.qualification = { pairs: ["pre"], passAccuracy: 0.8, screenOut: false };
  next.file.pairs = [
    { id: "a:A~human", a: "c1", b: "c2" },
    { id: "pre", a: "c1", b: "c2" },
    { id: "b:human~human", a: "c3", b: "c1" },
  ];
  expect(changeLines(publishChanges(before, next))).toEqual([
    'Comparison (scale, question): {"scale":"ab"} → {"scale":"ccr"} — trials from now on are asked on the new scale or question; the judgments of the 5 already assigned answered the old one, and are pooled with them',
    'Pre-test (its pairs, pass accuracy, screening out): {"pairs":["pre"],"passAccuracy":0.7} → {"pairs":["pre"],"passAccuracy":0.8,"screenOut":false} — only people who arrive from now on take the new pre-test; the 7 who arrived were scored by the old one',
    'Pairs: 2 → 3 — added "b:human~human"; other clips in "a:A~human": only people who arrive from now on are given the new pairs; the judgments of the 5 already assigned stay collected with the pairs they judged',
  ]);
});
