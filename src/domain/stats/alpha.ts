// Krippendorff's alpha, nominal, for 0/1 values (docs/spec/statistics.md, "Agreement").
// Coincidence matrix: a unit with m values, n1 of them 1 and n0 = m - n1 of them 0, adds
// n1*n0/(m-1) to o01 and to o10, n1*(n1-1)/(m-1) to o11, n0*(n0-1)/(m-1) to o00. The marginals
// are then N1 = Σ n1 and N0 = Σ n0 over pairable values (units with m >= 2), N = N0 + N1, and
//   Do = (o01 + o10) / N,   De = 2 * N0 * N1 / (N * (N - 1)),   alpha = 1 - Do / De.

/** Running sums over units; add units with `addUnits`, read alpha with `alphaFromSums`. */
export interface AlphaSums {
  /** Pairable values (Σ m over units with m >= 2). */
  values: number;
  /** Of those, the ones that are 1. */
  ones: number;
  /** o01 (= o10): Σ n1*n0/(m-1). */
  disagreement: number;
}

export function emptyAlphaSums(): AlphaSums {
  return { values: 0, ones: 0, disagreement: 0 };
}

/**
 * Adds a group of units that all have `m` values: `ones` is Σ n1 over them and `onesTimesZeros`
 * is Σ n1*(m - n1). Units with fewer than two values are not pairable and add nothing.
 */
export function addUnits(
  sums: AlphaSums,
  m: number,
  ones: number,
  onesTimesZeros: number,
  units: number,
): void {
  if (m < 2 || units === 0) return;
  sums.values += m * units;
  sums.ones += ones;
  sums.disagreement += onesTimesZeros / (m - 1);
}

/** 1 - Do/De; null when De == 0 (every pairable value the same, or no pairable values). */
export function alphaFromSums(sums: AlphaSums): number | null {
  const n = sums.values;
  const n1 = sums.ones;
  const n0 = n - n1;
  if (n < 2 || n0 === 0 || n1 === 0) return null;
  const observed = (2 * sums.disagreement) / n;
  const expected = (2 * n0 * n1) / (n * (n - 1));
  return 1 - observed / expected;
}

/**
 * Alpha from a units × coders table of 0/1 marks, `null` for a coder without a value in that unit.
 * The straightforward form, for tests and small inputs.
 */
export function krippendorffAlphaBinary(
  units: readonly (readonly (0 | 1 | null)[])[],
): number | null {
  const sums = emptyAlphaSums();
  for (const unit of units) {
    let m = 0;
    let ones = 0;
    for (const v of unit) {
      if (v === null) continue;
      m++;
      ones += v;
    }
    addUnits(sums, m, ones, ones * (m - ones), 1);
  }
  return alphaFromSums(sums);
}
