// A study without marks (a listening or transcription test): the span pass takes the shortcut
// for clips without regions (clipPass.ts), and its figures must be the ones worked by hand.
import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { computeReport } from "./analyze.ts";

/**
 * A listening test worked by hand (0.1 s bins, no regions). Annotators a, b, c (crowd) and e
 * (expert).
 *
 * c1  1.0 s, 10 bins: a (score 4), b (score 2), e
 * c2  0.25 s, 3 bins, a reference clip: a, b, c
 * c3  0.5 s, 5 bins: c
 * c4  0.3 s, 3 bins: nobody
 */
function listeningTest(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "S", binSeconds: 0.1, task: "rate" },
    taxonomy: [],
    clips: [
      { id: "c1", name: "c1.wav", duration: 1 },
      { id: "c2", name: "c2.wav", duration: 0.25, isReference: true },
      { id: "c3", name: "c3.wav", duration: 0.5 },
      { id: "c4", name: "c4.wav", duration: 0.3 },
    ],
    annotators: [
      { id: "a", role: "crowd" },
      { id: "b", role: "crowd" },
      { id: "c", role: "crowd" },
      { id: "e", role: "expert" },
    ],
    submissions: [
      { clipId: "c1", annotatorId: "a", score: 4 },
      { clipId: "c1", annotatorId: "b", score: 2 },
      { clipId: "c1", annotatorId: "e" },
      { clipId: "c2", annotatorId: "b" },
      { clipId: "c2", annotatorId: "a" },
      { clipId: "c2", annotatorId: "c" },
      { clipId: "c3", annotatorId: "c" },
    ],
    regions: [],
    reasonLabels: [],
  };
}

describe("a study without marks", () => {
  test("the hand-worked listening test's span figures and consensus", () => {
    const report = computeReport(listeningTest(), { stimuliCurve: false });
    // Annotated: c1 (a, b, e), c2 (a, b, c), c3 (c); mean duration (1 + 0.25 + 0.5) / 3.
    expect(report.dataset.annotatedClips).toBe(3);
    expect(report.dataset.annotations).toBe(7);
    expect(report.dataset.meanDuration).toBe((1 + 0.25 + 0.5) / 3);
    expect(report.dataset.regionsPerAnnotation).toBe(0);
    // Pairs over c1 (10 bins) and c2 (3 bins), every kappa undefined (nothing marked).
    expect(report.agreement.pairs).toEqual([
      { a: "a", b: "b", clips: 2, bins: 13, kappa: null },
      { a: "a", b: "c", clips: 1, bins: 3, kappa: null },
      { a: "a", b: "e", clips: 1, bins: 10, kappa: null },
      { a: "b", b: "c", clips: 1, bins: 3, kappa: null },
      { a: "b", b: "e", clips: 1, bins: 10, kappa: null },
    ]);
    expect(report.agreement.perClipUndefined).toBe(2);
    expect(report.agreement.unionFraction).toBe(0);
    expect(report.agreement.overlapFraction).toBe(0);
    expect(report.agreement.krippendorffAlpha).toBeNull();
    // One score–length point: c1, length 0, score (4 + 2) / 2.
    expect(report.correlation.n).toBe(1);
    // The reference clip c2: 3 bins each for a, b and c, none marked.
    expect(report.annotators.map((a) => [a.id, a.annotations, a.referenceMarkedFraction])).toEqual([
      ["a", 2, 0],
      ["b", 2, 0],
      ["c", 2, 0],
      ["e", 1, null],
    ]);
    // The crowd's consensus: c1 by a and b (10 bins), c2 by a, b and c (3 bins); c3 has one.
    const consensus = report.consensus;
    expect([consensus.clips, consensus.bins, consensus.majorityFraction]).toEqual([2, 13, 0]);
    expect(consensus.workers.map((w) => [w.id, w.annotations, w.bins])).toEqual([
      ["a", 2, 13],
      ["b", 2, 13],
      ["c", 1, 3],
    ]);
  });
});
