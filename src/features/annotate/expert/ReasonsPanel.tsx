// The reasons for the selected span, or for several selected spans at once: one checkbox per
// taxonomy type, with its description and the key (1–9, 0, -) that toggles it. With several
// spans a box is ticked when all have the reason and mixed when some do; a tick gives it to
// all. Every tick is stored at once.
import { keyForReasonIndex } from "../../../domain/expert.ts";
import type { TaxonomyEntry } from "../../../domain/types.ts";
import type { ExpertSpan } from "./clipView.ts";
import { spanName } from "./RegionList.tsx";

interface Props {
  taxonomy: readonly TaxonomyEntry[];
  /** The spans a tick goes to: the selected one, or several. */
  spans: readonly ExpertSpan[];
  clipHasSpans: boolean;
  onToggle(reasonId: string): void;
  /** With several spans: back to the selected span alone. */
  onSelectOne?: (() => void) | undefined;
}

export function ReasonsPanel({ taxonomy, spans, clipHasSpans, onToggle, onSelectOne }: Props) {
  const span = spans[0];
  if (!span) {
    return (
      <p className="px-1 py-6 text-center text-sm text-slate-500">
        {clipHasSpans
          ? "Select a span on the waveform or in the list to tag its reasons."
          : "Nothing to tag on this clip: move on with Next clip (N)."}
      </p>
    );
  }
  const many = spans.length > 1;
  const countOf = (id: string) => spans.filter((s) => s.reasons.includes(id)).length;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-2 flex items-center gap-2 text-sm text-slate-700">
        {many ? (
          <span>
            Reasons for <span className="font-medium text-slate-900">{spans.length} spans</span>{" "}
            <span className="text-slate-500">(ticks go to all)</span>
          </span>
        ) : (
          <>
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: span.color }}
            />
            <span>
              Reasons for <span className="font-medium text-slate-900">{spanName(span)}</span>
            </span>
          </>
        )}
      </legend>
      {many && onSelectOne ? (
        <button
          type="button"
          onClick={onSelectOne}
          className="mb-1 self-start rounded-md border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50"
        >
          Label one span only
        </button>
      ) : null}
      {taxonomy.map((t, i) => {
        const key = keyForReasonIndex(i);
        const labelId = `reason-${i}-label`;
        const descId = `reason-${i}-desc`;
        const have = countOf(t.id);
        const checked = have === spans.length;
        const mixed = have > 0 && !checked;
        return (
          <label
            key={t.id}
            // On a laptop-height screen (≤ 820 px) the descriptions are kept for screen readers
            // and the tooltip only, so the eleven reasons fit beside the clip without scrolling.
            title={t.description}
            className={`flex cursor-pointer items-start gap-3 rounded-md px-2 py-1.5 transition [@media(max-height:820px)]:py-1 ${
              checked || mixed ? "bg-slate-100" : "hover:bg-slate-50"
            }`}
          >
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-slate-900"
              checked={checked}
              ref={(el) => {
                if (el) el.indeterminate = mixed;
              }}
              aria-checked={mixed ? "mixed" : undefined}
              aria-labelledby={labelId}
              aria-describedby={t.description ? descId : undefined}
              aria-keyshortcuts={key}
              onChange={() => onToggle(t.id)}
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-center justify-between gap-2">
                <span id={labelId} className="text-sm font-medium text-slate-800">
                  {t.label}
                  {mixed ? (
                    <span className="font-normal text-slate-500">
                      {` (${have} of ${spans.length})`}
                    </span>
                  ) : null}
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
