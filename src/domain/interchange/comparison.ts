// Paired comparisons in the interchange format (docs/spec/interchange-format.md, "Paired
// comparisons, the qualification pre-test and model saliency"): the structure of `pairs[]`,
// `judgments[]`, `study.comparison` and `study.qualification`, and the rules that span records,
// run on the raw input beside the other cross-field rules (crossfield.ts):
//  - a pair's ids are unique; a clip pair names two different clips; a view pair (with
//    `clipId`) names its clip and two different views of it;
//  - each pre-test pair named by `study.qualification.pairs` is a clip pair holding exactly one
//    reference clip, and is named once;
//  - a judgment names a pair and an annotator, once per pair and annotator, and holds exactly
//    one of `choice` and `score`: a score (an integer −3 … 3, the structure's rule) only in a CCR
//    study and never on a pre-test pair, a choice of "same" only where the test offers it.
import { IdIndex } from "./indexes.ts";
import type { ProblemList } from "./problems.ts";
import { IsoDateTimeSchema, z } from "./zod.ts";

const id = z.string().min(1);

export const PairSchema = z.object({ id, a: id, b: id, clipId: id.optional() });

export const JudgmentSchema = z.object({
  pairId: id,
  annotatorId: id,
  choice: z.enum(["a", "b", "same"]).optional(),
  score: z.int().min(-3).max(3).optional(),
  shownFirst: z.enum(["a", "b"]).optional(),
  playCounts: z.tuple([z.int().min(0), z.int().min(0)]).optional(),
  heardToEnd: z.boolean().optional(),
  completedAt: IsoDateTimeSchema.optional(),
  seconds: z.number().min(0).optional(),
});

export const ComparisonSettingsSchema = z.object({
  scale: z.enum(["ab", "ccr"]).optional(),
  allowSame: z.boolean().optional(),
  question: z.string().optional(),
  seed: z.string().optional(),
  replicates: z.int().min(1).max(100000).optional(),
  alpha: z.number().positive().max(1).optional(),
});

export const QualificationSchema = z.object({
  pairs: z.array(id).min(1),
  passAccuracy: z.number().min(0).max(1).optional(),
  screenOut: z.boolean().optional(),
});

/** The pre-test's pass accuracy when the study sets none (Chiang et al. 2023). */
export const DEFAULT_PASS_ACCURACY = 0.7;

/** The views a view pair may compare besides `saliency:<model>`. */
export const REGION_VIEWS = ["regions:union", "regions:overlap"] as const;

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.length > 0;
const quote = (s: string) => JSON.stringify(s);

/** Why `view` is not a view this reader resolves, or null when it is one. */
function viewProblem(view: string): string | null {
  if ((REGION_VIEWS as readonly string[]).includes(view)) return null;
  if (view.startsWith("saliency:")) {
    return view.length === "saliency:".length
      ? `${quote(view)} names no model (a view is "regions:union", "regions:overlap" or "saliency:<model>")`
      : `${quote(view)} needs the clip's saliency[] record of that model, which this reader does not read yet`;
  }
  return `unknown view ${quote(view)} (a view is "regions:union", "regions:overlap" or "saliency:<model>")`;
}

interface PairFacts {
  ids: IdIndex;
  /** For each pair (by index): whether it is a view pair. */
  view: boolean[];
  /** For each clip pair (by index): how many of its two clips are reference clips; -1 unknown. */
  references: number[];
}

function checkPairs(
  pairs: unknown[],
  clips: unknown[],
  clipIds: IdIndex | undefined,
  problems: ProblemList,
): PairFacts {
  const ids = new IdIndex();
  const view: boolean[] = [];
  const references: number[] = [];
  for (let i = 0; i < pairs.length; i++) {
    const p: unknown = pairs[i];
    view.push(false);
    references.push(-1);
    if (!isRecord(p)) continue;
    if (nonEmpty(p.id)) {
      const first = ids.add(p.id, i);
      if (first !== undefined) {
        problems.add(
          ["pairs", i, "id"],
          `duplicate id ${quote(p.id)} (first at pairs[${first}])`,
          1,
        );
      }
    }
    const { a, b, clipId } = p;
    if (clipId !== undefined) {
      view[i] = true;
      if (nonEmpty(clipId) && clipIds !== undefined && !clipIds.has(clipId)) {
        problems.add(["pairs", i, "clipId"], `no clip with id ${quote(clipId)}`, 1);
      }
      for (const side of ["a", "b"] as const) {
        const v = p[side];
        if (!nonEmpty(v)) continue;
        const problem = viewProblem(v);
        if (problem !== null) problems.add(["pairs", i, side], problem, 1);
      }
      if (nonEmpty(a) && a === b) {
        problems.add(
          ["pairs", i, "b"],
          `is the same view as a (${quote(a)}): a view pair compares two different views of its clip`,
          1,
        );
      }
      continue;
    }
    let refs = 0;
    let known = true;
    for (const side of ["a", "b"] as const) {
      const c = p[side];
      if (!nonEmpty(c) || clipIds === undefined) {
        known = false;
        continue;
      }
      const at = clipIds.get(c);
      if (at === undefined) {
        known = false;
        problems.add(["pairs", i, side], `no clip with id ${quote(c)}`, 1);
        continue;
      }
      const clip: unknown = clips[at];
      if (isRecord(clip) && clip.isReference === true) refs++;
    }
    if (nonEmpty(a) && a === b) {
      known = false;
      problems.add(
        ["pairs", i, "b"],
        `is the same clip as a (${quote(a)}): a clip pair compares two different clips`,
        1,
      );
    }
    if (known) references[i] = refs;
  }
  return { ids, view, references };
}

/** The pre-test's pairs, checked; returns the indexes (into pairs[]) of those that resolve. */
function checkQualification(
  qualification: Rec,
  facts: PairFacts | undefined,
  problems: ProblemList,
): Set<number> {
  const listed = new Set<number>();
  const names = qualification.pairs;
  if (!Array.isArray(names)) return listed;
  const seen = new Map<string, number>();
  for (let j = 0; j < names.length; j++) {
    const name: unknown = names[j];
    if (!nonEmpty(name)) continue;
    const path = ["study", "qualification", "pairs", j];
    const first = seen.get(name);
    if (first !== undefined) {
      problems.add(path, `lists pair ${quote(name)} twice (first at pairs[${first}])`, 1);
      continue;
    }
    seen.set(name, j);
    if (facts === undefined) continue;
    const at = facts.ids.get(name);
    if (at === undefined) {
      problems.add(path, `no pair with id ${quote(name)}`, 1);
      continue;
    }
    listed.add(at);
    if (facts.view[at]) {
      problems.add(
        path,
        `pair ${quote(name)} is a view pair: the pre-test's pairs are two clips, one of them a natural recording`,
        1,
      );
      continue;
    }
    const refs = facts.references[at] as number;
    if (refs >= 0 && refs !== 1) {
      problems.add(
        path,
        `pair ${quote(name)} must hold exactly one reference clip (isReference true); it holds ${refs}`,
        1,
      );
    }
  }
  return listed;
}

function checkJudgments(
  judgments: unknown[],
  facts: PairFacts | undefined,
  annotatorIds: IdIndex | undefined,
  qualificationPairs: ReadonlySet<number>,
  settings: Rec,
  problems: ProblemList,
): void {
  const scale = settings.scale === "ccr" ? "ccr" : "ab";
  const allowSame = settings.allowSame !== false;
  const seen = new Map<string, number>();
  for (let i = 0; i < judgments.length; i++) {
    const j: unknown = judgments[i];
    if (!isRecord(j)) continue;
    const { pairId, annotatorId, choice, score } = j;
    let pair = -2;
    if (nonEmpty(pairId) && facts !== undefined) {
      pair = facts.ids.get(pairId) ?? -1;
      if (pair < 0) problems.add(["judgments", i, "pairId"], `no pair with id ${quote(pairId)}`, 1);
    }
    if (nonEmpty(annotatorId) && annotatorIds !== undefined && !annotatorIds.has(annotatorId)) {
      problems.add(
        ["judgments", i, "annotatorId"],
        `no annotator with id ${quote(annotatorId)}`,
        1,
      );
    }
    if (nonEmpty(pairId) && nonEmpty(annotatorId)) {
      const key = `${pairId}\u0000${annotatorId}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else {
        problems.add(
          ["judgments", i],
          `duplicate judgment of pair ${quote(pairId)} by annotator ${quote(annotatorId)} (first at judgments[${first}])`,
          1,
        );
      }
    }
    const hasChoice = choice !== undefined;
    const hasScore = score !== undefined;
    if (hasChoice && hasScore) {
      problems.add(
        ["judgments", i],
        "has both choice and score: a judgment has exactly one (a choice in an A/B test, a score in a CCR test)",
        1,
      );
      continue;
    }
    if (!hasChoice && !hasScore) {
      problems.add(
        ["judgments", i],
        'needs a choice ("a", "b" or "same"), or in a CCR study a score (−3 … 3)',
        1,
      );
      continue;
    }
    if (pair >= 0 && qualificationPairs.has(pair)) {
      if (hasScore) {
        problems.add(
          ["judgments", i, "score"],
          `pair ${quote(pairId as string)} is a pre-test pair: it is judged by a choice of "a" or "b", not a score`,
          1,
        );
      } else if (choice === "same") {
        problems.add(
          ["judgments", i, "choice"],
          `pair ${quote(pairId as string)} is a pre-test pair: its choice is "a" or "b" (the pre-test has no "same")`,
          1,
        );
      }
      continue;
    }
    if (hasScore && scale !== "ccr") {
      problems.add(
        ["judgments", i, "score"],
        'a score is only for a CCR study (study.comparison.scale "ccr"); this study\'s scale is "ab"',
        1,
      );
    } else if (hasChoice && scale === "ccr") {
      problems.add(
        ["judgments", i, "choice"],
        "a CCR study's judgments give a score (−3 … 3); a choice is only for its pre-test pairs",
        1,
      );
    } else if (choice === "same" && !allowSame) {
      problems.add(
        ["judgments", i, "choice"],
        '"same" is not offered in this study (study.comparison.allowSame is false)',
        1,
      );
    }
  }
}

/**
 * Every cross-record rule of the comparison's records, on the raw input. `clipIds` and
 * `annotatorIds` are the ids of clips[] and annotators[] (undefined when either is not an array).
 */
export function checkComparison(
  data: Rec,
  clipIds: IdIndex | undefined,
  annotatorIds: IdIndex | undefined,
  problems: ProblemList,
): void {
  const study = isRecord(data.study) ? data.study : {};
  const clips = Array.isArray(data.clips) ? data.clips : [];
  const { pairs, judgments } = data;
  // A file without pairs has none: a pre-test or a judgment naming one names nothing.
  const facts =
    pairs === undefined
      ? { ids: new IdIndex(), view: [], references: [] }
      : Array.isArray(pairs)
        ? checkPairs(pairs, clips, clipIds, problems)
        : undefined;
  const qualification = isRecord(study.qualification)
    ? checkQualification(study.qualification, facts, problems)
    : new Set<number>();
  if (Array.isArray(judgments)) {
    const settings = isRecord(study.comparison) ? study.comparison : {};
    checkJudgments(judgments, facts, annotatorIds, qualification, settings, problems);
  }
}
