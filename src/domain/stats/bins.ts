// One annotation's view of its clip: the bin vector (OR over its regions) and the annotated
// seconds (length of the union of its clamped regions). The report computes the same thing in
// one pass over all regions (analyze.ts); these are the small reference forms, used by tests and
// by anyone who needs a single annotation.
import type { Span } from "../study/spans.ts";
import { binCount, markSpan, us } from "./time.ts";

export type { Span } from "../study/spans.ts";

/** The 0/1 bin vector of one annotation: K = ceil(D / b) bins, OR over its (clamped) regions. */
export function binVector(
  regions: readonly Span[],
  duration: number,
  binSeconds: number,
): Uint8Array {
  const durationUs = us(duration);
  const binUs = us(binSeconds);
  const bins = binCount(durationUs, binUs);
  const vector = new Uint8Array(bins);
  for (const r of regions) {
    markSpan(vector, 0, bins, us(r.start), Math.min(us(r.end), durationUs), binUs);
  }
  return vector;
}

/** Length in µs of the union of the given [start, end) spans (empty ones ignored). */
export function unionLengthUs(spans: readonly Span[]): number {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let curStart = 0;
  let curEnd = 0;
  let open = false;
  for (const s of sorted) {
    if (!open) {
      curStart = s.start;
      curEnd = s.end;
      open = true;
    } else if (s.start <= curEnd) {
      if (s.end > curEnd) curEnd = s.end;
    } else {
      total += curEnd - curStart;
      curStart = s.start;
      curEnd = s.end;
    }
  }
  if (open) total += curEnd - curStart;
  return total;
}

/** Annotated seconds of one annotation: the union of its clamped regions, overlaps counted once. */
export function annotatedSeconds(regions: readonly Span[], duration: number): number {
  const durationUs = us(duration);
  const clamped = regions.map((r) => ({
    start: us(r.start),
    end: Math.min(us(r.end), durationUs),
  }));
  return unionLengthUs(clamped) / 1e6;
}

/**
 * Union and overlap of the bin vectors of one clip's annotations (equal lengths): how many bins
 * at least one marks, how many every one marks, and of how many bins.
 */
export function unionAndOverlap(vectors: readonly Uint8Array[]): {
  union: number;
  overlap: number;
  bins: number;
} {
  const bins = vectors[0]?.length ?? 0;
  let union = 0;
  let overlap = 0;
  for (let k = 0; k < bins; k++) {
    let marks = 0;
    for (const v of vectors) {
      if (v.length !== bins) throw new Error("unionAndOverlap: vectors of different lengths");
      marks += v[k] as number;
    }
    if (marks > 0) union++;
    if (marks === vectors.length) overlap++;
  }
  return { union, overlap, bins };
}
