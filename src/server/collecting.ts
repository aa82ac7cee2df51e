// Everything collected for a study, as an interchange file.
// Part of the collection server's services (service.ts re-exports them all).
import type {
  AnnotationFile,
  Annotator,
  Judgment,
  ParticipantStatus,
  ReasonLabel,
  Region,
  ScreeningResult,
  Submission,
} from "../domain/interchange/types.ts";
import type { ProtocolChange } from "../domain/report/protocolChanges.ts";
import type { Sql } from "./store.ts";
import { loadStudy, type StoredBody } from "./studies.ts";
// ---------------------------------------------------------------------------------------------
// Collecting

/**
 * A collected span's id: `<participant>.<clip>.<n>` (n from 1, in the order sent). Participant
 * ids are the server's own (`p0001-…`, no dot), so the first dot and the last one split it back
 * even when a clip id has dots.
 */
export function regionIdOf(participantId: string, clipId: string, n: number): string {
  return `${participantId}.${clipId}.${n}`;
}

export function parseRegionId(
  id: string,
): { participantId: string; clipId: string; n: number } | null {
  const first = id.indexOf(".");
  const last = id.lastIndexOf(".");
  if (first < 1 || last <= first + 1) return null;
  const n = Number(id.slice(last + 1));
  if (
    !Number.isInteger(n) ||
    n < 1 ||
    regionIdOf(id.slice(0, first), id.slice(first + 1, last), n) !== id
  )
    return null;
  return { participantId: id.slice(0, first), clipId: id.slice(first + 1, last), n };
}

/** The crowd's collected work: annotators (with platform and status), submissions, spans. */
export async function crowdWork(store: Sql, studyId: string) {
  const people = await store.query<{
    id: string;
    platform: string;
    platform_participant: string;
    platform_study: string | null;
    platform_session: string | null;
    status: ParticipantStatus;
    profile: Record<string, unknown> | null;
    screening: ScreeningResult[] | null;
    started_at: Date | string;
    finished_at: Date | string | null;
  }>(
    "SELECT id, platform, platform_participant, platform_study, platform_session, status, profile, screening, started_at, finished_at FROM participants WHERE study_id = $1 ORDER BY id",
    [studyId],
  );
  const subs = await store.query<{ participant_id: string; clip_id: string; body: StoredBody }>(
    "SELECT participant_id, clip_id, body FROM submissions WHERE study_id = $1 ORDER BY participant_id, clip_id",
    [studyId],
  );
  const annotators: Annotator[] = people.map((p) => {
    const platform: NonNullable<Annotator["platform"]> = {
      name: p.platform,
      participantId: p.platform_participant,
    };
    if (p.platform_study) platform.studyId = p.platform_study;
    if (p.platform_session) platform.sessionId = p.platform_session;
    const annotator: Annotator = { id: p.id, role: "crowd", platform, status: p.status };
    if (p.profile) annotator.profile = p.profile;
    if (p.screening) annotator.screening = p.screening;
    annotator.arrivedAt = new Date(p.started_at).toISOString();
    if (p.finished_at) annotator.finishedAt = new Date(p.finished_at).toISOString();
    return annotator;
  });
  const submissions: Submission[] = [];
  const regions: Region[] = [];
  for (const s of subs) {
    const sub: Submission = {
      clipId: s.clip_id,
      annotatorId: s.participant_id,
      heardToEnd: s.body.heardToEnd,
    };
    if (s.body.score !== undefined) sub.score = s.body.score;
    if (s.body.playCount !== undefined) sub.playCount = s.body.playCount;
    if (s.body.seconds !== undefined) sub.seconds = s.body.seconds;
    if (s.body.transcript !== undefined) sub.transcript = s.body.transcript;
    sub.completedAt = s.body.completedAt;
    submissions.push(sub);
    s.body.spans.forEach((span, i) => {
      regions.push({
        id: regionIdOf(s.participant_id, s.clip_id, i + 1),
        clipId: s.clip_id,
        annotatorId: s.participant_id,
        start: span.start,
        end: span.end,
      });
    });
  }
  return { annotators, submissions, regions };
}

/** The experts' labels (or one expert's), each label's reasons in the taxonomy's order. */
export async function reasonLabels(store: Sql, studyId: string, expertId?: string) {
  const rows = await store.query<{ region_id: string; expert_id: string; reasons: string[] }>(
    `SELECT l.participant_id || '.' || l.clip_id || '.' || l.n AS region_id, l.expert_id,
       array_agg(r.reason_id ORDER BY sr.position) AS reasons
     FROM expert_labels l
     JOIN expert_label_reasons r ON r.study_id = l.study_id AND r.expert_id = l.expert_id
       AND r.participant_id = l.participant_id AND r.clip_id = l.clip_id AND r.n = l.n
     JOIN study_reasons sr ON sr.study_id = r.study_id AND sr.reason_id = r.reason_id
     WHERE l.study_id = $1${expertId ? " AND l.expert_id = $2" : ""}
     GROUP BY l.participant_id, l.clip_id, l.n, l.expert_id
     ORDER BY region_id, l.expert_id`,
    expertId ? [studyId, expertId] : [studyId],
  );
  return rows.map(
    (r): ReasonLabel => ({ regionId: r.region_id, annotatorId: r.expert_id, reasons: r.reasons }),
  );
}

/**
 * Everything collected for the study, as an interchange file: crowd annotators carry platform
 * and status; experts (role expert) and their reason labels follow. The study carries the
 * settings it was published with as `study.collection` (clips per participant, R, codes,
 * consent …), so that the file says how it was collected (the protocol report's K and R).
 */
export async function collect(store: Sql, studyId: string): Promise<AnnotationFile> {
  const { file, settings } = await loadStudy(store, studyId);
  const crowd = await crowdWork(store, studyId);
  const experts = await store.query<{ id: string }>(
    "SELECT id FROM experts WHERE study_id = $1 ORDER BY id",
    [studyId],
  );
  const changed = await store.query<{
    changed_at: Date | string;
    participants_before: number;
    changes: ProtocolChange["changes"];
  }>(
    "SELECT changed_at, participants_before, changes FROM study_changes WHERE study_id = $1 ORDER BY changed_at, version",
    [studyId],
  );
  const protocolChanges = changed.map(
    (c): ProtocolChange => ({
      at: new Date(c.changed_at).toISOString(),
      participantsBefore: c.participants_before,
      changes: c.changes,
    }),
  );
  // Judgments (main and pre-test), stored as the interchange's (take_judgment, migration 14).
  const judged = await store.query<{ participant_id: string; body: Omit<Judgment, "annotatorId"> }>(
    `SELECT participant_id, body FROM judgments WHERE study_id = $1
     ORDER BY participant_id, stage DESC, position`,
    [studyId],
  );
  const judgments = judged.map(
    ({ participant_id, body: { pairId, ...rest } }): Judgment => ({
      pairId,
      annotatorId: participant_id,
      ...rest,
    }),
  );
  return {
    ...file,
    ...(file.pairs || judgments.length > 0 ? { judgments } : {}),
    study: {
      ...file.study,
      collection: settings,
      ...(protocolChanges.length > 0 ? { protocolChanges } : {}),
    },
    exportedAt: new Date().toISOString(),
    // The study file's own records come first: a view-pair study's crowd spans it was published
    // with (studies.ts); the participants' ids never take one of theirs (joining.ts).
    annotators: [
      ...file.annotators,
      ...crowd.annotators,
      ...experts.map((e): Annotator => ({ id: e.id, role: "expert" })),
    ],
    submissions: [...file.submissions, ...crowd.submissions],
    regions: [...file.regions, ...crowd.regions],
    reasonLabels: await reasonLabels(store, studyId),
  };
}
