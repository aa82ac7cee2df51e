// One home for sorting the handful of numbers a clip or a sentence has (its annotators, its
// ratings): an insertion sort in place, which for a few values beats a comparator sort and
// allocates nothing. Used by the span pass (clipPass.ts), the crowd consensus (consensus.ts)
// and the MOS (mos.ts).

/** Sorts values[0 … n − 1] ascending, in place. */
export function sortFewAscending(values: Int32Array | Float64Array | number[], n: number): void {
  for (let i = 1; i < n; i++) {
    const v = values[i] as number;
    let k = i - 1;
    while (k >= 0 && (values[k] as number) > v) {
      values[k + 1] = values[k] as number;
      k--;
    }
    values[k + 1] = v;
  }
}
