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
 * entry). In the arrays, the pairs a < b row by row, pair (a, b) at rowAt[a] + b, and each sum
 * in its own array: a clip without marks adds to the clips and bins only, whose arrays (1.5 MB
 * with 500 listeners) stay in the processor's caches where five sums side by side over every
 * (a, b) (10 MB) did not; the three cell sums are made at the first clip with a mark.
 */
export class PairSums {
  private readonly dense: boolean;
  private readonly rowAt: Int32Array;
  private readonly clips: Int32Array;
  private readonly bins: Float64Array;
  private cells: Float64Array | null = null;
  private readonly map = new Map<number, PairAcc>();

  constructor(private readonly A: number) {
    this.dense = A * A <= 1 << 20;
    const T = this.dense ? (A * (A - 1)) / 2 : 0;
    this.rowAt = new Int32Array(this.dense ? A : 0);
    for (let a = 0; a < this.rowAt.length; a++) this.rowAt[a] = (a * (2 * A - a - 1)) / 2 - a - 1;
    this.clips = new Int32Array(T);
    this.bins = new Float64Array(T);
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
    // The clips and bins only: the three cell sums stay as they are (adding 0 to a sum of
    // non-negative integers leaves it the same).
    const { clips, bins } = this;
    for (let i = 0; i < m; i++) {
      const row = this.rowAt[annotators[i] as number] as number;
      for (let j = i + 1; j < m; j++) {
        const at = row + (annotators[j] as number);
        clips[at] = (clips[at] as number) + 1;
        bins[at] = (bins[at] as number) + K;
      }
    }
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
    const { clips, bins } = this;
    this.cells ??= new Float64Array(3 * clips.length);
    const cells = this.cells;
    for (let i = 0, p = 0; i < m; i++) {
      const row = this.rowAt[annotators[i] as number] as number;
      const onesI = ones[i] as number;
      for (let j = i + 1; j < m; j++, p++) {
        const at = row + (annotators[j] as number);
        const n11 = both[p] as number;
        clips[at] = (clips[at] as number) + 1;
        bins[at] = (bins[at] as number) + K;
        cells[3 * at] = (cells[3 * at] as number) + n11;
        cells[3 * at + 1] = (cells[3 * at + 1] as number) + (onesI - n11);
        cells[3 * at + 2] = (cells[3 * at + 2] as number) + ((ones[j] as number) - n11);
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

  /** The pairs with a shared clip, keyed a · A + b, in (a, b) order when the sums are flat. */
  result(): Map<number, PairAcc> {
    if (!this.dense) return this.map;
    const { A, clips, bins, cells } = this;
    const pairs = new Map<number, PairAcc>();
    let at = 0;
    for (let a = 0; a < A; a++) {
      for (let b = a + 1; b < A; b++, at++) {
        const clipsOfPair = clips[at] as number;
        if (clipsOfPair === 0) continue;
        pairs.set(a * A + b, {
          a,
          b,
          clips: clipsOfPair,
          n: bins[at] as number,
          n11: cells === null ? 0 : (cells[3 * at] as number),
          n10: cells === null ? 0 : (cells[3 * at + 1] as number),
          n01: cells === null ? 0 : (cells[3 * at + 2] as number),
        });
      }
    }
    return pairs;
  }
}
