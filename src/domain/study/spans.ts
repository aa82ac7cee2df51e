// The one home of the span rules, used by the waveform, the crowd screen, the repository and
// the statistics: the Span type, the microsecond time base, the shortest span, what a valid
// span is, and how a span is fitted to its clip. Times are seconds; comparisons are made in
// integer microseconds, as docs/spec/statistics.md does, so 0.1 + 0.2 and 0.3 count as the
// same boundary. How a span sits in its clip (spanFit) is the interchange format's rule, in
// interchange/spanFit.ts.

import { spanFit } from "../interchange/spanFit.ts";

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
 * A span marked with the keyboard (M at the start, M at the end) must be at least this long.
 * Longer than a drag's minimum on purpose: the playhead moves by 0.1 s per arrow key, so two
 * presses closer than this are an accidental double press, not a span.
 */
export const MIN_KEY_SPAN_SECONDS = 0.05;

/**
 * The span between two playhead marks, in either order; null when it is shorter than
 * MIN_KEY_SPAN_SECONDS.
 */
export function spanFromMarks(a: number, b: number): Span | null {
  const start = Math.min(a, b);
  const end = Math.max(a, b);
  return end - start < MIN_KEY_SPAN_SECONDS ? null : { start, end };
}

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
  if (spanFit(span, duration) === "outside") {
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

/** Integer microseconds back to seconds (the inverse of `us` on the microsecond grid). */
export function secondsFromUs(microseconds: number): number {
  return microseconds / 1e6;
}
