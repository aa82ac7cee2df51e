// The intake questionnaire (domain/intake.ts), after consent: the study's standard questions
// that are on and its free questions, required ones marked. Checked here with the same rule
// the server applies, so a participant sees what is missing before anything is sent.
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import {
  type Answers,
  checkAnswers,
  type IntakeConfig,
  STANDARD_QUESTIONS,
} from "../../domain/intake.ts";

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-slate-900 focus:outline-none focus:ring-1 focus:ring-slate-900 aria-[invalid=true]:border-red-600";

export function IntakeStep({
  config,
  onDone,
}: {
  config: IntakeConfig;
  onDone(answers: Answers): void;
}) {
  const id = useId();
  const [answers, setAnswers] = useState<Answers>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = (key: string, value: string) => setAnswers((a) => ({ ...a, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkAnswers(config, answers);
    if (!checked.ok) {
      setProblems(checked.problems);
      const first = Object.keys(checked.problems)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setProblems({});
    onDone(answers);
  };
  const label = (key: string, text: string, required: boolean) => (
    <label htmlFor={`${id}-${key}`} className="block text-sm font-medium text-slate-800">
      {text}{" "}
      <span className="font-normal text-slate-500">{required ? "(required)" : "(optional)"}</span>
    </label>
  );
  const error = (key: string) =>
    problems[key] ? (
      <p id={`${id}-${key}-e`} className="mt-1 text-sm text-red-600">
        {problems[key]}
      </p>
    ) : null;
  const aria = (key: string) => ({
    "aria-invalid": problems[key] ? true : undefined,
    "aria-describedby": problems[key] ? `${id}-${key}-e` : undefined,
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="About you"
      className="mx-auto max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 className="text-xl font-semibold text-slate-900">About you</h1>
      <p className="text-sm text-slate-600">
        The researchers use these answers to describe who took part. They are stored with your study
        platform id, not your name.
      </p>
      {STANDARD_QUESTIONS.filter((q) => config.standard[q.id] !== "off").map((q) => {
        const required = config.standard[q.id] === "required";
        const value = answers[q.id] ?? "";
        return (
          <div key={q.id}>
            {label(q.id, q.label, required)}
            {q.kind === "choice" || q.kind === "yesno" ? (
              <select
                id={`${id}-${q.id}`}
                className={INPUT}
                value={value}
                onChange={(e) => set(q.id, e.target.value)}
                {...aria(q.id)}
              >
                <option value="">Choose…</option>
                {(q.kind === "yesno" ? ["yes", "no"] : (q.options ?? [])).map((o) => (
                  <option key={o} value={o}>
                    {q.kind === "yesno" ? (o === "yes" ? "Yes" : "No") : o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-${q.id}`}
                className={INPUT}
                value={value}
                placeholder={q.kind === "languages" ? "e.g. English, Spanish" : undefined}
                onChange={(e) => set(q.id, e.target.value)}
                {...aria(q.id)}
              />
            )}
            {error(q.id)}
          </div>
        );
      })}
      {config.free.map((f, i) => {
        const key = `free:${i}`;
        return (
          <div key={key}>
            {label(key, f.text, f.required)}
            <textarea
              id={`${id}-${key}`}
              rows={2}
              className={INPUT}
              value={answers[key] ?? ""}
              onChange={(e) => set(key, e.target.value)}
              {...aria(key)}
            />
            {error(key)}
          </div>
        );
      })}
      <Button type="submit" variant="primary">
        Continue
      </Button>
    </form>
  );
}
