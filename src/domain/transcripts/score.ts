// Scoring aggregated texts against true texts as the VLDB 2021 challenge does (AWAcc) and as
// sclite pools errors (WER), on words normalised as the statistics spec says.
import { errorCounts } from "./align.ts";
import { tokensOf } from "./normalise.ts";

export interface TaskScore {
  task: string;
  refTokens: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  errors: number;
  /** errors / refTokens. */
  wer: number;
  /** max(0, 1 - wer): the task's word accuracy. */
  accuracy: number;
  /** The hypothesis file has no row for this task (scored as an empty text). */
  missing: boolean;
}

export interface TextsScore {
  /** References scored (with at least one word). */
  tasks: number;
  /** 100 × the mean of max(0, 1 - wer) over the scored references: the challenge's AWAcc. */
  awacc: number | null;
  /** Pooled: errors / refTokens over the scored references. */
  wer: number | null;
  refTokens: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  errors: number;
  /** Scored references the hypotheses have no row for (each scored as an empty text). */
  missing: number;
  /** References whose normalised text has no words: not scored. */
  emptyReferences: number;
  /** Hypothesis rows for tasks the references do not have: ignored. */
  extra: number;
  /** Per scored reference, in the references' order. */
  perTask: TaskScore[];
}

/** Scores `hypotheses` against `references` (task → text), in the references' order. */
export function scoreTexts(
  references: ReadonlyMap<string, string>,
  hypotheses: ReadonlyMap<string, string>,
): TextsScore {
  const perTask: TaskScore[] = [];
  let emptyReferences = 0;
  let missing = 0;
  const sum = { refTokens: 0, substitutions: 0, deletions: 0, insertions: 0, errors: 0 };
  let accuracy = 0;
  for (const [task, text] of references) {
    const ref = tokensOf(text);
    if (ref.length === 0) {
      emptyReferences++;
      continue;
    }
    const hypText = hypotheses.get(task);
    if (hypText === undefined) missing++;
    const c = errorCounts(ref, tokensOf(hypText ?? ""));
    const wer = c.errors / c.refTokens;
    const acc = Math.max(0, 1 - wer);
    accuracy += acc;
    sum.refTokens += c.refTokens;
    sum.substitutions += c.substitutions;
    sum.deletions += c.deletions;
    sum.insertions += c.insertions;
    sum.errors += c.errors;
    perTask.push({
      task,
      refTokens: c.refTokens,
      substitutions: c.substitutions,
      deletions: c.deletions,
      insertions: c.insertions,
      errors: c.errors,
      wer,
      accuracy: acc,
      missing: hypText === undefined,
    });
  }
  let extra = 0;
  for (const task of hypotheses.keys()) if (!references.has(task)) extra++;
  const n = perTask.length;
  return {
    tasks: n,
    awacc: n === 0 ? null : (100 * accuracy) / n,
    wer: sum.refTokens === 0 ? null : sum.errors / sum.refTokens,
    ...sum,
    missing,
    emptyReferences,
    extra,
    perTask,
  };
}
