// The researcher's live progress of a study.
// Part of the collection server's services (service.ts re-exports them all).
import type { StudyProgress } from "../domain/collection/protocol.ts";
import type { Clip, ParticipantStatus } from "../domain/interchange/types.ts";
import { coveredSeconds } from "../domain/study/spans.ts";
import type { Sql } from "./store.ts";
import { loadStudy, type StoredBody } from "./studies.ts";

export async function progress(store: Sql, studyId: string): Promise<StudyProgress> {
  const { file, settings } = await loadStudy(store, studyId);
  const refs = new Map(
    file.clips.filter((c: Clip) => c.isReference).map((c) => [c.id, c.duration] as const),
  );
  const people = await store.query<{
    id: string;
    platform: string;
    platform_participant: string;
    status: ParticipantStatus;
    total: number;
  }>(
    `SELECT p.id, p.platform, p.platform_participant, p.status, count(a.clip_id)::int AS total FROM participants p
     LEFT JOIN assignments a ON a.study_id = p.study_id AND a.participant_id = p.id AND NOT a.released
     WHERE p.study_id = $1 GROUP BY p.id, p.platform, p.platform_participant, p.status ORDER BY p.id`,
    [studyId],
  );
  const subs = await store.query<{ participant_id: string; clip_id: string; body: StoredBody }>(
    "SELECT participant_id, clip_id, body FROM submissions WHERE study_id = $1",
    [studyId],
  );
  const perParticipant = people.map((p) => {
    const mine = subs.filter((s) => s.participant_id === p.id);
    const onRefs = mine.filter((s) => refs.has(s.clip_id));
    return {
      id: p.id,
      platform: p.platform,
      participant: p.platform_participant,
      status: p.status,
      done: mine.length,
      total: p.total,
      referenceMarkedSeconds:
        onRefs.length === 0
          ? null
          : onRefs.reduce((sum, s) => sum + coveredSeconds(s.body.spans), 0),
      referenceSeconds:
        onRefs.length === 0 ? null : onRefs.reduce((sum, s) => sum + (refs.get(s.clip_id) ?? 0), 0),
    };
  });
  const by = (status: ParticipantStatus) => people.filter((p) => p.status === status).length;
  return {
    studyId,
    participants: {
      started: by("started"),
      completed: by("completed"),
      returned: by("returned"),
      screenedOut: by("screened-out"),
    },
    assigned: people.reduce((n, p) => n + p.total, 0),
    done: subs.length,
    clips: file.clips.length,
    ratingsPerClip: settings.ratingsPerClip,
    perParticipant,
  };
}
