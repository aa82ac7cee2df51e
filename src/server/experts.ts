// Expert links, the work an expert sees and the reason labels they send back.
// Part of the collection server's services (service.ts re-exports them all).
import { ExpertRequestSchema, LabelsRequestSchema } from "../domain/api/requests.ts";
import type { AnnotationFile, Annotator, ReasonLabel } from "../domain/interchange/types.ts";
import { type StoredAudio, servedAudio } from "./audio.ts";
import { crowdWork, parseRegionId, reasonLabels } from "./collecting.ts";
import { brokenConstraint, ServiceError, valid } from "./errors.ts";
import type { Sql, Store } from "./store.ts";
import { loadStudy, newToken, sha256 } from "./studies.ts";
// ---------------------------------------------------------------------------------------------
// Experts

/**
 * Makes (or makes again) an expert's link token for the study: a new token replaces the old
 * one, so a leaked link is closed by making a new one. Returns the token (stored hashed).
 */
export async function createExpert(
  store: Store,
  studyId: string,
  body: unknown,
): Promise<{ expertId: string; token: string }> {
  const { expertId } = valid(ExpertRequestSchema, body, "bad-expert");
  const token = newToken();
  // One transaction: the id checked against the participants and the link written together.
  await store.transaction(async (tx) => {
    await loadStudy(tx, studyId);
    const clash = await tx.query("SELECT 1 FROM participants WHERE study_id = $1 AND id = $2", [
      studyId,
      expertId,
    ]);
    if (clash.length > 0) {
      throw new ServiceError(409, "bad-expert", `"${expertId}" is a participant of this study`);
    }
    await tx.query(
      `INSERT INTO experts (study_id, id, token_sha256) VALUES ($1, $2, $3)
       ON CONFLICT (study_id, id) DO UPDATE SET token_sha256 = EXCLUDED.token_sha256`,
      [studyId, expertId, sha256(token)],
    );
  });
  return { expertId, token };
}

/** The expert an expert token belongs to, in this study; refused otherwise. */
export async function expertOf(store: Sql, studyId: string, token: string | undefined) {
  if (!token) throw new ServiceError(401, "no-expert", "this needs the token of an expert link");
  const [row] = await store.query<{ id: string }>(
    "SELECT id FROM experts WHERE token_sha256 = $1 AND study_id = $2",
    [sha256(token), studyId],
  );
  if (!row)
    throw new ServiceError(
      401,
      "bad-expert",
      "the expert link's token is not valid for this study",
    );
  return row.id;
}

/**
 * What an expert works on: the study and every collected crowd span, without the crowd's
 * platform ids (personal data an expert does not need), and the expert's own labels.
 */
export async function expertWork(
  store: Sql,
  studyId: string,
  expertId: string,
): Promise<AnnotationFile> {
  const { file } = await loadStudy(store, studyId);
  const crowd = await crowdWork(store, studyId);
  return {
    ...file,
    exportedAt: new Date().toISOString(),
    annotators: [
      ...crowd.annotators.map((a): Annotator => ({ id: a.id, role: "crowd" })),
      { id: expertId, role: "expert" },
    ],
    submissions: crowd.submissions,
    regions: crowd.regions,
    reasonLabels: await reasonLabels(store, studyId, expertId),
  };
}

/** The audio of any clip of the study, for its experts. */
export async function expertAudio(store: Sql, studyId: string, clipId: string) {
  const [row] = await store.query<StoredAudio>(
    `SELECT au.mime, au.bytes, au.sha256, au.metadata_stripped FROM clips c JOIN audio au ON au.sha256 = c.audio_sha256
     WHERE c.study_id = $1 AND c.clip_id = $2`,
    [studyId, clipId],
  );
  if (!row) throw new ServiceError(404, "no-audio", `no audio for clip "${clipId}"`);
  return servedAudio(store, row);
}

/**
 * Sets the reasons an expert gives one collected span (the whole set: sending it again is
 * harmless, the last one sent wins; an empty set removes the label, and removing a label that
 * is not there, its span withdrawn included, is no error). Reasons must be ids of the study's
 * taxonomy; they are stored in its order. One transaction: the label's row is written first
 * (locking it, so two writes of one label follow each other), then its reasons; the label
 * refers to its span and each reason to the study's taxonomy (migration 12), so a span
 * withdrawn meanwhile refuses it (404) rather than leaving a label on nothing.
 */
export async function setExpertReasons(
  store: Store,
  studyId: string,
  expertId: string,
  regionId: string,
  body: unknown,
): Promise<ReasonLabel> {
  const { reasons } = valid(LabelsRequestSchema, body, "bad-label");
  const parts = parseRegionId(regionId);
  const noRegion = () =>
    new ServiceError(404, "no-region", `no collected span "${regionId}" in this study`);
  try {
    return await store.transaction(async (tx) => {
      const order = (
        await tx.query<{ reason_id: string }>(
          "SELECT reason_id FROM study_reasons WHERE study_id = $1 ORDER BY position",
          [studyId],
        )
      ).map((r) => r.reason_id);
      if (order.length === 0) await loadStudy(tx, studyId);
      const unknown = reasons.find((r) => !order.includes(r));
      if (unknown !== undefined) {
        throw new ServiceError(
          400,
          "bad-label",
          `"${unknown}" is not a reason of this study (its reasons: ${order.join(", ")})`,
        );
      }
      const sorted = order.filter((id) => reasons.includes(id));
      if (!parts) {
        if (sorted.length === 0) return { regionId, annotatorId: expertId, reasons: [] };
        throw noRegion();
      }
      const key = [studyId, expertId, parts.participantId, parts.clipId, parts.n];
      const where =
        "study_id = $1 AND expert_id = $2 AND participant_id = $3 AND clip_id = $4 AND n = $5";
      if (sorted.length === 0) {
        await tx.query(`DELETE FROM expert_labels WHERE ${where}`, key);
        return { regionId, annotatorId: expertId, reasons: [] };
      }
      const span = await tx.query(
        "SELECT 1 FROM spans WHERE study_id = $1 AND participant_id = $2 AND clip_id = $3 AND n = $4",
        [studyId, parts.participantId, parts.clipId, parts.n],
      );
      if (span.length === 0) throw noRegion();
      await tx.query(
        `INSERT INTO expert_labels (study_id, expert_id, participant_id, clip_id, n)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (study_id, participant_id, clip_id, n, expert_id) DO UPDATE SET updated_at = now()`,
        key,
      );
      await tx.query(
        `DELETE FROM expert_label_reasons WHERE ${where} AND NOT (reason_id = ANY($6::text[]))`,
        [...key, sorted],
      );
      await tx.query(
        `INSERT INTO expert_label_reasons (study_id, expert_id, participant_id, clip_id, n, reason_id)
         SELECT $1, $2, $3, $4, $5, r FROM unnest($6::text[]) AS r ON CONFLICT DO NOTHING`,
        [...key, sorted],
      );
      return { regionId, annotatorId: expertId, reasons: sorted };
    });
  } catch (e) {
    // A withdrawal (the span) or a publish (the taxonomy) that committed while this ran.
    const broken = brokenConstraint(e);
    if (broken === undefined) throw e;
    if (broken === "expert_label_reasons_reason") {
      throw new ServiceError(
        409,
        "bad-label",
        "the study's taxonomy changed while this label was written: read the study again and send the label with its reasons",
      );
    }
    throw noRegion();
  }
}
