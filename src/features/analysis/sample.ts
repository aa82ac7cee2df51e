// Thinning large point sets before they become SVG: a chart with tens of thousands of marks
// blocks the main thread for seconds and shows nothing more than a few thousand do.

/** At most `max` items, evenly spaced over the array, first item kept; the array itself when small. */
export function evenSample<T>(items: readonly T[], max: number): readonly T[] {
  if (items.length <= max) return items;
  const out: T[] = [];
  for (let i = 0; i < max; i++) {
    const item = items[Math.floor((i * items.length) / max)];
    if (item !== undefined) out.push(item);
  }
  return out;
}

/** Smallest and largest of a numeric field, or null for no items. */
export function extent<T>(
  items: readonly T[],
  value: (item: T) => number,
): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    const v = value(item);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return items.length === 0 ? null : [lo, hi];
}
