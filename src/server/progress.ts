// The researcher's live progress of a study.
// Part of the collection server's services (service.ts re-exports them all).
import type { CollectionSettings, StudyProgress } from "../domain/collection/protocol.ts";
import type { AnnotationFile, Clip, ParticipantStatus } from "../domain/interchange/types.ts";
import { coveredSeconds } from "../domain/study/spans.ts";
import { taskOf } from "../domain/tasks/index.ts";
import type { Sql } from "./store.ts";
import { loadStudy, type StoredBody } from "./studies.ts";

export async function progress(store: Sql, studyId: string): Promise<StudyProgress> {
  const { file, settings } = await loadStudy(store, studyId);
  if (taskOf(file.study) === "compare") return compareProgress(store, studyId, file, settings);
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

/**
 * A compare study's progress: main trials (pairs × participants) assigned and judged, against
 * its main pairs × R; the pre-test's trials are not counted (they are no main trials).
 */
async function compareProgress(
  store: Sql,
  studyId: string,
  file: AnnotationFile,
  settings: CollectionSettings,
): Promise<StudyProgress> {
  const people = await store.query<{
    id: string;
    platform: string;
    platform_participant: string;
    status: ParticipantStatus;
    total: number;
    done: number;
  }>(
    `SELECT p.id, p.platform, p.platform_participant, p.status,
       count(t.position) FILTER (WHERE NOT t.released OR j.position IS NOT NULL)::int AS total,
       count(j.position)::int AS done
     FROM participants p
     LEFT JOIN trials t ON t.study_id = p.study_id AND t.participant_id = p.id AND t.stage = 'main'
     LEFT JOIN judgments j ON j.study_id = t.study_id AND j.participant_id = t.participant_id
       AND j.stage = t.stage AND j.position = t.position
     WHERE p.study_id = $1 GROUP BY p.id, p.platform, p.platform_participant, p.status ORDER BY p.id`,
    [studyId],
  );
  const pretest = new Set(file.study.qualification?.pairs ?? []);
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
    done: people.reduce((n, p) => n + p.done, 0),
    clips: (file.pairs ?? []).filter((p) => !pretest.has(p.id)).length,
    ratingsPerClip: settings.ratingsPerClip,
    perParticipant: people.map((p) => ({
      id: p.id,
      platform: p.platform,
      participant: p.platform_participant,
      status: p.status,
      done: p.done,
      total: p.total,
      referenceMarkedSeconds: null,
      referenceSeconds: null,
    })),
  };
}
