// Pearson and Spearman correlation with the figures the report needs (docs/spec/statistics.md,
// "Score and length"): r, the two-sided p-value from Student's t, and a Fisher-z 95 % interval.
import tCdf from "@stdlib/stats-base-dists-t-cdf";
import { atanh, tanh } from "../util/math.ts";

/** The 0.975 quantile of the standard normal distribution. */
export const Z_975 = 1.959963984540054;

/**
 * |r| this close to 1 is taken as exactly 1: data that lie exactly on a line give r = ±1 in exact
 * arithmetic but may come out an ulp or two short in floating point.
 */
const UNIT_R_TOLERANCE = 4 * Number.EPSILON;

export interface PearsonResult {
  r: number;
  /** Two-sided p from t = r*sqrt((n-2)/(1-r^2)) with n-2 degrees of freedom; 0 when |r| == 1. */
  p: number;
  /** Fisher z interval; null when n < 4 or |r| == 1. */
  ci95: [number, number] | null;
}

function allEqual(v: ArrayLike<number>): boolean {
  const first = v[0];
  for (let i = 1; i < v.length; i++) if (v[i] !== first) return false;
  return true;
}

/** Means and centred sums of squares and products of two equally long samples (two passes). */
function moments(x: ArrayLike<number>, y: ArrayLike<number>) {
  const n = x.length;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += x[i] as number;
    sy += y[i] as number;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  return { mx, my, sxx, syy, sxy };
}

/** Pearson's r alone; null when n < 3, lengths differ, or either side has zero variance. */
export function pearsonR(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  const n = x.length;
  if (n !== y.length || n < 3 || allEqual(x) || allEqual(y)) return null;
  const { sxx, syy, sxy } = moments(x, y);
  if (sxx === 0 || syy === 0) return null;
  let r = sxy / (Math.sqrt(sxx) * Math.sqrt(syy));
  if (Math.abs(r) >= 1 - UNIT_R_TOLERANCE) r = r > 0 ? 1 : -1;
  return r;
}

/** Two-sided p-value of r with n pairs: 2 * P(T <= -|t|), T ~ Student's t with n-2 df. */
export function pValue(r: number, n: number): number {
  if (Math.abs(r) === 1) return 0;
  const df = n - 2;
  const t = r * Math.sqrt(df / (1 - r * r));
  return 2 * tCdf(-Math.abs(t), df);
}

/** tanh(atanh(r) ± 1.959963984540054 / sqrt(n - 3)); null when n < 4 or |r| == 1. */
export function fisherCi95(r: number, n: number): [number, number] | null {
  if (n < 4 || Math.abs(r) === 1) return null;
  const z = atanh(r);
  const half = Z_975 / Math.sqrt(n - 3);
  return [tanh(z - half), tanh(z + half)];
}

/** r, p and ci95 together; null where r is. */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): PearsonResult | null {
  const r = pearsonR(x, y);
  if (r === null) return null;
  return { r, p: pValue(r, x.length), ci95: fisherCi95(r, x.length) };
}

/**
 * The distinct values of `sorted` (ascending) and the average rank, 1-based, of each: copies
 * at sorted positions lo .. hi-1 (0-based) share rank (lo + 1 + hi) / 2; `ties` is Σ (t³ − t)
 * over the runs of t equal values (exact: integers).
 */
export interface RankRuns {
  runs: number;
  distinct: Float64Array;
  rank: Float64Array;
  ties: number;
}

/** The runs of equal values in `sorted` (ascending), with their average ranks. */
export function rankRuns(sorted: Float64Array): RankRuns {
  const n = sorted.length;
  const distinct = new Float64Array(n);
  const rank = new Float64Array(n);
  let runs = 0;
  let ties = 0;
  for (let lo = 0; lo < n; ) {
    const value = sorted[lo] as number;
    let hi = lo + 1;
    while (hi < n && sorted[hi] === value) hi++;
    const t = hi - lo;
    ties += t * t * t - t;
    distinct[runs] = value;
    rank[runs] = (lo + 1 + hi) / 2;
    runs++;
    lo = hi;
  }
  return { runs, distinct, rank, ties };
}

/** The average rank of `value`, one of the runs' values (binary search). */
export function rankOf(r: RankRuns, value: number): number {
  let a = 0;
  let b = r.runs - 1;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((r.distinct[mid] as number) < value) a = mid + 1;
    else b = mid;
  }
  return r.rank[a] as number;
}

/**
 * Average ranks, 1-based: tied values share the mean of the ranks they span (rankRuns, after a
 * native numeric sort); each input value then finds its distinct value by binary search.
 */
export function averageRanks(v: ArrayLike<number>): Float64Array {
  const n = v.length;
  const sorted = v instanceof Float64Array ? v.slice() : Float64Array.from(v as ArrayLike<number>);
  sorted.sort();
  const runs = rankRuns(sorted);
  const ranks = new Float64Array(n);
  for (let i = 0; i < n; i++) ranks[i] = rankOf(runs, v[i] as number);
  return ranks;
}

/** Spearman's rho: Pearson's r on average ranks; null as for Pearson. */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  if (x.length !== y.length || x.length < 3 || allEqual(x) || allEqual(y)) return null;
  return pearsonR(averageRanks(x), averageRanks(y));
}

/** Least-squares line y = slope*x + intercept; null when n < 2 or x has zero variance. */
export function leastSquares(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
): { slope: number; intercept: number } | null {
  const n = x.length;
  if (n !== y.length || n < 2 || allEqual(x)) return null;
  const { mx, my, sxx, sxy } = moments(x, y);
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}
