// What participants do (mark spans, rate only, or transcribe) and, for a transcription test,
// its settings: the unit scored, plays allowed, the bootstrap's seed and replicates, the
// significance level and the intake field that groups listeners. In New study and Edit settings.
import { useId } from "react";
import { INPUT } from "../../components/inputClass.ts";
import type { StudyTask } from "../../domain/interchange/types.ts";
import {
  DEFAULT_MAX_PLAYS,
  moduleOf,
  TASK_MODULES,
  type TranscriptionDraft,
} from "../../domain/tasks/index.ts";
import { FieldError } from "./fields.tsx";

export function TaskFields({
  task,
  onTask,
  draft,
  onDraft,
  problems,
}: {
  task: StudyTask;
  onTask(task: StudyTask): void;
  draft: TranscriptionDraft;
  onDraft(draft: TranscriptionDraft): void;
  problems: Record<string, string>;
}) {
  const id = useId();
  const field = (
    key: "maxPlays" | "seed" | "replicates" | "alpha" | "groupBy",
    label: string,
    hint: string,
    inputMode: "numeric" | "decimal" | "text",
  ) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="block text-sm text-slate-700">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className={INPUT}
        inputMode={inputMode}
        value={draft[key]}
        placeholder={hint}
        aria-invalid={problems[key] ? true : undefined}
        aria-describedby={problems[key] ? `${id}-${key}-e` : undefined}
        onChange={(e) => onDraft({ ...draft, [key]: e.target.value })}
      />
      <FieldError id={`${id}-${key}-e`} message={problems[key]} />
    </div>
  );
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Task</legend>
      <div className="space-y-2">
        {/* A study of a task not offered here (a comparison, imported) keeps it, shown chosen. */}
        {(TASK_MODULES.includes(moduleOf(task))
          ? TASK_MODULES
          : [...TASK_MODULES, moduleOf(task)]
        ).map((t) => (
          <label key={t.id} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-task`}
              className="mt-1"
              checked={task === t.id}
              onChange={() => onTask(t.id)}
              aria-describedby={`${id}-${t.id}-d`}
            />
            <span>
              {t.label}
              <span id={`${id}-${t.id}-d`} className="block text-xs text-slate-500">
                {t.description}
              </span>
            </span>
          </label>
        ))}
      </div>
      {moduleOf(task).transcriptionSettings && (
        <fieldset className="mt-3 rounded-md border border-slate-100 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">Transcription test</legend>
          <p className="mb-2 text-xs text-slate-500">
            Each clip's text (the metadata CSV's text column, or the clip's row on the study page)
            is the reference. Empty fields take the defaults shown.
          </p>
          <div className="grid gap-3 sm:grid-cols-3">
            <div>
              <label htmlFor={`${id}-unit`} className="block text-sm text-slate-700">
                Unit scored
              </label>
              <select
                id={`${id}-unit`}
                className={INPUT}
                value={draft.unit}
                onChange={(e) =>
                  onDraft({ ...draft, unit: e.target.value === "character" ? "character" : "word" })
                }
              >
                <option value="word">Words (syllables in Vietnamese)</option>
                <option value="character">Characters (scripts without spaces)</option>
              </select>
            </div>
            {field("maxPlays", "Plays allowed per clip", String(DEFAULT_MAX_PLAYS), "numeric")}
            {field("groupBy", "Group listeners by intake field", "e.g. nativeLanguages", "text")}
            {field("replicates", "Bootstrap replicates", "1000", "numeric")}
            {field("seed", "Bootstrap seed", "redpen", "text")}
            {field("alpha", "Significance level", "0.05", "decimal")}
          </div>
        </fieldset>
      )}
    </fieldset>
  );
}
