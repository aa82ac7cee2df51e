import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseAnnotationText } from "../interchange/schema.ts";
import type { AnnotationFile, Region } from "../interchange/types.ts";
import { krippendorffAlphaBinary } from "./alpha.ts";
import { analyze, computeReport } from "./analyze.ts";
import { annotatedSeconds, binVector, unionAndOverlap } from "./bins.ts";
import { pearson } from "./correlation.ts";
import { cohenKappa } from "./kappa.ts";

/**
 * A small study worked by hand (0.1 s bins). Annotators "B", "a", "c" (crowd) and "e" (expert):
 * by code units "B" < "a" < "c" < "e" (localeCompare would put "a" first).
 *
 * k1  1.0 s, 10 bins, S1, score 4
 *     a: [0, 0.3) + [0.2, 0.3) → 1110000000, 0.3 s (the overlap counts once)
 *     B: [0.1, 0.4)            → 0111000000, 0.3 s
 *     c: [0.2, 0.25)           → 0010000000, 0.05 s
 * k2  0.5 s, 5 bins, S1, no clip score; a and B submit scores 2 and 3 with no regions → score 2.5
 * k3  0.45 s, 5 bins (last partial), S2, score 1
 *     a: [0.35, 9) clamped to [0.35, 0.45) → 00011, 0.1 s; [0.5, 0.7) starts past the clip: empty
 * k4  0.4 s, 4 bins, "human", reference, score 5
 *     a: [0, 0.1) → 1000, 0.1 s;   c: [0.1, 0.4) → 0111, 0.3 s
 * k5  1.0 s, S3, score 3, no annotations
 * k6  0.2 s, 2 bins, no system, no score: B [0, 0.2) → 11
 */
function handStudy(): AnnotationFile {
  const region = (
    id: string,
    clipId: string,
    annotatorId: string,
    start: number,
    end: number,
  ): Region => ({
    id,
    clipId,
    annotatorId,
    start,
    end,
  });
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "hand", name: "Hand-worked", binSeconds: 0.1 },
    taxonomy: [
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy-related" },
      { id: "accuracy", label: "Accuracy" },
    ],
    clips: [
      { id: "k1", name: "S1_1.wav", duration: 1.0, system: "S1", sentence: "1", score: 4 },
      { id: "k2", name: "S1_2.wav", duration: 0.5, system: "S1", sentence: "2" },
      { id: "k3", name: "S2_1.wav", duration: 0.45, system: "S2", sentence: "1", score: 1 },
      {
        id: "k4",
        name: "human_1.wav",
        duration: 0.4,
        system: "human",
        score: 5,
        isReference: true,
      },
      { id: "k5", name: "S3_1.wav", duration: 1.0, system: "S3", score: 3 },
      { id: "k6", name: "other.wav", duration: 0.2 },
    ],
    annotators: [
      { id: "a", role: "crowd" },
      { id: "c", role: "crowd" },
      { id: "e", role: "expert" },
      { id: "B", role: "crowd" },
    ],
    submissions: [
      { clipId: "k1", annotatorId: "c" },
      { clipId: "k2", annotatorId: "a", score: 2 },
      { clipId: "k2", annotatorId: "B", score: 3 },
    ],
    regions: [
      region("r1", "k1", "a", 0, 0.3),
      region("r2", "k1", "a", 0.2, 0.3),
      region("r3", "k1", "B", 0.1, 0.4),
      region("r9", "k1", "c", 0.2, 0.25),
      region("r4", "k3", "a", 0.35, 9),
      region("r5", "k3", "a", 0.5, 0.7),
      region("r6", "k4", "a", 0, 0.1),
      region("r7", "k4", "c", 0.1, 0.4),
      region("r8", "k6", "B", 0, 0.2),
    ],
    reasonLabels: [
      { regionId: "r1", annotatorId: "e", reasons: ["silence", "energy"] },
      { regionId: "r4", annotatorId: "e", reasons: ["accuracy"] },
      { regionId: "r5", annotatorId: "e", reasons: ["silence"] },
      { regionId: "r8", annotatorId: "e", reasons: ["energy"] },
    ],
  };
}

describe("computeReport on the hand-worked study", () => {
  const report = computeReport(handStudy());

  test("dataset figures", () => {
    // Annotated: k1..k4, k6 (k5 has none). Annotations: 3 + 2 + 1 + 2 + 1 = 9.
    // Non-empty regions: all but r5 = 8; lengths 0.3 + 0.1 + 0.3 + 0.05 + 0.1 + 0.1 + 0.3 + 0.2 = 1.45.
    // Reasons: 2 + 1 + 1 + 1 = 5 over 4 records.
    expect(report.binSeconds).toBe(0.1);
    expect(report.dataset.clips).toBe(6);
    expect(report.dataset.annotatedClips).toBe(5);
    expect(report.dataset.annotations).toBe(9);
    expect(report.dataset.meanDuration).toBeCloseTo((1 + 0.5 + 0.45 + 0.4 + 0.2) / 5, 14);
    expect(report.dataset.regionsPerAnnotation).toBeCloseTo(8 / 9, 14);
    expect(report.dataset.meanRegionLength).toBeCloseTo(1.45 / 8, 14);
    expect(report.dataset.reasonLabelsPerRegion).toBe(1.25);
  });

  test("pooled pairwise kappa, pairs in code-unit order", () => {
    // (B, a) over k1 + k2 (15 bins): n11 = 2, n10 = 1, n01 = 1, n00 = 11.
    //   po = 13/15, pB = pa = 0.2, pe = 0.04 + 0.64 = 0.68 → (14/75)/(8/25) = 7/12.
    // (B, c) over k1 (10 bins): n11 = 1, n10 = 2, n01 = 0, n00 = 7.
    //   po = 0.8, pB = 0.3, pc = 0.1, pe = 0.03 + 0.63 = 0.66 → 0.14/0.34 = 7/17.
    // (a, c) over k1 + k4 (14 bins): k1 n11 = 1, n10 = 2, n00 = 7; k4 n10 = 1, n01 = 3.
    //   n11 = 1, n10 = 3, n01 = 3, n00 = 7: po = 4/7, pa = pc = 2/7, pe = 29/49 → (-1/49)/(20/49) = -1/20.
    const pairs = report.agreement.pairs;
    expect(pairs.map((p) => [p.a, p.b, p.clips, p.bins])).toEqual([
      ["B", "a", 2, 15],
      ["B", "c", 1, 10],
      ["a", "c", 2, 14],
    ]);
    expect(pairs[0]?.kappa).toBeCloseTo(7 / 12, 14);
    expect(pairs[1]?.kappa).toBeCloseTo(7 / 17, 14);
    expect(pairs[2]?.kappa).toBeCloseTo(-1 / 20, 14);
    expect(report.agreement.meanPairwiseKappa).toBeCloseTo((7 / 12 + 7 / 17 - 1 / 20) / 3, 14);
  });

  test("per-clip kappa: undefined clips excluded from the mean and counted", () => {
    // k1: (B,a) on 10 bins n11 = 2, n10 = 1, n01 = 1, n00 = 6: po = 0.8, pe = 0.09 + 0.49 = 0.58
    //   → 0.22/0.42 = 11/21; (B,c) = (a,c) = 7/17 (as above) → mean (11/21 + 14/17)/3 = 481/1071.
    // k2: a and B mark nothing: pe = 1 → undefined; the clip's mean is null.
    // k4: a = 1000, c = 0111: po = 0, pa = 1/4, pc = 3/4, pe = 3/16 + 3/16 = 3/8 → -0.375/0.625 = -0.6.
    expect(report.agreement.perClipMeanKappa).toBeCloseTo((481 / 1071 - 0.6) / 2, 14);
    expect(report.agreement.perClipUndefined).toBe(1);
  });

  test("Krippendorff's alpha and union/overlap over clips with two or more annotations", () => {
    // k1 (m = 3): bins with n1 = 1, 2, 3, 1 (rest 0): Σ n1 = 7, Σ n1(3 - n1) = 2 + 2 + 0 + 2 = 6 → 6/2 = 3.
    // k2 (m = 2): nothing marked, 10 values. k4 (m = 2): n1 = 1 in all 4 bins: Σ n1 = 4, Σ n1*n0 = 4 → 4.
    // N = 30 + 10 + 8 = 48, N1 = 11, N0 = 37. Do = 2*7/48; De = 2*37*11/(48*47).
    // alpha = 1 - (14/48)(48*47)/(2*37*11) = 1 - 658/814 = 78/407.
    expect(report.agreement.krippendorffAlpha).toBeCloseTo(78 / 407, 14);
    // Bins of k1 + k2 + k4 = 19; marked by anyone: 4 + 0 + 4 = 8; by everyone: 1 (k1 bin 2).
    expect(report.agreement.unionFraction).toBeCloseTo(8 / 19, 14);
    expect(report.agreement.overlapFraction).toBeCloseTo(1 / 19, 14);
  });

  test("correlation uses the clips with a score (clip score, else mean submission score)", () => {
    // k1 (0.65/3 s, 4), k2 (0 s, mean of 2 and 3 = 2.5), k3 (0.1 s, 1), k4 (0.2 s, 5); k6 has no score.
    const expected = pearson([0.65 / 3, 0, 0.1, 0.2], [4, 2.5, 1, 5]);
    expect(report.correlation.n).toBe(4);
    expect(report.correlation.pearson).toBeCloseTo(expected?.r as number, 14);
    expect(report.correlation.p).toBeCloseTo(expected?.p as number, 14);
    expect(report.correlation.ci95?.[0]).toBeCloseTo(expected?.ci95?.[0] as number, 14);
    // Lengths rank 4,1,2,3 and scores 3,2,1,4: dx = 1.5,-1.5,-0.5,0.5; dy = 0.5,-0.5,-1.5,1.5;
    // Sxy = 0.75 + 0.75 + 0.75 + 0.75 = 3, Sxx = Syy = 5 → 0.6.
    expect(report.correlation.spearman).toBeCloseTo(0.6, 14);
  });

  test("error types per system, zeros included, null for a system with no annotated clip", () => {
    // Overall: 5 annotated clips; silence 2 (r1, r5 — a label on an empty region still counts),
    // energy 2 (r1, r8), accuracy 1 (r4).
    expect(report.errorTypes.overall).toEqual({
      clips: 5,
      perSample: { silence: 0.4, energy: 0.4, accuracy: 0.2 },
    });
    expect(Object.keys(report.errorTypes.bySystem)).toEqual(["(none)", "S1", "S2", "S3", "human"]);
    expect(report.errorTypes.bySystem["(none)"]).toEqual({
      clips: 1,
      perSample: { silence: 0, energy: 1, accuracy: 0 },
    });
    expect(report.errorTypes.bySystem.S1).toEqual({
      clips: 2,
      perSample: { silence: 0.5, energy: 0.5, accuracy: 0 },
    });
    expect(report.errorTypes.bySystem.S2).toEqual({
      clips: 1,
      perSample: { silence: 1, energy: 0, accuracy: 1 },
    });
    expect(report.errorTypes.bySystem.S3).toEqual({
      clips: 0,
      perSample: { silence: null, energy: null, accuracy: null },
    });
    expect(report.errorTypes.bySystem.human).toEqual({
      clips: 1,
      perSample: { silence: 0, energy: 0, accuracy: 0 },
    });
  });

  test("annotator quality, sorted by id in code-unit order", () => {
    // a on reference k4 marks 1 of 4 bins; c marks 3 of 4; B annotated no reference clip.
    expect(report.annotators).toEqual([
      { id: "B", annotations: 3, regions: 2, referenceMarkedFraction: null },
      { id: "a", annotations: 4, regions: 4, referenceMarkedFraction: 0.25 },
      { id: "c", annotations: 2, regions: 2, referenceMarkedFraction: 0.75 },
      { id: "e", annotations: 0, regions: 0, referenceMarkedFraction: null },
    ]);
  });

  test("JSON has no NaN and no undefined figures", () => {
    const json = JSON.stringify(report);
    expect(json).not.toMatch(/NaN|Infinity/);
    expect(JSON.parse(json)).toEqual(report);
  });
});

describe("analyze", () => {
  const analysis = analyze(handStudy());

  test("its report is computeReport's", () => {
    expect(analysis.report).toEqual(computeReport(handStudy()));
  });

  test("one row per clip", () => {
    const byId = new Map(analysis.clips.map((c) => [c.clipId, c]));
    expect(analysis.clips.map((c) => c.clipId)).toEqual(["k1", "k2", "k3", "k4", "k5", "k6"]);
    const k1 = byId.get("k1");
    expect(k1).toMatchObject({
      name: "S1_1.wav",
      system: "S1",
      sentence: "1",
      isReference: false,
      annotations: 3,
      bins: 10,
    });
    expect(k1?.meanKappa).toBeCloseTo(481 / 1071, 14);
    expect(k1?.unionFraction).toBe(0.4);
    expect(k1?.overlapFraction).toBe(0.1);
    expect(k1?.meanAnnotatedSeconds).toBeCloseTo(0.65 / 3, 14);
    expect(byId.get("k2")).toMatchObject({
      meanKappa: null,
      unionFraction: 0,
      overlapFraction: 0,
      meanAnnotatedSeconds: 0,
    });
    // One annotation: no agreement figures, but annotated seconds.
    expect(byId.get("k3")).toMatchObject({
      annotations: 1,
      bins: 5,
      meanKappa: null,
      unionFraction: null,
      meanAnnotatedSeconds: 0.1,
    });
    expect(byId.get("k4")).toMatchObject({
      isReference: true,
      meanKappa: -0.6,
      unionFraction: 1,
      overlapFraction: 0,
    });
    expect(byId.get("k5")).toMatchObject({
      annotations: 0,
      bins: 10,
      meanKappa: null,
      meanAnnotatedSeconds: null,
    });
    expect(byId.get("k6")?.system).toBeUndefined();
  });

  test("scatter and least-squares fit of score on length", () => {
    expect(analysis.scatter.map((p) => [p.clipId, p.system, p.score])).toEqual([
      ["k1", "S1", 4],
      ["k2", "S1", 2.5],
      ["k3", "S2", 1],
      ["k4", "human", 5],
    ]);
    // Lengths 0.65/3, 0, 0.1, 0.2: slope = Sxy/Sxx, intercept = mean(score) - slope*mean(length).
    const x = [0.65 / 3, 0, 0.1, 0.2];
    const y = [4, 2.5, 1, 5];
    const mx = x.reduce((a, b) => a + b) / 4;
    const my = y.reduce((a, b) => a + b) / 4;
    const sxy = x.reduce((a, xi, i) => a + (xi - mx) * ((y[i] as number) - my), 0);
    const sxx = x.reduce((a, xi) => a + (xi - mx) ** 2, 0);
    expect(analysis.fit?.slope).toBeCloseTo(sxy / sxx, 12);
    expect(analysis.fit?.intercept).toBeCloseTo(my - (sxy / sxx) * mx, 12);
  });
});

describe("options and edge cases", () => {
  test("binSeconds overrides the study's", () => {
    // 0.25 s bins: k1 has 4 bins. a = [0, 0.3) → bins 0, 1; B = [0.1, 0.4) → 0, 1; c = [0.2, 0.25) → 0.
    // k2: 2 bins each. (B, a): k1 n11 = 2, n00 = 2; k2 n00 = 2 → po = 1, pB = pa = 2/6, pe = 1/9 + 4/9 = 5/9 → 1.
    const report = computeReport(handStudy(), { binSeconds: 0.25 });
    expect(report.binSeconds).toBe(0.25);
    expect(report.agreement.pairs[0]).toEqual({ a: "B", b: "a", clips: 2, bins: 6, kappa: 1 });
  });

  test("a study with no annotations at all", () => {
    const file = handStudy();
    file.submissions = [];
    file.regions = [];
    file.reasonLabels = [];
    const report = computeReport(file);
    expect(report.dataset).toEqual({
      clips: 6,
      annotatedClips: 0,
      annotations: 0,
      meanDuration: null,
      regionsPerAnnotation: null,
      meanRegionLength: null,
      reasonLabelsPerRegion: null,
    });
    expect(report.agreement).toEqual({
      meanPairwiseKappa: null,
      perClipMeanKappa: null,
      perClipUndefined: 0,
      krippendorffAlpha: null,
      unionFraction: null,
      overlapFraction: null,
      pairs: [],
    });
    expect(report.correlation).toEqual({
      n: 0,
      pearson: null,
      p: null,
      ci95: null,
      spearman: null,
    });
    expect(report.errorTypes.overall).toEqual({
      clips: 0,
      perSample: { silence: null, energy: null, accuracy: null },
    });
    expect(
      report.annotators.every((a) => a.annotations === 0 && a.referenceMarkedFraction === null),
    ).toBe(true);
  });

  test("a study with no clips", () => {
    const file = { ...handStudy(), clips: [], submissions: [], regions: [], reasonLabels: [] };
    const report = computeReport(file);
    expect(report.dataset.clips).toBe(0);
    expect(report.errorTypes.bySystem).toEqual({});
  });

  test("unresolved references are named", () => {
    const file = handStudy();
    file.regions.push({ id: "rx", clipId: "nope", annotatorId: "a", start: 0, end: 1 });
    expect(() => computeReport(file)).toThrow(
      'regions[9].clipId: "nope" is not a clip of this file',
    );
    const file2 = handStudy();
    file2.submissions.push({ clipId: "k1", annotatorId: "ghost" });
    expect(() => computeReport(file2)).toThrow(
      'submissions[3].annotatorId: "ghost" is not an annotator',
    );
    const file3 = handStudy();
    file3.reasonLabels.push({ regionId: "gone", annotatorId: "e", reasons: ["silence"] });
    expect(() => computeReport(file3)).toThrow('reasonLabels[4].regionId: "gone" is not a region');
  });

  test("a bin width below one microsecond is refused", () => {
    expect(() => computeReport(handStudy(), { binSeconds: 0 })).toThrow(/binSeconds/);
    // 0.0000009 s rounds to 1 µs, but the spec refuses every width under 0.000001 s.
    expect(() => computeReport(handStudy(), { binSeconds: 0.0000009 })).toThrow(
      "binSeconds must be a positive number of seconds, at least 0.000001 (got 9e-7)",
    );
    expect(computeReport(handStudy(), { binSeconds: 0.000001 }).binSeconds).toBe(0.000001);
  });

  test("reason labels in any order, several per region", () => {
    const file = handStudy();
    file.reasonLabels.reverse();
    file.reasonLabels.push({ regionId: "r1", annotatorId: "x", reasons: ["accuracy"] });
    const report = computeReport(file);
    // accuracy 1 + 1 = 2 over 5 clips.
    expect(report.errorTypes.overall.perSample.accuracy).toBeCloseTo(0.4, 14);
    expect(report.errorTypes.bySystem.S1?.perSample.accuracy).toBe(0.5);
  });
});

describe("unnatural length l from integer microseconds", () => {
  // k1: three annotators each covering 0.1 s (100,000 µs) at different places; k2, k3: one
  // annotator covering 0.1 s. l = (Σ µs / annotations) / 1e6 = (300000 / 3) / 1e6 = 0.1 on k1
  // and 100000 / 1e6 = 0.1 on k2 and k3: the same double. Adding 0.1 three times in seconds
  // instead gives 0.30000000000000004 / 3 = 0.10000000000000002, a spurious variance that made
  // Pearson's r -0.5. The spec: r is null when all lengths are identical.
  function threeVersusOne(): AnnotationFile {
    return {
      format: "redpen-annotations",
      version: 1,
      study: { id: "l", name: "l", binSeconds: 0.1 },
      taxonomy: [],
      clips: [
        { id: "k1", name: "k1.wav", duration: 1, score: 1 },
        { id: "k2", name: "k2.wav", duration: 1, score: 2 },
        { id: "k3", name: "k3.wav", duration: 1, score: 4 },
      ],
      annotators: ["a", "b", "c"].map((id) => ({ id, role: "crowd" as const })),
      submissions: [],
      regions: [
        { id: "r1", clipId: "k1", annotatorId: "a", start: 0, end: 0.1 },
        { id: "r2", clipId: "k1", annotatorId: "b", start: 0.2, end: 0.3 },
        { id: "r3", clipId: "k1", annotatorId: "c", start: 0.5, end: 0.6 },
        { id: "r4", clipId: "k2", annotatorId: "a", start: 0.3, end: 0.4 },
        { id: "r5", clipId: "k3", annotatorId: "b", start: 0.7, end: 0.8 },
      ],
      reasonLabels: [],
    };
  }

  test("three annotators covering 0.1 s each give bit for bit the l of one", () => {
    const analysis = analyze(threeVersusOne());
    expect(analysis.clips.map((c) => c.meanAnnotatedSeconds)).toEqual([0.1, 0.1, 0.1]);
    expect(analysis.scatter.map((p) => p.length)).toEqual([0.1, 0.1, 0.1]);
    expect(Object.is(analysis.scatter[0]?.length, analysis.scatter[1]?.length)).toBe(true);
  });

  test("identical lengths: r, p, ci95, rho and the fit are null", () => {
    const analysis = analyze(threeVersusOne());
    expect(analysis.report.correlation).toEqual({
      n: 3,
      pearson: null,
      p: null,
      ci95: null,
      spearman: null,
    });
    expect(analysis.fit).toBeNull();
    expect(computeReport(threeVersusOne()).correlation.pearson).toBeNull();
  });
});

describe("property: the one-pass analysis agrees with the building blocks", () => {
  const study = fc
    .record({
      clips: fc.array(fc.integer({ min: 1, max: 3_000_000 }), { minLength: 1, maxLength: 5 }),
      regions: fc.array(
        fc.record({
          clip: fc.nat(),
          annotator: fc.integer({ min: 0, max: 3 }),
          start: fc.integer({ min: 0, max: 3_200_000 }),
          length: fc.integer({ min: 1, max: 1_500_000 }),
        }),
        { maxLength: 25 },
      ),
      submissions: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 3 })), { maxLength: 10 }),
      bin: fc.constantFrom(0.05, 0.1, 0.25),
    })
    .map(({ clips, regions, submissions, bin }) => {
      const ids = ["w0", "W1", "w2", "a3"];
      const file: AnnotationFile = {
        format: "redpen-annotations",
        version: 1,
        study: { id: "p", name: "p", binSeconds: bin },
        taxonomy: [],
        clips: clips.map((d, i) => ({ id: `c${i}`, name: `c${i}`, duration: d / 1e6 })),
        annotators: ids.map((id) => ({ id, role: "crowd" as const })),
        submissions: [],
        regions: regions.map((r, i) => ({
          id: `r${i}`,
          clipId: `c${r.clip % clips.length}`,
          annotatorId: ids[r.annotator] as string,
          start: r.start / 1e6,
          end: (r.start + r.length) / 1e6,
        })),
        reasonLabels: [],
      };
      const seen = new Set<string>();
      for (const [c, a] of submissions) {
        const key = `${c % clips.length}/${a}`;
        if (seen.has(key)) continue;
        seen.add(key);
        file.submissions.push({ clipId: `c${c % clips.length}`, annotatorId: ids[a] as string });
      }
      return file;
    });

  test("per-clip rows equal the building blocks on each clip", () => {
    fc.assert(
      fc.property(study, (file) => {
        for (const row of analyze(file).clips) {
          const clip = file.clips.find((c) => c.id === row.clipId);
          if (!clip) throw new Error("row for an unknown clip");
          const ids = [
            ...new Set(
              [...file.submissions, ...file.regions]
                .filter((x) => x.clipId === clip.id)
                .map((x) => x.annotatorId),
            ),
          ].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
          const mine = (a: string) =>
            file.regions.filter((r) => r.clipId === clip.id && r.annotatorId === a);
          const vectors = ids.map((a) => binVector(mine(a), clip.duration, file.study.binSeconds));
          expect(row.annotations).toBe(ids.length);
          if (ids.length === 0) {
            expect(row.meanAnnotatedSeconds).toBeNull();
            continue;
          }
          const seconds = ids.map((a) => annotatedSeconds(mine(a), clip.duration));
          expect(row.meanAnnotatedSeconds).toBeCloseTo(
            seconds.reduce((x, y) => x + y, 0) / ids.length,
            12,
          );
          if (ids.length < 2) {
            expect(row.unionFraction).toBeNull();
            expect(row.meanKappa).toBeNull();
            continue;
          }
          const { union, overlap, bins } = unionAndOverlap(vectors);
          expect(row.bins).toBe(bins);
          expect(row.unionFraction).toBeCloseTo(union / bins, 12);
          expect(row.overlapFraction).toBeCloseTo(overlap / bins, 12);
          const kappas: number[] = [];
          for (let i = 0; i < vectors.length; i++) {
            for (let j = i + 1; j < vectors.length; j++) {
              const k = cohenKappa(vectors[i] as Uint8Array, vectors[j] as Uint8Array);
              if (k !== null) kappas.push(k);
            }
          }
          if (kappas.length === 0) expect(row.meanKappa).toBeNull();
          else
            expect(row.meanKappa).toBeCloseTo(
              kappas.reduce((x, y) => x + y, 0) / kappas.length,
              12,
            );
        }
      }),
      { numRuns: 200 },
    );
  });

  test("alpha equals the textbook alpha over a units × coders table of the bins", () => {
    fc.assert(
      fc.property(study, (file) => {
        const coders = file.annotators.map((a) => a.id);
        const units: (0 | 1 | null)[][] = [];
        for (const clip of file.clips) {
          const ids = new Set(
            [...file.submissions, ...file.regions]
              .filter((x) => x.clipId === clip.id)
              .map((x) => x.annotatorId),
          );
          if (ids.size < 2) continue;
          const vectors = coders.map((a) =>
            ids.has(a)
              ? binVector(
                  file.regions.filter((r) => r.clipId === clip.id && r.annotatorId === a),
                  clip.duration,
                  file.study.binSeconds,
                )
              : null,
          );
          const bins = vectors.find((v) => v !== null)?.length ?? 0;
          for (let k = 0; k < bins; k++)
            units.push(vectors.map((v) => (v === null ? null : (v[k] as 0 | 1))));
        }
        const expected = krippendorffAlphaBinary(units);
        const actual = computeReport(file).agreement.krippendorffAlpha;
        if (expected === null) expect(actual).toBeNull();
        else expect(actual).toBeCloseTo(expected, 12);
      }),
      { numRuns: 200 },
    );
  });

  test("pooled pair kappa equals kappa of the concatenated binVectors", () => {
    fc.assert(
      fc.property(study, (file) => {
        const annotated = new Map<string, Set<string>>();
        for (const x of [...file.submissions, ...file.regions]) {
          const set = annotated.get(x.clipId) ?? new Set<string>();
          set.add(x.annotatorId);
          annotated.set(x.clipId, set);
        }
        const vector = (clipId: string, annotatorId: string) => {
          const clip = file.clips.find((c) => c.id === clipId);
          const mine = file.regions.filter(
            (r) => r.clipId === clipId && r.annotatorId === annotatorId,
          );
          return binVector(mine, clip?.duration ?? 0, file.study.binSeconds);
        };
        for (const pair of computeReport(file).agreement.pairs) {
          expect(pair.a < pair.b).toBe(true);
          const shared = file.clips.filter(
            (c) => annotated.get(c.id)?.has(pair.a) && annotated.get(c.id)?.has(pair.b),
          );
          const x = shared.flatMap((c) => [...vector(c.id, pair.a)]);
          const y = shared.flatMap((c) => [...vector(c.id, pair.b)]);
          expect(pair.clips).toBe(shared.length);
          expect(pair.bins).toBe(x.length);
          const k = cohenKappa(Uint8Array.from(x), Uint8Array.from(y));
          if (k === null) expect(pair.kappa).toBeNull();
          else expect(pair.kappa).toBeCloseTo(k, 12);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("many regions on one clip", () => {
  test("a clip with hundreds of regions in shuffled order gives the same figures as in order", () => {
    const file = handStudy();
    // 300 regions of 0.01 s by "a" and "c" on k1, every other 0.01 s step: a marks all 10 bins,
    // c too, so (a, c) on k1 agree perfectly.
    const extra: Region[] = [];
    for (let i = 0; i < 150; i++) {
      extra.push({
        id: `xa${i}`,
        clipId: "k1",
        annotatorId: "a",
        start: i / 150,
        end: i / 150 + 0.01,
      });
      extra.push({
        id: `xc${i}`,
        clipId: "k1",
        annotatorId: "c",
        start: i / 150,
        end: i / 150 + 0.01,
      });
    }
    const ordered = { ...handStudy(), regions: [...file.regions, ...extra] };
    // A fixed shuffle (reverse interleave) of the same regions.
    const shuffled = { ...handStudy(), regions: [...extra].reverse().concat(file.regions) };
    const a = computeReport(ordered);
    const b = computeReport(shuffled);
    expect(b).toEqual(a);
    expect(a.dataset.regionsPerAnnotation).toBeCloseTo((8 + 300) / 9, 12);
    // On k1 both a and c now mark every bin: (a, c) on k1 alone is undefined (both constant 1)...
    // ...but pooled with k4 it is defined: k1 n11 = 10; k4 a = 1000, c = 0111 → n10 = 1, n01 = 3.
    // n = 14, po = 10/14, pa = 11/14, pc = 13/14, pe = (143 + 3)/196 = 146/196.
    // kappa = (140/196 - 146/196)/(50/196) = -6/50 = -0.12.
    const ac = a.agreement.pairs.find((p) => p.a === "a" && p.b === "c");
    expect(ac?.kappa).toBeCloseTo(-0.12, 12);
  });
});

describe("record order does not matter", () => {
  test("clips, regions, submissions and labels in reverse order give the same report", () => {
    // 1500 clips with one region each, labelled: in reverse order every id lookup misses its
    // guess, so the lookups fall back to the id index (and stop looking far ahead).
    const clips = Array.from({ length: 1500 }, (_, i) => ({
      id: `c${i}`,
      name: `c${i}.wav`,
      duration: 1 + (i % 7) / 10,
      system: `S${i % 3}`,
      score: (i * 37) % 5,
    }));
    const regions: Region[] = clips.flatMap((c, i) => [
      {
        id: `r${i}a`,
        clipId: c.id,
        annotatorId: "w1",
        start: (i % 5) / 10,
        end: (i % 5) / 10 + 0.3,
      },
      { id: `r${i}b`, clipId: c.id, annotatorId: "w2", start: (i % 3) / 10, end: 0.6 },
    ]);
    const file: AnnotationFile = {
      format: "redpen-annotations",
      version: 1,
      study: { id: "order", name: "order", binSeconds: 0.1 },
      taxonomy: [
        { id: "silence", label: "Silence" },
        { id: "energy", label: "Energy" },
      ],
      clips,
      annotators: [
        { id: "w1", role: "crowd" },
        { id: "w2", role: "crowd" },
      ],
      submissions: clips.map((c) => ({ clipId: c.id, annotatorId: "w1", score: 3 })),
      regions,
      reasonLabels: regions.map((r, i) => ({
        regionId: r.id,
        annotatorId: "e",
        reasons: i % 2 ? ["silence"] : ["energy", "silence"],
      })),
    };
    const reversed: AnnotationFile = {
      ...file,
      clips: [...file.clips].reverse(),
      regions: [...file.regions].reverse(),
      submissions: [...file.submissions].reverse(),
      reasonLabels: [...file.reasonLabels].reverse(),
    };
    const a = computeReport(file);
    const b = computeReport(reversed);
    // Sums run in another order: equal to rounding.
    const close = (x: unknown, y: unknown): void => {
      if (typeof x === "number" && typeof y === "number") expect(y).toBeCloseTo(x, 12);
      else if (x && typeof x === "object") {
        expect(Object.keys(y as object)).toEqual(Object.keys(x));
        for (const k of Object.keys(x))
          close((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]);
      } else expect(y).toBe(x);
    };
    close(a, b);
    expect(a.dataset.annotations).toBe(3000);
    // 3000 labels: every one has silence, every other one energy → 3000 and 1500 over 1500 clips.
    expect(a.errorTypes.overall.perSample).toEqual({ silence: 2, energy: 1 });
  });
});

describe("clips without regions", () => {
  test("take the short path with the figures of empty bin vectors", () => {
    // Three listeners rate or transcribe 40 clips of 1 s (10 bins) without marking anything.
    // Each clip's pairs have n00 = 10 and no kappa; alpha has no marked value; union 0.
    const clips = Array.from({ length: 40 }, (_, i) => ({
      id: `c${i}`,
      name: `c${i}.wav`,
      duration: 1,
      system: `S${i % 2}`,
    }));
    const listeners = ["L1", "L2", "L3"];
    const file: AnnotationFile = {
      format: "redpen-annotations",
      version: 1,
      study: { id: "plain", name: "plain", binSeconds: 0.1 },
      taxonomy: [{ id: "silence", label: "Silence" }],
      clips,
      annotators: listeners.map((id) => ({ id, role: "crowd" as const })),
      submissions: clips.flatMap((c, i) =>
        listeners.slice(0, 2 + (i % 2)).map((annotatorId) => ({ clipId: c.id, annotatorId })),
      ),
      regions: [],
      reasonLabels: [],
    };
    const report = computeReport(file);
    expect(report.agreement).toEqual({
      meanPairwiseKappa: null,
      perClipMeanKappa: null,
      perClipUndefined: 40,
      krippendorffAlpha: null,
      unionFraction: 0,
      overlapFraction: 0,
      pairs: [
        { a: "L1", b: "L2", clips: 40, bins: 400, kappa: null },
        { a: "L1", b: "L3", clips: 20, bins: 200, kappa: null },
        { a: "L2", b: "L3", clips: 20, bins: 200, kappa: null },
      ],
    });
    expect(report.dataset.annotations).toBe(100);
    // A zero-length region (it marks no bin) sends every clip through the general path.
    const withEmpty: AnnotationFile = {
      ...file,
      regions: clips.map((c, i) => ({
        id: `r${i}`,
        clipId: c.id,
        annotatorId: "L1",
        start: 0.5,
        end: 0.5,
      })),
    };
    expect(computeReport(withEmpty).agreement).toEqual(report.agreement);
    expect(analyze(withEmpty).clips).toEqual(analyze(file).clips);
  });
});

test("what reading resolved gives the same report, and is not used for a view of the file", () => {
  const text = JSON.stringify(resolvedFixture());
  const read = parseAnnotationText(text);
  if (!read.ok || read.records === undefined) throw new Error("fixture unreadable");
  const { file, records } = read;
  // Submission 1's clip and annotator as reading found them (positions in the file).
  expect([records.submissionClip[1], records.submissionAnnotator[1]]).toEqual([1, 0]);
  expect(computeReport(file, { records })).toEqual(computeReport(file));
  // They are what the report reads: records that say otherwise change it.
  const swapped = { ...records, submissionClip: Int32Array.from([1, 0, 0, 1]) };
  expect(computeReport(file, { records: swapped })).not.toEqual(computeReport(file));
  // Records made for other arrays (a view, a changed file) are looked up again, not trusted.
  const view = { ...file, submissions: file.submissions.slice(1) };
  expect(computeReport(view, { records })).toEqual(computeReport(view));
});

/** Two clips with texts, two listeners (out of id order), transcripts and a rating. */
function resolvedFixture() {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "S", binSeconds: 0.1, task: "transcribe" },
    taxonomy: [],
    clips: [
      { id: "c1", name: "c1.wav", duration: 1, system: "A", sentence: "s1", text: "a b c" },
      { id: "c2", name: "c2.wav", duration: 1.2, system: "B", sentence: "s1", text: "a b c" },
    ],
    annotators: [
      { id: "L2", role: "crowd" },
      { id: "L1", role: "crowd" },
    ],
    submissions: [
      { clipId: "c1", annotatorId: "L1", transcript: "a b" },
      { clipId: "c2", annotatorId: "L2", transcript: "a x c", score: 3 },
      { clipId: "c2", annotatorId: "L1", transcript: "a b c d" },
      { clipId: "c1", annotatorId: "L2", transcript: "A B C", score: 4 },
    ],
    regions: [],
    reasonLabels: [],
  };
}
