// The passes over a study without marks (unmarked.wat): the span pass's sums and the consensus's
// patterns in WebAssembly must give the report the loops in JavaScript give, to the bit.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { computeReport } from "./analyze.ts";
import { setUnmarkedKernel } from "./clipPass.ts";

/** The report with the kernel (where it runs) or with the JavaScript loops only. */
function reportWith(file: AnnotationFile, wasm: boolean) {
  const before = setUnmarkedKernel(wasm);
  try {
    return computeReport(file, { stimuliCurve: false });
  } finally {
    setUnmarkedKernel(before);
  }
}

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

describe("a study without marks, in WebAssembly", () => {
  test("the hand-worked listening test's span figures and consensus", () => {
    expect(setUnmarkedKernel(true)).toBe(true);
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
    expect(report).toEqual(reportWith(listeningTest(), false));
  });

  test("random studies without regions: the same report as the loops in JavaScript", () => {
    const study = fc
      .record({
        clips: fc.array(
          fc.record({
            duration: fc.oneof(
              fc.constant(0),
              fc.integer({ min: 1, max: 40 }).map((d) => d / 10),
            ),
            isReference: fc.boolean(),
            score: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
          }),
          { maxLength: 12 },
        ),
        annotators: fc.array(
          fc.constantFrom("crowd", "expert") as fc.Arbitrary<"crowd" | "expert">,
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        seed: fc.integer(),
        density: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ clips, annotators, seed, density }): AnnotationFile => {
        // Submissions: each (clip, annotator) with chance `density`, from a small generator.
        let state = seed | 0;
        const next = () => {
          state = (Math.imul(state, 1103515245) + 12345) | 0;
          return ((state >>> 8) & 0xffff) / 0x10000;
        };
        const submissions: AnnotationFile["submissions"] = [];
        clips.forEach((_, c) => {
          annotators.forEach((_, a) => {
            if (next() < density) {
              const scored = next() < 0.5;
              submissions.push({
                clipId: `c${c}`,
                annotatorId: `w${a}`,
                ...(scored ? { score: 1 + Math.floor(next() * 5) } : {}),
              });
            }
          });
        });
        // Submissions in a shuffled order, as files may list them.
        for (let i = submissions.length - 1; i > 0; i--) {
          const j = Math.floor(next() * (i + 1));
          [submissions[i], submissions[j]] = [submissions[j], submissions[i]] as [
            (typeof submissions)[number],
            (typeof submissions)[number],
          ];
        }
        return {
          format: "redpen-annotations",
          version: 1,
          study: { id: "s", name: "S", binSeconds: 0.1, task: "rate" },
          taxonomy: [],
          clips: clips.map((clip, c) => ({
            id: `c${c}`,
            name: `c${c}.wav`,
            duration: clip.duration,
            ...(clip.isReference ? { isReference: true } : {}),
            ...(clip.score === undefined ? {} : { score: clip.score }),
          })),
          annotators: annotators.map((role, a) => ({ id: `w${a}`, role })),
          submissions,
          regions: [],
          reasonLabels: [],
        };
      });
    expect(setUnmarkedKernel(true)).toBe(true);
    fc.assert(
      fc.property(study, (file) => {
        // toEqual tells 0 from -0 and compares every double exactly.
        expect(reportWith(file, true)).toEqual(reportWith(file, false));
      }),
      { numRuns: 150 },
    );
  });
});
