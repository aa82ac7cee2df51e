// A model's saliency per clip (interchange `saliency[]`), stored in the `saliency` table: read
// out with the study (studyToFile) and put in by an import, a clip's record of a model
// replacing the stored one (domain/interchange/saliency.ts's rule).
import type { SaliencyRecord } from "../domain/interchange/types.ts";
import { db as defaultDb, ofStudy, type RedPenDB, withKeyPrefix } from "./db.ts";

/** The study's saliency records, by clip id and then model (the table's key order). */
export async function savedSaliency(
  studyId: string,
  database: RedPenDB = defaultDb,
): Promise<SaliencyRecord[]> {
  const rows = await ofStudy(database.saliency, studyId).toArray();
  return rows.map(({ studyId: _, ...record }) => record);
}

/**
 * Puts the records into the study (which must be stored), replacing a clip's record of the
 * same model; in one transaction, all or nothing. Returns how many replaced a stored one.
 */
export function putSaliency(
  studyId: string,
  records: readonly SaliencyRecord[],
  database: RedPenDB = defaultDb,
): Promise<number> {
  return database.transaction("rw", [database.studies, database.saliency], async () => {
    if (!(await database.studies.get(studyId))) throw new Error(`no study "${studyId}"`);
    const keys = records.map((r) => [studyId, r.clipId, r.model] as [string, string, string]);
    const stored = await database.saliency.bulkGet(keys);
    await database.saliency.bulkPut(records.map((r) => ({ ...r, studyId })));
    return stored.filter((row) => row !== undefined).length;
  });
}

/** One clip's saliency records, by model (code-unit order of the key). */
export async function clipSaliency(
  studyId: string,
  clipId: string,
  database: RedPenDB = defaultDb,
): Promise<SaliencyRecord[]> {
  const rows = await withKeyPrefix(database.saliency, ":id", [studyId, clipId]).toArray();
  return rows.map(({ studyId: _, ...record }) => record);
}
