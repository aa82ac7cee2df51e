import type { StudyRecord } from "../../db/repo.ts";
import { type IntakeConfig, intakeOf, STANDARD_QUESTIONS } from "../../domain/collection/intake.ts";
import { type ScreeningConfig, screeningOf } from "../../domain/collection/screening.ts";
import { languageName, languageOf } from "../../domain/i18n/languages.ts";

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

/** The study's settings as a compact definition list. */
export function StudySettings({
  study,
  clipCount,
  totalSeconds,
}: {
  study: StudyRecord;
  clipCount: number;
  totalSeconds: number;
}) {
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      <Item term="Clips">
        {clipCount} <span className="text-slate-500">({(totalSeconds / 60).toFixed(1)} min)</span>
      </Item>
      <Item term="Bin width">{study.binSeconds} s</Item>
      <Item term="Rating">{study.requireRating ? "Required (1–5)" : "Optional"}</Item>
      <Item term="Reasons">
        <span title={study.taxonomy.map((t) => t.label).join(", ")}>
          {study.taxonomy.length} types
        </span>
      </Item>
      <Item term="Participants' language">{languageName(languageOf(study.extra))}</Item>
      <Item term="Intake">{intakeText(intakeOf(study.extra))}</Item>
      <Item term="Headphone check">{screeningText(screeningOf(study.extra))}</Item>
      <Item term="Created">{new Date(study.createdAt).toLocaleDateString()}</Item>
    </dl>
  );
}
