// The pass over clips (docs/spec/statistics.md): for each clip, its annotations' bin vectors
// (packed 32 bins to a word, in one reused buffer), annotated seconds, per-clip kappa, union and
// overlap, and the sums that the pooled figures need: pair cell counts, alpha sums, per-annotator
// counts, and the score–length points. Its parts: the clip's annotations and their vectors
// (clipVectors.ts), the pair sums (pairSums.ts), and here the walk over clips, the figures of
// one annotated clip and the agreement of its annotations.
import type { AnnotationFile } from "../interchange/types.ts";
import { type AlphaSums, addUnits, emptyAlphaSums } from "./alpha.ts";
import { countBothInPairs, popcount } from "./bitset.ts";
import { ClipVectors, type RegionTotals } from "./clipVectors.ts";
import { kappaOrNaN } from "./kappa.ts";
import { type PairAcc, PairSums } from "./pairSums.ts";
import type { RegionTable, SubmissionTable } from "./records.ts";

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

/** The sums over clips that PassResult reports, gathered as the pass goes. */
interface Totals extends RegionTotals {
  annotatedClips: number;
  annotations: number;
  /** Σ duration (seconds) of annotated clips. */
  durationSum: number;
  clipKappaSum: number;
  clipKappaCount: number;
  perClipUndefined: number;
  /** Bins of clips with two or more annotations, and of those marked by anyone / everyone. */
  multiBins: number;
  unionBins: number;
  overlapBins: number;
  alpha: AlphaSums;
  /** Per annotator index: annotations, marked and total bins on reference clips. */
  annotatorAnnotations: Int32Array;
  referenceMarked: Float64Array;
  referenceBins: Float64Array;
}

export interface PassResult extends Totals {
  /** The annotator pairs with a shared clip, in (a, b) order. */
  pairs: PairAcc[];
  /** Score–length points: length (mean annotated seconds) and score of each clip kept. */
  lengths: Float64Array;
  scores: Float64Array;
  clipAnnotated: Uint8Array;
  /** Only with `detail`. */
  rows: ClipAgreement[];
  scatter: ScatterPoint[];
}

export type { PairAcc } from "./pairSums.ts";

/** One clip's figures for its row; null where the clip has too few annotations. */
interface ClipFigures {
  meanKappa: number | null;
  unionFraction: number | null;
  overlapFraction: number | null;
  meanSeconds: number | null;
}

/** The score–length points, filled in clip order. */
interface Points {
  lengths: Float64Array;
  scores: Float64Array;
  count: number;
}

export function passOverClips(
  clips: AnnotationFile["clips"],
  clipBins: Int32Array,
  binUs: number,
  annotatorCount: number,
  regions: RegionTable,
  submissions: SubmissionTable,
  detail: boolean,
): PassResult {
  const C = clips.length;
  const A = annotatorCount;
  const vectors = new ClipVectors(A);
  const pairs = new PairSums(A);
  const totals = emptyTotals(A);
  const clipAnnotated = new Uint8Array(C);
  const points: Points = { lengths: new Float64Array(C), scores: new Float64Array(C), count: 0 };
  const rows: ClipAgreement[] = [];
  const scatter: ScatterPoint[] = [];

  for (let c = 0; c < C; c++) {
    const clip = clips[c] as AnnotationFile["clips"][number];
    const K = clipBins[c] as number;
    const m = vectors.gather(c, regions, submissions);
    let figures = noFigures(null);
    if (m > 0) {
      vectors.mark(c, m, K, binUs, regions, totals);
      clipAnnotated[c] = 1;
      figures = annotatedClip(clip, K, m, vectors, pairs, totals);
      const score = clipScore(clip, c, submissions);
      if (score !== undefined) {
        const length = figures.meanSeconds as number;
        points.lengths[points.count] = length;
        points.scores[points.count] = score;
        points.count++;
        if (detail) scatter.push(scatterPoint(clip, length, score));
      }
      vectors.release(m);
    }
    if (detail) rows.push(clipRow(clip, m, K, figures));
  }

  const { alpha, ...sums } = totals;
  return {
    ...sums,
    alpha,
    pairs: pairs.result(),
    lengths: points.lengths.subarray(0, points.count),
    scores: points.scores.subarray(0, points.count),
    clipAnnotated,
    rows,
    scatter,
  };
}

/** A clip's figures before its agreement: only its mean annotated seconds, if any. */
function noFigures(meanSeconds: number | null): ClipFigures {
  return { meanKappa: null, unionFraction: null, overlapFraction: null, meanSeconds };
}

function emptyTotals(A: number): Totals {
  return {
    annotatedClips: 0,
    annotations: 0,
    durationSum: 0,
    nonEmptyRegions: 0,
    regionUsSum: 0,
    clipKappaSum: 0,
    clipKappaCount: 0,
    perClipUndefined: 0,
    multiBins: 0,
    unionBins: 0,
    overlapBins: 0,
    alpha: emptyAlphaSums(),
    annotatorAnnotations: new Int32Array(A),
    annotatorRegions: new Int32Array(A),
    referenceMarked: new Float64Array(A),
    referenceBins: new Float64Array(A),
  };
}

/**
 * The figures of a clip with `m` annotations whose vectors are marked: its mean annotated
 * seconds, its annotators' counts, and with two or more annotations its agreement, each added
 * to the totals and pair sums.
 */
function annotatedClip(
  clip: AnnotationFile["clips"][number],
  K: number,
  m: number,
  vectors: ClipVectors,
  pairs: PairSums,
  totals: Totals,
): ClipFigures {
  totals.annotatedClips++;
  totals.annotations += m;
  totals.durationSum += clip.duration;
  // l = (Σ annotated µs / m) / 1e6, summed in exact integers: clips whose annotations cover
  // the same total get bit-identical lengths (adding seconds would not: 3 × 0.1 ≠ 0.3).
  let usSum = 0;
  for (let i = 0; i < m; i++) {
    const a = vectors.annotator[i] as number;
    totals.annotatorAnnotations[a] = (totals.annotatorAnnotations[a] as number) + 1;
    usSum += vectors.us[i] as number;
  }
  const figures = noFigures(usSum / m / 1e6);

  if (clip.isReference === true) {
    for (let i = 0; i < m; i++) {
      const a = vectors.annotator[i] as number;
      totals.referenceMarked[a] =
        (totals.referenceMarked[a] as number) + (vectors.ones[i] as number);
      totals.referenceBins[a] = (totals.referenceBins[a] as number) + K;
    }
  }
  if (m < 2) return figures;
  totals.multiBins += K;

  if (!vectors.marked) {
    // No bin marked: union and overlap 0, every pair's cells n11 = n10 = n01 = 0 and its kappa
    // undefined (pe = 1), alpha's units all 0; the same sums as agreement() gives.
    if (K > 0) {
      figures.unionFraction = 0;
      figures.overlapFraction = 0;
    }
    pairs.addUnmarkedClip(vectors.annotator, m, K);
    addUnits(totals.alpha, m, 0, 0, K);
    totals.perClipUndefined++;
    return figures;
  }

  const { union, overlap, kappaSum, kappaCount } = agreement(K, m, vectors, pairs, totals.alpha);
  totals.unionBins += union;
  totals.overlapBins += overlap;
  if (K > 0) {
    figures.unionFraction = union / K;
    figures.overlapFraction = overlap / K;
  }
  if (kappaCount > 0) {
    figures.meanKappa = kappaSum / kappaCount;
    totals.clipKappaSum += figures.meanKappa;
    totals.clipKappaCount++;
  } else {
    totals.perClipUndefined++;
  }
  return figures;
}

/**
 * The agreement of a clip's `m` ≥ 2 annotations over its K bins: bins marked by anyone (OR of
 * the vectors) and by everyone (AND), each pair's kappa (summed where defined) and cells (added
 * to the pair sums), and alpha's units.
 */
function agreement(
  K: number,
  m: number,
  vectors: ClipVectors,
  pairs: PairSums,
  alpha: AlphaSums,
): { union: number; overlap: number; kappaSum: number; kappaCount: number } {
  const { bits, words: W, ones: slotOnes, annotator } = vectors;
  let union = 0;
  let overlap = 0;
  for (let w = 0; w < W; w++) {
    let any = 0;
    let all = 0xffffffff;
    for (let i = 0; i < m; i++) {
      const word = bits[i * W + w] as number;
      any |= word;
      all &= word;
    }
    union += popcount(any >>> 0);
    overlap += popcount(all >>> 0);
  }

  // Pairs (i < j, row by row): n11 from the words; n10 = ones(i) − n11, n01 = ones(j) − n11.
  const both = vectors.pairCells(m);
  countBothInPairs(bits, W, m, both);
  let ones = 0;
  for (let i = 0; i < m; i++) ones += slotOnes[i] as number;
  // Each pair's kappa over the clip's K bins (kappaFromCells): its shares x / K, x = n11 +
  // n00 = K − ones(i) − ones(j) + 2 n11 for po and x = ones for pa and pb, looked up; summed in
  // pair order where defined. A clip of no bins has no kappa and no n11.
  let kappaSum = 0;
  let kappaCount = 0;
  let bothSum = 0;
  if (K > 0) {
    const share = vectors.shares(K, m);
    const { markedShare } = vectors;
    for (let i = 0, p = 0; i < m; i++) {
      const unmarkedI = K - (slotOnes[i] as number);
      const pa = markedShare[i] as number;
      for (let j = i + 1; j < m; j++, p++) {
        const n11 = both[p] as number;
        bothSum += n11;
        const po = share[unmarkedI - (slotOnes[j] as number) + 2 * n11] as number;
        const kappa = kappaOrNaN(po, pa, markedShare[j] as number);
        if (!Number.isNaN(kappa)) {
          kappaSum += kappa;
          kappaCount++;
        }
      }
    }
  }
  pairs.addClip(annotator, m, K, slotOnes, both);
  // Alpha needs Σ over bins of n1 and of n1*(m - n1), n1 = annotators marking the bin:
  // Σ n1 = Σ ones(i), and Σ n1² = Σ ones(i) + 2 Σ_{i<j} n11(i, j) (marks are 0/1).
  addUnits(alpha, m, ones, m * ones - (ones + 2 * bothSum), K);
  return { union, overlap, kappaSum, kappaCount };
}

/** The clip's score: its own, else the mean of its submissions' ratings, else undefined. */
function clipScore(
  clip: AnnotationFile["clips"][number],
  c: number,
  submissions: SubmissionTable,
): number | undefined {
  if (clip.score !== undefined) return clip.score;
  const scoreCount = submissions.scoreCount[c] as number;
  return scoreCount > 0 ? (submissions.scoreSum[c] as number) / scoreCount : undefined;
}

function scatterPoint(
  clip: AnnotationFile["clips"][number],
  length: number,
  score: number,
): ScatterPoint {
  const point: ScatterPoint = { clipId: clip.id, length, score };
  if (clip.system !== undefined) point.system = clip.system;
  return point;
}

function clipRow(
  clip: AnnotationFile["clips"][number],
  m: number,
  K: number,
  figures: ClipFigures,
): ClipAgreement {
  const row: ClipAgreement = {
    clipId: clip.id,
    name: clip.name,
    isReference: clip.isReference === true,
    annotations: m,
    bins: K,
    meanKappa: figures.meanKappa,
    unionFraction: figures.unionFraction,
    overlapFraction: figures.overlapFraction,
    meanAnnotatedSeconds: figures.meanSeconds,
  };
  if (clip.system !== undefined) row.system = clip.system;
  if (clip.sentence !== undefined) row.sentence = clip.sentence;
  return row;
}
