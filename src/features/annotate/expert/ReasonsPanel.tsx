// The reasons for the selected span, or for several selected spans at once: one checkbox per
// taxonomy type, with its description and the key (1–9, 0, -) that toggles it. With several
// spans a box is ticked when all have the reason and mixed when some do; a tick gives it to
// all. Every tick is stored at once.

import type { TaxonomyEntry } from "../../../domain/interchange/types.ts";
import { keyForReasonIndex } from "../../../domain/study/expert.ts";
import { useIntlShape, useT } from "../../../lib/i18n.tsx";
import type { ExpertSpan } from "./clipView.ts";
import { spanName } from "./words.ts";

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
  const t = useT();
  const intl = useIntlShape();
  const span = spans[0];
  if (!span) {
    return (
      <p className="px-1 py-6 text-center text-sm text-slate-500">
        {clipHasSpans ? t("expert.screen.selectSpan") : t("expert.screen.nothingToTag")}
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
            <span className="font-medium text-slate-900">
              {t("expert.screen.reasonsForMany", { n: spans.length })}
            </span>{" "}
            <span className="text-slate-500">{t("expert.screen.ticksToAll")}</span>
          </span>
        ) : (
          <>
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: span.color }}
            />
            <span>{t("expert.screen.reasonsFor", { span: spanName(intl, span) })}</span>
          </>
        )}
      </legend>
      {many && onSelectOne ? (
        <button
          type="button"
          onClick={onSelectOne}
          className="mb-1 self-start rounded-md border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50"
        >
          {t("expert.screen.labelOne")}
        </button>
      ) : null}
      {taxonomy.map((entry, i) => {
        const key = keyForReasonIndex(i);
        const labelId = `reason-${i}-label`;
        const descId = `reason-${i}-desc`;
        const have = countOf(entry.id);
        const checked = have === spans.length;
        const mixed = have > 0 && !checked;
        return (
          <label
            key={entry.id}
            // On a laptop-height screen (≤ 820 px) the descriptions are kept for screen readers
            // and the tooltip only, so the eleven reasons fit beside the clip without scrolling.
            title={entry.description}
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
              aria-describedby={entry.description ? descId : undefined}
              aria-keyshortcuts={key}
              onChange={() => onToggle(entry.id)}
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-center justify-between gap-2">
                <span id={labelId} className="text-sm font-medium text-slate-800">
                  <span dir="auto">{entry.label}</span>
                  {mixed ? (
                    <span className="font-normal text-slate-500">
                      {" "}
                      {t("expert.screen.mixed", { have, total: spans.length })}
                    </span>
                  ) : null}
                </span>
                {key && (
                  <kbd className="min-w-5 rounded border border-slate-300 bg-white px-1 text-center font-mono text-xs text-slate-500">
                    {key}
                  </kbd>
                )}
              </span>
              {entry.description && (
                <span
                  id={descId}
                  dir="auto"
                  className="text-xs text-slate-500 [@media(max-height:820px)]:sr-only"
                >
                  {entry.description}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
