// The study's own rules on one finished clip: what the collection server checks on every
// submission before it stores anything (issue 37, item 10), and what the participant's page
// already asks before it sends. The rules themselves are the task's (its module's
// SubmissionRules: a rating required, a transcript required, a play limit); this file only
// checks a submission against them. A rule broken names the submission's field, as the
// contract's 400s do.
import { submissionRules } from "../tasks/index.ts";

/** What a submission says that the rules look at (the request's fields, as sent). */
export interface SubmittedClip {
  score?: number | undefined;
  transcript?: string | undefined;
  /** The plays the participant's page reports. */
  playCount?: number | undefined;
}

/** What the server knows itself: the plays it let start (null: it does not count them). */
export interface ServerFacts {
  plays: number | null;
}

/** A rule broken: the field it is about and what is wrong, in words. */
export interface RuleProblem {
  field: "score" | "transcript" | "playCount";
  message: string;
}

/** The plays a clip allows in this study, or null: its task sets no limit. */
export function playLimitOf(study: Record<string, unknown>): number | null {
  return submissionRules(study).maxPlays;
}

/** The study's rules the submission breaks (none: it may be stored). */
export function submissionProblems(
  study: Record<string, unknown>,
  clip: SubmittedClip,
  server: ServerFacts = { plays: null },
): RuleProblem[] {
  const rules = submissionRules(study);
  const problems: RuleProblem[] = [];
  if (rules.rating === "required" && clip.score === undefined) {
    problems.push({ field: "score", message: "this study asks for a rating (1–5) of every clip" });
  }
  if (rules.transcript === "required" && clip.transcript === undefined) {
    problems.push({
      field: "transcript",
      message:
        'this study asks what was heard: the transcript is missing (send "" for nothing heard)',
    });
  }
  // The participant's own count, and the server's, within the study's plays per clip.
  const limit = rules.maxPlays;
  const plays = Math.max(clip.playCount ?? 0, server.plays ?? 0);
  if (limit !== null && plays > limit) {
    problems.push({
      field: "playCount",
      message: `this study allows ${limit} ${limit === 1 ? "play" : "plays"} of a clip (got ${plays})`,
    });
  }
  return problems;
}

/** The problems as the server's 400 says them, one line each: `score: this study asks …`. */
export function problemText(problems: readonly RuleProblem[]): string {
  return problems.map((p) => `${p.field}: ${p.message}`).join("\n");
}
