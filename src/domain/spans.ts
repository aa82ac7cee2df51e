// Pure span arithmetic shared by the expert screen (union view) and anything else that needs
// to merge marked regions. Times are seconds; comparisons are made in integer microseconds,
// as docs/spec/statistics.md does, so 0.1 + 0.2 and 0.3 count as the same boundary.

export interface Span {
  start: number;
  end: number;
}

/** Seconds to integer microseconds (docs/spec/statistics.md, "Annotations and bins"). */
export function toMicroseconds(seconds: number): number {
  return Math.round(seconds * 1e6);
}

/**
 * The union of `spans` as a sorted list of disjoint spans. Overlapping, touching (one ends
 * where the next starts) and nested spans merge into one; empty or reversed spans
 * (`end <= start`) and non-finite ones are ignored. The input is not modified.
 */
export function unionOfSpans(spans: readonly Span[]): Span[] {
  const valid = spans
    .filter(
      (s) =>
        Number.isFinite(s.start) &&
        Number.isFinite(s.end) &&
        toMicroseconds(s.end) > toMicroseconds(s.start),
    )
    .map((s) => ({ start: s.start, end: s.end }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const span of valid) {
    const last = merged[merged.length - 1];
    if (last && toMicroseconds(span.start) <= toMicroseconds(last.end)) {
      if (span.end > last.end) last.end = span.end;
    } else {
      merged.push(span);
    }
  }
  return merged;
}

/** Total length in seconds of the union of `spans` (overlaps counted once). */
export function coveredSeconds(spans: readonly Span[]): number {
  return unionOfSpans(spans).reduce((sum, s) => sum + (s.end - s.start), 0);
}
