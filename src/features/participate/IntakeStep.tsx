// The intake questionnaire (domain/collection/intake.ts), after consent: the study's standard questions
// that are on and its free questions, required ones marked. Checked here with the same rule
// the server applies, so a participant sees what is missing before anything is sent.
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { INPUT } from "../../components/inputClass.ts";
import {
  type Answers,
  checkAnswers,
  freeKey,
  type IntakeConfig,
  STANDARD_QUESTIONS,
} from "../../domain/collection/intake.ts";
import { type MessageId, useT } from "../../lib/i18n.tsx";

/** The canonical answers (stored in English, whatever the page's language) as shown. */
const OPTION_TEXT: Record<string, MessageId> = {
  "65 or over": "intake.opt.over65",
  "Prefer not to say": "intake.opt.preferNot",
  Woman: "intake.opt.woman",
  Man: "intake.opt.man",
  "Non-binary": "intake.opt.nonBinary",
  "Over-ear or on-ear headphones": "intake.opt.headphones",
  Earbuds: "intake.opt.earbuds",
  "Computer speakers": "intake.opt.computerSpeakers",
  "Phone speaker": "intake.opt.phoneSpeaker",
  Other: "intake.opt.other",
  Yes: "intake.opt.yes",
  No: "intake.opt.no",
  yes: "intake.opt.yes",
  no: "intake.opt.no",
};

/** checkAnswers()'s problems (English, the server's words too) as shown. */
export function problemText(problem: string, t: ReturnType<typeof useT>): string {
  const max = /under (\d+) characters/.exec(problem)?.[1];
  if (max) return t("intake.problem.tooLong", { max: Number(max) });
  if (problem.startsWith("Please answer yes")) return t("intake.problem.yesno");
  if (problem.startsWith("Please answer")) return t("intake.problem.answer");
  if (problem.startsWith("Please choose")) return t("intake.problem.choose");
  if (problem.startsWith("Please give")) return t("intake.problem.languages");
  return problem;
}

export function IntakeStep({
  config,
  onDone,
}: {
  config: IntakeConfig;
  onDone(answers: Answers): void;
}) {
  const t = useT();
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
      <span className="font-normal text-slate-500">
        {t(required ? "common.required" : "common.optional")}
      </span>
    </label>
  );
  const error = (key: string) =>
    problems[key] ? (
      <p id={`${id}-${key}-e`} className="mt-1 text-sm text-red-600">
        {problemText(problems[key], t)}
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
      aria-label={t("intake.title")}
      className="mx-auto max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 className="text-xl font-semibold text-slate-900">{t("intake.title")}</h1>
      <p className="text-sm text-slate-600">{t("intake.why")}</p>
      {STANDARD_QUESTIONS.filter((q) => config.standard[q.id] !== "off").map((q) => {
        const required = config.standard[q.id] === "required";
        const value = answers[q.id] ?? "";
        return (
          <div key={q.id}>
            {label(q.id, t(`intake.q.${q.id}`), required)}
            {q.kind === "choice" || q.kind === "yesno" ? (
              <select
                id={`${id}-${q.id}`}
                className={INPUT}
                value={value}
                onChange={(e) => set(q.id, e.target.value)}
                {...aria(q.id)}
              >
                <option value="">{t("intake.choose")}</option>
                {(q.kind === "yesno" ? ["yes", "no"] : (q.options ?? [])).map((o) => (
                  <option key={o} value={o}>
                    {OPTION_TEXT[o] ? t(OPTION_TEXT[o]) : o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-${q.id}`}
                className={INPUT}
                value={value}
                placeholder={q.kind === "languages" ? t("intake.languagesPlaceholder") : undefined}
                onChange={(e) => set(q.id, e.target.value)}
                {...aria(q.id)}
              />
            )}
            {error(q.id)}
          </div>
        );
      })}
      {config.free.map((f) => {
        const key = freeKey(f);
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
        {t("intake.continue")}
      </Button>
    </form>
  );
}
