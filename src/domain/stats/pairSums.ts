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
 * of its annotators. These are gathered over a run of clips with the same annotators (a crowd
 * where everyone marks every clip is one run) and added to the pairs once, when the run ends;
 * each clip adds only its pairs' n11. A clip without marks adds no n11: the clips and bins
 * (1.5 MB with 500 listeners) stay in the processor's caches, and the arrays of marks are made
 * at the first clip with a mark.
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
  /** The run: its annotators (ascending), clips, bins, and each annotator's marked bins. */
  private readonly runAnnotators: Int32Array;
  private runM = 0;
  private runClips = 0;
  private runBins = 0;
  private readonly runOnes: Float64Array;
  /** Σ n11 of the run's slot pairs (i < j row by row), while runMarked. */
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
    this.joinRun(annotators, m);
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
    this.joinRun(annotators, m);
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

  /** Continues the run when the clip's m annotators are the run's, else ends it and starts theirs. */
  private joinRun(annotators: Int32Array, m: number): void {
    const run = this.runAnnotators;
    let same = m === this.runM;
    for (let i = 0; same && i < m; i++) same = run[i] === annotators[i];
    if (same) return;
    this.endRun();
    run.set(annotators.subarray(0, m));
    this.runM = m;
  }

  /** Adds the run's clips, bins and marked bins to each pair of its annotators. */
  private endRun(): void {
    const { runAnnotators: run, runM: m, runClips, runBins, runOnes, clips, bins } = this;
    if (runClips > 0) {
      for (let i = 0; i < m; i++) {
        const row = this.rowAt[run[i] as number] as number;
        for (let j = i + 1; j < m; j++) {
          const at = row + (run[j] as number);
          clips[at] = (clips[at] as number) + runClips;
          bins[at] = (bins[at] as number) + runBins;
        }
      }
    }
    if (this.runMarked) {
      this.both ??= new Float64Array(clips.length);
      this.onesA ??= new Float64Array(clips.length);
      this.onesB ??= new Float64Array(clips.length);
      const { both, onesA, onesB, runBoth } = this;
      for (let i = 0, p = 0; i < m; i++) {
        const row = this.rowAt[run[i] as number] as number;
        const onesI = runOnes[i] as number;
        for (let j = i + 1; j < m; j++, p++) {
          const at = row + (run[j] as number);
          both[at] = (both[at] as number) + (runBoth[p] as number);
          onesA[at] = (onesA[at] as number) + onesI;
          onesB[at] = (onesB[at] as number) + (runOnes[j] as number);
        }
      }
      runBoth.fill(0, 0, (m * (m - 1)) / 2);
    }
    runOnes.fill(0, 0, m);
    this.runM = 0;
    this.runClips = 0;
    this.runBins = 0;
    this.runMarked = false;
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
