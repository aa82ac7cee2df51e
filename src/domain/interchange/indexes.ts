// The lookup structures behind the cross-field checks. A study file can hold hundreds of
// thousands of records, so these are built for the common shape of real files while giving
// exactly the same answers for any order:
//  - IdIndex keeps ids in two arrays while they arrive in strictly increasing order (exports
//    list records sorted by id, so this is the usual case) and answers lookups with a cursor
//    that follows the next reference, falling back to binary search; the first id out of
//    order turns it into a Map.
//  - PairIndex remembers (x, y) index pairs in a bitset when that is small, else each x's
//    first y in an array and only the other pairs in a Set (most x, a region or a clip, come
//    with one y), and only builds a Map when a pair repeats (an error) to say where it first
//    appeared.

/** Ids of one array → index of the record holding each. */
export class IdIndex {
  private ids: string[] = [];
  private at: number[] = [];
  private map: Map<string, number> | undefined;
  private cursor = 0;

  get size(): number {
    return this.map ? this.map.size : this.ids.length;
  }

  /** Adds `id` for record `index`; returns the index of an earlier record with the same id. */
  add(id: string, index: number): number | undefined {
    if (this.map === undefined) {
      const last = this.ids.length - 1;
      if (last < 0 || id > (this.ids[last] as string)) {
        this.ids.push(id);
        this.at.push(index);
        return undefined;
      }
      this.map = new Map();
      for (let k = 0; k <= last; k++) this.map.set(this.ids[k] as string, this.at[k] as number);
      this.ids = [];
      this.at = [];
    }
    const first = this.map.get(id);
    if (first === undefined) this.map.set(id, index);
    return first;
  }

  /** The index of the record with this id, or undefined. */
  get(id: string): number | undefined {
    if (this.map !== undefined) return this.map.get(id);
    const ids = this.ids;
    const c = this.cursor;
    if (ids[c] === id) return this.at[c];
    // References mostly move forward a little (the next clip, or one after a clip that has
    // none); look a few places ahead before searching.
    for (let k = c + 1; k <= c + 4; k++) {
      if (ids[k] === id) {
        this.cursor = k;
        return this.at[k];
      }
    }
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const probe = ids[mid] as string;
      if (probe === id) {
        this.cursor = mid;
        return this.at[mid];
      }
      if (probe < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }
}

/** Up to this many bits (16 MiB) the pair set is a bitset. */
const MAX_BITS = 2 ** 27;

/**
 * Finds records that repeat an (x, y) pair (0 <= x < xCount, 0 <= y < yCount), records
 * arriving in index order. While there is no repeat, a bitset is enough, or, for huge
 * xCount × yCount, each x's first y (firstY) and a Set of the pairs after it; the first repeat
 * builds a Map from pair to first record, from the keys kept so far, so that every repeat can
 * name the record it repeats.
 */
export class PairIndex {
  private bits: Uint8Array | undefined;
  private firstY: Int32Array | undefined;
  private seen: Set<number> | undefined;
  private first: Map<number, number> | undefined;
  private readonly keys: Float64Array;

  constructor(
    records: number,
    xCount: number,
    private readonly yCount: number,
  ) {
    const size = xCount * yCount;
    if (size <= MAX_BITS) {
      this.bits = new Uint8Array(Math.ceil(size / 8));
    } else {
      this.firstY = new Int32Array(xCount).fill(-1);
      this.seen = new Set();
    }
    this.keys = new Float64Array(records).fill(-1);
  }

  /** Records pair (x, y) for record `index`; returns the index of an earlier record with it. */
  firstAt(index: number, x: number, y: number): number | undefined {
    const key = x * this.yCount + y;
    if (this.first !== undefined) {
      const at = this.first.get(key);
      if (at === undefined) this.first.set(key, index);
      return at;
    }
    if (!this.addNew(key, x, y)) {
      this.keys[index] = key;
      return undefined;
    }
    this.first = new Map();
    for (let k = 0; k < index; k++) {
      const earlier = this.keys[k] as number;
      if (earlier >= 0 && !this.first.has(earlier)) this.first.set(earlier, k);
    }
    return this.first.get(key);
  }

  /** Marks pair (x, y), as `key`, as seen; true if it was seen before. */
  private addNew(key: number, x: number, y: number): boolean {
    const bits = this.bits;
    if (bits !== undefined) {
      const byte = key >>> 3;
      const mask = 1 << (key & 7);
      const had = ((bits[byte] as number) & mask) !== 0;
      bits[byte] = (bits[byte] as number) | mask;
      return had;
    }
    const firstY = this.firstY as Int32Array;
    const y0 = firstY[x] as number;
    if (y0 === -1) {
      firstY[x] = y;
      return false;
    }
    if (y0 === y) return true;
    const seen = this.seen as Set<number>;
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  }
}
