// The design's drafts and what saving them stores (designDraft.ts): Edit settings keeps what is
// not changed (the pairs; the pre-test's pairs while their number stays), each problem by field.
import { expect, test } from "vitest";
import type { Clip, Pair } from "../../domain/interchange/types.ts";
import { designDrafts, designOf, withDesign } from "./designDraft.ts";

const clip = (id: string, system: string, sentence: string, isReference = false): Clip => ({
  id,
  name: `${id}.wav`,
  duration: 1,
  system,
  sentence,
  ...(isReference ? { isReference } : {}),
});
const CLIPS = [
  clip("h1", "human", "s1", true),
  clip("a1", "A", "s1"),
  clip("b1", "B", "s1"),
  clip("h2", "human", "s2", true),
  clip("a2", "A", "s2"),
];
// Pairs imported from elsewhere: kept as they are unless the researcher rebuilds them.
const IMPORTED: Pair[] = [
  { id: "x", a: "a1", b: "b1" },
  { id: "pre", a: "h1", b: "a1" },
];
const EXTRA = {
  task: "compare",
  comparison: { scale: "ccr", seed: "mine" },
  qualification: { pairs: ["pre"], passAccuracy: 0.9 },
  collection: { clipsPerParticipant: 7, ratingsPerClip: 2, completionCode: "C0DE" },
};

test("a study's drafts: the current pairs kept, its scale, K and R, its pre-test", () => {
  expect(designDrafts(EXTRA, IMPORTED)).toEqual({
    comparison: {
      construction: "keep",
      against: "",
      csv: null,
      views: { regions: "union", model: "", clips: "all", count: "10" },
      scale: "ccr",
      question: "",
      perParticipant: "7",
      perItem: "2",
    },
    pretest: { on: true, count: "1", passAccuracy: "0.9", screenOut: true },
  });
  expect(designDrafts({}, [])).toEqual({
    comparison: {
      construction: "all-systems",
      against: "",
      csv: null,
      views: { regions: "union", model: "", clips: "all", count: "10" },
      scale: "ab",
      question: "",
      perParticipant: "10",
      perItem: "3",
    },
    pretest: { on: false, count: "10", passAccuracy: "0.7", screenOut: true },
  });
});

test("saving unchanged drafts stores the same pairs and keys (the analysis's own keys kept)", () => {
  const drafts = designDrafts(EXTRA, IMPORTED);
  const made = designOf({
    task: "compare",
    clips: CLIPS,
    extra: EXTRA,
    existing: IMPORTED,
    ...drafts,
  });
  if (!made.ok) throw new Error(JSON.stringify(made.problems));
  expect(made.pairs).toEqual(IMPORTED);
  expect(made.extra).toEqual({
    ...EXTRA,
    comparison: { seed: "mine", scale: "ccr" },
    qualification: { pairs: ["pre"], passAccuracy: 0.9 },
  });
});

test("a new number of pre-test pairs makes them anew, their ids clear of the comparison's", () => {
  const drafts = designDrafts(EXTRA, IMPORTED);
  const made = designOf({
    task: "compare",
    clips: CLIPS,
    extra: EXTRA,
    existing: IMPORTED,
    comparison: {
      ...drafts.comparison,
      construction: "csv",
      csv: { name: "p.csv", text: "pair,a,b\npretest:s1:A,a1,b1\n" },
    },
    pretest: { ...drafts.pretest, count: "3", screenOut: false },
  });
  if (!made.ok) throw new Error(JSON.stringify(made.problems));
  expect(made.main).toEqual([{ id: "pretest:s1:A", a: "a1", b: "b1" }]);
  expect(made.pretest.map((p) => p.id).sort()).toEqual([
    "pretest:s1:A-2",
    "pretest:s1:B",
    "pretest:s2:A",
  ]);
  expect(made.extra.qualification).toEqual({
    pairs: made.pretest.map((p) => p.id),
    passAccuracy: 0.9,
    screenOut: false,
  });
});

test("each problem by its field; another task keeps its pairs and takes no comparison keys", () => {
  const drafts = designDrafts({}, []);
  expect(
    designOf({
      task: "compare",
      clips: CLIPS,
      extra: {},
      existing: [],
      comparison: {
        ...drafts.comparison,
        construction: "against",
        perParticipant: "0",
        perItem: "2.5",
      },
      pretest: { on: true, count: "x", passAccuracy: "70", screenOut: true },
    }),
  ).toEqual({
    ok: false,
    problems: {
      pairs: "choose the system the others are paired against",
      perParticipant: "must be a whole number from 1 to 1000",
      perItem: "must be a whole number from 1 to 1000",
      passAccuracy: "must be a number from 0 to 1, e.g. 0.7",
      count: "must be a whole number from 1 to 1000",
    },
  });
  const rate = designOf({
    task: "rate",
    clips: CLIPS,
    extra: { task: "rate" },
    existing: [],
    comparison: drafts.comparison,
    pretest: { ...drafts.pretest, on: true },
  });
  if (!rate.ok) throw new Error(JSON.stringify(rate.problems));
  expect(rate.extra).toEqual({
    task: "rate",
    qualification: { pairs: rate.pretest.map((p) => p.id), passAccuracy: 0.7 },
  });
  expect(rate.pretest).toHaveLength(3);
  expect(withDesign({ a: 1, qualification: {} }, rate.extra)).toEqual({
    a: 1,
    qualification: rate.extra.qualification,
  });
  expect(withDesign({ a: 1, qualification: {}, comparison: {} }, { task: "rate" })).toEqual({
    a: 1,
  });
});

test("the region preference test from a marked study: view pairs of the chosen view and model, each problem by field", () => {
  // a1 marked by two listeners (bins 0–1 and 1–2 of 0.5 s: union 0–2, overlap 1); b1 by one.
  const source = {
    study: { id: "marked", name: "Marked", binSeconds: 0.5 },
    clips: [
      { ...(CLIPS[1] as Clip), duration: 1.5 },
      { ...(CLIPS[2] as Clip), duration: 1.5 },
    ],
    annotators: [
      { id: "w1", role: "crowd" as const },
      { id: "w2", role: "crowd" as const },
    ],
    submissions: [
      { clipId: "a1", annotatorId: "w1" },
      { clipId: "a1", annotatorId: "w2" },
      { clipId: "b1", annotatorId: "w1" },
      { clipId: "b1", annotatorId: "w2" },
    ],
    regions: [
      { id: "r1", clipId: "a1", annotatorId: "w1", start: 0, end: 1 },
      { id: "r2", clipId: "a1", annotatorId: "w2", start: 0.5, end: 1.5 },
      { id: "r3", clipId: "b1", annotatorId: "w1", start: 0, end: 0.5 },
    ],
    saliency: [
      { clipId: "a1", model: "ig", hopSeconds: 0.5, values: [0, 0, 1] },
      { clipId: "b1", model: "ig", hopSeconds: 0.5, values: [0, 1, 0] },
    ],
  };
  const base = designDrafts({}, []);
  const views = (v: Partial<typeof base.comparison.views>) =>
    designOf({
      task: "compare",
      clips: source.clips,
      extra: {},
      existing: [],
      comparison: {
        ...base.comparison,
        construction: "views",
        views: { ...base.comparison.views, ...v },
      },
      pretest: base.pretest,
      source,
    });
  expect(views({ model: "ig" })).toMatchObject({
    ok: true,
    main: [
      { id: "a1:regions:union~saliency:ig", clipId: "a1", a: "regions:union", b: "saliency:ig" },
      { id: "b1:regions:union~saliency:ig", clipId: "b1" },
    ],
  });
  // b1's two listeners share no bin: its overlap shows nothing.
  expect(views({ model: "ig", regions: "overlap" })).toMatchObject({
    ok: true,
    main: [{ id: "a1:regions:overlap~saliency:ig" }],
  });
  expect(views({ model: "ig", clips: "count", count: "1" })).toMatchObject({
    ok: true,
    main: [{ clipId: expect.any(String) }],
  });
  expect(views({ model: "" })).toEqual({
    ok: false,
    problems: { pairs: "choose the model whose saliency the listeners' regions face" },
  });
  expect(views({ model: "ig", clips: "count", count: "0" })).toEqual({
    ok: false,
    problems: { pairs: "the number of clips must be a whole number from 1 to 100000" },
  });
  expect(
    designOf({
      task: "compare",
      clips: CLIPS,
      extra: {},
      existing: [],
      comparison: { ...base.comparison, construction: "views" },
      pretest: base.pretest,
    }),
  ).toEqual({
    ok: false,
    problems: {
      pairs:
        "the views come from a study with listeners' regions and a model's saliency: choose it under Clips",
    },
  });
});
