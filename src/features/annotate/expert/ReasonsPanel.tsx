// The reasons for the selected span: one checkbox per taxonomy type, with its description and
// the key (1–9, 0, -) that toggles it. Every tick is stored at once.
import { keyForReasonIndex } from "../../../domain/expert.ts";
import type { TaxonomyEntry } from "../../../domain/types.ts";
import type { ExpertSpan } from "./clipView.ts";
import { spanName } from "./RegionList.tsx";

interface Props {
  taxonomy: readonly TaxonomyEntry[];
  span: ExpertSpan | undefined;
  clipHasSpans: boolean;
  onToggle(reasonId: string): void;
}

export function ReasonsPanel({ taxonomy, span, clipHasSpans, onToggle }: Props) {
  if (!span) {
    return (
      <p className="px-1 py-6 text-center text-sm text-slate-500">
        {clipHasSpans
          ? "Select a span on the waveform or in the list to tag its reasons."
          : "Nothing to tag on this clip: move on with Next clip (N)."}
      </p>
    );
  }
  const ticked = new Set(span.reasons);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-2 flex items-center gap-2 text-sm text-slate-700">
        <span
          aria-hidden="true"
          className="size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: span.color }}
        />
        <span>
          Reasons for <span className="font-medium text-slate-900">{spanName(span)}</span>
        </span>
      </legend>
      {taxonomy.map((t, i) => {
        const key = keyForReasonIndex(i);
        const labelId = `reason-${i}-label`;
        const descId = `reason-${i}-desc`;
        const checked = ticked.has(t.id);
        return (
          <label
            key={t.id}
            // On a laptop-height screen (≤ 820 px) the descriptions are kept for screen readers
            // and the tooltip only, so the eleven reasons fit beside the clip without scrolling.
            title={t.description}
            className={`flex cursor-pointer items-start gap-3 rounded-md px-2 py-1.5 transition [@media(max-height:820px)]:py-1 ${
              checked ? "bg-slate-100" : "hover:bg-slate-50"
            }`}
          >
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-slate-900"
              checked={checked}
              aria-labelledby={labelId}
              aria-describedby={t.description ? descId : undefined}
              aria-keyshortcuts={key}
              onChange={() => onToggle(t.id)}
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-center justify-between gap-2">
                <span id={labelId} className="text-sm font-medium text-slate-800">
                  {t.label}
                </span>
                {key && (
                  <kbd className="min-w-5 rounded border border-slate-300 bg-white px-1 text-center font-mono text-xs text-slate-500">
                    {key}
                  </kbd>
                )}
              </span>
              {t.description && (
                <span
                  id={descId}
                  className="text-xs text-slate-500 [@media(max-height:820px)]:sr-only"
                >
                  {t.description}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
