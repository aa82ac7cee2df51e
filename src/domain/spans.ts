// The one home of the span rules, used by the waveform, the crowd screen, the repository and
// the statistics: the Span type, the microsecond time base, the shortest span, what a valid
// span is, and how a span is fitted to its clip. Times are seconds; comparisons are made in
// integer microseconds, as docs/spec/statistics.md does, so 0.1 + 0.2 and 0.3 count as the
// same boundary.

/** A stretch of a clip, in seconds. */
export interface Span {
  start: number;
  end: number;
}

/** Seconds to integer microseconds: `Math.round(t * 1e6)` (docs/spec/statistics.md). */
export function toMicroseconds(seconds: number): number {
  return Math.round(seconds * 1e6);
}

/** The same, by its short name in the statistics. */
export const us = toMicroseconds;

/** A drag shorter than this (seconds) on the waveform is a click, not a span. */
export const MIN_SPAN_SECONDS = 0.01;

/**
 * Checks `0 <= start < end`, both finite numbers; throws an Error whose message names what is
 * wrong ("start must be 0 or more (got -1)", "end (1) must be greater than start (2)").
 */
export function checkSpan(start: unknown, end: unknown): Span {
  const finite = (what: string, v: unknown): number => {
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new Error(`${what} must be a finite number (got ${String(v)})`);
    }
    return v;
  };
  const s = finite("start", start);
  if (s < 0) throw new Error(`start must be 0 or more (got ${s})`);
  const e = finite("end", end);
  if (e <= s) throw new Error(`end (${e}) must be greater than start (${s})`);
  return { start: s, end: e };
}

/**
 * A checked span fitted to its clip: an end past the clip's `duration` is clamped to it; a
 * span starting at or after the end is refused (it would be empty).
 */
export function fitSpanToClip(span: Span, duration: number, clipId: string): Span {
  if (span.start >= duration) {
    throw new Error(`start (${span.start}) is not inside clip "${clipId}" (${duration} s long)`);
  }
  return { start: span.start, end: Math.min(span.end, duration) };
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
