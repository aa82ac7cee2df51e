// A comparison's settings as the study holds them (`study.comparison`) and the pre-test's
// (`study.qualification`), read with their defaults and said in a few words for the study page,
// New study, Edit settings and `cli new` (interchange format, "Paired comparisons").
import { DEFAULT_PASS_ACCURACY } from "../../interchange/comparison.ts";

/** The scale as the researcher chooses it: A/B with or without "No difference", or CCR. */
export type ScaleChoice = "ab" | "ab-no-same" | "ccr";

export const SCALE_CHOICES: readonly { id: ScaleChoice; label: string; hint: string }[] = [
  {
    id: "ab",
    label: "A/B preference, with “No difference”",
    hint: "Which of the two sounds better; the listener may answer that neither does.",
  },
  {
    id: "ab-no-same",
    label: "A/B preference, forced choice",
    hint: "Which of the two sounds better; every answer prefers one.",
  },
  {
    id: "ccr",
    label: "CCR, 7 points (CMOS)",
    hint: "How much better or worse the second sounds than the first, from “Much worse” (−3) to “Much better” (+3), as ITU-T P.808.",
  },
];

export interface ComparisonDesign {
  scale: "ab" | "ccr";
  allowSame: boolean;
  question?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The study's comparison settings with their defaults (A/B with "No difference"). */
export function comparisonOf(study: Readonly<Record<string, unknown>>): ComparisonDesign {
  const c = isRecord(study.comparison) ? study.comparison : {};
  const question =
    typeof c.question === "string" && c.question.trim() !== "" ? c.question : undefined;
  return {
    scale: c.scale === "ccr" ? "ccr" : "ab",
    allowSame: c.allowSame !== false,
    ...(question !== undefined ? { question } : {}),
  };
}

export function scaleChoiceOf(c: ComparisonDesign): ScaleChoice {
  return c.scale === "ccr" ? "ccr" : c.allowSame ? "ab" : "ab-no-same";
}

/**
 * `study.comparison` for a choice of scale and question, keeping the analysis's own keys of
 * `before` (seed, replicates, alpha). "No difference" is stored only when taken away.
 */
export function comparisonSettings(
  choice: ScaleChoice,
  question: string,
  before: unknown = {},
): Record<string, unknown> {
  const { scale: _s, allowSame: _a, question: _q, ...rest } = isRecord(before) ? before : {};
  return {
    ...rest,
    scale: choice === "ccr" ? "ccr" : "ab",
    ...(choice === "ab-no-same" ? { allowSame: false } : {}),
    ...(question.trim() !== "" ? { question: question.trim() } : {}),
  };
}

/** The scale in a few words. */
export function scaleText(c: ComparisonDesign): string {
  if (c.scale === "ccr") return "CCR, 7 points (CMOS)";
  return c.allowSame ? "A/B, with “No difference”" : "A/B, forced choice";
}

export interface PretestDesign {
  pairs: string[];
  passAccuracy: number;
  screenOut: boolean;
}

/** The study's pre-test with its defaults, or null when it has none. */
export function pretestOf(study: Readonly<Record<string, unknown>>): PretestDesign | null {
  const q = study.qualification;
  if (!isRecord(q) || !Array.isArray(q.pairs)) return null;
  const pairs = q.pairs.filter((p): p is string => typeof p === "string");
  if (pairs.length === 0) return null;
  return {
    pairs,
    passAccuracy: typeof q.passAccuracy === "number" ? q.passAccuracy : DEFAULT_PASS_ACCURACY,
    screenOut: q.screenOut !== false,
  };
}

/** The pre-test in a few words: its pairs, threshold and what a failure does. */
export function pretestText(p: PretestDesign | null): string {
  if (p === null) return "None";
  const n = p.pairs.length;
  return `${n} natural–synthetic pair${n === 1 ? "" : "s"}, pass at ${Math.round(p.passAccuracy * 1000) / 10} % correct; ${p.screenOut ? "below it, screened out" : "recorded only (nobody screened out)"}`;
}
