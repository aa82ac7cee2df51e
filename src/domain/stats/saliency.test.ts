import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { computeReport } from "./analyze.ts";
import { poolFrames, saliencyClips, saliencyFigures, salientRegions, topBins } from "./saliency.ts";

describe("max-pooling a model's frames to the bins", () => {
  test("each bin takes the greatest overlapping frame; frames past the clip are dropped", () => {
    // Clip 0.25 s, bins [0, 0.1), [0.1, 0.2), [0.2, 0.25). Frames of 0.04 s from 0.05 s:
    // [0.05, 0.09) 1, [0.09, 0.13) 5, [0.13, 0.17) 2, [0.17, 0.21) 4, [0.21, 0.25) 3, then
    // [0.25, …) 9, which starts at the clip's end and is dropped.
    expect(
      poolFrames(
        { hopSeconds: 0.04, offsetSeconds: 0.05, values: [1, 5, 2, 4, 3, 9] },
        250000,
        100000,
      ),
    ).toEqual([5, 5, 4]);
  });

  test("bins no frame overlaps are null; a frame ending on a bin boundary stays out of the next", () => {
    expect(
      poolFrames({ hopSeconds: 0.1, offsetSeconds: 0.15, values: [1, 2] }, 250000, 100000),
    ).toEqual([null, 1, 1]);
    // 0.3 s is exactly 300000 µs: the frame [0.2, 0.3) does not reach bin 3.
    expect(poolFrames({ hopSeconds: 0.1, values: [0, 0, 7] }, 400000, 100000)).toEqual([
      0,
      0,
      7,
      null,
    ]);
  });
});

function study(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "S", binSeconds: 0.1 },
    taxonomy: [
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy-related" },
      { id: "spacing", label: "Spacing" },
    ],
    clips: [
      { id: "c1", name: "a.wav", duration: 0.5 },
      { id: "c2", name: "b.wav", duration: 0.5 },
    ],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
      { id: "x1", role: "expert" },
    ],
    submissions: [
      { clipId: "c1", annotatorId: "w1" },
      { clipId: "c1", annotatorId: "w2" },
      { clipId: "c2", annotatorId: "x1" },
    ],
    regions: [
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.1, end: 0.3 },
      { id: "r2", clipId: "c1", annotatorId: "w2", start: 0.2, end: 0.4 },
      { id: "r3", clipId: "c1", annotatorId: "x1", start: 0.4, end: 0.5 },
      { id: "r4", clipId: "c2", annotatorId: "x1", start: 0, end: 0.5 },
    ],
    reasonLabels: [
      { regionId: "r1", annotatorId: "w1", reasons: ["silence"] },
      { regionId: "r3", annotatorId: "x1", reasons: ["energy"] },
      { regionId: "r4", annotatorId: "x1", reasons: ["spacing"] },
    ],
    saliency: [
      { clipId: "c1", model: "ig", hopSeconds: 0.1, values: [0, 1, 2, 1, 0] },
      { clipId: "c2", model: "ig", hopSeconds: 0.1, values: [5, 4, 3, 2, 1] },
    ],
  };
}

describe("Table 4: the model's bins against the listeners'", () => {
  test("hand-worked figures: crowd shares, anyone's labelled regions, clips without crowd left out", () => {
    const clips = saliencyClips(study(), "ig", 100000);
    expect(clips).toEqual([
      {
        clipId: "c1",
        bins: 5,
        model: [0, 1, 2, 1, 0],
        annotated: [0, 0.5, 1, 0.5, 0],
        types: [[], ["silence"], ["silence"], [], ["energy"]],
        // The crowd's union marks 3 bins: the model's 3 highest (2, then the 1s).
        salient: [1, 2, 3],
      },
    ]);
    const figures = saliencyFigures(study(), 100000);
    // x = [0, 1, 2, 1, 0]; annotated = x / 2: r = 1. silence = [0, 1, 1, 0, 0]: Sxy 1.4,
    // Sxx 2.8, Syy 1.2. energy (an expert's region) = [0, 0, 0, 0, 1]: Sxy −0.8, Syy 0.8.
    expect(figures).toEqual({
      ig: {
        clips: 1,
        bins: 5,
        overall: 1,
        byType: {
          silence: expect.closeTo(1.4 / Math.sqrt(2.8 * 1.2), 14),
          energy: expect.closeTo(-0.8 / Math.sqrt(2.8 * 0.8), 14),
          spacing: null,
        },
      },
    });
  });

  test("the report carries them, at the report's bin width, and null without saliency", () => {
    const file = study();
    expect(computeReport(file).saliency?.ig?.bins).toBe(5);
    // 0.25 s bins: [0, 0.25) takes max(0, 1, 2) = 2 and [0.25, 0.5) max(2, 1, 0) = 2: r null.
    const wide = computeReport(file, { binSeconds: 0.25 }).saliency?.ig;
    expect(wide).toMatchObject({ clips: 1, bins: 2, overall: null });
    expect(computeReport({ ...file, saliency: undefined }).saliency).toBeNull();
    expect(computeReport({ ...file, saliency: [] }).saliency).toBeNull();
  });
});

test("salient bins: the highest values, earlier first among equals, nulls never, at least one", () => {
  expect(topBins([0.5, null, 0.9, 0.5, 0.5, 0.1], 3)).toEqual([0, 2, 3]);
  expect(topBins([0.2, 0.2, 0.1], 0)).toEqual([0]);
  expect(topBins([null, 0.3], 5)).toEqual([1]);
});

test("salient regions on a clip: as many top bins as the listeners' union marks, merged", () => {
  // Bins of 0.1 s over 0.5 s: model [0, 1, 2, 1, 0]; the union [0.15, 0.25) marks bins 1 and 2.
  expect(
    salientRegions({ hopSeconds: 0.1, values: [0, 1, 2, 1, 0] }, 0.5, 0.1, [
      { start: 0.15, end: 0.25 },
    ]),
  ).toEqual([{ start: 0.1, end: 0.3 }]);
  // No listener span: the one highest bin.
  expect(salientRegions({ hopSeconds: 0.1, values: [0, 1, 2, 1, 0] }, 0.5, 0.1, [])).toEqual([
    { start: 0.2, end: 0.3 },
  ]);
});
