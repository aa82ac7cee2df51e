// Taking a participant's finished clips exactly once (a replay of the same clientId stores
// nothing). Part of the collection server's services (service.ts re-exports them all).
import type { z } from "zod";
import type { SubmissionRequestSchema } from "../domain/api/requests.ts";
import type {
  CollectionSettings,
  ParticipantProgress,
  SubmissionResponse,
} from "../domain/collection/protocol.ts";
import {
  playLimitOf,
  problemText,
  submissionProblems,
} from "../domain/collection/submissionRules.ts";
import type { ParticipantStatus } from "../domain/interchange/types.ts";
import { checkSpan, fitSpanToClip, type Span } from "../domain/study/spans.ts";
import { ServiceError } from "./errors.ts";
import type { Store } from "./store.ts";
import { type StoredBody, sha256 } from "./studies.ts";
import { currentStudy, lastStudy, noStudy, studyAt } from "./studyCache.ts";
import { pretestGate } from "./trials.ts";

/** What `take_submission` (migration 11) answers. */
interface Taken {
  outcome:
    | "stale"
    | "bad-session"
    | "plays"
    | "not-assigned"
    | "returned"
    | "fit"
    | "already-submitted"
    | "stored"
    | "replay";
  /** The clip's duration ('fit', 'stored', 'replay'). */
  clip_duration: number | null;
  participant_status: ParticipantStatus | null;
  /** The positions whose submissions are in, and how many clips the participant has. */
  done_positions: number[] | null;
  clip_count: number | null;
  /** The study's settings, once every clip is in (for the completion code and link). */
  study_settings: CollectionSettings | null;
  /** The plays the server counted ('plays': more than the study allows). */
  play_count: number | null;
  /** The study's version now ('stale': not the one the rules were checked against). */
  study_version: number | null;
}

const TAKE_SQL = "SELECT * FROM take_submission($1, $2, $3, $4, $5, $6, $7, $8)";

/**
 * Takes one finished clip from the participant whose session `token` is; a replay of the same
 * clientId is acknowledged again, unchanged. One call to `take_submission` (migration 7), a
 * transaction of its own: the participant's row locked, their clip at the position found, the
 * submission stored (unless it is a replay; a conflict stores nothing), their progress read and
 * on the last clip their completion noted. The spans are checked here before it; whether they
 * need fitting to the clip (an end past it is cut, a start past it refused: domain/study/spans.ts)
 * is decided by where the last one ends: when one ends past the clip, or a span is not valid,
 * the call stores nothing and answers the clip's duration, and the spans are fitted (or refused,
 * naming the first bad one) and sent again. `body` is the request as the contract checked it.
 * Before any of it, the study's own rules (domain/collection/submissionRules.ts: a rating, a
 * transcript, the plays allowed) are checked against the study as published: a rule broken is
 * a 400 naming the field, and nothing is stored. A study with a play limit stores, as
 * playCount, the plays the server let start (plays.ts), not what the page reports.
 */
export async function submit(
  store: Store,
  studyId: string,
  token: string | undefined,
  body: z.output<typeof SubmissionRequestSchema>,
): Promise<SubmissionResponse> {
  const { clientId } = body;
  if (!token)
    throw new ServiceError(401, "no-session", "this request needs the session token from arriving");
  const tokenHash = sha256(token);
  // The study as this process last read it (no round trip); the call says when it moved on.
  let study = lastStudy(store, studyId) ?? (await currentStudy(store, studyId));
  const rules = () => {
    const problems = submissionProblems(study.file.study, body);
    if (problems.length > 0) throw new ServiceError(400, "bad-submission", problemText(problems));
  };
  rules();
  // A study with a pre-test: the clips come after it, finished and passed (trials.ts).
  await pretestGate(store, study, studyId, token);
  const checked = body.spans.map((s) => {
    try {
      return checkSpan(s.start, s.end);
    } catch {
      return null;
    }
  });
  let spans: Span[] | null = checked.every((s) => s !== null) ? (checked as Span[]) : null;
  for (;;) {
    const maxEnd = spans === null ? null : spans.reduce((m, s) => Math.max(m, s.end), 0);
    const stored = spans === null ? null : storedBody(body, spans);
    const [taken] = await store.query<Taken>(TAKE_SQL, [
      tokenHash,
      studyId,
      study.version,
      body.position,
      clientId,
      stored === null ? null : JSON.stringify(stored),
      maxEnd,
      playLimitOf(study.file.study),
    ]);
    switch (taken?.outcome) {
      case "stale":
        // Published again since this process read it (or withdrawn): the rules of the study
        // as it is now.
        if (taken.study_version === null) throw noStudy(studyId);
        study = await studyAt(store, store, studyId, taken.study_version);
        rules();
        continue;
      case undefined:
      case "bad-session":
        throw new ServiceError(401, "bad-session", "the session token is not valid for this study");
      case "not-assigned":
        throw new ServiceError(
          403,
          "not-assigned",
          `clip ${body.position} is not one of your clips`,
        );
      case "returned":
        // Its clips went to others; only a replay of what was sent before stands.
        throw new ServiceError(
          403,
          "returned",
          "you returned this study (or its time ran out): its clips went to other participants",
        );
      case "already-submitted":
        throw new ServiceError(
          409,
          "already-submitted",
          `clip ${body.position} was already sent (as another submission)`,
        );
      case "plays":
        // Counted under an earlier version that allowed more plays: the rule says it.
        throw new ServiceError(
          409,
          "play-limit",
          problemText(submissionProblems(study.file.study, body, { plays: taken.play_count })),
        );
      case "fit":
        spans = fitted(body, taken.clip_duration as number);
        continue;
      case "stored":
      case "replay": {
        const progress: ParticipantProgress = {
          status: taken.participant_status as ParticipantStatus,
          total: taken.clip_count as number,
          done: taken.done_positions as number[],
        };
        const settings = taken.study_settings;
        if (settings) {
          progress.completion = {};
          if (settings.completionCode) progress.completion.code = settings.completionCode;
          if (settings.completionUrl) progress.completion.url = settings.completionUrl;
        }
        return { clientId, replay: taken.outcome === "replay", progress };
      }
    }
  }
}

/** The spans fitted to a clip of `duration` seconds; a 400 naming the first that cannot be. */
function fitted(body: z.output<typeof SubmissionRequestSchema>, duration: number): Span[] {
  try {
    return body.spans.map((s, i) => {
      try {
        return fitSpanToClip(checkSpan(s.start, s.end), duration, `your clip ${body.position}`);
      } catch (e) {
        throw new Error(`spans[${i}]: ${(e as Error).message}`);
      }
    });
  } catch (e) {
    throw new ServiceError(400, "bad-submission", (e as Error).message);
  }
}

/** What is stored of a submission: its fitted spans and what the participant's page reported. */
function storedBody(body: z.output<typeof SubmissionRequestSchema>, spans: Span[]): StoredBody {
  return {
    spans,
    heardToEnd: body.heardToEnd,
    ...(body.score !== undefined ? { score: body.score } : {}),
    ...(body.playCount !== undefined ? { playCount: body.playCount } : {}),
    ...(body.seconds !== undefined ? { seconds: body.seconds } : {}),
    ...(body.transcript !== undefined ? { transcript: body.transcript } : {}),
    // Written as the reader writes times (the schema allows 1970 to 9999 only).
    completedAt: new Date(body.completedAt ?? Date.now()).toISOString(),
  };
}
