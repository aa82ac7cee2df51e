import { useEffect, useId, useState } from "react";
import { getStudy, updateStudy } from "../../../db/repo.ts";
import {
  type AnnotatorCheck,
  DEFAULT_RULES,
  type QualityRules,
  RULE_IDS,
  type RuleId,
  ruleText,
} from "../../../domain/study/qualityRules.ts";
import { Section } from "./Section.tsx";

const VALUE_KEY: Record<RuleId, "threshold" | "seconds" | "variance"> = {
  referenceMarked: "threshold",
  referenceRating: "threshold",
  notHeard: "threshold",
  fast: "seconds",
  lowVariance: "variance",
};

const TITLE: Record<RuleId, string> = {
  referenceMarked: "Reference clips marked (RedPen's filter): share of bins above",
  referenceRating: "Reference clips rated low: mean rating below",
  notHeard: "Clips finished without listening to the end: share above",
  fast: "Too fast: median seconds per clip below",
  lowVariance: "Ratings too uniform: variance below (P.808: 0.1)",
};

const ruleValue = (rules: QualityRules, id: RuleId): number =>
  (rules[id] as unknown as Record<string, number>)[VALUE_KEY[id]] as number;

/**
 * "Did they try": the study's quality rules, each switchable with its threshold and how many
 * crowd raters it catches now. Saved in the study (`study.qualityRules`); the analysis then
 * leaves out the raters the rules that are on catch — a view: "Include them" at the top of the
 * screen brings them back, and nothing is deleted.
 */
export function QualityRulesSection({
  studyId,
  rules,
  offered,
  checks,
  onSaved,
}: {
  studyId: string;
  rules: QualityRules;
  /** The rules offered for the study's task and data (domain/tasks `offeredRules`), in order. */
  offered: readonly RuleId[];
  checks: readonly AnnotatorCheck[];
  onSaved(): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(rules);
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(RULE_IDS.map((r) => [r, String(ruleValue(rules, r))])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setDraft(rules);
    setTexts(Object.fromEntries(RULE_IDS.map((r) => [r, String(ruleValue(rules, r))])));
  }, [rules]);

  const caught = (rule: RuleId) => checks.filter((c) => c.breaks.includes(rule)).length;
  const save = async () => {
    const next = { ...draft };
    for (const r of RULE_IDS) {
      const v = Number(texts[r]);
      if (!(texts[r]?.trim() !== "" && Number.isFinite(v) && v >= 0)) {
        setError(`${TITLE[r]}: enter a number of 0 or more.`);
        return;
      }
      next[r] = { ...next[r], [VALUE_KEY[r]]: v } as never;
    }
    setError(null);
    setSaving(true);
    try {
      const study = await getStudy(studyId);
      if (!study) throw new Error(`no study "${studyId}"`);
      await updateStudy(studyId, { extra: { ...study.extra, qualityRules: next } });
      onSaved();
    } catch {
      // The repository has shown the error as a notice.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section
      id="quality-rules"
      title="Quality rules"
      subtitle={
        <>
          Raters caught by a rule that is on are left out of every figure above (a view: nothing is
          deleted). Counts are of the {checks.length} crowd raters now (with a finished clip or a
          span: not the screened out, nor those who left before doing anything).
        </>
      }
    >
      <ul className="grid gap-2">
        {offered.map((r) => (
          <li key={r} className="flex flex-wrap items-center gap-3 text-sm">
            <label className="flex flex-1 items-center gap-2 sm:min-w-[22rem]">
              <input
                type="checkbox"
                checked={draft[r].on}
                onChange={(e) => setDraft({ ...draft, [r]: { ...draft[r], on: e.target.checked } })}
              />
              <span>{TITLE[r]}</span>
            </label>
            <label className="sr-only" htmlFor={`${id}-${r}`}>
              {TITLE[r]}: value
            </label>
            <input
              id={`${id}-${r}`}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={texts[r]}
              onChange={(e) => setTexts({ ...texts, [r]: e.target.value })}
              className="w-24 rounded-md border border-slate-300 px-2 py-1 text-sm tabular-nums"
            />
            <span className="w-44 text-slate-600">
              catches <strong className="tabular-nums">{caught(r)}</strong>{" "}
              {caught(r) === 1 ? "rater" : "raters"}
            </span>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          disabled={saving}
          onClick={() => void save()}
          className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-50"
        >
          Save rules and recompute
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(DEFAULT_RULES);
            setTexts(
              Object.fromEntries(RULE_IDS.map((r) => [r, String(ruleValue(DEFAULT_RULES, r))])),
            );
          }}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          Defaults (all off)
        </button>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Each rule, in words: {offered.map((r) => ruleText(r, draft)).join("; ")}.
      </p>
    </Section>
  );
}

/** At the top of the screen: who the rules leave out, and the switch to include them. */
export function ExclusionBanner({
  excluded,
  rules,
  applied,
  included,
  onInclude,
}: {
  excluded: readonly { id: string; rules: RuleId[] }[];
  rules: QualityRules;
  /** Whether the figures shown leave them out. */
  applied: boolean;
  /** Whether "Include them" is asked for (the figures follow once recomputed). */
  included: boolean;
  onInclude(include: boolean): void;
}) {
  if (excluded.length === 0) return null;
  const n = excluded.length;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <details>
        <summary className="cursor-pointer">
          {applied
            ? `${n} ${n === 1 ? "rater" : "raters"} excluded by the quality rules`
            : `${n} ${n === 1 ? "rater" : "raters"} the quality rules would exclude are included`}{" "}
          (why)
        </summary>
        <ul className="mt-1 list-disc pl-5">
          {excluded.map((e) => (
            <li key={e.id}>
              <span className="font-mono">{e.id}</span>:{" "}
              {e.rules.map((r) => ruleText(r, rules)).join("; ")}
            </li>
          ))}
        </ul>
      </details>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={included} onChange={(e) => onInclude(e.target.checked)} />
        Include them
      </label>
    </div>
  );
}
