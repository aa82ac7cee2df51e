// The study's own rules on one finished clip, per task: what the collection server checks on
// every submission before it stores anything (issue 37, item 10), and what the participant's
// page already asks before it sends. One pure function over the study's header and what the
// submission says; each task's rules are a set of their own (RULES), so a task's module can
// carry its set. A rule broken names the submission's field, as the contract's 400s do.
import type { StudyTask } from "../interchange/types.ts";
import { DEFAULT_MAX_PLAYS, taskOf, transcriptionOf } from "../study/studyTask.ts";

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

type Rule = (
  study: Record<string, unknown>,
  clip: SubmittedClip,
  server: ServerFacts,
) => RuleProblem | null;

/** The plays a clip allows in this study, or null: its task sets no limit. */
export function playLimitOf(study: Record<string, unknown>): number | null {
  return taskOf(study) === "transcribe"
    ? (transcriptionOf(study).maxPlays ?? DEFAULT_MAX_PLAYS)
    : null;
}

const ratingRequired: Rule = (_study, clip) =>
  clip.score === undefined
    ? { field: "score", message: "this study asks for a rating (1–5) of every clip" }
    : null;

/** The participant's own count, and the server's, within the study's plays per clip. */
const playLimit: Rule = (study, clip, server) => {
  const limit = playLimitOf(study);
  if (limit === null) return null;
  const plays = Math.max(clip.playCount ?? 0, server.plays ?? 0);
  return plays > limit
    ? {
        field: "playCount",
        message: `this study allows ${limit} ${limit === 1 ? "play" : "plays"} of a clip (got ${plays})`,
      }
    : null;
};

const transcriptPresent: Rule = (_study, clip) =>
  clip.transcript === undefined
    ? {
        field: "transcript",
        message:
          'this study asks what was heard: the transcript is missing (send "" for nothing heard)',
      }
    : null;

/** Each task's rules, in the order their problems are told. */
export const RULES: Readonly<Record<StudyTask, readonly Rule[]>> = {
  /** Marking spans: a rating only when the study requires one. */
  mark: [
    (study, clip, server) =>
      study.requireRating === true ? ratingRequired(study, clip, server) : null,
  ],
  /** A plain MOS test: the rating is what it collects. */
  rate: [ratingRequired],
  /** An intelligibility test: what was heard, within the plays it allows. */
  transcribe: [transcriptPresent, playLimit],
};

/** The study's rules the submission breaks (none: it may be stored). */
export function submissionProblems(
  study: Record<string, unknown>,
  clip: SubmittedClip,
  server: ServerFacts = { plays: null },
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const rule of RULES[taskOf(study)]) {
    const problem = rule(study, clip, server);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The problems as the server's 400 says them, one line each: `score: this study asks …`. */
export function problemText(problems: readonly RuleProblem[]): string {
  return problems.map((p) => `${p.field}: ${p.message}`).join("\n");
}
