// Taking a participant's finished clips exactly once (a replay of the same clientId stores
// nothing). Part of the collection server's services (service.ts re-exports them all).
import type { z } from "zod";
import type { SubmissionRequestSchema } from "../domain/api/requests.ts";
import type {
  CollectionSettings,
  ParticipantProgress,
  SubmissionResponse,
} from "../domain/collection/collection.ts";
import type { ParticipantStatus } from "../domain/interchange/types.ts";
import { checkSpan, fitSpanToClip, type Span } from "../domain/study/spans.ts";
import { ServiceError } from "./errors.ts";
import type { Store } from "./store.ts";
import { sha256 } from "./studies.ts";

/** The participant, their clip at the position and what the study says on completing. */
interface Slot {
  participant_id: string;
  status: ParticipantStatus;
  settings: CollectionSettings;
  clip_id: string | null;
  duration: number | null;
  released: boolean | null;
  sent_client: string | null;
}

/**
 * Who sends (by the session token's hash), their row locked and their last sign of life noted
 * (a return or a time-out and a submission do not cross), and their clip at the position, in
 * one statement. The participant is the latest version (read after the lock); the clip's
 * submission may predate a concurrent one, which the insert below then meets. Written so that
 * every step is an index look-up whatever the planner knows (PGlite never gathers statistics):
 * the session first, then the participant by key, then their one clip (LATERAL).
 */
export const SLOT_SQL = `
  WITH me AS (
    UPDATE participants p SET last_seen_at = now()
    WHERE p.study_id = $2 AND p.id = (
      SELECT participant_id FROM sessions WHERE token_sha256 = $1 AND study_id = $2)
    RETURNING p.id, p.status
  )
  SELECT me.id AS participant_id, me.status, st.settings, x.clip_id, x.duration, x.released,
    x.sent_client
  FROM me JOIN studies st ON st.id = $2
  LEFT JOIN LATERAL (
    SELECT a.clip_id, c.duration, a.released, s.client_id AS sent_client
    FROM assignments a JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
    LEFT JOIN submissions s ON s.study_id = a.study_id AND s.participant_id = a.participant_id
      AND s.clip_id = a.clip_id
    WHERE a.study_id = $2 AND a.participant_id = me.id AND a.position = $3
  ) x ON true`;

/**
 * The submission stored (unless $6 says it is a known replay; a conflict stores nothing) and
 * the participant's progress after it, in one statement: each assigned position, done when
 * submitted before or now; how many rows it inserted; and who holds this clip's submission
 * (the client id a conflict met: the same one is a replay, another a second submission).
 */
export const STORE_SQL = `
  WITH ins AS (
    INSERT INTO submissions (study_id, participant_id, clip_id, client_id, body)
    SELECT $1, $2, $3, $4, $5::jsonb WHERE $6::boolean
    ON CONFLICT DO NOTHING RETURNING clip_id
  )
  SELECT a.position, (s.client_id IS NOT NULL OR a.clip_id IN (SELECT clip_id FROM ins)) AS done,
    (SELECT count(*) FROM ins)::int AS inserted,
    (SELECT client_id FROM submissions WHERE study_id = $1 AND participant_id = $2
      AND clip_id = $3) AS held_by
  FROM assignments a
  LEFT JOIN submissions s ON s.study_id = a.study_id AND s.participant_id = a.participant_id
    AND s.clip_id = a.clip_id
  WHERE a.study_id = $1 AND a.participant_id = $2 ORDER BY a.position`;

/**
 * Takes one finished clip from the participant whose session `token` is; a replay of the same
 * clientId is acknowledged again, unchanged. One transaction of two statements (three on the
 * last clip), so a submission costs few round trips to the database and one commit.
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
  return store.transaction(async (tx) => {
    const [slot] = await tx.query<Slot>(SLOT_SQL, [sha256(token), studyId, body.position]);
    if (!slot)
      throw new ServiceError(401, "bad-session", "the session token is not valid for this study");
    const participantId = slot.participant_id;
    if (slot.clip_id === null || slot.duration === null)
      throw new ServiceError(403, "not-assigned", `clip ${body.position} is not one of your clips`);
    if ((slot.status === "returned" || slot.released) && slot.sent_client !== clientId) {
      // Its clips went to others; only a replay of what was sent before stands (one that may
      // have landed while this request waited for the participant's row).
      const [same] = await tx.query(
        "SELECT 1 FROM submissions WHERE study_id = $1 AND participant_id = $2 AND clip_id = $3 AND client_id = $4",
        [studyId, participantId, slot.clip_id, clientId],
      );
      if (!same) {
        throw new ServiceError(
          403,
          "returned",
          "you returned this study (or its time ran out): its clips went to other participants",
        );
      }
    }
    let spans: Span[];
    try {
      spans = body.spans.map((s, i) => {
        try {
          return fitSpanToClip(
            checkSpan(s.start, s.end),
            slot.duration as number,
            `your clip ${body.position}`,
          );
        } catch (e) {
          throw new Error(`spans[${i}]: ${(e as Error).message}`);
        }
      });
    } catch (e) {
      throw new ServiceError(400, "bad-submission", (e as Error).message);
    }
    const stored = {
      spans,
      heardToEnd: body.heardToEnd,
      ...(body.score !== undefined ? { score: body.score } : {}),
      ...(body.playCount !== undefined ? { playCount: body.playCount } : {}),
      ...(body.seconds !== undefined ? { seconds: body.seconds } : {}),
      ...(body.transcript !== undefined ? { transcript: body.transcript } : {}),
      // Written as the reader writes times (the schema allows 1970 to 9999 only).
      completedAt: new Date(body.completedAt ?? Date.now()).toISOString(),
    };
    const rows = await tx.query<{
      position: number;
      done: boolean;
      inserted: number;
      held_by: string | null;
    }>(STORE_SQL, [
      studyId,
      participantId,
      slot.clip_id,
      clientId,
      JSON.stringify(stored),
      slot.sent_client !== clientId,
    ]);
    const inserted = (rows[0]?.inserted ?? 0) > 0;
    if (!inserted && rows[0]?.held_by !== clientId) {
      throw new ServiceError(
        409,
        "already-submitted",
        `clip ${body.position} was already sent (as another submission)`,
      );
    }
    const progress: ParticipantProgress = {
      status: slot.status,
      total: rows.length,
      done: rows.filter((r) => r.done).map((r) => r.position),
    };
    if (rows.length > 0 && progress.done.length === rows.length) {
      progress.completion = {};
      if (slot.settings.completionCode) progress.completion.code = slot.settings.completionCode;
      if (slot.settings.completionUrl) progress.completion.url = slot.settings.completionUrl;
      if (progress.status !== "completed") {
        await tx.query(
          "UPDATE participants SET status = 'completed', finished_at = COALESCE(finished_at, now()) WHERE study_id = $1 AND id = $2",
          [studyId, participantId],
        );
        progress.status = "completed";
      }
    }
    return { clientId, replay: !inserted, progress };
  });
}
