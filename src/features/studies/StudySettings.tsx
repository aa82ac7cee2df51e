import type { StudyRecord } from "../../db/repo.ts";
import { armsOf } from "../../domain/collection/arms.ts";
import { type IntakeConfig, intakeOf, STANDARD_QUESTIONS } from "../../domain/collection/intake.ts";
import { type ScreeningConfig, screeningOf } from "../../domain/collection/screening.ts";
import { languageName, languageOf } from "../../domain/i18n/languages.ts";
import type { Pair } from "../../domain/interchange/types.ts";
import { splitPairs } from "../../domain/tasks/compare/pairs.ts";
import {
  comparisonOf,
  pretestOf,
  pretestText,
  scaleText,
} from "../../domain/tasks/compare/settings.ts";
import {
  requiresRating,
  type SummaryItem,
  submissionRules,
  type TaskModule,
  taskModule,
  transcriptionOf,
} from "../../domain/tasks/index.ts";

const SHORT: Record<string, string> = {
  ageBand: "age",
  gender: "gender",
  nativeLanguages: "native languages",
  country: "country",
  device: "device",
  headphones: "headphones",
  hearingImpairment: "hearing",
};

/** The intake in a few words: each question asked, required or optional, and own questions. */
export function intakeText(intake: IntakeConfig): string {
  const asked = STANDARD_QUESTIONS.filter((q) => intake.standard[q.id] !== "off").map(
    (q) => `${SHORT[q.id] ?? q.id}${intake.standard[q.id] === "required" ? " (required)" : ""}`,
  );
  const own = intake.free.length;
  if (own > 0) asked.push(`${own} own question${own === 1 ? "" : "s"}`);
  return asked.length === 0 ? "None" : asked.join(", ");
}

/** The headphone check in a few words. */
export function screeningText(s: ScreeningConfig): string {
  if (s.test === "off") return "Off";
  const name = s.test === "huggins" ? "Huggins pitch" : "Antiphase";
  return `${name}, pass at ${s.passAt} of ${s.trials}`;
}

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The rating requirement in a few words, as the study's task has it. */
export function ratingText(task: TaskModule, requireRating: boolean): string {
  if (task.rating.setting === "never") return "Not asked";
  return requiresRating(task, requireRating) ? "Required (1–5)" : "Optional";
}

/**
 * A comparison's design in a few words: its scale, its pairs (main, not the pre-test's) and
 * the question when the study words it.
 */
export function designText(
  extra: Readonly<Record<string, unknown>>,
  pairs: readonly Pair[],
): string {
  const c = comparisonOf(extra);
  const main = splitPairs(pairs, extra.qualification).main.length;
  return `${scaleText(c)}; ${main} pair${main === 1 ? "" : "s"}${c.question ? `; “${c.question}”` : ""}`;
}

/** A task-specific item of the summary: its term and what it says of `study`. */
function summaryItem(
  item: SummaryItem,
  study: StudyRecord,
  task: TaskModule,
  pairs: readonly Pair[],
): { term: string; value: React.ReactNode } {
  switch (item) {
    case "rating":
      return { term: "Rating", value: ratingText(task, study.requireRating) };
    case "binWidth":
      return { term: "Bin width", value: `${study.binSeconds} s` };
    case "reasons":
      return {
        term: "Reasons",
        value: (
          <span title={study.taxonomy.map((t) => t.label).join(", ")}>
            {study.taxonomy.length} types
          </span>
        ),
      };
    case "plays": {
      const plays = submissionRules({
        ...study.extra,
        requireRating: study.requireRating,
      }).maxPlays;
      return { term: "Plays per clip", value: plays === null ? "No limit" : `At most ${plays}` };
    }
    case "unit":
      return {
        term: "Scored in",
        value: transcriptionOf(study.extra).unit === "character" ? "Characters" : "Words",
      };
    case "design":
      return { term: "Comparison", value: designText(study.extra, pairs) };
  }
}

/** The study's settings as a compact definition list; the task's own items follow the task. */
export function StudySettings({
  study,
  clipCount,
  totalSeconds,
  pairs = [],
}: {
  study: StudyRecord;
  clipCount: number;
  totalSeconds: number;
  /** The study's pairs (a comparison's and the pre-test's). */
  pairs?: readonly Pair[];
}) {
  const task = taskModule(study.extra);
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      <Item term="Clips">
        {clipCount} <span className="text-slate-500">({(totalSeconds / 60).toFixed(1)} min)</span>
      </Item>
      <Item term="Task">{task.label}</Item>
      {task.studyPage.summary.map((item) => {
        const { term, value } = summaryItem(item, study, task, pairs);
        return (
          <Item key={item} term={term}>
            {value}
          </Item>
        );
      })}
      <Item term="Participants' language">{languageName(languageOf(study.extra))}</Item>
      <Item term="Intake">{intakeText(intakeOf(study.extra))}</Item>
      <Item term="Headphone check">{screeningText(screeningOf(study.extra))}</Item>
      {pretestOf(study.extra) !== null && (
        <Item term="Pre-test">{pretestText(pretestOf(study.extra))}</Item>
      )}
      {armsOf(study.extra).length > 0 && (
        <Item term="Instruction arms">
          {armsOf(study.extra)
            .map((a) => a.id)
            .join(", ")}
        </Item>
      )}
      <Item term="Created">{new Date(study.createdAt).toLocaleDateString()}</Item>
    </dl>
  );
}
