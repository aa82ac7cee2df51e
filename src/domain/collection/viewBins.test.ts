import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { viewBins } from "./viewBins.ts";

/**
 * One clip of 1 s (bins of 0.1 s: ten). Crowd w1 marks 0.1–0.35 (bins 1–3) and 0.8–0.9 (bin
 * 8: an end on a boundary marks no more), w2 marks 0.3–0.5 (bins 3–4); the expert's region is
 * no crowd annotator's. The model's frames are 0.05 s: frame f has the value f mod 7, so bin k
 * (frames 2k, 2k+1) pools to 1, 3, 5, 6, 2, 4, 6, 1, 3, 5.
 */
function file(extra: Partial<AnnotationFile> = {}): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "v", name: "Views", binSeconds: 0.1 },
    taxonomy: [],
    clips: [{ id: "c1", name: "c1.wav", duration: 1 }],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
      { id: "e1", role: "expert" },
    ],
    submissions: [],
    regions: [
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.1, end: 0.35 },
      { id: "r2", clipId: "c1", annotatorId: "w1", start: 0.8, end: 0.9 },
      { id: "r3", clipId: "c1", annotatorId: "w2", start: 0.3, end: 0.5 },
      { id: "r4", clipId: "c1", annotatorId: "e1", start: 0, end: 1 },
    ],
    reasonLabels: [],
    saliency: [
      {
        clipId: "c1",
        model: "m",
        hopSeconds: 0.05,
        values: Array.from({ length: 20 }, (_, f) => f % 7),
      },
    ],
    ...extra,
  };
}

test("regions:union and regions:overlap, worked by hand", () => {
  const pair = { id: "p", clipId: "c1", a: "regions:union", b: "regions:overlap" };
  expect(viewBins(file(), pair)).toEqual([[1, 2, 3, 4, 8], [3]]);
  // A crowd annotator who sent the clip without marking anything: nothing is marked by all.
  const quiet = file({ annotators: [...file().annotators, { id: "w3", role: "crowd" }] });
  quiet.submissions = [{ clipId: "c1", annotatorId: "w3" }];
  expect(viewBins(quiet, pair)).toEqual([[1, 2, 3, 4, 8], []]);
});

test("saliency:<model>: as many top bins as the other side, earlier first among equals", () => {
  // Ranked: bin 3 (6), 6 (6), 2 (5), 9 (5), 5 (4), 1 (3), 8 (3), …
  expect(viewBins(file(), { id: "p", clipId: "c1", a: "regions:union", b: "saliency:m" })).toEqual([
    [1, 2, 3, 4, 8],
    [2, 3, 5, 6, 9],
  ]);
  expect(
    viewBins(file(), { id: "p", clipId: "c1", a: "saliency:m", b: "regions:overlap" }),
  ).toEqual([[3], [3]]);
  // Both saliency (the same model twice would be refused; the count is the union's): 5.
  const two = file();
  two.saliency?.push({
    clipId: "c1",
    model: "n",
    hopSeconds: 0.1,
    values: [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
  });
  expect(viewBins(two, { id: "p", clipId: "c1", a: "saliency:m", b: "saliency:n" })).toEqual([
    [2, 3, 5, 6, 9],
    [0, 1, 2, 3, 4],
  ]);
  // Nothing marked: at least one bin.
  const bare = file({ regions: [] });
  expect(viewBins(bare, { id: "p", clipId: "c1", a: "regions:union", b: "saliency:m" })).toEqual([
    [],
    [3],
  ]);
});

test("a clip pair has no views", () => {
  expect(viewBins(file(), { id: "p", a: "c1", b: "c2" })).toBeNull();
});
