// One home for sorting the handful of numbers a clip or a sentence has (its annotators, its
// ratings): an insertion sort in place, which for a few values beats a comparator sort and
// allocates nothing. sortAscending also takes longer runs (a crowd's hundreds of annotators on
// one clip): used by the span pass (clipPass.ts), the crowd consensus (consensus.ts), the MOS
// (mos.ts) and the ANOVA's cells (anova.ts).

/** Up to this many values are sorted by insertion; more by the typed array's sort. */
const FEW = 32;

/** Sorts values[from … from + n − 1] ascending, in place. */
export function sortFewAscending(
  values: Int32Array | Float64Array | number[],
  n: number,
  from = 0,
): void {
  const end = from + n;
  for (let i = from + 1; i < end; i++) {
    const v = values[i] as number;
    let k = i - 1;
    while (k >= from && (values[k] as number) > v) {
      values[k + 1] = values[k] as number;
      k--;
    }
    values[k + 1] = v;
  }
}

/**
 * Sorts values[from … from + n − 1] ascending, in place: by insertion for a few, by the typed
 * array's sort for more. Equal values are interchangeable, so the order (and any sum taken in
 * it) is that of the typed sort either way.
 */
export function sortAscending(values: Float64Array | Int32Array, n: number, from = 0): void {
  if (n > FEW) values.subarray(from, from + n).sort();
  else sortFewAscending(values, n, from);
}
