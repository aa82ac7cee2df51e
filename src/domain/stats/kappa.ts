// Cohen's kappa for two binary raters from the four cell counts (docs/spec/statistics.md,
// "Agreement"). Counts are accumulated bin by bin, so pooled kappa over many clips needs no
// concatenated vectors.

/** Cell counts of two 0/1 vectors x (annotator a) and y (annotator b) of equal length. */
export interface PairCounts {
  /** Bins where both are 1. */
  n11: number;
  /** Bins where x is 1 and y is 0. */
  n10: number;
  /** Bins where x is 0 and y is 1. */
  n01: number;
  /** Bins where both are 0. */
  n00: number;
}

/** Counts the four cells of two equal-length 0/1 vectors. */
export function countPair(x: Uint8Array, y: Uint8Array): PairCounts {
  if (x.length !== y.length)
    throw new Error(`countPair: lengths differ (${x.length} vs ${y.length})`);
  let n11 = 0;
  let n10 = 0;
  let n01 = 0;
  for (let i = 0; i < x.length; i++) {
    const a = x[i];
    const b = y[i];
    if (a) {
      if (b) n11++;
      else n10++;
    } else if (b) n01++;
  }
  return { n11, n10, n01, n00: x.length - n11 - n10 - n01 };
}

/**
 * Cohen's kappa: n = all bins, po = (n11 + n00)/n, pa = (n11 + n10)/n, pb = (n11 + n01)/n,
 * pe = pa*pb + (1-pa)*(1-pb), kappa = (po - pe)/(1 - pe). Null when pe == 1 (both annotators
 * constant and equal, e.g. neither marks anything) or when there are no bins.
 */
export function kappaFromCounts(c: PairCounts): number | null {
  return kappaFromCells(c.n11, c.n10, c.n01, c.n00);
}

/** `kappaFromCounts` on the four cells given as numbers (no object, for the hot loop). */
export function kappaFromCells(n11: number, n10: number, n01: number, n00: number): number | null {
  const n = n11 + n10 + n01 + n00;
  if (n === 0) return null;
  return kappaFromShares((n11 + n00) / n, (n11 + n10) / n, (n11 + n01) / n);
}

/**
 * Cohen's kappa from the shares of bins where the two agree (po) and that each marked (pa,
 * pb): the pairs of one clip share its n bins, so their shares x / n can be divided once per
 * clip and looked up (the same numbers). Null when pe == 1.
 */
export function kappaFromShares(po: number, pa: number, pb: number): number | null {
  const kappa = kappaOrNaN(po, pa, pb);
  return Number.isNaN(kappa) ? null : kappa;
}

/**
 * `kappaFromShares` with NaN where it gives null (shares of n ≥ 1 bins, so that NaN means
 * pe == 1 only): always a number, for the loop over a clip's pairs, where a null among the
 * results would make V8 keep each kappa as an object.
 */
export function kappaOrNaN(po: number, pa: number, pb: number): number {
  const pe = pa * pb + (1 - pa) * (1 - pb);
  return pe === 1 ? Number.NaN : (po - pe) / (1 - pe);
}

/** Cohen's kappa of two equal-length 0/1 vectors. */
export function cohenKappa(x: Uint8Array, y: Uint8Array): number | null {
  return kappaFromCounts(countPair(x, y));
}
