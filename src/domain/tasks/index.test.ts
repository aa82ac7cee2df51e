import { expect, test } from "vitest";
import { MESSAGE_IDS } from "../i18n/catalogue.ts";
import { DEFAULT_RULES } from "../study/qualityRules.ts";
import {
  ALL_TASK_MODULES,
  collectionRefusal,
  datasetRows,
  moduleOf,
  offeredRules,
  requiresRating,
  shownFigures,
  submissionRules,
  TASK_MODULES,
  taskModule,
  taskOf,
  transcriptionDraft,
  transcriptionFromDraft,
  transcriptionOf,
  withTask,
} from "./index.ts";

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

test("every task declares its consent and help as messages every catalogue has", () => {
  for (const m of TASK_MODULES) {
    expect(MESSAGE_IDS).toContain(m.consentMessage);
    // The comparison's screen says its help itself (features/tasks/compare): no help per clip.
    if (m.instructionsMessage !== null) expect(MESSAGE_IDS).toContain(m.instructionsMessage);
  }
  expect(TASK_MODULES.map((m) => [m.id, m.consentMessage])).toEqual([
    ["mark", "consent.default"],
    ["rate", "consent.default.rate"],
    ["transcribe", "consent.default.transcribe"],
    ["compare", "consent.default.compare"],
  ]);
});

test("the study's module, by its stored task; the default for none or an unknown one", () => {
  expect(taskModule({}).id).toBe("mark");
  expect(taskModule({ task: "rate" }).id).toBe("rate");
  expect(taskModule({ task: "transcribe" }).id).toBe("transcribe");
  expect(taskModule({ task: "__proto__" }).id).toBe("mark");
  expect(taskModule({ task: 3 }).id).toBe("mark");
});

test("submission rules: the rating, the transcript, spans, the play limit per task", () => {
  expect(submissionRules({ requireRating: true })).toEqual({
    rating: "required",
    transcript: "none",
    spans: true,
    maxPlays: null,
    heardToEnd: "participants",
  });
  expect(submissionRules({}).rating).toBe("optional");
  // A rate-only study asks every clip's rating, whatever requireRating says.
  expect(submissionRules({ task: "rate", requireRating: false })).toEqual({
    rating: "required",
    transcript: "none",
    spans: false,
    maxPlays: null,
    heardToEnd: "participants",
  });
  // A transcription test never asks a rating (its screen has none), even with requireRating.
  expect(submissionRules({ task: "transcribe", requireRating: true })).toEqual({
    rating: "none",
    transcript: "required",
    spans: false,
    maxPlays: 2,
    heardToEnd: "always",
  });
  expect(submissionRules({ task: "transcribe", transcription: { maxPlays: 5 } }).maxPlays).toBe(5);
});

test("the rating requirement: the researcher's choice for mark, the task's for rate and transcribe", () => {
  expect(requiresRating(moduleOf("mark"), false)).toBe(false);
  expect(requiresRating(moduleOf("mark"), true)).toBe(true);
  expect(requiresRating(moduleOf("rate"), false)).toBe(true);
  expect(requiresRating(moduleOf("transcribe"), true)).toBe(false);
  expect(TASK_MODULES.map((m) => [m.id, m.rating.defaultRequired])).toEqual([
    ["mark", true],
    ["rate", true],
    ["transcribe", false],
    ["compare", false],
  ]);
});

test("figures: the task's own lead; span figures only with spans, outside mark", () => {
  const none = {
    regions: false,
    ratings: false,
    transcripts: false,
    judgments: false,
    saliency: false,
  };
  expect(shownFigures(moduleOf("transcribe"), { ...none, transcripts: true })).toEqual([
    "intelligibility",
    "dataset",
  ]);
  expect(
    shownFigures(moduleOf("transcribe"), {
      regions: true,
      ratings: true,
      transcripts: true,
      judgments: true,
      saliency: true,
    }),
  ).toEqual([
    "intelligibility",
    "mos",
    "comparison",
    "dataset",
    "agreement",
    "clips",
    "consensus",
    "correlation",
    "errorTypes",
    "expertAgreement",
    "saliency",
    "annotators",
  ]);
  expect(shownFigures(moduleOf("rate"), { ...none, ratings: true })).toEqual(["mos", "dataset"]);
  // RedPen's task shows its span figures even before anyone marked a span.
  expect(shownFigures(moduleOf("mark"), none)).toEqual([
    "dataset",
    "agreement",
    "clips",
    "consensus",
    "correlation",
    "mos",
    "errorTypes",
    "expertAgreement",
    "annotators",
  ]);
  // A comparison test opens on its comparison, shown (with its empty state) before any judgment;
  // a pre-test's figures appear in any task once there are judgments.
  expect(shownFigures(moduleOf("compare"), none)).toEqual(["comparison", "dataset"]);
  expect(shownFigures(moduleOf("compare"), { ...none, ratings: true })).toEqual([
    "comparison",
    "mos",
    "dataset",
  ]);
  expect(shownFigures(moduleOf("rate"), { ...none, ratings: true, judgments: true })).toEqual([
    "mos",
    "comparison",
    "dataset",
  ]);
});

test("the comparison is collected (the server takes its judgments): New study offers it, with its labels for K and R", () => {
  expect(taskModule({ task: "compare" }).id).toBe("compare");
  expect(moduleOf("compare").collected).toBe(true);
  expect(moduleOf("compare").instructionsMessage).toBeNull();
  expect(MESSAGE_IDS).toContain(moduleOf("compare").consentMessage);
  expect(TASK_MODULES.map((m) => m.id)).toEqual(["mark", "rate", "transcribe", "compare"]);
  expect(TASK_MODULES.every((m) => m.collected)).toBe(true);
  expect(ALL_TASK_MODULES.every((m) => m.collected)).toBe(true);
  expect(ALL_TASK_MODULES.map((m) => m.id)).toEqual(["mark", "rate", "transcribe", "compare"]);
  // Publishing (the study page's and the CLI's) asks this first: every task is published now.
  for (const task of ["mark", "rate", "transcribe", "compare", undefined]) {
    expect(collectionRefusal({ task })).toBeNull();
  }
  expect(
    ALL_TASK_MODULES.map((m) => [m.id, m.studyPage.perParticipant, m.studyPage.perItem]),
  ).toEqual([
    ["mark", "Clips per participant", "Ratings per clip"],
    ["rate", "Clips per participant", "Ratings per clip"],
    ["transcribe", "Clips per participant", "Ratings per clip"],
    ["compare", "Pairs per participant", "Judgments per pair (R)"],
  ]);
  expect(moduleOf("compare").studyPage.summary).toEqual(["design"]);
});

test("what a task's submissions hold agrees with its rules", () => {
  for (const m of ALL_TASK_MODULES) {
    const rules = m.submissionRules({ requireRating: true });
    expect(m.holds).toEqual({
      spans: rules.spans,
      rating: rules.rating !== "none",
      transcript: rules.transcript !== "none",
    });
  }
});

test("the Dataset's span rows: in mark always, elsewhere only where spans were marked", () => {
  const none = {
    regions: false,
    ratings: true,
    transcripts: true,
    judgments: false,
    saliency: false,
  };
  const base = ["clips", "annotatedClips", "annotations", "meanDuration"];
  const spans = ["regionsPerAnnotation", "meanRegionLength", "reasonLabelsPerRegion"];
  expect(datasetRows(moduleOf("transcribe"), none)).toEqual(base);
  expect(datasetRows(moduleOf("rate"), none)).toEqual(base);
  expect(datasetRows(moduleOf("mark"), none)).toEqual([...base, ...spans]);
  expect(datasetRows(moduleOf("rate"), { ...none, regions: true })).toEqual([...base, ...spans]);
});

test("quality rules offered: span rules with spans, rating rules with ratings, any rule that is on", () => {
  const none = {
    regions: false,
    ratings: false,
    transcripts: true,
    judgments: false,
    saliency: false,
  };
  expect(offeredRules(moduleOf("transcribe"), none, DEFAULT_RULES)).toEqual(["notHeard", "fast"]);
  expect(offeredRules(moduleOf("transcribe"), { ...none, ratings: true }, DEFAULT_RULES)).toEqual([
    "referenceRating",
    "notHeard",
    "fast",
    "lowVariance",
  ]);
  expect(offeredRules(moduleOf("rate"), none, DEFAULT_RULES)).toEqual([
    "referenceRating",
    "notHeard",
    "fast",
    "lowVariance",
  ]);
  expect(offeredRules(moduleOf("mark"), none, DEFAULT_RULES)).toHaveLength(5);
  const on = { ...DEFAULT_RULES, lowVariance: { on: true, variance: 0.1 } };
  expect(offeredRules(moduleOf("transcribe"), none, on)).toEqual([
    "notHeard",
    "fast",
    "lowVariance",
  ]);
});
