// Time in integer microseconds and the bin grid (docs/spec/statistics.md, "Annotations and bins").
// Every comparison of region ends with bin boundaries happens on integers, so 0.3 s is exactly
// 300000 µs and a region ending on a boundary never marks the next bin.

import { us } from "../study/spans.ts";

/** Seconds to integer microseconds: `Math.round(t * 1e6)` (the one helper, domain/study/spans.ts). */
export { us };

/** floor(a / b) for integers a and b > 0, exact even where a / b rounds to a neighbouring integer. */
export function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  while (q * b > a) q--;
  while ((q + 1) * b <= a) q++;
  return q;
}

/** ceil(a / b) for integers a and b > 0, exact. */
export function ceilDiv(a: number, b: number): number {
  const q = floorDiv(a, b);
  return q * b === a ? q : q + 1;
}

/** Number of bins of a clip `durationUs` long with bins `binUs` wide: ceil(D / b), the last partial. */
export function binCount(durationUs: number, binUs: number): number {
  return ceilDiv(durationUs, binUs);
}

/** A region clamped to its clip, in µs; `end <= start` means empty. */
export interface ClampedSpan {
  start: number;
  end: number;
}

/** `s = us(start)`, `e = min(us(end), D)`; the result is empty (e <= s) when nothing is left. */
export function clampRegion(start: number, end: number, durationUs: number): ClampedSpan {
  return { start: us(start), end: Math.min(us(end), durationUs) };
}

/**
 * Sets to 1 the bins that the clamped span [s, e) overlaps in `vector[offset .. offset + bins)`:
 * bin k when `s < (k+1)*b` and `e > k*b`, i.e. k from floor(s/b) to ceil(e/b) - 1.
 * Does nothing for an empty span. Returns how many bins the span touches.
 */
export function markSpan(
  vector: Uint8Array,
  offset: number,
  bins: number,
  s: number,
  e: number,
  binUs: number,
): number {
  if (e <= s) return 0;
  let first = floorDiv(s, binUs);
  let last = ceilDiv(e, binUs) - 1;
  if (first < 0) first = 0;
  if (last > bins - 1) last = bins - 1;
  for (let k = first; k <= last; k++) vector[offset + k] = 1;
  return last >= first ? last - first + 1 : 0;
}
