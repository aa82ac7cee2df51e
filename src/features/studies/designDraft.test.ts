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
