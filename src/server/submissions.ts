// Taking a participant's finished clips exactly once (a replay of the same clientId stores
// nothing). Part of the collection server's services (service.ts re-exports them all).
import { SubmissionRequestSchema } from "../domain/api/requests.ts";
import type { SubmissionResponse } from "../domain/collection.ts";
import { checkSpan, fitSpanToClip, type Span } from "../domain/spans.ts";
import type { ParticipantStatus } from "../domain/types.ts";
import { participantProgress } from "./arrival.ts";
import { ServiceError, valid } from "./errors.ts";
import type { Store } from "./store.ts";
/** Takes one finished clip; a replay of the same clientId is acknowledged again, unchanged. */
export async function submit(
  store: Store,
  studyId: string,
  participantId: string,
  input: unknown,
): Promise<SubmissionResponse> {
  const body = valid(SubmissionRequestSchema, input, "bad-submission");
  const { clientId } = body;
  return store.transaction(async (tx) => {
    // The participant's row locked (a return or a time-out and a submission do not cross), and
    // their last sign of life noted, in one statement.
    const [who] = await tx.query<{ status: ParticipantStatus }>(
      "UPDATE participants SET last_seen_at = now() WHERE study_id = $1 AND id = $2 RETURNING status",
      [studyId, participantId],
    );
    const [assigned] = await tx.query<{
      clip_id: string;
      duration: number;
      released: boolean;
      sent_before: boolean;
    }>(
      `SELECT a.clip_id, c.duration, a.released, (s.client_id IS NOT NULL) AS sent_before
       FROM assignments a JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
       LEFT JOIN submissions s ON s.study_id = a.study_id AND s.participant_id = a.participant_id
         AND s.clip_id = a.clip_id AND s.client_id = $4
       WHERE a.study_id = $1 AND a.participant_id = $2 AND a.position = $3`,
      [studyId, participantId, body.position, clientId],
    );
    if (!assigned)
      throw new ServiceError(403, "not-assigned", `clip ${body.position} is not one of your clips`);
    if ((who?.status === "returned" || assigned.released) && !assigned.sent_before) {
      throw new ServiceError(
        403,
        "returned",
        "you returned this study (or its time ran out): its clips went to other participants",
      );
    }
    let spans: Span[];
    try {
      spans = body.spans.map((s, i) => {
        try {
          return fitSpanToClip(
            checkSpan(s.start, s.end),
            assigned.duration,
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
    const inserted = await tx.query(
      `INSERT INTO submissions (study_id, participant_id, clip_id, client_id, body) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING client_id`,
      [studyId, participantId, assigned.clip_id, clientId, JSON.stringify(stored)],
    );
    let replay = false;
    if (inserted.length === 0) {
      const [same] = await tx.query<{ client_id: string }>(
        "SELECT client_id FROM submissions WHERE study_id = $1 AND participant_id = $2 AND clip_id = $3",
        [studyId, participantId, assigned.clip_id],
      );
      if (same?.client_id !== clientId) {
        throw new ServiceError(
          409,
          "already-submitted",
          `clip ${body.position} was already sent (as another submission)`,
        );
      }
      replay = true;
    }
    const { durations: _, ...progress } = await participantProgress(tx, studyId, participantId);
    if (progress.completion && progress.status !== "completed") {
      await tx.query(
        "UPDATE participants SET status = 'completed', finished_at = COALESCE(finished_at, now()) WHERE study_id = $1 AND id = $2",
        [studyId, participantId],
      );
      progress.status = "completed";
    }
    return { clientId, replay, progress };
  });
}
