// The colour key of the crowd annotators on this clip: id, colour, number of spans; each
// entry is a toggle that shows or hides that annotator's spans.
import { useIntlShape, useT } from "../../../lib/i18n.tsx";
import type { LegendEntry } from "./clipView.ts";

export function AnnotatorLegend({
  entries,
  onToggle,
}: {
  entries: readonly LegendEntry[];
  onToggle(annotatorId: string): void;
}) {
  const t = useT();
  const intl = useIntlShape();
  if (entries.length === 0) return null;
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t("expert.screen.legend")}</legend>
      <span
        aria-hidden="true"
        className="text-xs font-medium uppercase tracking-wide text-slate-500"
      >
        {t("expert.screen.legendShort")}
      </span>
      {entries.map((e) => (
        <button
          key={e.annotatorId}
          type="button"
          aria-pressed={e.visible}
          aria-label={t("expert.screen.legendEntry", {
            id: e.annotatorId,
            n: e.spans,
            visible: e.visible ? "yes" : "no",
          })}
          title={t(e.visible ? "expert.screen.hideAnnotator" : "expert.screen.showAnnotator")}
          onClick={() => onToggle(e.annotatorId)}
          className={`flex items-center gap-2 rounded-full border px-3 py-1 text-sm transition ${
            e.visible
              ? "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              : "border-dashed border-slate-300 bg-slate-50 text-slate-400 line-through hover:bg-slate-100"
          }`}
        >
          <span
            data-testid="legend-swatch"
            className="size-3 rounded-full ring-1 ring-black/10"
            style={{
              backgroundColor: e.visible ? e.color : "transparent",
              borderColor: e.color,
              borderWidth: 2,
            }}
          />
          <span className="font-medium" dir="auto">
            {e.annotatorId}
          </span>
          <span className="tabular-nums text-slate-500">{intl.formatNumber(e.spans)}</span>
        </button>
      ))}
    </fieldset>
  );
}
