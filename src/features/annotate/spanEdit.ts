// Checking a span typed into the Regions list: 0 ≤ start < end ≤ duration, in seconds.

export interface SpanDraft {
  start: string;
  end: string;
}

export type SpanCheck =
  | { ok: true; start: number; end: number }
  | { ok: false; field: "start" | "end"; message: string };

function parseSeconds(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** Validates a typed span against the clip's duration; the message names the problem. */
export function checkSpan(draft: SpanDraft, duration: number): SpanCheck {
  const start = parseSeconds(draft.start);
  const end = parseSeconds(draft.end);
  const max = Math.round(duration * 1000) / 1000;
  if (start === null)
    return { ok: false, field: "start", message: "Start must be a number of seconds." };
  if (end === null) return { ok: false, field: "end", message: "End must be a number of seconds." };
  if (start < 0) return { ok: false, field: "start", message: "Start cannot be before 0 s." };
  if (end > duration + 1e-9) {
    return { ok: false, field: "end", message: `End cannot be after the clip ends (${max} s).` };
  }
  if (start >= end) return { ok: false, field: "start", message: "Start must be before end." };
  return { ok: true, start, end };
}
