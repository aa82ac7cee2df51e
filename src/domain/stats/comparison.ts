// Paired comparisons (docs/spec/statistics.md, "Paired comparisons (A/B preference and CMOS)"):
// per pair of items the wins, the share preferring the first with its Wilson interval, the exact
// two-sided binomial test and Holm's adjustment, a CCR test's mean difference with its t
// interval, the items' Bradley–Terry strengths (Newton's method) with a listener bootstrap, and the natural-pairs
// pre-test's accuracy per participant (Chiang et al. 2023, Figure 1). Plain arithmetic and the
// engine-exact functions of math.ts, so the analysis screen's report equals `stats --json`.
import { DEFAULT_PASS_ACCURACY } from "../interchange/comparison.ts";
import type { AnnotationFile, Clip, Pair } from "../interchange/types.ts";
import { idRecord } from "../util/idRecord.ts";
import { exp, ln, log1p } from "../util/math.ts";
import { seededRandom } from "../util/random.ts";
import { NO_SYSTEM } from "./errorTypes.ts";
import { holm, tQuantile } from "./mos.ts";
import { byCodeUnit } from "./records.ts";
import type { Comparison, ComparisonPair, ItemStrength, QualificationSummary } from "./report.ts";

export type { Comparison, ComparisonPair, ItemStrength, QualificationSummary } from "./report.ts";

/** The normal quantile of 0.975, as the spec writes it. */
const Z = 1.959963984540054;
const LN2 = ln(2);

/** The Wilson score interval of a share `x / n` (n > 0). */
export function wilson(x: number, n: number): [number, number] {
  const p = x / n;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * n);
  const half = Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const scale = 1 + z2 / n;
  return [(centre - half) / scale, (centre + half) / scale];
}

/**
 * The exact two-sided binomial test of `k` successes in `n` at one half:
 * min(1, 2 · P(X ≤ min(k, n − k))). The tail is summed from its largest term, C(n, m) / 2^n, down,
 * each term the one before times i / (n − i + 1). Up to 1,000 trials that largest term is the
 * product for C(n, m) halved n times (exact for small n: the tail of 2 in 10 is 56/1024 to the
 * bit); beyond, where 2^−n underflows, it comes from ln C(n, m) − n ln 2.
 */
export function binomialTwoSided(k: number, n: number): number {
  const m = Math.min(k, n - k);
  let term: number;
  if (n <= 1000) {
    term = 1;
    for (let j = 1; j <= m; j++) term = (term * (n - m + j)) / j;
    for (let j = 0; j < n; j++) term *= 0.5;
  } else {
    let lnTerm = -n * LN2;
    for (let j = 1; j <= m; j++) lnTerm += ln((n - m + j) / j);
    term = exp(lnTerm);
  }
  let tail = 0;
  for (let i = m; i >= 0; i--) {
    tail += term;
    if (term < tail * 1e-18) break;
    term = (term * i) / (n - i + 1);
  }
  return Math.min(1, 2 * tail);
}

/** log(1 + e^x) without overflow, engine-exact. */
function softplus(x: number): number {
  return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

/** 1 / (1 + e^−x), engine-exact. */
function logistic(x: number): number {
  if (x >= 0) return 1 / (1 + exp(-x));
  const e = exp(x);
  return e / (1 + e);
}

/** The spec's log-likelihood at log-strengths `theta`. */
function logLikelihood(theta: Float64Array, w: Float64Array, K: number): number {
  let sum = 0;
  for (let i = 0; i < K; i++) {
    const ti = theta[i] as number;
    // The virtual win and loss against the item of strength 1.
    sum -= softplus(-ti) + softplus(ti);
    for (let j = 0; j < K; j++) {
      const wij = w[i * K + j] as number;
      if (j !== i && wij > 0) sum -= wij * softplus((theta[j] as number) - ti);
    }
  }
  return sum;
}

/**
 * Bradley–Terry log-strengths `θ = log π` of `K` items from the win matrix `w` (w[i·K + j]: i
 * preferred to j, ties counted half each way), with one virtual win and one virtual loss of
 * every item against a fixed item of strength 1: Newton's method on θ from 0, each step halved
 * until the likelihood does not fall, until no θ moves by 1e-13 (the likelihood is strictly
 * concave, so the maximum is unique and Newton's steps near it square the error: the result is
 * the maximum to the last bits). The Hessian is negative definite (the virtual games), so each
 * step solves a symmetric positive definite system by Cholesky's factorisation.
 */
export function bradleyTerryFit(w: Float64Array, K: number): Float64Array {
  const theta = new Float64Array(K);
  const trial = new Float64Array(K);
  const g = new Float64Array(K);
  const h = new Float64Array(K * K); // −Hessian
  const step = new Float64Array(K);
  let current = logLikelihood(theta, w, K);
  for (let round = 0; round < 200; round++) {
    g.fill(0);
    h.fill(0);
    for (let i = 0; i < K; i++) {
      const ti = theta[i] as number;
      const v = logistic(ti);
      g[i] = 1 - 2 * v;
      h[i * K + i] = 2 * v * (1 - v);
      for (let j = 0; j < K; j++) {
        if (j === i) continue;
        const n = (w[i * K + j] as number) + (w[j * K + i] as number);
        if (n === 0) continue;
        const p = logistic(ti - (theta[j] as number));
        g[i] = (g[i] as number) + (w[i * K + j] as number) - n * p;
        const c = n * p * (1 - p);
        h[i * K + i] = (h[i * K + i] as number) + c;
        h[i * K + j] = (h[i * K + j] as number) - c;
      }
    }
    choleskySolve(h, g, step, K);
    let moved = 0;
    for (let i = 0; i < K; i++) moved = Math.max(moved, Math.abs(step[i] as number));
    let t = 1;
    let next = current;
    for (let halvings = 0; halvings < 60; halvings++) {
      for (let i = 0; i < K; i++) trial[i] = (theta[i] as number) + t * (step[i] as number);
      next = logLikelihood(trial, w, K);
      if (next >= current) break;
      t /= 2;
    }
    if (next < current) break;
    theta.set(trial);
    current = next;
    if (moved * t < 1e-13) break;
  }
  return theta;
}

/** Solves A x = b for a symmetric positive definite A (K × K, overwritten by its factor). */
function choleskySolve(a: Float64Array, b: Float64Array, x: Float64Array, K: number): void {
  for (let j = 0; j < K; j++) {
    let d = a[j * K + j] as number;
    for (let k = 0; k < j; k++) d -= (a[j * K + k] as number) * (a[j * K + k] as number);
    const root = Math.sqrt(d);
    a[j * K + j] = root;
    for (let i = j + 1; i < K; i++) {
      let s = a[i * K + j] as number;
      for (let k = 0; k < j; k++) s -= (a[i * K + k] as number) * (a[j * K + k] as number);
      a[i * K + j] = s / root;
    }
  }
  for (let i = 0; i < K; i++) {
    let s = b[i] as number;
    for (let k = 0; k < i; k++) s -= (a[i * K + k] as number) * (x[k] as number);
    x[i] = s / (a[i * K + i] as number);
  }
  for (let i = K - 1; i >= 0; i--) {
    let s = x[i] as number;
    for (let k = i + 1; k < K; k++) s -= (a[k * K + i] as number) * (x[k] as number);
    x[i] = s / (a[i * K + i] as number);
  }
}

/** Log-strengths centred on their mean (items in the order given). */
function centred(theta: Float64Array): Float64Array {
  const K = theta.length;
  const out = new Float64Array(K);
  let sum = 0;
  for (let i = 0; i < K; i++) sum += theta[i] as number;
  const mean = sum / K;
  for (let i = 0; i < K; i++) out[i] = (theta[i] as number) - mean;
  return out;
}

/** The item a side of a pair shows: a clip's system, or a view's name. */
function sideItems(pair: Pair, clips: ReadonlyMap<string, Clip>): [string, string] | null {
  if (pair.clipId !== undefined) return [pair.a, pair.b];
  const a = clips.get(pair.a);
  const b = clips.get(pair.b);
  if (a === undefined || b === undefined) return null;
  return [a.system ?? NO_SYSTEM, b.system ?? NO_SYSTEM];
}

/** Which side a judgment prefers: its choice, or its score's sign; null for neither. */
function preferred(j: { choice?: string; score?: number }): "a" | "b" | null {
  if (j.choice !== undefined) return j.choice === "a" || j.choice === "b" ? j.choice : null;
  const s = j.score ?? 0;
  return s > 0 ? "b" : s < 0 ? "a" : null;
}

interface PairTally {
  a: string;
  b: string;
  judgments: number;
  aWins: number;
  bWins: number;
  same: number;
  /** A CCR test's advantages of item `a`, one per judgment. */
  advantages: number[];
}

/** The comparison section of the report; null without counted judgments and without a pre-test. */
export function computeComparison(file: AnnotationFile): Comparison | null {
  const study = file.study;
  const settings = study.comparison ?? {};
  const scale = settings.scale === "ccr" ? "ccr" : "ab";
  const qualification = study.qualification;
  const qualificationPairs = new Set(qualification?.pairs ?? []);
  const roles = new Map(file.annotators.map((a) => [a.id, a.role]));
  const clips = new Map(file.clips.map((c) => [c.id, c]));
  const pairs = new Map((file.pairs ?? []).map((p) => [p.id, p]));
  const judgments = file.judgments ?? [];

  let counted = 0;
  let sameItem = 0;
  const tallies = new Map<string, PairTally>();
  /** Per listener: (winner, loser or tie) entries of their judgments on two different items. */
  const byListener = new Map<string, { x: string; y: string; pref: "x" | "y" | null }[]>();
  // The pre-test: per participant, trials and correct answers.
  const pretest = new Map<string, { trials: number; correct: number }>();

  for (const j of judgments) {
    const role = roles.get(j.annotatorId);
    if (role === undefined || role === "asr") continue;
    const pair = pairs.get(j.pairId);
    if (pair === undefined) continue;
    if (qualificationPairs.has(pair.id)) {
      const a = clips.get(pair.a);
      const b = clips.get(pair.b);
      if (a === undefined || b === undefined || pair.clipId !== undefined) continue;
      const natural = a.isReference === true ? "a" : b.isReference === true ? "b" : null;
      const tally = pretest.get(j.annotatorId) ?? { trials: 0, correct: 0 };
      tally.trials++;
      if (natural !== null && j.choice === natural) tally.correct++;
      pretest.set(j.annotatorId, tally);
      continue;
    }
    const items = sideItems(pair, clips);
    if (items === null) continue;
    counted++;
    const [itemA, itemB] = items;
    if (itemA === itemB) {
      sameItem++;
      continue;
    }
    // The unordered pair of items, `x` < `y`; `flip` when side a shows `y`.
    const flip = byCodeUnit(itemA, itemB) > 0;
    const x = flip ? itemB : itemA;
    const y = flip ? itemA : itemB;
    const key = `${x}\u0000${y}`;
    let tally = tallies.get(key);
    if (tally === undefined) {
      tally = { a: x, b: y, judgments: 0, aWins: 0, bWins: 0, same: 0, advantages: [] };
      tallies.set(key, tally);
    }
    tally.judgments++;
    const side = preferred(j);
    const pref = side === null ? null : (side === "a") !== flip ? "x" : "y";
    if (pref === "x") tally.aWins++;
    else if (pref === "y") tally.bWins++;
    else tally.same++;
    if (scale === "ccr" && j.score !== undefined) {
      // Item x's advantage: the score (b better than a) when x is side b, its negation on side a.
      tally.advantages.push(flip ? j.score : -j.score);
    }
    let mine = byListener.get(j.annotatorId);
    if (mine === undefined) {
      mine = [];
      byListener.set(j.annotatorId, mine);
    }
    mine.push({ x, y, pref });
  }

  if (counted === 0 && qualification === undefined) return null;

  const sorted = [...tallies.values()].sort((p, q) => byCodeUnit(p.a, q.a) || byCodeUnit(p.b, q.b));
  const ps = sorted.map((t) => {
    const n = t.aWins + t.bWins;
    return n === 0 ? null : binomialTwoSided(t.aWins, n);
  });
  const adjusted = holm(ps);
  const alpha = settings.alpha ?? 0.05;
  const pairRows: ComparisonPair[] = sorted.map((t, i) => {
    const n = t.aWins + t.bWins;
    const pHolm = adjusted[i] ?? null;
    const row: ComparisonPair = {
      a: t.a,
      b: t.b,
      judgments: t.judgments,
      aWins: t.aWins,
      bWins: t.bWins,
      same: t.same,
      preferA: n === 0 ? null : t.aWins / n,
      ci95: n === 0 ? null : wilson(t.aWins, n),
      p: ps[i] ?? null,
      pHolm,
      significant: pHolm !== null && pHolm < alpha,
    };
    if (scale === "ccr") Object.assign(row, meanDifference(t.advantages));
    return row;
  });

  return {
    scale,
    judgments: sorted.reduce((sum, t) => sum + t.judgments, 0),
    sameItem,
    pairs: pairRows,
    bradleyTerry: bradleyTerry(
      sorted,
      byListener,
      settings.seed ?? "redpen",
      settings.replicates ?? 1000,
    ),
    qualification:
      qualification === undefined
        ? null
        : qualificationSummary(
            qualification.pairs.length,
            qualification.passAccuracy ?? DEFAULT_PASS_ACCURACY,
            pretest,
          ),
  };
}

/**
 * A CCR pair's mean advantage, its sample sd and t interval (null below two judgments), summed
 * in ascending order: the same bits whatever order the judgments are stored in.
 */
function meanDifference(
  advantages: readonly number[],
): Pick<ComparisonPair, "meanDiff" | "sd" | "meanDiffCi95"> {
  const x = Float64Array.from(advantages).sort();
  const n = x.length;
  let sum = 0;
  for (const v of x) sum += v;
  const mean = sum / n;
  if (n < 2) return { meanDiff: mean, sd: null, meanDiffCi95: null };
  let ss = 0;
  for (const v of x) ss += (v - mean) * (v - mean);
  const sd = Math.sqrt(ss / (n - 1));
  const half = (tQuantile(0.975, n - 1) * sd) / Math.sqrt(n);
  return { meanDiff: mean, sd, meanDiffCi95: [mean - half, mean + half] };
}

/** Strengths, ranks and the listener bootstrap's intervals of the items of `tallies`. */
function bradleyTerry(
  tallies: readonly PairTally[],
  byListener: ReadonlyMap<string, readonly { x: string; y: string; pref: "x" | "y" | null }[]>,
  seed: string,
  B: number,
): Record<string, ItemStrength> {
  const items = [...new Set(tallies.flatMap((t) => [t.a, t.b]))].sort(byCodeUnit);
  const K = items.length;
  if (K === 0) return idRecord();
  const index = new Map(items.map((item, i) => [item, i]));
  // Each listener's cells of the win matrix (i·K + j) and weights: one for a win, half each
  // way for a tie.
  const listeners = [...byListener.keys()].sort(byCodeUnit);
  const starts = new Int32Array(listeners.length + 1);
  const cells: number[] = [];
  const weights: number[] = [];
  listeners.forEach((id, l) => {
    for (const { x, y, pref } of byListener.get(id) ?? []) {
      const i = index.get(x) as number;
      const j = index.get(y) as number;
      if (pref === "x") {
        cells.push(i * K + j);
        weights.push(1);
      } else if (pref === "y") {
        cells.push(j * K + i);
        weights.push(1);
      } else {
        cells.push(i * K + j, j * K + i);
        weights.push(0.5, 0.5);
      }
    }
    starts[l + 1] = cells.length;
  });
  const w = new Float64Array(K * K);
  const add = (l: number) => {
    for (let c = starts[l] as number; c < (starts[l + 1] as number); c++) {
      const cell = cells[c] as number;
      w[cell] = (w[cell] as number) + (weights[c] as number);
    }
  };
  for (let l = 0; l < listeners.length; l++) add(l);
  const fit = bradleyTerryFit(w, K);
  const strength = centred(fit);

  const L = listeners.length;
  const draws = items.map(() => new Float64Array(B));
  const g = seededRandom(`${seed}/bradley-terry`);
  for (let r = 0; r < B; r++) {
    w.fill(0);
    for (let d = 0; d < L; d++) add(Math.floor(g() * L));
    const s = centred(bradleyTerryFit(w, K));
    for (let i = 0; i < K; i++) (draws[i] as Float64Array)[r] = s[i] as number;
  }
  const lo = Math.ceil(0.025 * B) - 1;
  const hi = Math.ceil(0.975 * B) - 1;
  // Item names are any strings ("__proto__" included): a record without a prototype.
  const out = idRecord<ItemStrength>();
  items.forEach((item, i) => {
    const si = strength[i] as number;
    let rank = 1;
    for (let j = 0; j < K; j++) if ((strength[j] as number) > si) rank++;
    const sortedDraws = (draws[i] as Float64Array).sort();
    out[item] = {
      strength: si,
      rank,
      ci95: [sortedDraws[Math.max(0, lo)] as number, sortedDraws[Math.max(0, hi)] as number],
    };
  });
  return out;
}

function qualificationSummary(
  pairs: number,
  passAccuracy: number,
  pretest: ReadonlyMap<string, { trials: number; correct: number }>,
): QualificationSummary {
  const counts = new Map<number, number>();
  let passed = 0;
  for (const { trials, correct } of pretest.values()) {
    const accuracy = correct / trials;
    if (accuracy >= passAccuracy) passed++;
    counts.set(accuracy, (counts.get(accuracy) ?? 0) + 1);
  }
  return {
    pairs,
    passAccuracy,
    participants: pretest.size,
    passed,
    histogram: [...counts.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([accuracy, participants]) => ({ accuracy, participants })),
  };
}
