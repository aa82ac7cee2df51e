// What the study forms ("New study", "Study settings", "Add clips") share: the input style,
// the message under a field, the checks of a study's name and bin width, and those fields.
import { useId } from "react";
import { INPUT } from "../../components/inputClass.ts";
import { binWidthFault, MIN_BIN_SECONDS_TEXT } from "../../domain/interchange/binWidth.ts";
import { requiresRating, type TaskModule } from "../../domain/tasks/index.ts";

/** The problem with a field, under it; `id` lets the field point at it (aria-describedby). */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}

/** Why this study name cannot be used, or undefined when it can. */
export function nameProblem(name: string): string | undefined {
  return name.trim() === "" ? "Enter a name for the study." : undefined;
}

/** Why this bin width (as typed, in seconds) cannot be used, or undefined when it can. */
export function binProblem(text: string): string | undefined {
  const fault = text.trim() === "" ? "not-a-number" : binWidthFault(Number(text));
  if (fault === undefined) return undefined;
  return fault === "under-one-microsecond"
    ? `Bin width must be at least ${MIN_BIN_SECONDS_TEXT} s (one microsecond): times are counted in whole microseconds.`
    : "Bin width must be a number of seconds greater than 0.";
}

/** The study's name and bin width side by side, each with its problem under it. */
export function NameAndBinFields({
  name,
  onName,
  bin,
  onBin,
  errors,
  namePlaceholder,
  binHint,
}: {
  name: string;
  onName: (name: string) => void;
  /** The bin width as typed, in seconds. */
  bin: string;
  onBin: (bin: string) => void;
  errors: { name?: string | undefined; bin?: string | undefined };
  namePlaceholder?: string;
  /** A line under the bin width while it has no problem. */
  binHint?: string;
}) {
  const ids = { name: useId(), bin: useId() };
  const binDescribedBy = errors.bin ? `${ids.bin}-e` : binHint ? `${ids.bin}-h` : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
      <div>
        <label htmlFor={ids.name} className="block text-sm font-medium text-slate-800">
          Study name
        </label>
        <input
          id={ids.name}
          value={name}
          onChange={(e) => onName(e.target.value)}
          placeholder={namePlaceholder}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${ids.name}-e` : undefined}
          className={INPUT}
        />
        <FieldError id={`${ids.name}-e`} message={errors.name} />
      </div>
      <div>
        <label htmlFor={ids.bin} className="block text-sm font-medium text-slate-800">
          Bin width (s)
        </label>
        <input
          id={ids.bin}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          value={bin}
          onChange={(e) => onBin(e.target.value)}
          aria-invalid={errors.bin ? true : undefined}
          aria-describedby={binDescribedBy}
          className={INPUT}
        />
        <FieldError id={`${ids.bin}-e`} message={errors.bin} />
        {binHint && !errors.bin && (
          <p id={`${ids.bin}-h`} className="mt-1 text-xs text-slate-500">
            {binHint}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The "rating required" checkbox: the researcher's choice (`checked`) where the study's task
 * leaves it to them; otherwise shown as the task has it (ticked for rate, unticked for
 * transcribe), disabled, with the task's reason under it.
 */
export function RequireRatingField({
  checked,
  onChange,
  task,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  task: TaskModule;
}) {
  const id = useId();
  const fixed = task.rating.setting !== "choice";
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={requiresRating(task, checked)}
        disabled={fixed}
        aria-describedby={fixed ? `${id}-n` : undefined}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 accent-slate-900 disabled:opacity-50"
      />
      <div>
        <label htmlFor={id} className={`text-sm ${fixed ? "text-slate-500" : "text-slate-800"}`}>
          Require a 1–5 naturalness rating before an annotator finishes a clip
        </label>
        {fixed && task.rating.note && (
          <p id={`${id}-n`} className="text-xs text-slate-500">
            {task.rating.note}
          </p>
        )}
      </div>
    </div>
  );
}
