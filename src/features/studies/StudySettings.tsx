import type { StudyRecord } from "../../db/repo.ts";
import { languageName, languageOf } from "../../domain/i18n/languages.ts";

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
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
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
      <Item term="Created">{new Date(study.createdAt).toLocaleDateString()}</Item>
    </dl>
  );
}
