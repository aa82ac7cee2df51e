// The whole analysis of one interchange file in a single pass over its clips
// (docs/spec/statistics.md). Regions and submissions are grouped by clip with a counting sort;
// each clip's annotations get their bin vectors in one reused Uint8Array; pair agreement is
// accumulated as cell counts, never as concatenated vectors. 100,000 clips × 3 annotators take
// well under half a second in Node.
import type { AnnotationFile } from "../types.ts";
import { addUnits, alphaFromSums, emptyAlphaSums } from "./alpha.ts";
import { countBits, countBoth, markSpanBits, popcount, wordCount } from "./bitset.ts";
import { leastSquares, pearson, spearman } from "./correlation.ts";
import { kappaFromCells } from "./kappa.ts";
import type { AnnotatorQuality, ErrorTypeCounts, PairKappa, Report } from "./report.ts";
import { binCount, us } from "./time.ts";

/** How far ahead of the last match an id lookup looks before using an index, while it mostly hits. */
const GUESS_WINDOW = 64;
/** After this many misses, lookups look only two records ahead. */
const GUESS_MISSES = 1024;

/** Where clips without a `system` are counted in the error types. */
export const NO_SYSTEM = "(none)";

export interface AnalyzeOptions {
  /** Bin width in seconds; overrides `study.binSeconds`. */
  binSeconds?: number;
}

/** One clip's figures for the analysis screen's table. */
export interface ClipAgreement {
  clipId: string;
  name: string;
  system?: string;
  sentence?: string;
  isReference: boolean;
  /** Annotations of this clip (annotators with a submission or a region on it). */
  annotations: number;
  /** Bins of the clip, ceil(D / b). */
  bins: number;
  /** Mean of the defined pairwise kappas on this clip's bins; null with < 2 annotations or none defined. */
  meanKappa: number | null;
  /** Share of bins marked by at least one annotator; null with < 2 annotations. */
  unionFraction: number | null;
  /** Share of bins marked by every annotator; null with < 2 annotations. */
  overlapFraction: number | null;
  /** Mean annotated seconds over this clip's annotations; null with no annotation. */
  meanAnnotatedSeconds: number | null;
}

/** A clip kept in the score–length correlation. */
export interface ScatterPoint {
  clipId: string;
  system?: string;
  /** Mean annotated seconds of the clip's annotations. */
  length: number;
  score: number;
}

export interface Analysis {
  report: Report;
  clips: ClipAgreement[];
  scatter: ScatterPoint[];
  /** Least-squares line of score on length; null when pearson is null. */
  fit: { slope: number; intercept: number } | null;
}

interface PairAcc {
  a: number;
  b: number;
  clips: number;
  n: number;
  n11: number;
  n10: number;
  n01: number;
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Offsets (length groups + 1) and an order array putting items of group g at offsets[g]..offsets[g+1]. */
function groupBy(keys: Int32Array, groups: number): { offsets: Int32Array; order: Int32Array } {
  const offsets = new Int32Array(groups + 1);
  for (let i = 0; i < keys.length; i++) (offsets[(keys[i] as number) + 1] as number)++;
  for (let g = 0; g < groups; g++)
    offsets[g + 1] = (offsets[g + 1] as number) + (offsets[g] as number);
  const next = offsets.slice(0, groups);
  const order = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const g = keys[i] as number;
    order[next[g] as number] = i;
    next[g] = (next[g] as number) + 1;
  }
  return { offsets, order };
}

function mean(sum: number, count: number): number | null {
  return count > 0 ? sum / count : null;
}

/** Every figure of docs/spec/statistics.md plus the per-clip table and scatter of the analysis screen. */
export function analyze(file: AnnotationFile, options: AnalyzeOptions = {}): Analysis {
  return run(file, options, true);
}

/** The report object of docs/spec/statistics.md ("The report"); the same as `analyze(...).report`. */
export function computeReport(file: AnnotationFile, options: AnalyzeOptions = {}): Report {
  return run(file, options, false).report;
}

/** The analysis; without `detail` the per-clip rows and scatter points are not built (left empty). */
function run(file: AnnotationFile, options: AnalyzeOptions, detail: boolean): Analysis {
  const binSeconds = options.binSeconds ?? file.study.binSeconds ?? 0.1;
  const binUs = us(binSeconds);
  if (!Number.isFinite(binSeconds) || !(binUs >= 1)) {
    throw new Error(
      `binSeconds must be a positive number of seconds, at least 0.000001 (got ${binSeconds})`,
    );
  }

  // ---- Clips and annotators -------------------------------------------------------------------
  const clips = file.clips;
  const C = clips.length;
  const durUs = new Float64Array(C);
  const clipBins = new Int32Array(C);
  for (let c = 0; c < C; c++) {
    const clip = clips[c] as (typeof clips)[number];
    const d = us(clip.duration);
    durUs[c] = d;
    clipBins[c] = d > 0 ? binCount(d, binUs) : 0;
  }
  const annotatorIds = file.annotators.map((a) => a.id).sort(byCodeUnit);
  const A = annotatorIds.length;
  const annotatorIndex = new Map<string, number>();
  for (let a = 0; a < A; a++) annotatorIndex.set(annotatorIds[a] as string, a);

  // Records of one clip or annotator tend to come together, and often in clip order: look at
  // the last clip and a few after it (clips without records are skipped) before the id index.
  // Files in another order soon stop looking far ahead (GUESS_WINDOW to 2 after GUESS_MISSES).
  let lastClip = 0;
  let clipMisses = 0;
  let clipIndex: Map<string, number> | undefined;
  const clipOf = (id: string, array: string, index: number): number => {
    const stop = Math.min(C, lastClip + (clipMisses < GUESS_MISSES ? GUESS_WINDOW : 2));
    for (let k = lastClip; k < stop; k++) {
      if ((clips[k] as (typeof clips)[number]).id === id) {
        lastClip = k;
        return k;
      }
    }
    clipMisses++;
    if (clipIndex === undefined) {
      clipIndex = new Map();
      for (let k = 0; k < C; k++) clipIndex.set((clips[k] as (typeof clips)[number]).id, k);
    }
    const c = clipIndex.get(id);
    if (c === undefined) {
      throw new Error(`${array}[${index}].clipId: "${id}" is not a clip of this file`);
    }
    lastClip = c;
    return c;
  };
  let lastAnnotatorId: string | undefined;
  let lastAnnotator = -1;
  const annotatorOf = (id: string, array: string, index: number): number => {
    if (id === lastAnnotatorId) return lastAnnotator;
    const a = annotatorIndex.get(id);
    if (a === undefined) {
      throw new Error(`${array}[${index}].annotatorId: "${id}" is not an annotator of this file`);
    }
    lastAnnotatorId = id;
    lastAnnotator = a;
    return a;
  };

  // ---- Regions, clamped, grouped by clip and sorted by (annotator, start) within a clip ----------
  const regions = file.regions;
  const R = regions.length;
  const rClip = new Int32Array(R);
  const rAnn = new Int32Array(R);
  const rS = new Float64Array(R);
  const rE = new Float64Array(R);
  for (let i = 0; i < R; i++) {
    const r = regions[i] as (typeof regions)[number];
    const c = clipOf(r.clipId, "regions", i);
    rClip[i] = c;
    rAnn[i] = annotatorOf(r.annotatorId, "regions", i);
    rS[i] = us(r.start);
    const e = us(r.end);
    const d = durUs[c] as number;
    rE[i] = Math.min(e, d);
  }
  const byClip = groupBy(rClip, C);
  const rOffsets = byClip.offsets;
  const rOrder = byClip.order;
  const byAnnotatorThenStart = (x: number, y: number): number =>
    (rAnn[x] as number) - (rAnn[y] as number) || (rS[x] as number) - (rS[y] as number);
  for (let c = 0; c < C; c++) {
    const lo = rOffsets[c] as number;
    const hi = rOffsets[c + 1] as number;
    if (hi - lo > 32) {
      rOrder.subarray(lo, hi).sort(byAnnotatorThenStart);
      continue;
    }
    // Insertion sort: a clip usually holds a handful of regions.
    for (let j = lo + 1; j < hi; j++) {
      const idx = rOrder[j] as number;
      const a = rAnn[idx] as number;
      const s = rS[idx] as number;
      let k = j - 1;
      while (k >= lo) {
        const other = rOrder[k] as number;
        const oa = rAnn[other] as number;
        if (oa < a || (oa === a && (rS[other] as number) <= s)) break;
        rOrder[k + 1] = other;
        k--;
      }
      rOrder[k + 1] = idx;
    }
  }

  // ---- Submissions grouped by clip; clip scores from submissions ------------------------------
  const subs = file.submissions;
  lastClip = 0; // submissions start again from the first clip
  const S = subs.length;
  const sClip = new Int32Array(S);
  const sAnn = new Int32Array(S);
  const subScoreSum = new Float64Array(C);
  const subScoreCount = new Int32Array(C);
  for (let i = 0; i < S; i++) {
    const s = subs[i] as (typeof subs)[number];
    const c = clipOf(s.clipId, "submissions", i);
    sClip[i] = c;
    sAnn[i] = annotatorOf(s.annotatorId, "submissions", i);
    if (s.score !== undefined) {
      subScoreSum[c] = (subScoreSum[c] as number) + s.score;
      subScoreCount[c] = (subScoreCount[c] as number) + 1;
    }
  }
  const subsByClip = groupBy(sClip, C);

  // ---- The pass over clips --------------------------------------------------------------------
  const slotOf = new Int32Array(A).fill(-1);
  const slotAnn = new Int32Array(A);
  const slotUs = new Float64Array(A);
  const slotOnes = new Int32Array(A);
  let scratch = new Uint32Array(1024);

  const annCount = new Int32Array(A);
  const regCount = new Int32Array(A);
  const refMarked = new Float64Array(A);
  const refBins = new Float64Array(A);
  const clipAnnotated = new Uint8Array(C);
  const pairs = new Map<number, PairAcc>();

  let annotatedClips = 0;
  let annotations = 0;
  let durationSum = 0;
  let nonEmptyRegions = 0;
  let regionUsSum = 0;
  let clipKappaSum = 0;
  let clipKappaCount = 0;
  let perClipUndefined = 0;
  let multiBins = 0;
  let unionBins = 0;
  let overlapBins = 0;
  const alphaSums = emptyAlphaSums();
  const lengths: number[] = [];
  const scores: number[] = [];
  const scatter: ScatterPoint[] = [];
  const clipRows: ClipAgreement[] = detail ? new Array(C) : [];
  // Without detail every clip writes its figures into this one throw-away row.
  const scratchRow: ClipAgreement = {
    clipId: "",
    name: "",
    isReference: false,
    annotations: 0,
    bins: 0,
    meanKappa: null,
    unionFraction: null,
    overlapFraction: null,
    meanAnnotatedSeconds: null,
  };

  for (let c = 0; c < C; c++) {
    const clip = clips[c] as (typeof clips)[number];
    const K = clipBins[c] as number;
    const rLo = rOffsets[c] as number;
    const rHi = rOffsets[c + 1] as number;
    const sLo = subsByClip.offsets[c] as number;
    const sHi = subsByClip.offsets[c + 1] as number;

    let m = 0;
    for (let j = sLo; j < sHi; j++) {
      const a = sAnn[subsByClip.order[j] as number] as number;
      if ((slotOf[a] as number) < 0) {
        slotOf[a] = m;
        slotAnn[m++] = a;
      }
    }
    for (let j = rLo; j < rHi; j++) {
      const a = rAnn[rOrder[j] as number] as number;
      if ((slotOf[a] as number) < 0) {
        slotOf[a] = m;
        slotAnn[m++] = a;
      }
    }

    let row = scratchRow;
    if (detail) {
      row = {
        clipId: clip.id,
        name: clip.name,
        isReference: clip.isReference === true,
        annotations: m,
        bins: K,
        meanKappa: null,
        unionFraction: null,
        overlapFraction: null,
        meanAnnotatedSeconds: null,
      };
      if (clip.system !== undefined) row.system = clip.system;
      if (clip.sentence !== undefined) row.sentence = clip.sentence;
      clipRows[c] = row;
    }
    if (m === 0) continue;

    // Slots in annotator order (= id order), so slot pairs (i < j) are pairs (a < b).
    for (let i = 1; i < m; i++) {
      const v = slotAnn[i] as number;
      let k = i - 1;
      while (k >= 0 && (slotAnn[k] as number) > v) {
        slotAnn[k + 1] = slotAnn[k] as number;
        k--;
      }
      slotAnn[k + 1] = v;
    }
    for (let i = 0; i < m; i++) {
      slotOf[slotAnn[i] as number] = i;
      slotUs[i] = 0;
    }

    // Each annotation's bin vector: W words of 32 bins at slot * W (bitset.ts).
    const W = wordCount(K);
    const need = m * W;
    if (scratch.length < need) scratch = new Uint32Array(Math.max(need, scratch.length * 2));
    scratch.fill(0, 0, need);

    // Regions come sorted by (annotator, start): mark bins and sweep the union per annotator.
    let curAnn = -1;
    let curS = 0;
    let curE = 0;
    for (let j = rLo; j < rHi; j++) {
      const idx = rOrder[j] as number;
      const s = rS[idx] as number;
      const e = rE[idx] as number;
      if (e <= s) continue;
      const a = rAnn[idx] as number;
      const slot = slotOf[a] as number;
      nonEmptyRegions++;
      regCount[a] = (regCount[a] as number) + 1;
      regionUsSum += e - s;
      markSpanBits(scratch, slot * W, K, s, e, binUs);
      if (a !== curAnn) {
        if (curAnn >= 0) {
          const cs = slotOf[curAnn] as number;
          slotUs[cs] = (slotUs[cs] as number) + (curE - curS);
        }
        curAnn = a;
        curS = s;
        curE = e;
      } else if (s <= curE) {
        if (e > curE) curE = e;
      } else {
        slotUs[slot] = (slotUs[slot] as number) + (curE - curS);
        curS = s;
        curE = e;
      }
    }
    if (curAnn >= 0) {
      const cs = slotOf[curAnn] as number;
      slotUs[cs] = (slotUs[cs] as number) + (curE - curS);
    }

    clipAnnotated[c] = 1;
    annotatedClips++;
    annotations += m;
    durationSum += clip.duration;
    let secondsSum = 0;
    for (let i = 0; i < m; i++) {
      const a = slotAnn[i] as number;
      annCount[a] = (annCount[a] as number) + 1;
      secondsSum += (slotUs[i] as number) / 1e6;
    }
    const meanSeconds = secondsSum / m;
    row.meanAnnotatedSeconds = meanSeconds;

    for (let i = 0; i < m; i++) slotOnes[i] = countBits(scratch, i * W, W);
    if (clip.isReference === true) {
      for (let i = 0; i < m; i++) {
        const a = slotAnn[i] as number;
        refMarked[a] = (refMarked[a] as number) + (slotOnes[i] as number);
        refBins[a] = (refBins[a] as number) + K;
      }
    }

    if (m >= 2) {
      // Bins marked by anyone (OR of the vectors) and by everyone (AND).
      let clipUnion = 0;
      let clipOverlap = 0;
      for (let w = 0; w < W; w++) {
        let any = 0;
        let all = 0xffffffff;
        for (let i = 0; i < m; i++) {
          const word = scratch[i * W + w] as number;
          any |= word;
          all &= word;
        }
        clipUnion += popcount(any >>> 0);
        clipOverlap += popcount(all >>> 0);
      }
      multiBins += K;
      unionBins += clipUnion;
      overlapBins += clipOverlap;
      row.unionFraction = K > 0 ? clipUnion / K : null;
      row.overlapFraction = K > 0 ? clipOverlap / K : null;

      // Pairs: n11 from the words; n10 = ones(i) - n11, n01 = ones(j) - n11.
      let kappaSum = 0;
      let kappaCount = 0;
      let ones = 0;
      let bothSum = 0;
      for (let i = 0; i < m; i++) {
        const ai = slotAnn[i] as number;
        ones += slotOnes[i] as number;
        for (let j = i + 1; j < m; j++) {
          const n11 = countBoth(scratch, i * W, j * W, W);
          bothSum += n11;
          const n10 = (slotOnes[i] as number) - n11;
          const n01 = (slotOnes[j] as number) - n11;
          const kappa = kappaFromCells(n11, n10, n01, K - n11 - n10 - n01);
          if (kappa !== null) {
            kappaSum += kappa;
            kappaCount++;
          }
          const aj = slotAnn[j] as number;
          const key = ai * A + aj;
          let acc = pairs.get(key);
          if (acc === undefined) {
            acc = { a: ai, b: aj, clips: 0, n: 0, n11: 0, n10: 0, n01: 0 };
            pairs.set(key, acc);
          }
          acc.clips++;
          acc.n += K;
          acc.n11 += n11;
          acc.n10 += n10;
          acc.n01 += n01;
        }
      }
      // Alpha needs Σ over bins of n1 and of n1*(m - n1), n1 = annotators marking the bin:
      // Σ n1 = Σ ones(i), and Σ n1² = Σ ones(i) + 2 Σ_{i<j} n11(i, j) (marks are 0/1).
      addUnits(alphaSums, m, ones, m * ones - (ones + 2 * bothSum), K);

      if (kappaCount > 0) {
        const clipKappa = kappaSum / kappaCount;
        row.meanKappa = clipKappa;
        clipKappaSum += clipKappa;
        clipKappaCount++;
      } else {
        perClipUndefined++;
      }
    }

    const score =
      clip.score !== undefined
        ? clip.score
        : (subScoreCount[c] as number) > 0
          ? (subScoreSum[c] as number) / (subScoreCount[c] as number)
          : undefined;
    if (score !== undefined) {
      lengths.push(meanSeconds);
      scores.push(score);
      if (detail) {
        const point: ScatterPoint = { clipId: clip.id, length: meanSeconds, score };
        if (clip.system !== undefined) point.system = clip.system;
        scatter.push(point);
      }
    }

    for (let i = 0; i < m; i++) slotOf[slotAnn[i] as number] = -1;
  }

  // ---- Agreement ------------------------------------------------------------------------------
  const pairList: PairKappa[] = [];
  let pairKappaSum = 0;
  let pairKappaCount = 0;
  const sortedPairs = [...pairs.values()].sort((x, y) => x.a - y.a || x.b - y.b);
  for (const p of sortedPairs) {
    const kappa = kappaFromCells(p.n11, p.n10, p.n01, p.n - p.n11 - p.n10 - p.n01);
    if (kappa !== null) {
      pairKappaSum += kappa;
      pairKappaCount++;
    }
    pairList.push({
      a: annotatorIds[p.a] as string,
      b: annotatorIds[p.b] as string,
      clips: p.clips,
      bins: p.n,
      kappa,
    });
  }

  // ---- Correlation ----------------------------------------------------------------------------
  const pr = pearson(lengths, scores);
  const rho = spearman(lengths, scores);
  const fit = pr === null || !detail ? null : leastSquares(lengths, scores);

  // ---- Error types ----------------------------------------------------------------------------
  const taxonomyIds = file.taxonomy.map((t) => t.id);
  const T = taxonomyIds.length;
  const taxonomyIndex = new Map<string, number>();
  for (let t = 0; t < T; t++) taxonomyIndex.set(taxonomyIds[t] as string, t);
  const systemNames = new Set<string>();
  for (const clip of clips) systemNames.add(clip.system ?? NO_SYSTEM);
  const systems = [...systemNames].sort(byCodeUnit);
  const G = systems.length;
  const groupIndex = new Map<string, number>();
  for (let g = 0; g < G; g++) groupIndex.set(systems[g] as string, g);
  const groupOfClip = new Int32Array(C);
  const groupClips = new Int32Array(G);
  for (let c = 0; c < C; c++) {
    const g = groupIndex.get((clips[c] as (typeof clips)[number]).system ?? NO_SYSTEM) as number;
    groupOfClip[c] = g;
    if (clipAnnotated[c]) groupClips[g] = (groupClips[g] as number) + 1;
  }
  // Reason labels usually come in the order of their regions (an exported study lists both by
  // region id): look a little ahead of the last match first, and build an index of all region
  // ids only when a label is not there.
  let regionIndex: Map<string, number> | undefined;
  let cursor = 0;
  let regionMisses = 0;
  const regionOf = (id: string): number | undefined => {
    const stop = Math.min(R, cursor + (regionMisses < GUESS_MISSES ? GUESS_WINDOW : 2));
    for (let i = cursor; i < stop; i++) {
      if ((regions[i] as (typeof regions)[number]).id === id) {
        cursor = i;
        return i;
      }
    }
    regionMisses++;
    if (regionIndex === undefined) {
      regionIndex = new Map();
      for (let i = 0; i < R; i++) regionIndex.set((regions[i] as (typeof regions)[number]).id, i);
    }
    const i = regionIndex.get(id);
    if (i !== undefined) cursor = i;
    return i;
  };
  const reasonCounts = new Float64Array(G * T);
  const overallCounts = new Float64Array(T);
  const labels = file.reasonLabels;
  let reasonTotal = 0;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as (typeof labels)[number];
    const r = regionOf(label.regionId);
    if (r === undefined) {
      throw new Error(
        `reasonLabels[${i}].regionId: "${label.regionId}" is not a region of this file`,
      );
    }
    const c = rClip[r] as number;
    const base = (groupOfClip[c] as number) * T;
    const reasons = label.reasons;
    reasonTotal += reasons.length;
    for (let j = 0; j < reasons.length; j++) {
      const t = taxonomyIndex.get(reasons[j] as string);
      if (t === undefined) {
        throw new Error(
          `reasonLabels[${i}].reasons[${j}]: "${reasons[j]}" is not a taxonomy id of this file`,
        );
      }
      reasonCounts[base + t] = (reasonCounts[base + t] as number) + 1;
      overallCounts[t] = (overallCounts[t] as number) + 1;
    }
  }
  const perSample = (counts: Float64Array, offset: number, n: number): ErrorTypeCounts => {
    const out: Record<string, number | null> = {};
    for (let t = 0; t < T; t++)
      out[taxonomyIds[t] as string] = n > 0 ? (counts[offset + t] as number) / n : null;
    return { clips: n, perSample: out };
  };
  const bySystem: Record<string, ErrorTypeCounts> = {};
  for (let g = 0; g < G; g++)
    bySystem[systems[g] as string] = perSample(reasonCounts, g * T, groupClips[g] as number);

  // ---- Annotators -----------------------------------------------------------------------------
  const annotatorRows: AnnotatorQuality[] = [];
  for (let a = 0; a < A; a++) {
    annotatorRows.push({
      id: annotatorIds[a] as string,
      annotations: annCount[a] as number,
      regions: regCount[a] as number,
      referenceMarkedFraction:
        (refBins[a] as number) > 0 ? (refMarked[a] as number) / (refBins[a] as number) : null,
    });
  }

  const report: Report = {
    binSeconds,
    dataset: {
      clips: C,
      annotatedClips,
      annotations,
      meanDuration: mean(durationSum, annotatedClips),
      regionsPerAnnotation: mean(nonEmptyRegions, annotations),
      meanRegionLength: nonEmptyRegions > 0 ? regionUsSum / 1e6 / nonEmptyRegions : null,
      reasonLabelsPerRegion: mean(reasonTotal, labels.length),
    },
    agreement: {
      meanPairwiseKappa: mean(pairKappaSum, pairKappaCount),
      perClipMeanKappa: mean(clipKappaSum, clipKappaCount),
      perClipUndefined,
      krippendorffAlpha: alphaFromSums(alphaSums),
      unionFraction: multiBins > 0 ? unionBins / multiBins : null,
      overlapFraction: multiBins > 0 ? overlapBins / multiBins : null,
      pairs: pairList,
    },
    correlation: {
      n: lengths.length,
      pearson: pr?.r ?? null,
      p: pr?.p ?? null,
      ci95: pr?.ci95 ?? null,
      spearman: rho,
    },
    errorTypes: { overall: perSample(overallCounts, 0, annotatedClips), bySystem },
    annotators: annotatorRows,
  };
  return { report, clips: clipRows, scatter, fit };
}
