// A participant withdraws (an ethics board's right to withdraw, docs/server.md "Personal data"):
// everything the server holds about them goes, in one transaction.
// Part of the collection server's services (service.ts re-exports them all).
import { WithdrawRequestSchema } from "../domain/api/requests.ts";
import type { WithdrawResult } from "../domain/collection/protocol.ts";
import type { ParticipantStatus } from "../domain/interchange/types.ts";
import { taskOf } from "../domain/tasks/index.ts";
import { ServiceError, valid } from "./errors.ts";
import type { Store } from "./store.ts";
import { loadStudy, type StoredBody } from "./studies.ts";

/**
 * Deletes the participant with this platform id from the study: their arrival (platform ids,
 * session), intake answers, headphone check, submissions with their spans, the experts' reasons
 * on those spans, and their assignments, whose unfinished clips go back to be assigned to
 * others; in a study with pairs (a comparison, a pre-test) their trials, the plays of them and
 * their judgments, whose unjudged main trials go back to the pairs' counts for others. Says what
 * it deleted; a participant the study does not have is a 404, nothing deleted.
 */
export async function withdrawParticipant(
  store: Store,
  studyId: string,
  body: unknown,
): Promise<WithdrawResult> {
  const request = valid(WithdrawRequestSchema, body, "bad-withdraw");
  return store.transaction(async (tx) => {
    const study = await loadStudy(tx, studyId, true);
    // Their row locked (as the DELETE below would): a submission or judgment being taken
    // meanwhile waits for this to commit and then finds no participant, so what is counted
    // below is exactly what goes.
    const found = await tx.query<{
      id: string;
      platform: string;
      status: ParticipantStatus;
      has_profile: boolean;
      has_screening: boolean;
    }>(
      `SELECT id, platform, status, profile IS NOT NULL AND (NOT profile ? 'arm' OR profile - 'arm' <> '{}') AS has_profile, screening IS NOT NULL AS has_screening
       FROM participants WHERE study_id = $1 AND platform_participant = $2${request.platform ? " AND platform = $3" : ""}
       ORDER BY platform FOR UPDATE`,
      request.platform
        ? [studyId, request.participant, request.platform]
        : [studyId, request.participant],
    );
    if (found.length === 0) {
      throw new ServiceError(
        404,
        "no-participant",
        `participant "${request.participant}" has not taken part in study "${studyId}" (nothing deleted)`,
      );
    }
    if (found.length > 1) {
      throw new ServiceError(
        409,
        "ambiguous-participant",
        `participant "${request.participant}" arrived both through Prolific and through a link: say which with platform "prolific" or "link" (nothing deleted)`,
      );
    }
    const who = found[0] as (typeof found)[number];
    // has_profile: intake answers (the instruction arm, `profile.arm`, is the server's, not theirs).
    const subs = await tx.query<{ body: StoredBody }>(
      "SELECT body FROM submissions WHERE study_id = $1 AND participant_id = $2",
      [studyId, who.id],
    );
    // Their unfinished clips (not released, no submission) and unjudged main trials (not
    // released, no judgment): what goes back to others; and their judgments, both stages.
    const [freed = { unfinished: 0, judgments: 0, trials_freed: 0 }] = await tx.query<{
      unfinished: number;
      judgments: number;
      trials_freed: number;
    }>(
      `SELECT
         (SELECT count(*) FROM assignments a WHERE a.study_id = $1 AND a.participant_id = $2
           AND NOT a.released AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.study_id = a.study_id
             AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id))::int AS unfinished,
         (SELECT count(*) FROM judgments j WHERE j.study_id = $1 AND j.participant_id = $2)::int
           AS judgments,
         (SELECT count(*) FROM trials t WHERE t.study_id = $1 AND t.participant_id = $2
           AND t.stage = 'main' AND NOT t.released AND NOT EXISTS (SELECT 1 FROM judgments j
             WHERE j.study_id = t.study_id AND j.participant_id = t.participant_id
             AND j.stage = t.stage AND j.position = t.position))::int AS trials_freed`,
      [studyId, who.id],
    );
    // Their spans locked first, so that no expert's label on one can be added until this
    // commits (a label's row refers to its span: migration 12); then the labels on them
    // counted and deleted (their reasons go with them).
    await tx.query("SELECT 1 FROM spans WHERE study_id = $1 AND participant_id = $2 FOR UPDATE", [
      studyId,
      who.id,
    ]);
    const labels = await tx.query(
      "DELETE FROM expert_labels WHERE study_id = $1 AND participant_id = $2 RETURNING n",
      [studyId, who.id],
    );
    // Sessions, assignments, submissions, their spans and plays, trials, their plays and
    // judgments go with the participant (ON DELETE CASCADE).
    await tx.query("DELETE FROM participants WHERE study_id = $1 AND id = $2", [studyId, who.id]);
    return {
      participant: request.participant,
      platform: who.platform,
      status: who.status,
      task: taskOf(study.file.study),
      submissions: subs.length,
      spans: subs.reduce((n, s) => n + s.body.spans.length, 0),
      reasonLabels: labels.length,
      intake: who.has_profile,
      screening: who.has_screening,
      slotsFreed: freed.unfinished,
      judgments: freed.judgments,
      trialsFreed: freed.trials_freed,
    };
  });
}
