// One span in the Regions list: its number and colour, editable start and end (written when
// the field is left or Enter is pressed, only if valid), play and delete.
import { memo, useEffect, useId, useRef, useState } from "react";
import { type MessageId, useIntlShape, useT } from "../../lib/i18n.tsx";
import { checkSpan } from "./spanEdit.ts";

/** spanEdit.ts's problems as shown. */
function problemId(message: string): MessageId | null {
  if (message.startsWith("Start must be a number")) return "span.problem.startNumber";
  if (message.startsWith("End must be a number")) return "span.problem.endNumber";
  if (message.startsWith("Start cannot be before")) return "span.problem.startBefore0";
  if (message.startsWith("End cannot be after")) return "span.problem.endAfter";
  if (message.startsWith("Start must be before")) return "span.problem.order";
  return null;
}

export interface RegionRowProps {
  number: number;
  id: string;
  start: number;
  end: number;
  color: string;
  duration: number;
  selected: boolean;
  onSelect(id: string): void;
  onCommit(id: string, start: number, end: number): void;
  onPlay(id: string): void;
  onDelete(id: string): void;
}

const INPUT =
  "w-24 rounded-md border px-2 py-1 text-sm tabular-nums focus:outline-2 focus:outline-slate-900";

export const RegionRow = memo(function RegionRow(props: RegionRowProps) {
  const { number, id, start, end, color, duration, selected } = props;
  const t = useT();
  const intl = useIntlShape();
  const [draft, setDraft] = useState({ start: String(start), end: String(end) });
  const [dirty, setDirtyState] = useState(false);
  const dirtyRef = useRef(false);
  const setDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  };
  const errorId = useId();

  // Follow newly stored values (a drag on the waveform, an edit just written) unless the
  // person is typing here. Committing keeps the typed values shown until the store echoes them.
  useEffect(() => {
    if (!dirtyRef.current) setDraft({ start: String(start), end: String(end) });
  }, [start, end]);

  const check = checkSpan(draft, duration);
  const error = dirty && !check.ok ? check : null;

  function commit() {
    if (!dirty) return;
    if (!check.ok) return; // keep the draft and its message on screen
    setDirty(false);
    if (check.start !== start || check.end !== end) props.onCommit(id, check.start, check.end);
  }

  function revert() {
    setDraft({ start: String(start), end: String(end) });
    setDirty(false);
  }

  function field(which: "start" | "end") {
    const invalid = error?.field === which;
    return (
      <label className="flex items-center gap-1 text-sm text-slate-600">
        {t(which === "start" ? "span.start" : "span.end")}
        <input
          type="number"
          dir="ltr"
          inputMode="decimal"
          step={0.01}
          min={0}
          max={duration}
          aria-label={t(which === "start" ? "span.startOf" : "span.endOf", { n: number })}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          value={draft[which]}
          onFocus={() => props.onSelect(id)}
          onChange={(e) => {
            setDraft((d) => ({ ...d, [which]: e.target.value }));
            setDirty(true);
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commit();
            } else if (e.key === "Escape") {
              e.stopPropagation();
              revert();
            }
          }}
          className={`${INPUT} ${invalid ? "border-red-600 bg-red-50" : "border-slate-300"}`}
        />
        <span aria-hidden="true">{t("span.seconds")}</span>
      </label>
    );
  }

  return (
    <li
      className={`rounded-md border px-3 py-2 ${
        selected ? "border-slate-900 bg-slate-50" : "border-slate-200 bg-white"
      }`}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          aria-pressed={selected}
          onClick={() => props.onSelect(id)}
          className="flex items-center gap-2 rounded px-1 text-sm font-medium text-slate-900 hover:bg-slate-100"
        >
          <span
            aria-hidden="true"
            className="inline-block h-3.5 w-3.5 rounded-sm border-2"
            style={{ borderColor: color, background: `${color}55` }}
          />
          {t("span.name", { n: number })}
        </button>
        {field("start")}
        {field("end")}
        <span className="text-sm text-slate-500 tabular-nums">
          {t("span.length", {
            seconds: intl.formatNumber(end - start, {
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            }),
          })}
        </span>
        <div className="ms-auto flex gap-2">
          <button
            type="button"
            aria-label={t("span.play", { n: number })}
            onClick={() => props.onPlay(id)}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50"
          >
            <span aria-hidden="true">▶</span> {t("wave.play")}
          </button>
          <button
            type="button"
            aria-label={t("span.deleteOf", { n: number })}
            onClick={() => props.onDelete(id)}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm text-red-600 hover:bg-red-50"
          >
            {t("span.delete")}
          </button>
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {t("span.error", {
            n: number,
            message: (() => {
              const problem = problemId(error.message);
              const max = /\(([\d.]+) s\)/.exec(error.message)?.[1] ?? "";
              return problem ? t(problem, { max }) : error.message;
            })(),
          })}
        </p>
      )}
    </li>
  );
});
