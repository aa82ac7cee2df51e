// Listening-test scores (docs/spec/statistics.md, "Listening-test scores (MOS)"): the mean
// opinion score of each system with its Student-t 95 % interval, and each pair of systems
// compared by the Wilcoxon signed-rank test on per-sentence mean ratings (exact for up to 25
// differences without ties, else the normal approximation with the tie correction), with
// Holm's step-down adjustment over every pair of the report.
import normalCdf from "@stdlib/stats-base-dists-normal-cdf";
import tCdf from "@stdlib/stats-base-dists-t-cdf";
import type { AnnotationFile, Clip, Submission } from "../interchange/types.ts";
import { pow } from "../util/math.ts";
import { anovaTablesOfLevels } from "./anova.ts";
import { rankOf, rankRuns } from "./correlation.ts";
import { NO_SYSTEM } from "./errorTypes.ts";
import { byCodeUnit, IdLookup, sortedBy } from "./records.ts";
import type { Mos, MosPair, SystemMos } from "./report.ts";
import { sortAscending } from "./sortFew.ts";

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
  let m = 0;
  for (let i = 0; i < d.length; i++) if (d[i] !== 0) m++;
  if (m === 0) return { w: 0, p: null };
  // |d| of the non-zero differences, and which are positive.
  const abs = new Float64Array(m);
  const positive = new Uint8Array(m);
  for (let i = 0, k = 0; i < d.length; i++) {
    const x = d[i] as number;
    if (x === 0) continue;
    abs[k] = Math.abs(x);
    positive[k] = x > 0 ? 1 : 0;
    k++;
  }
  // Runs of equal |d| in ascending order: their average ranks, and the tie sizes.
  const runs = rankRuns(abs.slice().sort());
  const tied = runs.runs < m;
  // W: the positive differences' ranks (half-integers, exact in any order).
  let w = 0;
  for (let k = 0; k < m; k++) if (positive[k]) w += rankOf(runs, abs[k] as number);
  if (m <= EXACT_MAX && !tied) {
    const counts = signedRankCounts(m);
    const total = pow(2, m);
    let below = 0; // P(W <= w) * 2^m
    for (let s = 0; s <= w; s++) below += counts[s] as number;
    let above = 0; // P(W >= w) * 2^m
    for (let s = w; s < counts.length; s++) above += counts[s] as number;
    return { w, p: Math.min(1, (2 * Math.min(below, above)) / total) };
  }
  const variance = (m * (m + 1) * (2 * m + 1)) / 24 - runs.ties / 48;
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
export function meanAscending(x: Float64Array): number {
  // A sorted copy and a loop: the same sum as Float64Array.from(x).sort().reduce((a, b) => a + b,
  // 0), without an iterator and a callback per value (100,000 WERs here). Typed arrays only: a
  // caller that passed plain arrays too made V8 throw the optimized code away at each switch
  // (53 times in one report of 10 systems).
  const sorted = x.slice().sort();
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) sum += sorted[i] as number;
  return sum / x.length;
}

/**
 * The sum of values[0 … n − 1] in ascending order (meanAscending's sum), sorting them in place: an
 * insertion sort for a few (a sentence's handful of ratings), the typed array's sort otherwise.
 * Equal values are interchangeable, so the order, and the sum, are those of the typed sort.
 */
function sumAscending(values: Float64Array, n: number): number {
  sortAscending(values, n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] as number;
  return sum;
}

/** Distinct names in code-unit order, and each name's index. */
function numbered(names: Iterable<string>): { names: string[]; at: Map<string, number> } {
  const sorted = [...new Set(names)].sort(byCodeUnit);
  return { names: sorted, at: new Map(sorted.map((n, i) => [n, i])) };
}

/**
 * The `mos` object of the report. The ratings are read once into typed arrays (clip, rater,
 * score), every name is numbered in code-unit order, and the ratings are sorted by (system,
 * sentence) with two counting sorts: the per-system and per-sentence lists below are those
 * lists, each sorted ascending before it is summed, so no sum depends on the order of the file's
 * submissions (a study read back from the browser's database lists them by key, not as
 * imported).
 */
export function computeMos(file: AnnotationFile): Mos {
  const clips = file.clips;
  const C = clips.length;
  // Ratings mostly come in clip order: found by looking ahead, an id index only when needed.
  const lookup = new IdLookup(clips, []);
  const submissions = file.submissions;
  const ratingClip = new Int32Array(submissions.length);
  const score = new Float64Array(submissions.length);
  const raterIds: string[] = [];
  let N = 0;
  for (let k = 0; k < submissions.length; k++) {
    const s = submissions[k] as Submission;
    if (typeof s.score !== "number") continue;
    const c = lookup.clipIndex(s.clipId);
    if (c < 0) continue;
    ratingClip[N] = c;
    score[N] = s.score;
    raterIds.push(s.annotatorId);
    N++;
  }
  // Names of the rated clips: systems, sentences (for the pairs: clips with a sentence) and the
  // ANOVA's stimuli (a clip without a sentence is one of its own).
  const rated = new Uint8Array(C);
  for (let i = 0; i < N; i++) rated[ratingClip[i] as number] = 1;
  const systemNames: string[] = [];
  const sentenceNames: string[] = [];
  const stimulusNames: string[] = [];
  for (let c = 0; c < C; c++) {
    if (!rated[c]) continue;
    const clip = clips[c] as Clip;
    systemNames.push(clip.system ?? NO_SYSTEM);
    if (clip.sentence !== undefined) sentenceNames.push(clip.sentence);
    stimulusNames.push(clip.sentence ?? `clip:${clip.id}`);
  }
  const systems = numbered(systemNames);
  const sentences = numbered(sentenceNames);
  const stimuli = numbered(stimulusNames);
  const raters = numbered(raterIds);
  const S = systems.names.length;
  const M = sentences.names.length;
  const clipSystem = new Int32Array(C);
  const clipSentence = new Int32Array(C);
  const clipStimulus = new Int32Array(C);
  for (let c = 0; c < C; c++) {
    if (!rated[c]) continue;
    const clip = clips[c] as Clip;
    clipSystem[c] = systems.at.get(clip.system ?? NO_SYSTEM) as number;
    // Ratings of clips without a sentence sort after every sentence (index M).
    clipSentence[c] = clip.sentence === undefined ? M : (sentences.at.get(clip.sentence) as number);
    clipStimulus[c] = stimuli.at.get(clip.sentence ?? `clip:${clip.id}`) as number;
  }
  const system = new Int32Array(N);
  const sentence = new Int32Array(N);
  const stimulus = new Int32Array(N);
  const rater = new Int32Array(N);
  let lastId: string | undefined;
  let lastRater = -1;
  for (let i = 0; i < N; i++) {
    const c = ratingClip[i] as number;
    system[i] = clipSystem[c] as number;
    sentence[i] = clipSentence[c] as number;
    stimulus[i] = clipStimulus[c] as number;
    const id = raterIds[i] as string;
    if (id !== lastId) {
      lastId = id;
      lastRater = raters.at.get(id) as number;
    }
    rater[i] = lastRater;
  }
  // Ratings sorted by (system, sentence): a stable counting sort by sentence, then by system.
  const { offsets, order } = sortedBy(system, sentence, S, M + 1);

  // Object.fromEntries, not assignment: a system may be called "__proto__".
  const entries: [string, SystemMos][] = [];
  // Each system's sentences (ascending index = code-unit order) and their mean ratings.
  const sentenceLists: { index: Int32Array; mean: Float64Array }[] = [];
  const seen = new Int32Array(raters.names.length).fill(-1);
  // One cell's ratings (a sentence of a system), summed ascending.
  let cell = new Float64Array(16);
  for (let k = 0; k < S; k++) {
    const lo = offsets[k] as number;
    const hi = offsets[k + 1] as number;
    const n = hi - lo;
    let raterCount = 0;
    const x = new Float64Array(n);
    for (let j = lo; j < hi; j++) {
      const i = order[j] as number;
      x[j - lo] = score[i] as number;
      const r = rater[i] as number;
      if (seen[r] !== k) {
        seen[r] = k;
        raterCount++;
      }
    }
    // A typed array sorts numbers ascending without a comparator call per step.
    x.sort();
    let sum = 0;
    for (let j = 0; j < n; j++) sum += x[j] as number;
    const mean = sum / n;
    let sd: number | null = null;
    let ci95: [number, number] | null = null;
    if (n >= 2) {
      // (v − mean) squared by multiplication: `**` is not correctly rounded in every V8 tier,
      // and the browser's report must equal the command line's to the bit.
      let squares = 0;
      for (let j = 0; j < n; j++) {
        const d = (x[j] as number) - mean;
        squares += d * d;
      }
      sd = Math.sqrt(squares / (n - 1));
      const half = (tQuantile(0.975, n - 1) * sd) / Math.sqrt(n);
      ci95 = [mean - half, mean + half];
    }
    entries.push([systems.names[k] as string, { n, raters: raterCount, mean, sd, ci95 }]);
    if (cell.length < n) cell = new Float64Array(n);
    // The system's per-sentence means: runs of one sentence in its sorted ratings.
    const index: number[] = [];
    const means: number[] = [];
    for (let j = lo; j < hi; ) {
      const m = sentence[order[j] as number] as number;
      if (m === M) break;
      let end = j;
      while (end < hi && sentence[order[end] as number] === m) end++;
      for (let q = j; q < end; q++) cell[q - j] = score[order[q] as number] as number;
      index.push(m);
      means.push(sumAscending(cell, end - j) / (end - j));
      j = end;
    }
    sentenceLists.push({ index: Int32Array.from(index), mean: Float64Array.from(means) });
  }
  const bySystem: Record<string, SystemMos> = Object.fromEntries(entries);
  const pairs: MosPair[] = [];
  for (let i = 0; i < S; i++) {
    for (let j = i + 1; j < S; j++) {
      const sa = sentenceLists[i] as { index: Int32Array; mean: Float64Array };
      const sb = sentenceLists[j] as { index: Int32Array; mean: Float64Array };
      // The sentences both were rated on, in code-unit order: a merge of the two lists.
      const d: number[] = [];
      let q = 0;
      for (let p = 0; p < sa.index.length; p++) {
        const m = sa.index[p] as number;
        while (q < sb.index.length && (sb.index[q] as number) < m) q++;
        if (q < sb.index.length && sb.index[q] === m) {
          d.push(roundDiff((sa.mean[p] as number) - (sb.mean[q] as number)));
        }
      }
      const { w, p } = signedRank(d);
      pairs.push({
        a: systems.names[i] as string,
        b: systems.names[j] as string,
        sentences: d.length,
        meanDiff: d.length > 0 ? meanAscending(Float64Array.from(d)) : null,
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
  return {
    bySystem,
    pairs,
    anova: anovaTablesOfLevels(
      { index: system, count: S },
      { index: stimulus, count: stimuli.names.length },
      { index: rater, count: raters.names.length },
      score.subarray(0, N),
    ),
  };
}
