// Hand-worked examples of the listening-test figures (docs/spec/statistics.md, "Listening-test
// scores"); SciPy 1.10 agrees with each (noted beside it). The golden studies check the rest
// against the independent Python reference.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { AnnotationFile, Clip, Submission } from "../interchange/types.ts";
import { computeMos, holm, meanAscending, signedRank, signedRankCounts, tQuantile } from "./mos.ts";

describe("the t quantile", () => {
  test("matches the closed forms for 1 and 2 degrees of freedom", () => {
    expect(tQuantile(0.975, 1)).toBeCloseTo(Math.tan(Math.PI * 0.475), 12);
    expect(tQuantile(0.975, 2)).toBeCloseTo(0.95 / Math.sqrt(2 * 0.975 * 0.025), 13);
  });
  test("tends to the normal quantile 1.959963984540054 as df grows", () => {
    // SciPy: t.ppf(0.975, 30) = 2.0422724563012373, t.ppf(0.975, 1000) = 1.9623390808264074
    expect(tQuantile(0.975, 30)).toBeCloseTo(2.0422724563012373, 12);
    expect(tQuantile(0.975, 1000)).toBeCloseTo(1.9623390808264074, 12);
    expect(tQuantile(0.975, 1e7)).toBeCloseTo(1.959963984540054, 6);
  });
});

describe("the signed-rank null distribution", () => {
  test("m = 3: sums 0…6 from 8 sign assignments", () => {
    // {} {1} {2} {3},{1,2} {1,3} {2,3} {1,2,3}
    expect(signedRankCounts(3)).toEqual([1, 1, 1, 2, 1, 1, 1]);
  });
  test("counts add up to 2^m and are symmetric, up to m = 25", () => {
    const c = signedRankCounts(25);
    expect(c.reduce((a, b) => a + b, 0)).toBe(2 ** 25);
    expect(c).toEqual([...c].reverse());
  });
});

describe("Wilcoxon signed-rank, two-sided", () => {
  test("exact: d = 1, 2, −3, 4, 5 gives w = 12 and p = 2 · 5/32", () => {
    // P(W ≥ 12) = P(W ≤ 3) = #{∅, {1}, {2}, {3}, {1,2}} / 32; SciPy: p = 0.3125
    expect(signedRank([1, 2, -3, 4, 5])).toEqual({ w: 12, p: 0.3125 });
  });
  test("zeros are dropped before ranking", () => {
    expect(signedRank([0, 1, 2, 0, -3, 4, 5])).toEqual({ w: 12, p: 0.3125 });
  });
  test("ties among |d|: the normal approximation with the tie correction", () => {
    // |d| = 1, 1, 1, 2 → ranks 2, 2, 2, 4; w = 2 + 2 + 4 = 8; mean 5;
    // variance 4·5·9/24 − (3³ − 3)/48 = 7.5 − 0.5 = 7; z = 3/√7; SciPy: p = 0.25683925795785656
    const { w, p } = signedRank([1, 1, -1, 2]);
    expect(w).toBe(8);
    expect(p).toBeCloseTo(0.25683925795785656, 12);
  });
  test("all differences zero: w = 0 and p null", () => {
    expect(signedRank([0, 0, 0])).toEqual({ w: 0, p: null });
    expect(signedRank([])).toEqual({ w: 0, p: null });
  });
  test("more than 25 differences: the normal approximation even without ties", () => {
    // d = 1 … 26, all positive: w = 351, mean 175.5, variance 26·27·53/24 = 1550.25
    const d = Array.from({ length: 26 }, (_, i) => i + 1);
    const { w, p } = signedRank(d);
    expect(w).toBe(351);
    const z = (351 - 175.5) / Math.sqrt(1550.25);
    expect(z).toBeCloseTo(4.4573, 4);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-5);
  });
  test("a single difference: p = 1 (both tails hold half the mass)", () => {
    expect(signedRank([2])).toEqual({ w: 1, p: 1 });
  });
});

describe("Holm's step-down adjustment", () => {
  test("p = 0.01, 0.04, 0.03 → 0.03, 0.06, 0.06 (monotone), nulls untouched", () => {
    const out = holm([0.01, 0.04, null, 0.03]);
    expect(out[0]).toBeCloseTo(0.03, 15);
    expect(out[1]).toBeCloseTo(0.06, 15);
    expect(out[2]).toBeNull();
    expect(out[3]).toBeCloseTo(0.06, 15);
  });
  test("capped at 1, and never below an earlier adjusted value", () => {
    // 2 · 0.6 = 1.2 → 1; then max(1.2, 1 · 0.7) → 1
    expect(holm([0.6, 0.7])).toEqual([1, 1]);
  });
});

function study(clips: Clip[], submissions: Submission[]): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "s", binSeconds: 0.1 },
    taxonomy: [],
    clips,
    annotators: [],
    submissions,
    regions: [],
    reasonLabels: [],
  };
}

describe("MOS per system and its pairs", () => {
  const clip = (id: string, system?: string, sentence?: string): Clip => ({
    id,
    name: id,
    duration: 1,
    ...(system ? { system } : {}),
    ...(sentence ? { sentence } : {}),
  });
  const rate = (clipId: string, annotatorId: string, score?: number): Submission => ({
    clipId,
    annotatorId,
    ...(score === undefined ? {} : { score }),
  });

  test("means, sample sd and the t interval; a system rated once has no sd or interval", () => {
    const mos = computeMos(
      study(
        [clip("a1", "A", "s1"), clip("a2", "A", "s2"), clip("b1", "B", "s1"), clip("x", undefined)],
        [
          rate("a1", "w1", 3),
          rate("a1", "w2", 4),
          rate("a2", "w1", 5),
          rate("b1", "w1", 2),
          rate("b1", "w2"), // no score: not a rating
          rate("x", "w3", 1),
        ],
      ),
    );
    // A: 3, 4, 5 → mean 4, sd 1; with 2 degrees of freedom the t quantile has a closed form,
    // t = (2p − 1) / √(2p(1 − p)) = 0.95 / √0.04875 = 4.30265272974946…, so 4 ± t/√3.
    // (SciPy 1.10's t.ppf gives 4.302652729911275, 1.6e-10 off; the spec's tolerance is 1e-9.)
    const t = 0.95 / Math.sqrt(0.04875);
    expect(Object.keys(mos.bySystem)).toEqual(["(none)", "A", "B"]);
    const a = mos.bySystem.A;
    expect(a).toMatchObject({ n: 3, raters: 2, mean: 4, sd: 1 });
    expect(a?.ci95?.[0]).toBeCloseTo(4 - t / Math.sqrt(3), 13);
    expect(a?.ci95?.[1]).toBeCloseTo(4 + t / Math.sqrt(3), 13);
    expect(mos.bySystem.B).toEqual({ n: 1, raters: 1, mean: 2, sd: null, ci95: null });
    expect(mos.bySystem["(none)"]).toEqual({ n: 1, raters: 1, mean: 1, sd: null, ci95: null });
    // Pairs: (none) has no sentence, so it is never paired; A–B share s1: d = 3.5 − 2 = 1.5.
    expect(mos.pairs).toEqual([
      { a: "(none)", b: "A", sentences: 0, meanDiff: null, w: 0, p: null, pHolm: null },
      { a: "(none)", b: "B", sentences: 0, meanDiff: null, w: 0, p: null, pHolm: null },
      { a: "A", b: "B", sentences: 1, meanDiff: 1.5, w: 1, p: 1, pHolm: 1 },
    ]);
  });

  test("the same figures to the bit whatever the order of the submissions", () => {
    const clips = ["a1", "a2", "a3", "b1", "b2", "b3"].map((id) =>
      clip(id, id[0]?.toUpperCase(), `s${id[1]}`),
    );
    const subs: Submission[] = [];
    let k = 0;
    for (const c of clips)
      for (const w of ["w1", "w2", "w3", "w4"]) subs.push(rate(c.id, w, 1 + ((k++ * 7) % 5) / 3));
    const forward = JSON.stringify(computeMos(study(clips, subs)));
    const reversed = JSON.stringify(computeMos(study(clips, [...subs].reverse())));
    const shuffled = JSON.stringify(
      computeMos(
        study(
          clips,
          subs.map((_, i) => subs[(i * 5) % subs.length] as Submission),
        ),
      ),
    );
    expect(reversed).toBe(forward);
    expect(shuffled).toBe(forward);
  });

  test("per-sentence differences are rounded to 1e-9 before ranking", () => {
    // 0.1 + 0.2 − 0.3 is 5.55e-17 in doubles: rounded, it is a zero difference, dropped.
    const mos = computeMos(
      study(
        [clip("a", "A", "s"), clip("b", "B", "s")],
        [rate("a", "w1", 1), rate("a", "w2", 2), rate("b", "w1", 1.5)],
      ),
    );
    expect(mos.pairs[0]).toMatchObject({ sentences: 1, meanDiff: 0, w: 0, p: null });
  });
});

test("meanAscending: the ascending sum over the count, 1/3 + 1/3 + … summed from the smallest", () => {
  expect(meanAscending(Float64Array.of(3, 1, 2))).toBe(2);
  expect(meanAscending(new Float64Array([0.3, 0.1, 0.2]))).toBe((0.1 + 0.2 + 0.3) / 3);
  // The same bits as sorting a copy and reducing it from 0, whatever the order given.
  fc.assert(
    fc.property(
      fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1 }),
      (x) => {
        const reduced =
          Float64Array.from(x)
            .sort()
            .reduce((a, b) => a + b, 0) / x.length;
        expect(Object.is(meanAscending(Float64Array.from(x)), reduced)).toBe(true);
        expect(Object.is(meanAscending(Float64Array.from(x).reverse()), reduced)).toBe(true);
      },
    ),
    { numRuns: 500 },
  );
});
