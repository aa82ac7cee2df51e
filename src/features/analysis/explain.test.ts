import { describe, expect, it } from "vitest";
import type { Report } from "../../domain/stats/report.ts";
import type { ClipAgreement } from "../../workers/analysisMessages.ts";
import { agreementReasons, clipKappaReason, correlationReasons } from "./explain.ts";

const agreement = (over: Partial<Report["agreement"]> = {}): Report["agreement"] => ({
  meanPairwiseKappa: null,
  perClipMeanKappa: null,
  perClipUndefined: 0,
  krippendorffAlpha: null,
  unionFraction: null,
  overlapFraction: null,
  pairs: [],
  ...over,
});
const clip = (annotations: number, meanKappa: number | null = null): ClipAgreement => ({
  clipId: "c",
  name: "c.wav",
  isReference: false,
  annotations,
  bins: 10,
  meanKappa,
  unionFraction: null,
  overlapFraction: null,
  meanAnnotatedSeconds: null,
});

describe("agreementReasons", () => {
  it("says no clip is shared when nobody annotated the same clip", () => {
    const why = agreementReasons(agreement(), [clip(1), clip(1)]);
    expect(why.meanPairwiseKappa).toBe("no two annotators annotated the same clip");
    expect(why.krippendorffAlpha).toBe("no clip has two or more annotations yet");
    expect(why.unionFraction).toBe("no clip has two or more annotations yet");
  });
  it("blames chance agreement 1 when pairs exist but every kappa is undefined", () => {
    const why = agreementReasons(
      agreement({ pairs: [{ a: "a", b: "b", clips: 1, bins: 10, kappa: null }], unionFraction: 0 }),
      [clip(2)],
    );
    expect(why.meanPairwiseKappa).toMatch(/chance agreement is 1/);
    expect(why.krippendorffAlpha).toMatch(/expected disagreement is 0/);
    expect(why.unionFraction).toBeUndefined();
  });
  it("gives no reason for defined figures", () => {
    expect(
      agreementReasons(
        agreement({
          meanPairwiseKappa: 0.5,
          perClipMeanKappa: 0.4,
          krippendorffAlpha: 0.3,
          unionFraction: 0.2,
          overlapFraction: 0.1,
        }),
        [clip(2, 0.4)],
      ),
    ).toEqual({});
  });
});

describe("clipKappaReason", () => {
  it("distinguishes one annotation from undefined pairs", () => {
    expect(clipKappaReason(clip(1))).toBe("one annotation");
    expect(clipKappaReason(clip(3))).toBe("all pairs have chance agreement 1");
    expect(clipKappaReason(clip(2, 0.1))).toBeUndefined();
  });
});

describe("correlationReasons", () => {
  const corr = (n: number, pearson: number | null, ci95: [number, number] | null = null) => ({
    n,
    pearson,
    p: pearson === null ? null : 0.5,
    ci95,
    spearman: pearson,
  });
  const pts = (pairs: [number, number][]) =>
    pairs.map(([length, score], i) => ({ clipId: `c${i}`, length, score }));

  it("n < 3", () => {
    expect(correlationReasons(corr(1, null), pts([[1, 2]])).pearson).toBe(
      "needs at least 3 annotated clips with a score; there is 1",
    );
  });
  it("zero variance in score, then in length", () => {
    const flatScore = pts([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(correlationReasons(corr(3, null), flatScore).spearman).toMatch(/same score/);
    const flatLength = pts([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(correlationReasons(corr(3, null), flatLength).pearson).toMatch(/same unnatural length/);
  });
  it("CI: n < 4, and |r| = 1", () => {
    const three = pts([
      [1, 1],
      [2, 3],
      [3, 2],
    ]);
    expect(correlationReasons(corr(3, 0.5), three).ci95).toBe(
      "the Fisher-z interval needs at least 4 clips; there are 3",
    );
    const line = pts([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(correlationReasons(corr(4, 1), line).ci95).toMatch(/exactly ±1/);
    expect(correlationReasons(corr(4, 0.5, [0.1, 0.9]), line)).toEqual({});
  });
});
