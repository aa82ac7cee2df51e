// The pass over clips (docs/spec/statistics.md): for each clip, its annotations' bin vectors
// (packed 32 bins to a word, in one reused buffer), annotated seconds, per-clip kappa, union and
// overlap, and the sums that the pooled figures need: pair cell counts, alpha sums, per-annotator
// counts, and the score–length points.
import type { AnnotationFile } from "../interchange/types.ts";
import { type AlphaSums, addUnits, emptyAlphaSums } from "./alpha.ts";
import { countBits, countBothInPairs, markSpanBits, popcount, wordCount } from "./bitset.ts";
import { kappaFromShares } from "./kappa.ts";
import { type PairAcc, PairSums } from "./pairSums.ts";
import type { RegionTable, SubmissionTable } from "./records.ts";
import { sortAscending } from "./sortFew.ts";

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

export interface PassResult {
  annotatedClips: number;
  annotations: number;
  /** Σ duration (seconds) of annotated clips. */
  durationSum: number;
  nonEmptyRegions: number;
  /** Σ clamped length (µs) of non-empty regions. */
  regionUsSum: number;
  clipKappaSum: number;
  clipKappaCount: number;
  perClipUndefined: number;
  /** Bins of clips with two or more annotations, and of those marked by anyone / everyone. */
  multiBins: number;
  unionBins: number;
  overlapBins: number;
  alpha: AlphaSums;
  pairs: Map<number, PairAcc>;
  /** Score–length points: length (mean annotated seconds) and score of each clip kept. */
  lengths: Float64Array;
  scores: Float64Array;
  clipAnnotated: Uint8Array;
  /** Per annotator index: annotations, non-empty regions, marked and total bins on reference clips. */
  annotatorAnnotations: Int32Array;
  annotatorRegions: Int32Array;
  referenceMarked: Float64Array;
  referenceBins: Float64Array;
  /** Only with `detail`. */
  rows: ClipAgreement[];
  scatter: ScatterPoint[];
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
  const slotOf = new Int32Array(A).fill(-1);
  const slotAnn = new Int32Array(A);
  const slotUs = new Float64Array(A);
  const slotOnes = new Int32Array(A);
  let scratch = new Uint32Array(1024);
  // One clip's n11 per pair of its annotations (i < j, row by row).
  let both = new Int32Array(1024);
  // One clip's shares x / K of its bins, x = 0 … K.
  let share = new Float64Array(64);

  const annotatorAnnotations = new Int32Array(A);
  const annotatorRegions = new Int32Array(A);
  const referenceMarked = new Float64Array(A);
  const referenceBins = new Float64Array(A);
  const clipAnnotated = new Uint8Array(C);
  const pairs = new PairSums(A);
  const alpha = emptyAlphaSums();
  const lengths = new Float64Array(C);
  const scores = new Float64Array(C);
  let points = 0;
  const rows: ClipAgreement[] = [];
  const scatter: ScatterPoint[] = [];

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

  const rOrder = regions.order;
  const rAnn = regions.annotator;
  const rS = regions.start;
  const rE = regions.end;
  const sOrder = submissions.order;
  const sAnn = submissions.annotator;

  for (let c = 0; c < C; c++) {
    const clip = clips[c] as AnnotationFile["clips"][number];
    const K = clipBins[c] as number;
    const rLo = regions.offsets[c] as number;
    const rHi = regions.offsets[c + 1] as number;
    const sLo = submissions.offsets[c] as number;
    const sHi = submissions.offsets[c + 1] as number;

    // The clip's annotators: a submission or a region makes an annotation.
    let m = 0;
    for (let j = sLo; j < sHi; j++) {
      const a = sAnn[sOrder[j] as number] as number;
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

    let meanKappa: number | null = null;
    let unionFraction: number | null = null;
    let overlapFraction: number | null = null;
    let meanSeconds: number | null = null;

    if (m > 0) {
      // Slots in annotator order (= id order), so slot pairs (i < j) are pairs (a < b).
      sortAscending(slotAnn, m);
      for (let i = 0; i < m; i++) {
        slotOf[slotAnn[i] as number] = i;
        slotUs[i] = 0;
      }

      // Each annotation's bin vector: W words of 32 bins at slot * W (bitset.ts). A clip without
      // regions (a listening or transcription test) has only empty vectors: no words to clear
      // or count (every figure below is then the one the empty vectors give).
      const marked = rHi > rLo;
      const W = marked ? wordCount(K) : 0;
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
        annotatorRegions[a] = (annotatorRegions[a] as number) + 1;
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
      // l = (Σ annotated µs / m) / 1e6, summed in exact integers: clips whose annotations cover
      // the same total get bit-identical lengths (adding seconds would not: 3 × 0.1 ≠ 0.3).
      let usSum = 0;
      for (let i = 0; i < m; i++) {
        const a = slotAnn[i] as number;
        annotatorAnnotations[a] = (annotatorAnnotations[a] as number) + 1;
        usSum += slotUs[i] as number;
        slotOnes[i] = marked ? countBits(scratch, i * W, W) : 0;
      }
      meanSeconds = usSum / m / 1e6;

      if (clip.isReference === true) {
        for (let i = 0; i < m; i++) {
          const a = slotAnn[i] as number;
          referenceMarked[a] = (referenceMarked[a] as number) + (slotOnes[i] as number);
          referenceBins[a] = (referenceBins[a] as number) + K;
        }
      }

      if (m >= 2 && !marked) {
        // No bin marked: union and overlap 0, every pair's cells n11 = n10 = n01 = 0 and its
        // kappa undefined (pe = 1), alpha's units all 0; the same sums as the loops below give.
        multiBins += K;
        if (K > 0) {
          unionFraction = 0;
          overlapFraction = 0;
        }
        pairs.addUnmarkedClip(slotAnn, m, K);
        addUnits(alpha, m, 0, 0, K);
        perClipUndefined++;
      } else if (m >= 2) {
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
        if (K > 0) {
          unionFraction = clipUnion / K;
          overlapFraction = clipOverlap / K;
        }

        // Pairs (i < j, row by row): n11 from the words; n10 = ones(i) - n11, n01 = ones(j) - n11.
        const pairCount = (m * (m - 1)) / 2;
        if (both.length < pairCount) both = new Int32Array(Math.max(pairCount, 2 * both.length));
        countBothInPairs(scratch, W, m, both);
        // Each pair's kappa over the clip's K bins (kappaFromCells): its shares x / K, x = n11 +
        // n00 = K − ones(i) − ones(j) + 2 n11 for po and x = ones for pa and pb, looked up.
        if (share.length < K + 1) share = new Float64Array(Math.max(K + 1, 2 * share.length));
        for (let x = 0; x <= K; x++) share[x] = x / K;
        let kappaSum = 0;
        let kappaCount = 0;
        let ones = 0;
        let bothSum = 0;
        for (let i = 0, p = 0; i < m; i++) {
          const onesI = slotOnes[i] as number;
          ones += onesI;
          for (let j = i + 1; j < m; j++, p++) {
            const n11 = both[p] as number;
            bothSum += n11;
            if (K === 0) continue;
            const onesJ = slotOnes[j] as number;
            const kappa = kappaFromShares(
              share[K - onesI - onesJ + 2 * n11] as number,
              share[onesI] as number,
              share[onesJ] as number,
            );
            if (kappa !== null) {
              kappaSum += kappa;
              kappaCount++;
            }
          }
        }
        pairs.addClip(slotAnn, m, K, slotOnes, both);
        // Alpha needs Σ over bins of n1 and of n1*(m - n1), n1 = annotators marking the bin:
        // Σ n1 = Σ ones(i), and Σ n1² = Σ ones(i) + 2 Σ_{i<j} n11(i, j) (marks are 0/1).
        addUnits(alpha, m, ones, m * ones - (ones + 2 * bothSum), K);

        if (kappaCount > 0) {
          meanKappa = kappaSum / kappaCount;
          clipKappaSum += meanKappa;
          clipKappaCount++;
        } else {
          perClipUndefined++;
        }
      }

      const scoreCount = submissions.scoreCount[c] as number;
      const score =
        clip.score !== undefined
          ? clip.score
          : scoreCount > 0
            ? (submissions.scoreSum[c] as number) / scoreCount
            : undefined;
      if (score !== undefined) {
        lengths[points] = meanSeconds;
        scores[points] = score;
        points++;
        if (detail) {
          const point: ScatterPoint = { clipId: clip.id, length: meanSeconds, score };
          if (clip.system !== undefined) point.system = clip.system;
          scatter.push(point);
        }
      }

      for (let i = 0; i < m; i++) slotOf[slotAnn[i] as number] = -1;
    }

    if (detail) {
      const row: ClipAgreement = {
        clipId: clip.id,
        name: clip.name,
        isReference: clip.isReference === true,
        annotations: m,
        bins: K,
        meanKappa,
        unionFraction,
        overlapFraction,
        meanAnnotatedSeconds: meanSeconds,
      };
      if (clip.system !== undefined) row.system = clip.system;
      if (clip.sentence !== undefined) row.sentence = clip.sentence;
      rows.push(row);
    }
  }

  return {
    annotatedClips,
    annotations,
    durationSum,
    nonEmptyRegions,
    regionUsSum,
    clipKappaSum,
    clipKappaCount,
    perClipUndefined,
    multiBins,
    unionBins,
    overlapBins,
    alpha,
    pairs: pairs.result(),
    lengths: lengths.subarray(0, points),
    scores: scores.subarray(0, points),
    clipAnnotated,
    annotatorAnnotations,
    annotatorRegions,
    referenceMarked,
    referenceBins,
    rows,
    scatter,
  };
}
