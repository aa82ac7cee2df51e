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

import type { AnnotationFile } from "../interchange/types.ts";
import { seededRandom } from "../util/random.ts";
import { annotatedSeconds } from "./bins.ts";
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

/** One bootstrap draw: `counts[i]` becomes how often item i was drawn, n draws of n items. */
function draw(counts: Float64Array, random: () => number): void {
  const n = counts.length;
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const k = Math.floor(random() * n);
    counts[k] = (counts[k] as number) + 1;
  }
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
 * two-way bootstrap replicates; null for a system rated fewer than twice.
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
  // Typed arrays in the replicate loop (it runs replicates × ratings times); the same sums, in
  // the same order, as per-system maps would give.
  const systemIndex = new Map(systems.map((name, i) => [name, i]));
  const n = ratings.length;
  const sys = new Int32Array(n);
  const rater = new Int32Array(n);
  const sentence = new Int32Array(n);
  const score = new Float64Array(n);
  ratings.forEach((r, i) => {
    sys[i] = systemIndex.get(r.system) as number;
    rater[i] = r.rater;
    sentence[i] = r.sentence;
    score[i] = r.score;
  });
  const rCount = new Float64Array(raters);
  const sCount = new Float64Array(sentences);
  const sum = new Float64Array(systems.length);
  const weight = new Float64Array(systems.length);
  for (let b = 0; b < replicates; b++) {
    draw(rCount, random);
    draw(sCount, random);
    sum.fill(0);
    weight.fill(0);
    for (let i = 0; i < n; i++) {
      const w = (rCount[rater[i] as number] as number) * (sCount[sentence[i] as number] as number);
      if (w === 0) continue;
      const k = sys[i] as number;
      sum[k] = (sum[k] as number) + w * (score[i] as number);
      weight[k] = (weight[k] as number) + w;
    }
    systems.forEach((system, k) => {
      const w = weight[k] as number;
      if (w) samples.get(system)?.push((sum[k] as number) / w);
    });
  }
  const out: Record<string, [number, number] | null> = {};
  const rated = new Map<string, number>();
  for (const r of ratings) rated.set(r.system, (rated.get(r.system) ?? 0) + 1);
  const entries: [string, [number, number] | null][] = systems.map((system) => {
    const values = (samples.get(system) as number[]).sort((a, b) => a - b);
    // One rating has no spread to resample, as it has no t interval.
    if ((rated.get(system) ?? 0) < 2 || values.length < 2) return [system, null];
    return [system, [quantile(values, 0.025), quantile(values, 0.975)]];
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

export interface SystemErrorBootstrap {
  /** Mean unnatural seconds per annotation (clip × annotator), and its bootstrap interval. */
  length: { mean: number; ci95: [number, number] | null } | null;
  /** Per error type, the bootstrap interval of reasons per annotated clip. */
  perSample: Record<string, [number, number] | null>;
}

/**
 * Bootstrap intervals of each system's unnatural length (mean annotated seconds per
 * annotation) and of each error type's reasons per annotated clip (the paper's Figure 3), by
 * the same two-way resampling of annotators and sentences: an annotation weighs its annotator's
 * times its sentence's draws; a clip's reasons weigh those of the span's annotator and sentence;
 * the annotated clips in the denominator weigh their sentence's draws.
 */
export function bootstrapErrorTypes(
  file: AnnotationFile,
  options: BootstrapOptions = {},
): Record<string, SystemErrorBootstrap> {
  const clips = new Map(file.clips.map((c) => [c.id, c]));
  const sentenceOf = (clipId: string) => {
    const c = clips.get(clipId);
    return c?.sentence === undefined ? `clip:${clipId}` : `s:${c.sentence}`;
  };
  // Annotations: (clip, annotator) with a submission or a region.
  const annotations = new Map<string, { clipId: string; annotatorId: string }>();
  const key = (c: string, a: string) => JSON.stringify([c, a]);
  for (const s of file.submissions) {
    if (clips.has(s.clipId)) annotations.set(key(s.clipId, s.annotatorId), s);
  }
  const spans = new Map<string, { start: number; end: number }[]>();
  const regionOf = new Map<string, { clipId: string; annotatorId: string }>();
  for (const r of file.regions) {
    if (!clips.has(r.clipId)) continue;
    const k = key(r.clipId, r.annotatorId);
    annotations.set(k, r);
    spans.set(k, [...(spans.get(k) ?? []), r]);
    regionOf.set(r.id, r);
  }
  const annotatorIds = [...new Set([...annotations.values()].map((a) => a.annotatorId))].sort(
    byCodeUnit,
  );
  const sentenceIds = [...new Set([...annotations.values()].map((a) => sentenceOf(a.clipId)))].sort(
    byCodeUnit,
  );
  const aIndex = new Map(annotatorIds.map((id, i) => [id, i]));
  const sIndex = new Map(sentenceIds.map((id, i) => [id, i]));
  const systemOf = (clipId: string) => clips.get(clipId)?.system ?? NO_SYSTEM;
  const types = file.taxonomy.map((t) => t.id);
  const systems = [...new Set(file.clips.map((c) => c.system ?? NO_SYSTEM))].sort(byCodeUnit);
  // Sorted lists, so the sums do not depend on the file's row order.
  const lengths = [...annotations.entries()]
    .sort(([x], [y]) => byCodeUnit(x, y))
    .map(([k, a]) => ({
      system: systemOf(a.clipId),
      a: aIndex.get(a.annotatorId) as number,
      s: sIndex.get(sentenceOf(a.clipId)) as number,
      seconds: annotatedSeconds(spans.get(k) ?? [], clips.get(a.clipId)?.duration ?? 0),
    }));
  const annotated = [...new Set([...annotations.values()].map((a) => a.clipId))]
    .sort(byCodeUnit)
    .map((clipId) => ({ system: systemOf(clipId), s: sIndex.get(sentenceOf(clipId)) as number }));
  const reasons = file.reasonLabels
    .filter((l) => regionOf.has(l.regionId))
    .flatMap((l) => {
      const r = regionOf.get(l.regionId) as { clipId: string; annotatorId: string };
      return l.reasons.map((type) => ({
        system: systemOf(r.clipId),
        type,
        a: aIndex.get(r.annotatorId) as number,
        s: sIndex.get(sentenceOf(r.clipId)) as number,
      }));
    })
    .sort(
      (x, y) =>
        byCodeUnit(x.system, y.system) || byCodeUnit(x.type, y.type) || x.a - y.a || x.s - y.s,
    );

  const replicates = options.replicates ?? 1000;
  const random = seededRandom(options.seed ?? "redpen-bootstrap-errors");
  // Typed arrays in the replicate loops (they run replicates × annotations and × reasons
  // times), in the sorted order above: the same sums as per-system maps would give.
  const S = systems.length;
  const T = types.length;
  const systemIndex = new Map(systems.map((name, i) => [name, i]));
  const typeIndex = new Map(types.map((id, i) => [id, i]));
  const lenSys = Int32Array.from(lengths, (l) => systemIndex.get(l.system) as number);
  const lenA = Int32Array.from(lengths, (l) => l.a);
  const lenS = Int32Array.from(lengths, (l) => l.s);
  const lenSeconds = Float64Array.from(lengths, (l) => l.seconds);
  const clipSys = Int32Array.from(annotated, (c) => systemIndex.get(c.system) as number);
  const clipS = Int32Array.from(annotated, (c) => c.s);
  // Reasons outside the taxonomy are not reported: left out here.
  const known = reasons.filter((r) => typeIndex.has(r.type));
  const reasonCell = Int32Array.from(
    known,
    (r) => (systemIndex.get(r.system) as number) * T + (typeIndex.get(r.type) as number),
  );
  const reasonA = Int32Array.from(known, (r) => r.a);
  const reasonS = Int32Array.from(known, (r) => r.s);
  const aCount = new Float64Array(annotatorIds.length);
  const sCount = new Float64Array(sentenceIds.length);
  const lenSum = new Float64Array(S);
  const lenW = new Float64Array(S);
  const clipsW = new Float64Array(S);
  const typeSum = new Float64Array(S * T);
  const lengthSamples: number[][] = systems.map(() => []);
  const typeSamples: number[][] = Array.from({ length: S * T }, () => []);
  for (let b = 0; b < replicates; b++) {
    draw(aCount, random);
    draw(sCount, random);
    lenSum.fill(0);
    lenW.fill(0);
    clipsW.fill(0);
    typeSum.fill(0);
    for (let i = 0; i < lenSys.length; i++) {
      const w = (aCount[lenA[i] as number] as number) * (sCount[lenS[i] as number] as number);
      if (w === 0) continue;
      const k = lenSys[i] as number;
      lenSum[k] = (lenSum[k] as number) + w * (lenSeconds[i] as number);
      lenW[k] = (lenW[k] as number) + w;
    }
    for (let i = 0; i < clipSys.length; i++) {
      const k = clipSys[i] as number;
      clipsW[k] = (clipsW[k] as number) + (sCount[clipS[i] as number] as number);
    }
    for (let i = 0; i < reasonCell.length; i++) {
      const w = (aCount[reasonA[i] as number] as number) * (sCount[reasonS[i] as number] as number);
      if (w === 0) continue;
      const k = reasonCell[i] as number;
      typeSum[k] = (typeSum[k] as number) + w;
    }
    for (let k = 0; k < S; k++) {
      const w = lenW[k] as number;
      if (w) lengthSamples[k]?.push((lenSum[k] as number) / w);
      const n = clipsW[k] as number;
      if (!n) continue;
      for (let t = 0; t < T; t++) typeSamples[k * T + t]?.push((typeSum[k * T + t] as number) / n);
    }
  }
  const interval = (values: number[] | undefined): [number, number] | null => {
    if (!values || values.length < 2) return null;
    const sorted = [...values].sort((x, y) => x - y);
    return [quantile(sorted, 0.025), quantile(sorted, 0.975)];
  };
  const entries: [string, SystemErrorBootstrap][] = systems.map((system) => {
    const own = lengths.filter((l) => l.system === system);
    const length =
      own.length === 0
        ? null
        : {
            mean: own.reduce((a, l) => a + l.seconds, 0) / own.length,
            ci95: interval(lengthSamples[systemIndex.get(system) as number]),
          };
    const perSample: Record<string, [number, number] | null> = Object.fromEntries(
      types.map((type, t) => [
        type,
        interval(typeSamples[(systemIndex.get(system) as number) * T + t]),
      ]),
    );
    return [system, { length, perSample }];
  });
  return Object.fromEntries(entries);
}
