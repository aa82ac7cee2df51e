// The local copy of a collection-server study an expert labels through their link
// (features/participate/expertLink.ts): written from what the server sends, in one
// transaction, so the expert screen works on it as on any study. Refreshing it keeps the
// expert's labels not yet acknowledged by the server (theirs are the newest); everything else
// (clips, crowd annotators, submissions, spans) is the server's.
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { db, type ExpertLink, ofStudy, type StudyRecord } from "./db.ts";
import { runWrite } from "./write.ts";

/** The reasons as stored for acknowledgement: JSON of the ids, in the order given. */
export const reasonsKey = (reasons: readonly string[]): string => JSON.stringify(reasons);

/** Regions whose local labels (by this expert) differ from what the server acknowledged. */
export async function pendingLabels(
  studyId: string,
): Promise<{ regionId: string; reasons: string[] }[]> {
  const study = await db.studies.get(studyId);
  const link = study?.expertLink;
  if (!link) return [];
  const mine = (await ofStudy(db.reasonLabels, studyId).toArray()).filter(
    (l) => l.annotatorId === link.expertId,
  );
  const local = new Map(mine.map((l) => [l.regionId, l.reasons]));
  const out: { regionId: string; reasons: string[] }[] = [];
  for (const [regionId, reasons] of local) {
    if (link.acknowledged[regionId] !== reasonsKey(reasons)) out.push({ regionId, reasons });
  }
  for (const [regionId, acked] of Object.entries(link.acknowledged)) {
    // Removed here (every reason unticked): the server is told the empty set.
    if (!local.has(regionId) && acked !== reasonsKey([])) out.push({ regionId, reasons: [] });
  }
  return out.sort((a, b) => a.regionId.localeCompare(b.regionId));
}

/** Records that the server has these reasons for the region. */
export function acknowledgeLabel(studyId: string, regionId: string, reasons: readonly string[]) {
  return runWrite("the label's acknowledgement", () =>
    db.transaction("rw", db.studies, async () => {
      const study = await db.studies.get(studyId);
      if (!study?.expertLink) throw new Error(`no expert link with id "${studyId}"`);
      const acknowledged = { ...study.expertLink.acknowledged, [regionId]: reasonsKey(reasons) };
      await db.studies.update(studyId, { expertLink: { ...study.expertLink, acknowledged } });
    }),
  );
}

/**
 * Writes (or refreshes) the expert's local copy `studyId` from the server's file: the study,
 * clips (with the audio given, by clip id), crowd annotators, submissions and spans, and the
 * expert's labels from the server except where a local change is not yet acknowledged.
 */
export function writeExpertCopy(
  studyId: string,
  file: AnnotationFile,
  audio: ReadonlyMap<string, Blob>,
  link: Omit<ExpertLink, "acknowledged">,
): Promise<void> {
  return runWrite("the study for your review", async () => {
    const pending = new Set((await pendingLabels(studyId)).map((p) => p.regionId));
    await db.transaction(
      "rw",
      [db.studies, db.clips, db.audio, db.annotators, db.submissions, db.regions, db.reasonLabels],
      async () => {
        const existing = await db.studies.get(studyId);
        const { id: _id, name, binSeconds, requireRating, ...extra } = file.study;
        const acknowledged = { ...(existing?.expertLink?.acknowledged ?? {}) };
        for (const l of file.reasonLabels) {
          if (l.annotatorId === link.expertId) acknowledged[l.regionId] = reasonsKey(l.reasons);
        }
        const record: StudyRecord = {
          id: studyId,
          name,
          binSeconds,
          taxonomy: file.taxonomy,
          requireRating: requireRating === true,
          createdAt: existing?.createdAt ?? new Date().toISOString(),
          extra,
          expertLink: { ...link, acknowledged },
        };
        await db.studies.put(record);
        await db.clips.bulkPut(file.clips.map((c, order) => ({ ...c, studyId, order })));
        await db.audio.bulkPut([...audio].map(([clipId, blob]) => ({ studyId, clipId, blob })));
        await db.annotators.bulkPut(file.annotators.map((a) => ({ ...a, studyId })));
        await db.submissions.bulkPut(file.submissions.map((s) => ({ ...s, studyId })));
        await db.regions.bulkPut(file.regions.map((r) => ({ ...r, studyId })));
        const fromServer = file.reasonLabels.filter(
          (l) => l.annotatorId === link.expertId && !pending.has(l.regionId),
        );
        await db.reasonLabels.bulkPut(fromServer.map((l) => ({ ...l, studyId })));
      },
    );
  });
}
