// Listening-test scores (docs/spec/statistics.md, "Listening-test scores (MOS)"): the mean
// opinion score of each system with its Student-t 95 % interval, and each pair of systems
// compared by the Wilcoxon signed-rank test on per-sentence mean ratings (exact for up to 25
// differences without ties, else the normal approximation with the tie correction), with
// Holm's step-down adjustment over every pair of the report.
import normalCdf from "@stdlib/stats-base-dists-normal-cdf";
import tCdf from "@stdlib/stats-base-dists-t-cdf";
import type { AnnotationFile } from "../interchange/types.ts";
import { type AnovaObservation, anovaTables } from "./anova.ts";
import { averageRanks } from "./correlation.ts";
import { NO_SYSTEM } from "./errorTypes.ts";
import { pow } from "./math.ts";
import { byCodeUnit } from "./records.ts";
import type { Mos, MosPair, SystemMos } from "./report.ts";

/**
 * The Student t quantile for probability `p` (> 0.5) with `df` degrees of freedom: the root of
 * the t CDF found by bisection to the last bit (the CDF is monotone; about 60 evaluations). The
 * closed forms for 1 and 2 degrees of freedom (tan(π(p − ½)); (2p − 1)/√(2p(1 − p))) check it.
 */
export function tQuantile(p: number, df: number): number {
  let lo = 0;
  let hi = 1;
  while (tCdf(hi, df) < p) {
    lo = hi;
    hi *= 2;
  }
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (tCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The largest number of differences whose null distribution is counted exactly. */
export const EXACT_MAX = 25;

/**
 * How many of the 2^m sign assignments give each signed-rank sum 0 … m(m+1)/2 (ranks 1…m).
 * Counts stay below 2^25, exact in doubles.
 */
export function signedRankCounts(m: number): number[] {
  const max = (m * (m + 1)) / 2;
  const counts = new Array<number>(max + 1).fill(0);
  counts[0] = 1;
  for (let r = 1; r <= m; r++) {
    for (let s = max; s >= r; s--) counts[s] = (counts[s] as number) + (counts[s - r] as number);
  }
  return counts;
}

/** Wilcoxon signed-rank test, two-sided, on differences `d` (zeros dropped) as the spec says. */
export function signedRank(d: readonly number[]): { w: number; p: number | null } {
  const nonZero = d.filter((x) => x !== 0);
  const m = nonZero.length;
  if (m === 0) return { w: 0, p: null };
  const abs = nonZero.map(Math.abs);
  const ranks = averageRanks(abs);
  let w = 0;
  for (let i = 0; i < m; i++) if ((nonZero[i] as number) > 0) w += ranks[i] as number;
  const groups = new Map<number, number>();
  for (const x of abs) groups.set(x, (groups.get(x) ?? 0) + 1);
  const tied = [...groups.values()].some((t) => t > 1);
  if (m <= EXACT_MAX && !tied) {
    const counts = signedRankCounts(m);
    const total = pow(2, m);
    let below = 0; // P(W <= w) * 2^m
    for (let s = 0; s <= w; s++) below += counts[s] as number;
    let above = 0; // P(W >= w) * 2^m
    for (let s = w; s < counts.length; s++) above += counts[s] as number;
    return { w, p: Math.min(1, (2 * Math.min(below, above)) / total) };
  }
  let tieSum = 0;
  for (const t of groups.values()) tieSum += t * t * t - t;
  const variance = (m * (m + 1) * (2 * m + 1)) / 24 - tieSum / 48;
  if (!(variance > 0)) return { w, p: null };
  const z = (w - (m * (m + 1)) / 4) / Math.sqrt(variance);
  return { w, p: 2 * (1 - normalCdf(Math.abs(z), 0, 1)) };
}

/** Holm's step-down adjustment of `p` (nulls stay null and are not counted). */
export function holm(p: readonly (number | null)[]): (number | null)[] {
  const order = p
    .map((value, index) => ({ value, index }))
    .filter((x): x is { value: number; index: number } => x.value !== null)
    .sort((x, y) => x.value - y.value || x.index - y.index);
  const k = order.length;
  const out: (number | null)[] = p.map(() => null);
  let running = 0;
  order.forEach(({ value, index }, j) => {
    running = Math.max(running, (k - j) * value);
    out[index] = Math.min(1, running);
  });
  return out;
}

/** A difference rounded to 1e-9, as the spec's pairs take it. */
export const roundDiff = (d: number) => Math.round(d * 1e9) / 1e9;

/** The mean of `x` summed in ascending order, so that the order of the records does not matter. */
export function meanAscending(x: readonly number[]): number {
  return (
    Float64Array.from(x)
      .sort()
      .reduce((a, b) => a + b, 0) / x.length
  );
}

/** The `mos` object of the report. */
export function computeMos(file: AnnotationFile): Mos {
  const scores = new Map<string, number[]>();
  const raters = new Map<string, Set<string>>();
  // system → sentence → ratings
  const bySentence = new Map<string, Map<string, number[]>>();
  const ratings: AnovaObservation[] = [];
  // Per clip, where its ratings go (found once per clip, not once per rating). Every list is
  // sorted or counted before use, so the order the ratings arrive in does not matter.
  interface Target {
    system: string;
    sentence: string;
    scores: number[];
    raters: Set<string>;
    sentenceScores: number[] | null;
  }
  const clips = new Map(file.clips.map((c) => [c.id, c]));
  const targets = new Map<string, Target>();
  const targetOf = (clipId: string): Target | undefined => {
    const known = targets.get(clipId);
    if (known) return known;
    const clip = clips.get(clipId);
    if (!clip) return undefined;
    const system = clip.system ?? NO_SYSTEM;
    if (!scores.has(system)) {
      scores.set(system, []);
      raters.set(system, new Set());
      bySentence.set(system, new Map());
    }
    let sentenceScores: number[] | null = null;
    if (clip.sentence !== undefined) {
      const sentences = bySentence.get(system) as Map<string, number[]>;
      sentenceScores = sentences.get(clip.sentence) ?? [];
      sentences.set(clip.sentence, sentenceScores);
    }
    const target: Target = {
      system,
      sentence: clip.sentence ?? `clip:${clip.id}`,
      scores: scores.get(system) as number[],
      raters: raters.get(system) as Set<string>,
      sentenceScores,
    };
    targets.set(clipId, target);
    return target;
  };
  for (const s of file.submissions) {
    if (typeof s.score !== "number") continue;
    const target = targetOf(s.clipId);
    if (!target) continue;
    ratings.push({
      system: target.system,
      sentence: target.sentence,
      listener: s.annotatorId,
      y: s.score,
    });
    target.scores.push(s.score);
    target.raters.add(s.annotatorId);
    target.sentenceScores?.push(s.score);
  }
  const systems = [...scores.keys()].sort(byCodeUnit);
  // Object.fromEntries, not assignment: a system may be called "__proto__".
  const entries: [string, SystemMos][] = [];
  for (const system of systems) {
    // In ascending order: the sums then do not depend on the order of the file's submissions
    // (a study read back from the browser's database lists them by key, not as imported).
    // A typed array sorts numbers without a comparator call per step: the same ascending order.
    const x = Float64Array.from(scores.get(system) as number[]).sort();
    const n = x.length;
    const mean = x.reduce((a, b) => a + b, 0) / n;
    let sd: number | null = null;
    let ci95: [number, number] | null = null;
    if (n >= 2) {
      // (v − mean) squared by multiplication: `**` is not correctly rounded in every V8 tier,
      // and the browser's report must equal the command line's to the bit.
      let squares = 0;
      for (const v of x) squares += (v - mean) * (v - mean);
      sd = Math.sqrt(squares / (n - 1));
      const half = (tQuantile(0.975, n - 1) * sd) / Math.sqrt(n);
      ci95 = [mean - half, mean + half];
    }
    entries.push([system, { n, raters: raters.get(system)?.size ?? 0, mean, sd, ci95 }]);
  }
  const bySystem: Record<string, SystemMos> = Object.fromEntries(entries);
  // Summed in ascending order, as above, so the order of the file's records does not matter.
  const meanOf = meanAscending;
  // Each system's per-sentence means, once (every pair of systems reads them).
  const sentenceMeans = new Map<string, Map<string, number>>();
  for (const [system, sentences] of bySentence) {
    sentenceMeans.set(system, new Map([...sentences].map(([k, v]) => [k, meanOf(v)])));
  }
  const pairs: MosPair[] = [];
  for (let i = 0; i < systems.length; i++) {
    for (let j = i + 1; j < systems.length; j++) {
      const a = systems[i] as string;
      const b = systems[j] as string;
      const sa = sentenceMeans.get(a) as Map<string, number>;
      const sb = sentenceMeans.get(b) as Map<string, number>;
      const d: number[] = [];
      for (const sentence of [...sa.keys()].sort(byCodeUnit)) {
        const mb = sb.get(sentence);
        if (mb !== undefined) d.push(roundDiff((sa.get(sentence) as number) - mb));
      }
      const { w, p } = signedRank(d);
      pairs.push({
        a,
        b,
        sentences: d.length,
        meanDiff: d.length > 0 ? meanOf(d) : null,
        w,
        p,
        pHolm: null,
      });
    }
  }
  const adjusted = holm(pairs.map((p) => p.p));
  pairs.forEach((pair, i) => {
    pair.pHolm = adjusted[i] ?? null;
  });
  return { bySystem, pairs, anova: anovaTables(ratings) };
}
