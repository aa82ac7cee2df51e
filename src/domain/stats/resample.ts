// Resampling estimates of the listening test (issue 9, item 4; beyond docs/spec/statistics.md,
// and labelled so wherever shown):
//
// - a bootstrap 95 % interval of each system's MOS that resamples raters and sentences together
//   (ratings of one rater, and of one sentence, are not independent, so the t interval is too
//   narrow): each replicate draws raters and sentences with replacement, and a rating counts as
//   often as its rater and its sentence were drawn;
// - "how many stimuli do I need" (Taylor & Richmond, Interspeech 2021): for growing numbers of
//   sentences, drawn at random, the mean width of the systems' t intervals and the Frobenius
//   norm of the matrix of Holm-adjusted p-values (small = systems told apart).
//
// Seeded: the same seed gives the same numbers. Clips without a sentence count as a sentence
// of their own.
import { seededRandom } from "../random.ts";
import type { AnnotationFile } from "../types.ts";
import { NO_SYSTEM } from "./errorTypes.ts";
import { computeMos } from "./mos.ts";
import { byCodeUnit } from "./records.ts";

export interface BootstrapOptions {
  seed?: string;
  replicates?: number;
}

interface Rating {
  system: string;
  rater: number;
  sentence: number;
  score: number;
}

/**
 * The ratings with their rater and sentence as indices. Indices follow the ids' code-unit
 * order and the list is sorted, so the estimates do not depend on the order of the file's rows
 * (a study read back from the browser's database lists them by key).
 */
function ratingsOf(file: AnnotationFile) {
  const clips = new Map(file.clips.map((c) => [c.id, c]));
  const raw: { system: string; rater: string; sentence: string; score: number }[] = [];
  for (const s of file.submissions) {
    if (typeof s.score !== "number") continue;
    const clip = clips.get(s.clipId);
    if (!clip) continue;
    raw.push({
      system: clip.system ?? NO_SYSTEM,
      rater: s.annotatorId,
      sentence: clip.sentence === undefined ? `clip:${clip.id}` : `s:${clip.sentence}`,
      score: s.score,
    });
  }
  const raterIds = [...new Set(raw.map((r) => r.rater))].sort(byCodeUnit);
  const sentenceIds = [...new Set(raw.map((r) => r.sentence))].sort(byCodeUnit);
  const raterIndex = new Map(raterIds.map((id, i) => [id, i]));
  const sentenceIndex = new Map(sentenceIds.map((id, i) => [id, i]));
  const ratings: Rating[] = raw
    .map((r) => ({
      system: r.system,
      rater: raterIndex.get(r.rater) as number,
      sentence: sentenceIndex.get(r.sentence) as number,
      score: r.score,
    }))
    .sort(
      (a, b) =>
        byCodeUnit(a.system, b.system) ||
        a.rater - b.rater ||
        a.sentence - b.sentence ||
        a.score - b.score,
    );
  return { ratings, raters: raterIds.length, sentences: sentenceIds.length };
}

/** The q-quantile (0…1) of sorted values, by linear interpolation (numpy's default). */
export function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  return a + ((sorted[hi] as number) - a) * (pos - lo);
}

/**
 * Per system, the percentile 95 % interval of its MOS over `replicates` (default 1000)
 * two-way bootstrap replicates; null for a system whose replicates never have a rating.
 */
export function bootstrapMos(
  file: AnnotationFile,
  options: BootstrapOptions = {},
): Record<string, [number, number] | null> {
  const { ratings, raters, sentences } = ratingsOf(file);
  const systems = [...new Set(ratings.map((r) => r.system))].sort(byCodeUnit);
  const replicates = options.replicates ?? 1000;
  const random = seededRandom(options.seed ?? "redpen-bootstrap");
  const samples = new Map<string, number[]>(systems.map((s) => [s, []]));
  const rCount = new Float64Array(raters);
  const sCount = new Float64Array(sentences);
  for (let b = 0; b < replicates; b++) {
    rCount.fill(0);
    sCount.fill(0);
    for (let i = 0; i < raters; i++) {
      const k = Math.floor(random() * raters);
      rCount[k] = (rCount[k] as number) + 1;
    }
    for (let i = 0; i < sentences; i++) {
      const k = Math.floor(random() * sentences);
      sCount[k] = (sCount[k] as number) + 1;
    }
    const sum = new Map<string, number>();
    const weight = new Map<string, number>();
    for (const r of ratings) {
      const w = (rCount[r.rater] as number) * (sCount[r.sentence] as number);
      if (w === 0) continue;
      sum.set(r.system, (sum.get(r.system) ?? 0) + w * r.score);
      weight.set(r.system, (weight.get(r.system) ?? 0) + w);
    }
    for (const system of systems) {
      const w = weight.get(system);
      if (w) samples.get(system)?.push((sum.get(system) as number) / w);
    }
  }
  const out: Record<string, [number, number] | null> = {};
  const entries: [string, [number, number] | null][] = systems.map((system) => {
    const values = (samples.get(system) as number[]).sort((a, b) => a - b);
    return [system, values.length < 2 ? null : [quantile(values, 0.025), quantile(values, 0.975)]];
  });
  return Object.assign(out, Object.fromEntries(entries));
}

export interface StimuliPoint {
  sentences: number;
  /** Mean width of the systems' t intervals (systems with one), averaged over the draws. */
  ciWidth: number | null;
  /** Frobenius norm of the Holm-adjusted p-values of the testable pairs, averaged over draws. */
  pNorm: number | null;
}

/**
 * How the t intervals and the p-value matrix change with the number of sentences: for each
 * size (5, 10, 20, 40 … and all), `draws` random sets of that many sentences (default 20).
 */
export function stimuliCurve(
  file: AnnotationFile,
  options: { seed?: string; draws?: number } = {},
): StimuliPoint[] {
  const clips = new Map(file.clips.map((c) => [c.id, c]));
  const keyOf = (clipId: string) => {
    const clip = clips.get(clipId);
    return clip?.sentence === undefined ? `clip:${clipId}` : `s:${clip.sentence}`;
  };
  const all = [
    ...new Set(
      file.submissions.filter((s) => typeof s.score === "number").map((s) => keyOf(s.clipId)),
    ),
  ].sort(byCodeUnit);
  const sizes: number[] = [];
  for (let n = 5; n < all.length; n *= 2) sizes.push(n);
  if (all.length > 0) sizes.push(all.length);
  const random = seededRandom(options.seed ?? "redpen-stimuli");
  const draws = options.draws ?? 20;
  return sizes.map((n) => {
    const widths: number[] = [];
    const norms: number[] = [];
    for (let d = 0; d < (n === all.length ? 1 : draws); d++) {
      // A partial Fisher–Yates shuffle: n distinct sentences.
      const pool = [...all];
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(random() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
      }
      const chosen = new Set(pool.slice(0, n));
      const mos = computeMos({
        ...file,
        submissions: file.submissions.filter((s) => chosen.has(keyOf(s.clipId))),
      });
      const w = Object.values(mos.bySystem)
        .map((m) => (m.ci95 ? m.ci95[1] - m.ci95[0] : null))
        .filter((x): x is number => x !== null);
      if (w.length > 0) widths.push(w.reduce((a, b) => a + b, 0) / w.length);
      const ps = mos.pairs.map((p) => p.pHolm).filter((p): p is number => p !== null);
      if (ps.length > 0) norms.push(Math.sqrt(ps.reduce((a, p) => a + p * p, 0)));
    }
    const mean = (x: number[]) => (x.length === 0 ? null : x.reduce((a, b) => a + b, 0) / x.length);
    return { sentences: n, ciWidth: mean(widths), pNorm: mean(norms) };
  });
}
