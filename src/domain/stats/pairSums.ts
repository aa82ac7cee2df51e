// The pooled cell counts of every annotator pair over the clips both annotated (the spec's
// "Agreement": pooled pairwise kappa), as the pass over clips adds them clip by clip
// (clipPass.ts). Every sum is of integers, the same in any order.

/** Cell counts of one annotator pair (a < b as annotator indexes), pooled over their shared clips. */
export interface PairAcc {
  a: number;
  b: number;
  clips: number;
  n: number;
  n11: number;
  n10: number;
  n01: number;
}

/**
 * The sums of A annotators' pairs: in flat arrays while A² is at most 2^20, else in a map (a
 * study of 500 listeners makes 800,000 pair updates, and an array slot is cheaper than a map
 * entry).
 *
 * In the arrays, the pairs a < b row by row, pair (a, b) at rowAt[a] + b, and each sum in its
 * own array. A pair's n10 and n01 are kept as the bins a and b marked on their shared clips
 * (n10 = Σ ones(a) − Σ n11, n01 = Σ ones(b) − Σ n11, made in `result`), so that a clip's n11 is
 * all that differs from pair to pair: its clips, bins and marked bins are the same for every pair
 * of its annotators. A clip adds its pairs' sums directly, unless its annotators are the previous
 * clip's: the clips that follow with the same annotators (a run; a crowd where everyone marks
 * every clip is one) add only their n11, pair by pair in a run's own array, and their clips, bins
 * and marked bins are added to the pairs once, when the run ends. A clip without marks adds no
 * n11: the clips and bins (1.5 MB with 500 listeners) stay in the processor's caches, and the
 * arrays of marks are made at the first clip with a mark.
 */
export class PairSums {
  private readonly dense: boolean;
  private readonly rowAt: Int32Array;
  private readonly clips: Int32Array;
  private readonly bins: Float64Array;
  /** Σ n11, and Σ ones of a and of b, over the pair's shared clips. */
  private both: Float64Array | null = null;
  private onesA: Float64Array | null = null;
  private onesB: Float64Array | null = null;
  /**
   * The run: its annotators (ascending, those of the last clip added), and of its clips after
   * the first: how many, their bins, each annotator's marked bins and each slot pair's n11
   * (i < j row by row), the last two while runMarked.
   */
  private readonly runAnnotators: Int32Array;
  private runM = 0;
  private runClips = 0;
  private runBins = 0;
  private readonly runOnes: Float64Array;
  private runBoth = new Float64Array(0);
  private runMarked = false;
  private readonly map = new Map<number, PairAcc>();

  constructor(private readonly A: number) {
    this.dense = A * A <= 1 << 20;
    const T = this.dense ? (A * (A - 1)) / 2 : 0;
    this.rowAt = new Int32Array(this.dense ? A : 0);
    for (let a = 0; a < this.rowAt.length; a++) this.rowAt[a] = (a * (2 * A - a - 1)) / 2 - a - 1;
    this.clips = new Int32Array(T);
    this.bins = new Float64Array(T);
    this.runAnnotators = new Int32Array(this.dense ? A : 0);
    this.runOnes = new Float64Array(this.dense ? A : 0);
  }

  /** One clip without marks, of K bins: the pairs of its m annotators (ascending indexes). */
  addUnmarkedClip(annotators: Int32Array, m: number, K: number): void {
    if (!this.dense) {
      for (let i = 0; i < m; i++) {
        const a = annotators[i] as number;
        for (let j = i + 1; j < m; j++) this.addToMap(a, annotators[j] as number, K, 0, 0, 0);
      }
      return;
    }
    if (!this.continuesRun(annotators, m)) {
      this.addToPairs(annotators, m, 1, K, null, null);
      return;
    }
    this.runClips++;
    this.runBins += K;
  }

  /**
   * One clip with marks, of K bins: the pairs of its m annotators (ascending indexes), each
   * with n11 = both[p] (pairs i < j row by row), n10 = ones[i] − n11 and n01 = ones[j] − n11.
   */
  addClip(annotators: Int32Array, m: number, K: number, ones: Int32Array, both: Int32Array): void {
    if (!this.dense) {
      for (let i = 0, p = 0; i < m; i++) {
        const a = annotators[i] as number;
        for (let j = i + 1; j < m; j++, p++) {
          const n11 = both[p] as number;
          const n10 = (ones[i] as number) - n11;
          this.addToMap(a, annotators[j] as number, K, n11, n10, (ones[j] as number) - n11);
        }
      }
      return;
    }
    if (!this.continuesRun(annotators, m)) {
      this.addToPairs(annotators, m, 1, K, ones, both);
      return;
    }
    this.runClips++;
    this.runBins += K;
    this.runMarked = true;
    const runOnes = this.runOnes;
    for (let i = 0; i < m; i++) runOnes[i] = (runOnes[i] as number) + (ones[i] as number);
    const pairCount = (m * (m - 1)) / 2;
    if (this.runBoth.length < pairCount) this.runBoth = grown(this.runBoth, pairCount);
    const runBoth = this.runBoth;
    for (let p = 0; p < pairCount; p++) runBoth[p] = (runBoth[p] as number) + (both[p] as number);
  }

  /**
   * Whether the clip's m annotators are the last clip's, so that it continues their run; if
   * not, the run ends and this clip's annotators start the next one.
   */
  private continuesRun(annotators: Int32Array, m: number): boolean {
    const run = this.runAnnotators;
    let same = m === this.runM;
    for (let i = 0; same && i < m; i++) same = run[i] === annotators[i];
    if (same) return true;
    this.endRun();
    for (let i = 0; i < m; i++) run[i] = annotators[i] as number;
    this.runM = m;
    return false;
  }

  /** Adds the sums of the run's clips after its first (if any) to its pairs, and empties it. */
  private endRun(): void {
    if (this.runClips === 0) return;
    const { runAnnotators, runM: m, runMarked } = this;
    const ones = runMarked ? this.runOnes : null;
    const both = runMarked ? this.runBoth : null;
    this.addToPairs(runAnnotators, m, this.runClips, this.runBins, ones, both);
    if (runMarked) {
      this.runOnes.fill(0, 0, m);
      this.runBoth.fill(0, 0, (m * (m - 1)) / 2);
    }
    this.runClips = 0;
    this.runBins = 0;
    this.runMarked = false;
  }

  /**
   * Adds `clipCount` clips of `binCount` bins in all to each pair of the m annotators and, with
   * marks, each pair's n11 (both[p], pairs i < j row by row) and the bins each one marked.
   */
  private addToPairs(
    annotators: Int32Array,
    m: number,
    clipCount: number,
    binCount: number,
    ones: Int32Array | Float64Array | null,
    both: Int32Array | Float64Array | null,
  ): void {
    const { clips, bins } = this;
    if (ones === null || both === null) {
      for (let i = 0; i < m; i++) {
        const row = this.rowAt[annotators[i] as number] as number;
        for (let j = i + 1; j < m; j++) {
          const at = row + (annotators[j] as number);
          clips[at] = (clips[at] as number) + clipCount;
          bins[at] = (bins[at] as number) + binCount;
        }
      }
      return;
    }
    this.both ??= new Float64Array(clips.length);
    this.onesA ??= new Float64Array(clips.length);
    this.onesB ??= new Float64Array(clips.length);
    const { both: bothSums, onesA, onesB } = this;
    for (let i = 0, p = 0; i < m; i++) {
      const row = this.rowAt[annotators[i] as number] as number;
      const onesI = ones[i] as number;
      for (let j = i + 1; j < m; j++, p++) {
        const at = row + (annotators[j] as number);
        clips[at] = (clips[at] as number) + clipCount;
        bins[at] = (bins[at] as number) + binCount;
        bothSums[at] = (bothSums[at] as number) + (both[p] as number);
        onesA[at] = (onesA[at] as number) + onesI;
        onesB[at] = (onesB[at] as number) + (ones[j] as number);
      }
    }
  }

  /** One clip's cells for the pair (a, b), a before b, over its K bins, in the map. */
  private addToMap(a: number, b: number, K: number, n11: number, n10: number, n01: number): void {
    const key = a * this.A + b;
    let acc = this.map.get(key);
    if (acc === undefined) {
      acc = { a, b, clips: 0, n: 0, n11: 0, n10: 0, n01: 0 };
      this.map.set(key, acc);
    }
    acc.clips++;
    acc.n += K;
    acc.n11 += n11;
    acc.n10 += n10;
    acc.n01 += n01;
  }

  /** The pairs with a shared clip, in (a, b) order. Ends the run: call it once, after the last clip. */
  result(): PairAcc[] {
    if (!this.dense) return [...this.map.values()].sort((x, y) => x.a - y.a || x.b - y.b);
    this.endRun();
    const { A, clips, bins, both, onesA, onesB } = this;
    const pairs: PairAcc[] = [];
    let at = 0;
    for (let a = 0; a < A; a++) {
      for (let b = a + 1; b < A; b++, at++) {
        const clipsOfPair = clips[at] as number;
        if (clipsOfPair === 0) continue;
        const n11 = both === null ? 0 : (both[at] as number);
        pairs.push({
          a,
          b,
          clips: clipsOfPair,
          n: bins[at] as number,
          n11,
          n10: onesA === null ? 0 : (onesA[at] as number) - n11,
          n01: onesB === null ? 0 : (onesB[at] as number) - n11,
        });
      }
    }
    return pairs;
  }
}

/** A copy of `array` with room for `length` numbers. */
function grown(array: Float64Array, length: number) {
  const longer = new Float64Array(Math.max(length, 2 * array.length));
  longer.set(array);
  return longer;
}
