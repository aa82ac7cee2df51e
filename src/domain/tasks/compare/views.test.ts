// The region preference test's view pairs (the RedPen paper's Table 3), worked by hand on a
// study of four clips with 0.1 s bins.
import { expect, test } from "vitest";
import type { AnnotationFile } from "../../interchange/types.ts";
import { viewPairBins } from "../../stats/views.ts";
import { parseViewChoice, viewPairOptions, viewPairs, viewRecords } from "./views.ts";

// c1's model m: frame f covers [0.05 f, 0.05 f + 0.05), so bin k is frames 2k and 2k+1 and its
// pooled value their greater: 0.1 0.9 0.3 0.9 0.2 0.8 0 0.5 0.8 0.1.
const C1_M = [
  0.1, 0.05, 0.45, 0.9, 0.3, 0.3, 0.9, 0.1, 0.2, 0, 0.8, 0.8, 0, 0, 0.5, 0.25, 0.4, 0.8, 0.1, 0.1,
];
const FILE: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "marked", name: "Marked", binSeconds: 0.1 },
  taxonomy: [],
  clips: [
    { id: "c1", name: "c1.wav", duration: 1, sentence: "s1", system: "A" },
    { id: "c2", name: "c2.wav", duration: 1 },
    { id: "c3", name: "c3.wav", duration: 1 },
    { id: "c4", name: "c4.wav", duration: 1 },
  ],
  annotators: [
    { id: "w1", role: "crowd", platform: { name: "prolific", participantId: "PID1" } },
    { id: "w2", role: "crowd" },
    { id: "e1", role: "expert" },
  ],
  submissions: [
    { clipId: "c1", annotatorId: "w1", score: 2, seconds: 30, heardToEnd: true },
    { clipId: "c1", annotatorId: "w2", score: 4 },
    { clipId: "c2", annotatorId: "w1" },
    { clipId: "c4", annotatorId: "w1" },
  ],
  regions: [
    // w1 on c1: bins 1–2 ([0.1, 0.3) ends on a boundary: not bin 3) and bin 7.
    { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.1, end: 0.3 },
    { id: "r2", clipId: "c1", annotatorId: "w1", start: 0.75, end: 0.8 },
    // w2 on c1: bins 2–4.
    { id: "r3", clipId: "c1", annotatorId: "w2", start: 0.25, end: 0.45 },
    // An expert's span is not the crowd's.
    { id: "r4", clipId: "c1", annotatorId: "e1", start: 0.9, end: 1 },
    // c3 has regions but no saliency.
    { id: "r5", clipId: "c3", annotatorId: "w1", start: 0, end: 0.5 },
    // c4: w1 bin 0, w2 bin 5: a union of two bins, no overlap.
    { id: "r6", clipId: "c4", annotatorId: "w1", start: 0, end: 0.1 },
    { id: "r7", clipId: "c4", annotatorId: "w2", start: 0.5, end: 0.6 },
  ],
  reasonLabels: [{ regionId: "r1", annotatorId: "e1", reasons: ["energy"] }],
  saliency: [
    { clipId: "c1", model: "m", hopSeconds: 0.05, values: C1_M },
    { clipId: "c1", model: "n", hopSeconds: 0.5, values: [1, 2] },
    { clipId: "c2", model: "m", hopSeconds: 0.1, values: [1] },
    // c4's model m: one value per bin, the highest at bins 9 and 3.
    { clipId: "c4", model: "m", hopSeconds: 0.1, values: [0, 0, 0, 0.7, 0, 0, 0, 0, 0, 0.9] },
  ],
};

test("a view's bins: union and overlap of the crowd, the model's top bins as many as the other side", () => {
  // Union {1, 2, 3, 4, 7}, 5 bins: the model's five highest are 0.9 (1, 3), 0.8 (5, 8), 0.5 (7).
  expect(
    viewPairBins(FILE, { clipId: "c1", a: "regions:union", b: "saliency:m" }, 100_000),
  ).toEqual({
    ok: true,
    bins: [
      [1, 2, 3, 4, 7],
      [1, 3, 5, 7, 8],
    ],
  });
  // Overlap {2}: one bin, the earlier of the two 0.9s.
  expect(
    viewPairBins(FILE, { clipId: "c1", a: "saliency:m", b: "regions:overlap" }, 100_000),
  ).toEqual({ ok: true, bins: [[1], [2]] });
  // Two models: the union's count (5); model n's bins are 1 (0–4) and 2 (5–9), earlier first.
  expect(viewPairBins(FILE, { clipId: "c1", a: "saliency:n", b: "saliency:m" }, 100_000)).toEqual({
    ok: true,
    bins: [
      [5, 6, 7, 8, 9],
      [1, 3, 5, 7, 8],
    ],
  });
  // c4: no bin both crowd annotators marked; c2: marked by nobody.
  expect(
    viewPairBins(FILE, { clipId: "c4", a: "regions:overlap", b: "saliency:m" }, 100_000),
  ).toEqual({
    ok: false,
    problem:
      'a: "regions:overlap" highlights no bin of clip "c4" (no bin every crowd annotator marked): a listener would see nothing to compare',
  });
  expect(
    viewPairBins(FILE, { clipId: "c3", a: "regions:union", b: "saliency:m" }, 100_000),
  ).toEqual({ ok: false, problem: 'b: no saliency of model "m" for clip "c3"' });
});

test("the options: the models, and per view how many clips have the model's saliency and that view", () => {
  expect(viewPairOptions(FILE)).toEqual({
    models: ["m", "n"],
    clips: { m: { union: 2, overlap: 1 }, n: { union: 1, overlap: 1 } },
  });
});

test("view pairs: one per clip with both, in clip order, a the listeners' view, b the model's", () => {
  expect(viewPairs(FILE, { regions: "union", model: "m" })).toEqual({
    ok: true,
    available: 2,
    pairs: [
      { id: "c1:regions:union~saliency:m", clipId: "c1", a: "regions:union", b: "saliency:m" },
      { id: "c4:regions:union~saliency:m", clipId: "c4", a: "regions:union", b: "saliency:m" },
    ],
  });
  expect(viewPairs(FILE, { regions: "overlap", model: "m" })).toMatchObject({
    ok: true,
    pairs: [{ id: "c1:regions:overlap~saliency:m", clipId: "c1" }],
  });
  // A number of clips: drawn by seed, the same every time; more than there are: all, said.
  const one = viewPairs(FILE, { regions: "union", model: "m", count: 1 });
  expect(one.ok && one.pairs.length).toBe(1);
  expect(viewPairs(FILE, { regions: "union", model: "m", count: 1 })).toEqual(one);
  expect(viewPairs(FILE, { regions: "union", model: "m", count: 3 })).toMatchObject({
    ok: true,
    note: "2 clips have both (fewer than the 3 asked for): the test uses all of them",
  });
  // An id already taken gets -2.
  const taken = new Set(["c1:regions:union~saliency:m"]);
  expect(viewPairs(FILE, { regions: "union", model: "m" }, taken)).toMatchObject({
    pairs: [{ id: "c1:regions:union~saliency:m-2" }, { id: "c4:regions:union~saliency:m" }],
  });
});

test("view pairs refused: no saliency, an unknown model, no clip with both, a bad count", () => {
  expect(viewPairs({ ...FILE, saliency: [] }, { regions: "union", model: "m" })).toEqual({
    ok: false,
    problem:
      "the study has no model saliency: import a model's saliency (a CSV or .npy files) into it first",
  });
  expect(viewPairs(FILE, { regions: "union", model: "x" })).toEqual({
    ok: false,
    problem: 'no saliency of model "x" in the study (its models: m, n)',
  });
  expect(viewPairs({ ...FILE, regions: [] }, { regions: "union", model: "m" })).toEqual({
    ok: false,
    problem: `no clip has both model "m"'s saliency and a region marked by a crowd annotator`,
  });
  expect(viewPairs(FILE, { regions: "union", model: "m", count: 0 })).toEqual({
    ok: false,
    problem: "the number of clips must be a whole number of 1 or more (got 0)",
  });
});

test("the records a view-pair study carries: the clips' crowd spans and the pairs' saliency, nothing personal", () => {
  const pairs = [{ id: "v", clipId: "c1", a: "regions:union", b: "saliency:m" }];
  expect(viewRecords(FILE, pairs)).toEqual({
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
    ],
    submissions: [
      { clipId: "c1", annotatorId: "w1" },
      { clipId: "c1", annotatorId: "w2" },
    ],
    regions: [
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.1, end: 0.3 },
      { id: "r2", clipId: "c1", annotatorId: "w1", start: 0.75, end: 0.8 },
      { id: "r3", clipId: "c1", annotatorId: "w2", start: 0.25, end: 0.45 },
    ],
    saliency: [{ clipId: "c1", model: "m", hopSeconds: 0.05, values: C1_M }],
  });
});

test("the construction as written on the command line", () => {
  expect(parseViewChoice("regions:overlap~saliency:ssl mos")).toEqual({
    regions: "overlap",
    model: "ssl mos",
  });
  expect(parseViewChoice("all-systems")).toBeNull();
  expect(parseViewChoice("saliency:m~regions:union")).toEqual({
    problem:
      "\"saliency:m~regions:union\" is not a region preference test: write regions:union~saliency:MODEL or regions:overlap~saliency:MODEL (the listeners' view first, then the model's)",
  });
});
