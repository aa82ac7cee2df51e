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

/** Clips that sit on the same spot of the scatter (same system, length and score), as one dot. */
export interface StackedPoint {
  system: string | undefined;
  length: number;
  score: number;
  /** How many clips are at this spot. */
  count: number;
  /** The first few of them, for the tooltip. */
  clipIds: string[];
}

/**
 * Groups points that would be drawn on top of each other: the same system, and length and
 * score equal to the millisecond / thousandth (scores are often whole numbers, lengths often
 * 0), so one dot, sized by its count, stands for all of them. Order: first appearance.
 */
export function stackPoints(
  points: readonly { clipId: string; system?: string; length: number; score: number }[],
  keepIds = 3,
): StackedPoint[] {
  const spots = new Map<string, StackedPoint>();
  for (const p of points) {
    const key = `${p.system ?? "\u0000"}|${Math.round(p.length * 1000)}|${Math.round(p.score * 1000)}`;
    const spot = spots.get(key);
    if (spot) {
      spot.count++;
      if (spot.clipIds.length < keepIds) spot.clipIds.push(p.clipId);
    } else {
      spots.set(key, {
        system: p.system,
        length: p.length,
        score: p.score,
        count: 1,
        clipIds: [p.clipId],
      });
    }
  }
  return [...spots.values()];
}
