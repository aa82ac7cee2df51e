// "Intake questionnaire" in the study settings (domain/collection/intake.ts): each standard question off,
// optional or required, and free questions one per line ("*" first for a required one).
// Stored as `study.intake` when anything is asked; participants of a collection-server study
// answer it after consent.
import { useId } from "react";
import { INPUT } from "../../components/inputClass.ts";
import {
  type FreeQuestion,
  hasIntake,
  type IntakeConfig,
  type Need,
  STANDARD_QUESTIONS,
} from "../../domain/collection/intake.ts";
import { type ScreeningConfig, screeningOf } from "../../domain/collection/screening.ts";

/** The free questions as typed: one per line, "*" first for required. */
export function freeText(config: IntakeConfig): string {
  return config.free.map((f) => `${f.required ? "* " : ""}${f.text}`).join("\n");
}

/**
 * The free questions typed, one per line. A line whose text was a question before keeps that
 * question's id (its answers stay its own, wherever the line moved); a new line gets the next
 * unused id (q1, q2 …).
 */
export function parseFree(text: string, before: readonly FreeQuestion[] = []): FreeQuestion[] {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && line !== "*")
    .map((line) =>
      line.startsWith("*")
        ? { text: line.slice(1).trim(), required: true }
        : { text: line, required: false },
    );
  const used = new Set<string>();
  const kept = lines.map((line) => {
    const same = before.find((q) => q.text === line.text && !used.has(q.id));
    if (same) used.add(same.id);
    return same?.id;
  });
  const taken = new Set([...before.map((q) => q.id), ...used]);
  let next = 1;
  return lines.map((line, i) => {
    let id = kept[i];
    if (id === undefined) {
      while (taken.has(`q${next}`)) next++;
      id = `q${next}`;
      taken.add(id);
    }
    return { id, ...line };
  });
}

/**
 * `extra` with `intake` set (or without it when nothing is asked) and `screening` set to the
 * headphone check (or without it when off; six rounds, pass at five).
 */
export function withIntake(
  extra: Record<string, unknown>,
  config: IntakeConfig,
  check: ScreeningConfig["test"] = "off",
): Record<string, unknown> {
  const { intake: _old, screening: _oldCheck, ...rest } = extra;
  return {
    ...rest,
    ...(hasIntake(config) ? { intake: config } : {}),
    ...(check === "off" ? {} : { screening: { ...screeningOf(extra), test: check } }),
  };
}

export function IntakeFields({
  config,
  free,
  onChange,
  onFree,
  check,
  onCheck,
}: {
  config: IntakeConfig;
  /** The free questions' text as typed. */
  free: string;
  onChange(config: IntakeConfig): void;
  onFree(text: string): void;
  check: ScreeningConfig["test"];
  onCheck(test: ScreeningConfig["test"]): void;
}) {
  const id = useId();
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">
        Intake questionnaire (participants of a collection-server study)
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {STANDARD_QUESTIONS.map((q) => (
          <div key={q.id} className="flex items-center justify-between gap-2">
            <label htmlFor={`${id}-${q.id}`} className="text-sm text-slate-700">
              {q.label}
            </label>
            <select
              id={`${id}-${q.id}`}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
              value={config.standard[q.id]}
              onChange={(e) =>
                onChange({
                  ...config,
                  standard: { ...config.standard, [q.id]: e.target.value as Need },
                })
              }
            >
              <option value="off">Off</option>
              <option value="optional">Optional</option>
              <option value="required">Required</option>
            </select>
          </div>
        ))}
      </div>
      <label htmlFor={`${id}-free`} className="mt-3 block text-sm text-slate-700">
        Free questions
      </label>
      <textarea
        id={`${id}-free`}
        rows={2}
        className={INPUT}
        value={free}
        aria-describedby={`${id}-free-h`}
        placeholder="* Have you heard synthetic speech before?"
        onChange={(e) => onFree(e.target.value)}
      />
      <p id={`${id}-free-h`} className="mt-1 text-xs text-slate-500">
        One question per line; start a line with * to make the question required. Answers are stored
        with the participant (annotators' profile) and described in the protocol report.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-check`} className="text-sm text-slate-700">
          Headphone check before the clips
        </label>
        <select
          id={`${id}-check`}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          value={check}
          onChange={(e) => onCheck(e.target.value as ScreeningConfig["test"])}
        >
          <option value="off">Off</option>
          <option value="huggins">Huggins pitch (Milne et al. 2021)</option>
          <option value="antiphase">Antiphase (Woods et al. 2017)</option>
        </select>
        <span className="text-xs text-slate-500">
          6 rounds, pass at 5; a participant who fails gets the study's screened-out code.
        </span>
      </div>
    </fieldset>
  );
}
