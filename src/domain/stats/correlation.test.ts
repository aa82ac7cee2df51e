import { describe, expect, test } from "vitest";
import {
  averageRanks,
  fisherCi95,
  leastSquares,
  pearson,
  pValue,
  spearman,
  Z_975,
} from "./correlation.ts";

describe("Pearson", () => {
  test("hand-worked, n = 4", () => {
    // x = 1,2,3,4; y = 2,1,4,3. Means 2.5. dx = -1.5,-0.5,0.5,1.5; dy = -0.5,-1.5,1.5,0.5.
    // Sxy = 0.75 + 0.75 + 0.75 + 0.75 = 3; Sxx = Syy = 5 → r = 3/5 = 0.6.
    // t = 0.6 * sqrt(2 / 0.64) = 1.0606…; with 2 df the t CDF is 1/2 + t/(2 sqrt(2 + t²)),
    // t² = 1.125, sqrt(3.125) = 1.7678 → P(T <= -t) = 0.5 - 1.0607/3.5355 = 0.5 - 0.3 = 0.2 → p = 0.4.
    // atanh(0.6) = ln 2; n - 3 = 1 → ci = tanh(ln 2 ± 1.959963984540054).
    const result = pearson([1, 2, 3, 4], [2, 1, 4, 3]);
    expect(result?.r).toBeCloseTo(0.6, 14);
    expect(result?.p).toBeCloseTo(0.4, 12);
    const ci = result?.ci95 as [number, number];
    // tanh(ln 2 + z) = (4e^{2z} - 1)/(4e^{2z} + 1).
    const e = Math.exp(2 * Z_975);
    expect(ci[0]).toBeCloseTo((4 / e - 1) / (4 / e + 1), 12);
    expect(ci[1]).toBeCloseTo((4 * e - 1) / (4 * e + 1), 12);
  });

  test("n = 3: r and p defined, ci95 null", () => {
    // x = 1,2,3; y = 1,3,2: dx = -1,0,1; dy = -1,1,0; Sxy = 1, Sxx = Syy = 2 → r = 0.5.
    // t = 0.5 * sqrt(1/0.75) = 1/sqrt(3); 1 df is the Cauchy distribution:
    // P(T <= -t) = 1/2 - atan(1/sqrt 3)/π = 1/2 - 1/6 = 1/3 → p = 2/3.
    const result = pearson([1, 2, 3], [1, 3, 2]);
    expect(result?.r).toBeCloseTo(0.5, 14);
    expect(result?.p).toBeCloseTo(2 / 3, 12);
    expect(result?.ci95).toBeNull();
  });

  test("|r| == 1: p = 0 and ci95 null", () => {
    expect(pearson([1, 2, 3, 4], [2, 4, 6, 8])).toEqual({ r: 1, p: 0, ci95: null });
    expect(pearson([0.1, 0.2, 0.30000000000000004, 0.4, 0.5], [5, 4, 3, 2, 1])).toEqual({
      r: -1,
      p: 0,
      ci95: null,
    });
    expect(pValue(1, 10)).toBe(0);
    expect(fisherCi95(-1, 10)).toBeNull();
  });

  test("null when n < 3 or either side has zero variance", () => {
    expect(pearson([1, 2], [3, 4])).toBeNull();
    expect(pearson([], [])).toBeNull();
    expect(pearson([1, 2, 3], [2, 2, 2])).toBeNull();
    // 0.1 three times: the mean 0.30000000000000004/3 is not exactly 0.1, but the variance is zero.
    expect(pearson([0.1, 0.1, 0.1], [1, 2, 3])).toBeNull();
  });
});

describe("Spearman", () => {
  test("average ranks share the mean rank of ties", () => {
    // 10 → 1; the two 20s take ranks 2 and 3 → 2.5 each; 30 → 4.
    expect([...averageRanks([10, 20, 20, 30])]).toEqual([1, 2.5, 2.5, 4]);
    expect([...averageRanks([3, 1, 2, 1, 3])]).toEqual([4.5, 1.5, 3, 1.5, 4.5]);
  });

  test("Pearson on ranks", () => {
    // Monotone but not linear: ranks identical → 1.
    expect(spearman([10, 20, 30, 40], [1, 4, 9, 16])).toBe(1);
    // x ranks 1,2,3,4; y = 1,3,2,4 ranks 1,3,2,4: Sxy = 2.25 - 0.25 - 0.25 + 2.25 = 4, Sxx = 5 → 0.8.
    expect(spearman([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(0.8, 14);
    // With ties: x = 1,2,2,3 → ranks 1,2.5,2.5,4; y = 1,2,3,4.
    // dx = -1.5,0,0,1.5; dy = -1.5,-0.5,0.5,1.5; Sxy = 4.5; Sxx = 4.5; Syy = 5 → 4.5/sqrt(22.5).
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(4.5 / Math.sqrt(22.5), 14);
  });

  test("null as for Pearson", () => {
    expect(spearman([1, 2], [2, 1])).toBeNull();
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});

describe("least squares", () => {
  test("hand-worked line", () => {
    // x = 1,2,3; y = 2,4,7: means 2 and 13/3; Sxy = (-1)(-7/3) + 0 + (1)(8/3) = 5; Sxx = 2.
    // slope = 2.5, intercept = 13/3 - 5 = -2/3.
    const fit = leastSquares([1, 2, 3], [2, 4, 7]);
    expect(fit?.slope).toBeCloseTo(2.5, 14);
    expect(fit?.intercept).toBeCloseTo(-2 / 3, 14);
    expect(leastSquares([1, 1], [2, 3])).toBeNull();
  });
});
