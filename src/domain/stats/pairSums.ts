// The pass over clips' sums for each annotator pair (docs/spec/statistics.md): clips shared,
// bins, and the cells n11, n10, n01 pooled over those clips, for the pooled kappa.
//
// In flat arrays while A² is at most 2^20, else in a map directly: a study of 500 listeners
// makes 800,000 pair updates, and an array slot is cheaper than a map entry. Every sum is of
// integers, the same in any order. The pairs a < b only, row by row (pair (a, b) at
// rowAt[a] + b), and each sum in its own array: a clip without marks adds to the clips and bins
// only, whose arrays (1.5 MB with 500 listeners) stay in the processor's caches where five sums
// side by side over every (a, b) (10 MB) did not; the three cell sums are made at the first
// clip with a mark.

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

export class PairSums {
  private readonly A: number;
  private readonly dense: boolean;
  private readonly T: number;
  private readonly rowAt: Int32Array;
  private readonly clips: Int32Array;
  private readonly bins: Float64Array;
  private cells: Float64Array | null = null;
  private readonly map = new Map<number, PairAcc>();

  constructor(annotatorCount: number) {
    const A = annotatorCount;
    this.A = A;
    this.dense = A * A <= 1 << 20;
    this.T = this.dense ? (A * (A - 1)) / 2 : 0;
    this.rowAt = pairRows(new Int32Array(this.dense ? A : 0), A);
    this.clips = new Int32Array(this.T);
    this.bins = new Float64Array(this.T);
  }

  /** One clip's cells for the pair (a, b), a before b, over its K bins. */
  add(a: number, b: number, K: number, n11: number, n10: number, n01: number): void {
    if (this.dense) {
      const at = (this.rowAt[a] as number) + b;
      this.clips[at] = (this.clips[at] as number) + 1;
      this.bins[at] = (this.bins[at] as number) + K;
      this.cells ??= new Float64Array(3 * this.T);
      const cells = this.cells;
      cells[3 * at] = (cells[3 * at] as number) + n11;
      cells[3 * at + 1] = (cells[3 * at + 1] as number) + n10;
      cells[3 * at + 2] = (cells[3 * at + 2] as number) + n01;
      return;
    }
    const acc = this.entry(a, b);
    acc.clips++;
    acc.n += K;
    acc.n11 += n11;
    acc.n10 += n10;
    acc.n01 += n01;
  }

  /**
   * One clip without a marked bin for every pair of `annotators` (ascending, `m` of them): each
   * pair's clips and bins only, its three cell sums staying as they are (adding 0 to a sum of
   * non-negative integers leaves it the same).
   */
  addUnmarked(annotators: Int32Array, m: number, K: number): void {
    if (!this.dense) {
      for (let i = 0; i < m; i++) {
        const ai = annotators[i] as number;
        for (let j = i + 1; j < m; j++) this.add(ai, annotators[j] as number, K, 0, 0, 0);
      }
      return;
    }
    for (let i = 0; i < m; i++) {
      const row = this.rowAt[annotators[i] as number] as number;
      for (let j = i + 1; j < m; j++) {
        const at = row + (annotators[j] as number);
        this.clips[at] = (this.clips[at] as number) + 1;
        this.bins[at] = (this.bins[at] as number) + K;
      }
    }
  }

  /** The pairs that shared a clip, keyed a · A + b, in (a, b) order. */
  result(): Map<number, PairAcc> {
    if (!this.dense) return this.map;
    const { A, clips, bins, cells } = this;
    let at = 0;
    for (let a = 0; a < A; a++) {
      for (let b = a + 1; b < A; b++, at++) {
        const clipsOfPair = clips[at] as number;
        if (clipsOfPair === 0) continue;
        this.map.set(a * A + b, {
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
    return this.map;
  }

  /** The pair's sums in the map (a study with too many annotators for the flat arrays). */
  private entry(a: number, b: number): PairAcc {
    const key = a * this.A + b;
    let acc = this.map.get(key);
    if (acc === undefined) {
      acc = { a, b, clips: 0, n: 0, n11: 0, n10: 0, n01: 0 };
      this.map.set(key, acc);
    }
    return acc;
  }
}

/**
 * Each annotator a's row in the flat pair sums of A annotators (pairs a < b row by row, pair
 * (a, b) at rows[a] + b), into `rows` (its length: the annotators that have a row).
 */
function pairRows(rows: Int32Array, A: number): Int32Array {
  for (let a = 0; a < rows.length; a++) rows[a] = (a * (2 * A - a - 1)) / 2 - a - 1;
  return rows;
}
