// The stored spans that the incoming files leave out, though they carry the same annotator's
// finished clip: most likely deleted by the annotator after an earlier export. The researcher
// keeps them (the default: nothing is deleted unasked) or removes them with their labels.
import { useId } from "react";
import { spanTitle } from "../../domain/merge/conflictView.ts";
import { plural } from "../../lib/format.ts";
import type { PlanView } from "../../workers/importMessages.ts";

export function MissingRegions({
  missing,
  remove,
  onChange,
}: {
  missing: PlanView["missing"];
  remove: boolean;
  onChange: (remove: boolean) => void;
}) {
  const name = useId();
  const { count, labels, first } = missing;
  if (count === 0) return null;
  return (
    <fieldset className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
      <legend className="px-1 font-medium text-amber-950">
        {plural(count, "span")} left out of the new files
      </legend>
      <p className="text-amber-950">
        {count === 1 ? "This span is" : "These spans are"} stored for the study, but the files that
        carry the same annotator's finished clip do not have {count === 1 ? "it" : "them"}: the
        annotator probably deleted {count === 1 ? "it" : "them"} after an earlier export.
      </p>
      <ul aria-label="Spans left out" className="mt-2 space-y-0.5 font-mono text-xs text-slate-800">
        {first.map(({ region, source }) => (
          <li key={region.id}>
            {spanTitle(region)} <span className="font-sans text-slate-500">(not in {source})</span>
          </li>
        ))}
        {count > first.length && (
          <li className="font-sans text-slate-600">… and {count - first.length} more</li>
        )}
      </ul>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <label className="inline-flex items-center gap-1.5">
          <input
            type="radio"
            name={name}
            checked={!remove}
            onChange={() => onChange(false)}
            className="accent-slate-900"
          />
          Keep {count === 1 ? "it" : "them"}
        </label>
        <label className="inline-flex items-center gap-1.5">
          <input
            type="radio"
            name={name}
            checked={remove}
            onChange={() => onChange(true)}
            className="accent-slate-900"
          />
          Remove {count === 1 ? "it" : "them"}
          {labels > 0 && (
            <span className="text-xs text-slate-600">
              (with the {plural(labels, "reason label")} on {count === 1 ? "it" : "them"})
            </span>
          )}
        </label>
      </div>
    </fieldset>
  );
}
