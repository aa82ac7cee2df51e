// The clip's crowd spans as a list: who marked it, where, the reasons ticked so far, and a
// play button. Clicking or tabbing onto a row selects the span; each row's checkbox (or a
// Shift/Ctrl-click) adds it to the spans labelled at once, and "Select overlapping" (O) takes
// every span overlapping the selected one.
import { formatTime } from "../../../audio/format.ts";
import type { TaxonomyEntry } from "../../../domain/interchange/types.ts";
import { useIntlShape, useT } from "../../../lib/i18n.tsx";
import type { ExpertSpan } from "./clipView.ts";
import { seconds, spanName } from "./words.ts";

interface Props {
  spans: readonly ExpertSpan[];
  /** Spans left out because their annotator is hidden in the legend. */
  hiddenCount: number;
  selectedId: string | null;
  /** The spans a tick goes to (the selected one, or several). */
  groupIds: ReadonlySet<string>;
  taxonomy: readonly TaxonomyEntry[];
  onSelect(id: string): void;
  onToggleInGroup(id: string): void;
  /** Selects every span overlapping the selected one; absent without a selection. */
  onSelectOverlapping?: (() => void) | undefined;
  onPlay(id: string): void;
}

export function RegionList({
  spans,
  hiddenCount,
  selectedId,
  groupIds,
  taxonomy,
  onSelect,
  onToggleInGroup,
  onSelectOverlapping,
  onPlay,
}: Props) {
  const t = useT();
  const intl = useIntlShape();
  const labelOf = new Map(taxonomy.map((t) => [t.id, t.label]));
  if (spans.length === 0 && hiddenCount === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
        {t("expert.screen.noCrowdSpans")}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {spans.length > 1 && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <button
            type="button"
            onClick={onSelectOverlapping}
            disabled={!onSelectOverlapping}
            aria-keyshortcuts="O"
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            {t("expert.screen.selectOverlapping")}
          </button>
          <span>
            {groupIds.size > 1
              ? t("expert.screen.groupSelected", { n: groupIds.size })
              : t("expert.screen.groupHint")}
          </span>
        </div>
      )}
      <ul aria-label={t("spans.list")} className="flex flex-col gap-1.5">
        {spans.map((s) => {
          const name = spanName(intl, s);
          const selected = s.id === selectedId;
          const inGroup = groupIds.size > 1 && groupIds.has(s.id);
          return (
            <li
              key={s.id}
              aria-current={selected ? "true" : undefined}
              data-span-id={s.id}
              className={`flex items-stretch overflow-hidden rounded-md border transition ${
                selected
                  ? "border-slate-900 bg-slate-50 ring-1 ring-slate-900"
                  : inGroup
                    ? "border-slate-500 bg-slate-50"
                    : "border-slate-200 bg-white hover:border-slate-300"
              }`}
            >
              <span
                data-testid="span-color"
                aria-hidden="true"
                className="w-1.5 shrink-0"
                style={{ backgroundColor: s.color }}
              />
              {spans.length > 1 && (
                <label className="flex shrink-0 cursor-pointer items-center ps-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-slate-900"
                    checked={groupIds.has(s.id)}
                    aria-label={t("expert.screen.addToGroup", { span: name })}
                    onChange={() => onToggleInGroup(s.id)}
                  />
                </label>
              )}
              <button
                type="button"
                className="flex min-w-0 flex-1 flex-col gap-1 px-3 py-2 text-start focus:outline-none focus-visible:bg-slate-100 focus-visible:outline-solid focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-slate-900"
                aria-label={t("expert.screen.spanReasons", {
                  span: name,
                  reasons:
                    s.reasons.length === 0
                      ? t("expert.screen.noReasons")
                      : intl.formatList(
                          s.reasons.map((r) => labelOf.get(r) ?? r),
                          { type: "unit" },
                        ),
                })}
                onClick={(e) => {
                  if (e.shiftKey || e.ctrlKey || e.metaKey) onToggleInGroup(s.id);
                  else onSelect(s.id);
                }}
                onFocus={() => onSelect(s.id)}
              >
                <span className="flex items-baseline gap-2 text-sm">
                  <span className="font-medium text-slate-900" dir="auto">
                    {s.annotatorId}
                  </span>
                  <span className="tabular-nums text-slate-700" dir="ltr">
                    {formatTime(s.start)}–{formatTime(s.end)}
                  </span>
                  <span className="tabular-nums text-xs text-slate-600">
                    {t("expert.screen.seconds", { seconds: seconds(intl, s.end - s.start) })}
                  </span>
                </span>
                <span className="flex flex-wrap gap-1">
                  {s.reasons.length === 0 ? (
                    <span className="text-xs italic text-slate-600">
                      {t("expert.screen.noReasons")}
                    </span>
                  ) : (
                    s.reasons.map((r) => (
                      <span
                        key={r}
                        className="rounded bg-slate-900/5 px-1.5 py-0.5 text-xs text-slate-700"
                        dir="auto"
                      >
                        {labelOf.get(r) ?? r}
                      </span>
                    ))
                  )}
                </span>
              </button>
              <button
                type="button"
                aria-label={t("expert.screen.playSpan", { span: name })}
                title={t("expert.screen.playThisSpan")}
                onClick={() => onPlay(s.id)}
                className="shrink-0 border-s border-slate-200 px-3 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-slate-900"
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
                  <path d="M4 2.5v11l9-5.5z" />
                </svg>
              </button>
            </li>
          );
        })}
      </ul>
      {hiddenCount > 0 && (
        <p className="text-xs text-slate-500">
          {t("expert.screen.hiddenSpans", { n: hiddenCount })}
        </p>
      )}
    </div>
  );
}
