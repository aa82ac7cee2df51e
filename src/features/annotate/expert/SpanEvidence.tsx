// Under the expert's waveform: the selected span's pitch and energy against the rest of the
// clip, the evidence a "high pitch", "flat pitch" or "energy" label needs.
import { type ReactNode, useMemo } from "react";
import { spanAcoustics } from "../../../domain/acoustics/spanStats.ts";
import { useIntlShape, useT } from "../../../lib/i18n.tsx";
import type { ExpertSpan } from "./clipView.ts";
import { describeSpanAcoustics } from "./evidence.ts";
import type { ClipFeaturesState } from "./useClipFeatures.ts";
import { timeRange } from "./words.ts";

export function SpanEvidence({
  state,
  span,
}: {
  state: Omit<ClipFeaturesState, "onDecoded">;
  span: Pick<ExpertSpan, "start" | "end"> | undefined;
}) {
  const t = useT();
  const intl = useIntlShape();
  const lines = useMemo(
    () =>
      state.features && span
        ? describeSpanAcoustics(spanAcoustics(state.features, span.start, span.end), intl).map(
            (line) => t(line.id, line.values),
          )
        : null,
    [state.features, span, intl, t],
  );
  let body: ReactNode;
  if (state.error)
    body = (
      <span className="text-amber-800">
        {t("expert.screen.evidence.unavailable", { message: state.error })}
      </span>
    );
  else if (state.measuring)
    body = <span className="text-slate-500">{t("expert.screen.evidence.measuring")}</span>;
  else if (!span)
    body = <span className="text-slate-500">{t("expert.screen.evidence.select")}</span>;
  else if (!lines) return null;
  else {
    body = (
      <>
        <span className="font-medium text-slate-800">
          {t("expert.screen.evidence.span", timeRange(intl, span.start, span.end))}
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
