// Under the expert's waveform: the selected span's pitch and energy against the rest of the
// clip, the evidence a "high pitch", "flat pitch" or "energy" label needs.
import { type ReactNode, useMemo } from "react";
import { formatTime } from "../../../audio/format.ts";
import { spanAcoustics } from "../../../domain/acoustics/spanStats.ts";
import type { ExpertSpan } from "./clipView.ts";
import { describeSpanAcoustics } from "./evidence.ts";
import type { ClipFeaturesState } from "./useClipFeatures.ts";

export function SpanEvidence({
  state,
  span,
}: {
  state: Omit<ClipFeaturesState, "onDecoded">;
  span: Pick<ExpertSpan, "start" | "end"> | undefined;
}) {
  const lines = useMemo(
    () =>
      state.features && span
        ? describeSpanAcoustics(spanAcoustics(state.features, span.start, span.end))
        : null,
    [state.features, span],
  );
  let body: ReactNode;
  if (state.error)
    body = <span className="text-amber-800">Pitch and energy unavailable: {state.error}</span>;
  else if (state.measuring)
    body = <span className="text-slate-500">Measuring pitch and energy…</span>;
  else if (!span)
    body = (
      <span className="text-slate-500">
        Select a span to compare its pitch and energy with the rest of the clip.
      </span>
    );
  else if (!lines) return null;
  else {
    body = (
      <>
        <span className="font-medium text-slate-800">
          Span {formatTime(span.start)}–{formatTime(span.end)}:
        </span>
        {lines.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </>
    );
  }
  return (
    <p
      data-testid="span-evidence"
      aria-live="polite"
      className="flex min-h-5 flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-700"
    >
      {body}
    </p>
  );
}
