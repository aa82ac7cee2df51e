// A view pair's side on the participant's screen: the indices of its highlighted bins (the
// server's, of the study's bin width) as the spans drawn over the waveform. Neighbouring bins
// make one span; a span never runs past the clip's end.

export interface BinSpan {
  start: number;
  end: number;
}

/** The highlighted bins as spans in seconds, in time order (bins unsorted or repeated too). */
export function binSpans(bins: readonly number[], binSeconds: number, duration: number): BinSpan[] {
  const sorted = [...new Set(bins)]
    .filter((b) => Number.isInteger(b) && b >= 0)
    .sort((a, b) => a - b);
  const spans: BinSpan[] = [];
  let from = -1;
  let to = -1;
  const close = () => {
    if (from < 0) return;
    const start = from * binSeconds;
    const end = Math.min((to + 1) * binSeconds, duration);
    if (end > start) spans.push({ start: round(start), end: round(end) });
  };
  for (const b of sorted) {
    if (from >= 0 && b === to + 1) {
      to = b;
      continue;
    }
    close();
    from = b;
    to = b;
  }
  close();
  return spans;
}

/** Seconds to the microsecond: 3 × 0.1 is 0.3, not 0.30000000000000004. */
const round = (s: number) => Math.round(s * 1e6) / 1e6;
