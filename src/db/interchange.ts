// Reading a stored study out as one interchange-format file (docs/spec/interchange-format.md).
// Used by the JSON export, the analysis worker and the CLI-equivalence tests.
import type { AnnotationFile } from "../domain/types.ts";
import { db as defaultDb, type RedPenDB } from "./db.ts";

/** Strips the storage-only keys (`studyId`, `order`) from a stored row. */
function omit<T extends object, K extends string>(row: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...row } as Record<string, unknown>;
  for (const key of keys) delete copy[key];
  return copy as Omit<T, K>;
}

/** The whole study as an interchange file, or `undefined` when no such study is stored. */
export async function studyToFile(
  studyId: string,
  database: RedPenDB = defaultDb,
): Promise<AnnotationFile | undefined> {
  return database.transaction(
    "r",
    [
      database.studies,
      database.clips,
      database.annotators,
      database.submissions,
      database.regions,
      database.reasonLabels,
    ],
    async () => {
      const study = await database.studies.get(studyId);
      if (!study) return undefined;
      const [clips, annotators, submissions, regions, reasonLabels] = await Promise.all([
        database.clips
          .where("[studyId+order]")
          .between([studyId, -Infinity], [studyId, Infinity])
          .toArray(),
        database.annotators.where("studyId").equals(studyId).sortBy("id"),
        database.submissions.where("studyId").equals(studyId).toArray(),
        database.regions.where("studyId").equals(studyId).toArray(),
        database.reasonLabels.where("studyId").equals(studyId).toArray(),
      ]);
      return {
        format: "redpen-annotations",
        version: 1,
        exportedAt: new Date().toISOString(),
        study: { ...study.extra, id: study.id, name: study.name, binSeconds: study.binSeconds },
        taxonomy: study.taxonomy,
        clips: clips.map((c) => omit(c, "studyId", "order")),
        annotators: annotators.map((a) => omit(a, "studyId")),
        submissions: submissions.map((s) => omit(s, "studyId")),
        regions: regions.map((r) => omit(r, "studyId")),
        reasonLabels: reasonLabels.map((l) => omit(l, "studyId")),
      };
    },
  );
}
