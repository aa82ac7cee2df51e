// "Pre-test (natural vs synthetic pairs)" in New study and Edit settings, for every task: after
// the headphone check and before the main task, each participant judges pairs of a natural
// recording (a reference clip) and a synthetic clip of the same sentence (Chiang et al. 2023).
// The researcher sets how many pairs, the pass accuracy, and whether a participant below it is
// screened out or the result only recorded. The pairs themselves: designDraft.ts.
import { useId } from "react";
import { INPUT } from "../../components/inputClass.ts";
import { DEFAULT_PASS_ACCURACY } from "../../domain/interchange/comparison.ts";
import { DEFAULT_PRETEST_PAIRS } from "../../domain/tasks/compare/pairs.ts";
import { plural } from "../../lib/format.ts";
import type { DesignField, DesignOutcome, PretestDraft } from "./designDraft.ts";
import { FieldError } from "./fields.tsx";

export function PretestFields({
  draft,
  onDraft,
  outcome,
  problems,
  clipCount,
}: {
  /** How many clips the pairs are made from (none yet: a hint instead of a problem). */
  clipCount: number;
  draft: PretestDraft;
  onDraft(draft: PretestDraft): void;
  outcome: DesignOutcome;
  problems: Partial<Record<DesignField, string>>;
}) {
  const id = useId();
  const set = (patch: Partial<PretestDraft>) => onDraft({ ...draft, ...patch });
  const problem = problems.pretest ?? (outcome.ok ? undefined : outcome.problems.pretest);
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">
        Pre-test (natural vs synthetic pairs)
      </legend>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-1"
          checked={draft.on}
          onChange={(e) => set({ on: e.target.checked })}
          aria-describedby={`${id}-h`}
        />
        <span>
          Run a pre-test before the main task
          <span id={`${id}-h`} className="block text-xs text-slate-500">
            Each participant says which of two samples sounds more natural: a natural recording (a
            reference clip) and a synthetic clip of the same sentence. It runs after the headphone
            check; a server scores it.
          </span>
        </span>
      </label>
      {draft.on && (
        <div className="mt-3 space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-count`} className="block text-sm text-slate-700">
                Pre-test pairs
              </label>
              <input
                id={`${id}-count`}
                className={INPUT}
                inputMode="numeric"
                value={draft.count}
                placeholder={String(DEFAULT_PRETEST_PAIRS)}
                aria-invalid={problems.count ? true : undefined}
                aria-describedby={problems.count ? `${id}-count-e` : undefined}
                onChange={(e) => set({ count: e.target.value })}
              />
              <FieldError id={`${id}-count-e`} message={problems.count} />
            </div>
            <div>
              <label htmlFor={`${id}-pass`} className="block text-sm text-slate-700">
                Pass accuracy (0–1)
              </label>
              <input
                id={`${id}-pass`}
                className={INPUT}
                inputMode="decimal"
                value={draft.passAccuracy}
                placeholder={String(DEFAULT_PASS_ACCURACY)}
                aria-invalid={problems.passAccuracy ? true : undefined}
                aria-describedby={problems.passAccuracy ? `${id}-pass-e` : undefined}
                onChange={(e) => set({ passAccuracy: e.target.value })}
              />
              <FieldError id={`${id}-pass-e`} message={problems.passAccuracy} />
            </div>
          </div>
          <fieldset>
            <legend className="text-sm text-slate-700">Below the pass accuracy</legend>
            <label className="mt-1 flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-out`}
                checked={draft.screenOut}
                onChange={() => set({ screenOut: true })}
              />
              Screen the participant out (the study's screened-out code)
            </label>
            <label className="mt-1 flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-out`}
                checked={!draft.screenOut}
                onChange={() => set({ screenOut: false })}
              />
              Only record the result (everyone goes on; compare the groups afterwards)
            </label>
          </fieldset>
          {clipCount === 0 && !problems.pretest ? (
            <p className="text-sm text-slate-600">
              The pairs are made from the clips: add the audio files and their metadata CSV
              (sentence, isReference) above.
            </p>
          ) : problem ? (
            <p role="alert" className="text-sm text-red-600">
              {problem}
            </p>
          ) : outcome.ok ? (
            <p className="text-sm text-slate-700" aria-live="polite">
              {plural(outcome.pretest.length, "pre-test pair")}
              {outcome.notes.length > 0 && ` (${outcome.notes.join(" ")})`}
            </p>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
