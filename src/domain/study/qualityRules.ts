// "Did they try": the study's quality rules for crowd annotators (issue 9, item 3), one home for
// every caller (the analysis worker, the analysis screen, `stats --apply-rules`, the protocol
// report). Each rule is switched on or off per study (`study.qualityRules`); an annotator caught by
// any rule that is on is excluded from the figures — a view only: nothing is deleted, and the
// analysis screen can include them again.

import type { AnnotationFile } from "../interchange/types.ts";
import { median } from "../util/median.ts";
import { REFERENCE_FLAG_THRESHOLD } from "./referenceCheck.ts";

/** One annotator's row of the report's quality table (docs/spec/statistics.md, "The report"),
 * what the quality rules judge. */
export interface AnnotatorQuality {
  id: string;
  annotations: number;
  regions: number;
  referenceMarkedFraction: number | null;
}

export interface QualityRules {
  /** RedPen's filter: share of reference (natural) clips' bins marked above `threshold`. */
  referenceMarked: { on: boolean; threshold: number };
  /** Mean rating of the reference clips below `threshold` (natural speech rated low). */
  referenceRating: { on: boolean; threshold: number };
  /** Share of finished clips not played to their end above `threshold`. */
  notHeard: { on: boolean; threshold: number };
  /** Median active seconds per finished clip below `seconds`. */
  fast: { on: boolean; seconds: number };
  /** Variance of the annotator's ratings below `variance` (ITU-T P.808 uses 0.1). */
  lowVariance: { on: boolean; variance: number };
}

export type RuleId = keyof QualityRules;

export const DEFAULT_RULES: QualityRules = {
  referenceMarked: { on: false, threshold: REFERENCE_FLAG_THRESHOLD },
  referenceRating: { on: false, threshold: 3 },
  notHeard: { on: false, threshold: 0 },
  fast: { on: false, seconds: 3 },
  lowVariance: { on: false, variance: 0.1 },
};

export const RULE_IDS = Object.keys(DEFAULT_RULES) as RuleId[];

/** The rules as the analysis screen and the report describe them. */
export function ruleText(id: RuleId, rules: QualityRules): string {
  switch (id) {
    case "referenceMarked":
      return `marked more than ${rules.referenceMarked.threshold} of the reference clips' bins`;
    case "referenceRating":
      return `rated the reference clips below ${rules.referenceRating.threshold} on average`;
    case "notHeard":
      return rules.notHeard.threshold === 0
        ? "finished a clip without playing it to the end"
        : `finished more than ${rules.notHeard.threshold} of their clips without playing them to the end`;
    case "fast":
      return `spent a median of under ${rules.fast.seconds} s on a clip`;
    case "lowVariance":
      return `gave ratings with a variance under ${rules.lowVariance.variance}`;
  }
}

const finiteAtLeast = (v: unknown, min: number): v is number =>
  typeof v === "number" && Number.isFinite(v) && v >= min;

/** The study's rules (`study.qualityRules`), each missing or malformed part from the defaults. */
export function qualityRulesOf(study: Record<string, unknown>): QualityRules {
  const raw = study.qualityRules;
  const given = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const part = <K extends RuleId>(id: K, key: string, min: number): QualityRules[K] => {
    const p = (given[id] ?? {}) as Record<string, unknown>;
    const base = DEFAULT_RULES[id] as Record<string, unknown>;
    return {
      on: p.on === true,
      [key]: finiteAtLeast(p[key], min) ? p[key] : base[key],
    } as QualityRules[K];
  };
  return {
    referenceMarked: part("referenceMarked", "threshold", 0),
    referenceRating: part("referenceRating", "threshold", 0),
    notHeard: part("notHeard", "threshold", 0),
    fast: part("fast", "seconds", 0),
    lowVariance: part("lowVariance", "variance", 0),
  };
}

export interface AnnotatorCheck {
  id: string;
  /** The rules (on or not) the annotator breaks, in RULE_IDS order. */
  breaks: RuleId[];
}

/**
 * Checks every crowd annotator (one with a finished clip or a span: not one the
 * headphone check screened out, nor one who left before doing anything) against every rule
 * (on or off, so the screen can show what a rule would catch): `quality` are the report's annotator rows (reference bins marked). A rule
 * needs data to break: no reference clip rated, no seconds recorded, fewer than 2 ratings…
 * break nothing.
 */
export function checkAnnotators(
  file: AnnotationFile,
  quality: readonly AnnotatorQuality[],
  rules: QualityRules,
): AnnotatorCheck[] {
  const reference = new Set(file.clips.filter((c) => c.isReference).map((c) => c.id));
  const marked = new Map(quality.map((q) => [q.id, q.referenceMarkedFraction]));
  const marking = new Set(file.regions.map((r) => r.annotatorId));
  const out: AnnotatorCheck[] = [];
  for (const a of file.annotators) {
    if (a.role !== "crowd") continue;
    const subs = file.submissions.filter((s) => s.annotatorId === a.id);
    if (subs.length === 0 && !marking.has(a.id)) continue;
    const ratings = subs.map((s) => s.score).filter((x): x is number => typeof x === "number");
    const refRatings = subs
      .filter((s) => reference.has(s.clipId) && typeof s.score === "number")
      .map((s) => s.score as number);
    const heardKnown = subs.filter((s) => typeof s.heardToEnd === "boolean");
    const seconds = subs.map((s) => s.seconds).filter((x): x is number => typeof x === "number");
    const breaks: RuleId[] = [];
    const share = marked.get(a.id) ?? null;
    if (share !== null && share > rules.referenceMarked.threshold) breaks.push("referenceMarked");
    if (refRatings.length > 0) {
      const mean = refRatings.reduce((x, y) => x + y, 0) / refRatings.length;
      if (mean < rules.referenceRating.threshold) breaks.push("referenceRating");
    }
    if (heardKnown.length > 0) {
      const notHeard = heardKnown.filter((s) => s.heardToEnd === false).length / heardKnown.length;
      if (notHeard > rules.notHeard.threshold) breaks.push("notHeard");
    }
    const m = median(seconds);
    if (m !== null && m < rules.fast.seconds) breaks.push("fast");
    if (ratings.length >= 2) {
      const mean = ratings.reduce((x, y) => x + y, 0) / ratings.length;
      const variance =
        ratings.reduce((x, v) => x + (v - mean) * (v - mean), 0) / (ratings.length - 1);
      if (variance < rules.lowVariance.variance) breaks.push("lowVariance");
    }
    out.push({ id: a.id, breaks });
  }
  return out.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/** The annotators excluded by the rules that are on, each with the rules that caught them. */
export function excludedAnnotators(
  checks: readonly AnnotatorCheck[],
  rules: QualityRules,
): { id: string; rules: RuleId[] }[] {
  return checks
    .map((c) => ({ id: c.id, rules: c.breaks.filter((r) => rules[r].on) }))
    .filter((c) => c.rules.length > 0);
}

/** The study without these annotators' work: their submissions, spans and the labels on them. */
export function withoutAnnotators(file: AnnotationFile, ids: ReadonlySet<string>): AnnotationFile {
  if (ids.size === 0) return file;
  const regions = file.regions.filter((r) => !ids.has(r.annotatorId));
  const kept = new Set(regions.map((r) => r.id));
  return {
    ...file,
    annotators: file.annotators.filter((a) => !ids.has(a.id)),
    submissions: file.submissions.filter((s) => !ids.has(s.annotatorId)),
    regions,
    reasonLabels: file.reasonLabels.filter((l) => kept.has(l.regionId) && !ids.has(l.annotatorId)),
  };
}

/** What the rules make of a study: every check, who is excluded, and the study without them. */
export interface QualityView {
  rules: QualityRules;
  checks: AnnotatorCheck[];
  excluded: { id: string; rules: RuleId[] }[];
  /** The study without the excluded annotators (the same object when nobody is excluded). */
  file: AnnotationFile;
}

/** Applies the study's rules (`study.qualityRules`), given the report's annotator rows. */
export function qualityView(
  file: AnnotationFile,
  quality: readonly AnnotatorQuality[],
): QualityView {
  const rules = qualityRulesOf(file.study);
  const checks = checkAnnotators(file, quality, rules);
  const excluded = excludedAnnotators(checks, rules);
  return {
    rules,
    checks,
    excluded,
    file: withoutAnnotators(file, new Set(excluded.map((e) => e.id))),
  };
}

/** One line for a report: who was excluded and why, or why nobody was. */
export function exclusionSummary(
  view: Pick<QualityView, "rules" | "excluded">,
  applied: boolean,
  raters: number,
): string {
  const on = RULE_IDS.filter((id) => view.rules[id].on);
  if (on.length === 0) return "none: no quality rule is on";
  if (view.excluded.length === 0)
    return `none: no rater ${on.map((id) => ruleText(id, view.rules)).join(", or ")}`;
  const counts = on
    .map((id) => [id, view.excluded.filter((e) => e.rules.includes(id)).length] as const)
    .filter(([, n]) => n > 0)
    .map(([id, n]) => `${n} ${ruleText(id, view.rules)}`);
  const n = view.excluded.length;
  return applied
    ? `${n} of ${raters} raters excluded (${counts.join("; ")})`
    : `none: the ${n} raters the rules would exclude (${counts.join("; ")}) are included`;
}
