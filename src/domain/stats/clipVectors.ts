// One clip's annotations at a time, for the pass over clips (clipPass.ts): the clip's
// annotators (a submission or a region makes an annotation) in slots in annotator order, each
// one's bin vector (W words of 32 bins at slot · W, bitset.ts) in one reused buffer, the
// seconds each annotated (the union of their regions, in µs) and the bins each marked.
import { countBits, markSpanBits, wordCount } from "./bitset.ts";
import type { RegionTable, SubmissionTable } from "./records.ts";
import { sortAscending } from "./sortFew.ts";

/** What marking a clip's regions adds to the study's totals. */
export interface RegionTotals {
  nonEmptyRegions: number;
  /** Σ clamped length (µs) of non-empty regions. */
  regionUsSum: number;
  /** Per annotator index: non-empty regions. */
  annotatorRegions: Int32Array;
}

export class ClipVectors {
  /** Annotator → slot on the clip, -1 when not on it. */
  private readonly slotOf: Int32Array;
  /** Slot → annotator, ascending over the clip's `m` slots. */
  readonly annotator: Int32Array;
  /** Slot → annotated µs (the union of the annotator's regions). */
  readonly us: Float64Array;
  /** Slot → bins marked. */
  readonly ones: Int32Array;
  /** The vectors: slot i's W words at i · W. */
  bits = new Uint32Array(1024);
  /** Words per vector: 0 for a clip without regions, whose vectors are all empty. */
  words = 0;
  /** The clip has regions (possibly all empty). */
  marked = false;
  /** Each slot pair's n11 (pairs i < j row by row), reused from clip to clip. */
  private both = new Int32Array(1024);
  /** x / K for x = 0 … K, reused from clip to clip. */
  private share = new Float64Array(64);
  /** Slot → share of the K bins it marked, ones / K. */
  readonly markedShare: Float64Array;

  constructor(annotatorCount: number) {
    this.slotOf = new Int32Array(annotatorCount).fill(-1);
    this.annotator = new Int32Array(annotatorCount);
    this.us = new Float64Array(annotatorCount);
    this.ones = new Int32Array(annotatorCount);
    this.markedShare = new Float64Array(annotatorCount);
  }

  /** Room for the n11 of the m(m − 1)/2 slot pairs (countBothInPairs fills it). */
  pairCells(m: number): Int32Array {
    const pairCount = (m * (m - 1)) / 2;
    if (this.both.length < pairCount)
      this.both = new Int32Array(Math.max(pairCount, 2 * this.both.length));
    return this.both;
  }

  /**
   * The shares x / K of a clip of K bins, x = 0 … K, each divided once; and each of the `m`
   * slots' share of marked bins (markedShare), looked up from them.
   */
  shares(K: number, m: number): Float64Array {
    if (this.share.length < K + 1)
      this.share = new Float64Array(Math.max(K + 1, 2 * this.share.length));
    const share = this.share;
    for (let x = 0; x <= K; x++) share[x] = x / K;
    for (let i = 0; i < m; i++) this.markedShare[i] = share[this.ones[i] as number] as number;
    return share;
  }

  /** Clip c's annotators into slots in annotator order (= id order); returns how many. */
  gather(c: number, regions: RegionTable, submissions: SubmissionTable): number {
    const { slotOf, annotator } = this;
    let m = 0;
    const sOrder = submissions.order;
    const sAnn = submissions.annotator;
    for (
      let j = submissions.offsets[c] as number;
      j < (submissions.offsets[c + 1] as number);
      j++
    ) {
      const a = sAnn[sOrder[j] as number] as number;
      if ((slotOf[a] as number) < 0) {
        slotOf[a] = m;
        annotator[m++] = a;
      }
    }
    const rOrder = regions.order;
    const rAnn = regions.annotator;
    for (let j = regions.offsets[c] as number; j < (regions.offsets[c + 1] as number); j++) {
      const a = rAnn[rOrder[j] as number] as number;
      if ((slotOf[a] as number) < 0) {
        slotOf[a] = m;
        annotator[m++] = a;
      }
    }
    if (m === 0) return 0;
    // Slots in annotator order (= id order), so slot pairs (i < j) are pairs (a < b).
    sortAscending(annotator, m);
    for (let i = 0; i < m; i++) {
      slotOf[annotator[i] as number] = i;
      this.us[i] = 0;
    }
    return m;
  }

  /**
   * Marks clip c's regions (K bins of `binUs`) in the vectors of its `m` annotators, sums each
   * one's annotated µs and counts each one's marked bins; adds the regions to `totals`. A clip
   * without regions (a listening or transcription test) has only empty vectors: no words to
   * clear or count (every figure is then the one the empty vectors give).
   */
  mark(
    c: number,
    m: number,
    K: number,
    binUs: number,
    regions: RegionTable,
    totals: RegionTotals,
  ): void {
    const rLo = regions.offsets[c] as number;
    const rHi = regions.offsets[c + 1] as number;
    this.marked = rHi > rLo;
    const W = this.marked ? wordCount(K) : 0;
    this.words = W;
    const need = m * W;
    if (this.bits.length < need) this.bits = new Uint32Array(Math.max(need, this.bits.length * 2));
    const bits = this.bits;
    bits.fill(0, 0, need);
    const { slotOf, us } = this;
    const rOrder = regions.order;
    const rAnn = regions.annotator;
    const rS = regions.start;
    const rE = regions.end;

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
      totals.nonEmptyRegions++;
      totals.annotatorRegions[a] = (totals.annotatorRegions[a] as number) + 1;
      totals.regionUsSum += e - s;
      markSpanBits(bits, slot * W, K, s, e, binUs);
      if (a !== curAnn) {
        if (curAnn >= 0) {
          const cs = slotOf[curAnn] as number;
          us[cs] = (us[cs] as number) + (curE - curS);
        }
        curAnn = a;
        curS = s;
        curE = e;
      } else if (s <= curE) {
        if (e > curE) curE = e;
      } else {
        us[slot] = (us[slot] as number) + (curE - curS);
        curS = s;
        curE = e;
      }
    }
    if (curAnn >= 0) {
      const cs = slotOf[curAnn] as number;
      us[cs] = (us[cs] as number) + (curE - curS);
    }
    for (let i = 0; i < m; i++) this.ones[i] = this.marked ? countBits(bits, i * W, W) : 0;
  }

  /** Frees the clip's `m` slots for the next clip. */
  release(m: number): void {
    for (let i = 0; i < m; i++) this.slotOf[this.annotator[i] as number] = -1;
  }
}
