// The study <-> interchange file boundary (docs/spec/interchange-format.md):
// - studyToFile: a stored study read out as one file (JSON export, analysis worker, CLI tests);
// - planImport / applyMerge: merging imported files into the database (planning is pure, in
//   src/domain/merge/merge.ts; this writes the person's choices in ONE transaction);
// - attachAudio: imported clips arrive without audio; files are matched to clips by name.
// The writers here throw plain errors; screens wrap them in runWrite (write.ts) for the notice
// and the storage-full wording. (This module stays free of UI state: the analysis worker
// imports studyToFile from it.)

import Dexie from "dexie";
import { matchAudioFiles } from "../domain/clips/audioMatch.ts";
import type { AnnotationFile, Study } from "../domain/interchange/types.ts";
import {
  type Choices,
  groupByStudy,
  type MergeOutcome,
  type MergePlan,
  type MergeResolution,
  planMerge,
  resolutionSize,
  resolveMerge,
} from "../domain/merge/merge.ts";
import {
  type AudioRecord,
  type ClipRecord,
  db as defaultDb,
  ofStudy,
  type RedPenDB,
  type StudyRecord,
} from "./db.ts";
import { deleteStudyRows } from "./studies.ts";

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
      database.pairs,
      database.judgments,
    ],
    async () => {
      const study = await database.studies.get(studyId);
      if (!study) return undefined;
      const [clips, annotators, submissions, regions, reasonLabels, pairs, judgments] =
        await Promise.all([
          database.clips
            .where("[studyId+order]")
            .between([studyId, -Infinity], [studyId, Infinity])
            .toArray(),
          ofStudy(database.annotators, studyId).sortBy("id"),
          ofStudy(database.submissions, studyId).toArray(),
          ofStudy(database.regions, studyId).toArray(),
          ofStudy(database.reasonLabels, studyId).toArray(),
          ofStudy(database.pairs, studyId).toArray(),
          ofStudy(database.judgments, studyId).toArray(),
        ]);
      return {
        format: "redpen-annotations",
        version: 1,
        exportedAt: new Date().toISOString(),
        study: {
          ...study.extra,
          id: study.id,
          name: study.name,
          binSeconds: study.binSeconds,
          // Written only when on, so files of studies without the setting stay as they were.
          ...(study.requireRating ? { requireRating: true } : {}),
        },
        taxonomy: study.taxonomy,
        clips: clips.map((c) => omit(c, "studyId", "order")),
        annotators: annotators.map((a) => omit(a, "studyId")),
        submissions: submissions.map((s) => omit(s, "studyId")),
        regions: regions.map((r) => omit(r, "studyId")),
        reasonLabels: reasonLabels.map((l) => omit(l, "studyId")),
        // A comparison's arrays only where the study has them (a writer omits what it lacks).
        ...(pairs.length > 0 ? { pairs: pairs.map((p) => omit(p, "studyId")) } : {}),
        ...(judgments.length > 0 ? { judgments: judgments.map((j) => omit(j, "studyId")) } : {}),
      };
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Import: plan, then apply

/** One parsed incoming file and the name it came with. */
export interface IncomingFile {
  name: string;
  file: AnnotationFile;
}

/**
 * Groups the files by study and plans each group against what is stored of that study, in the
 * order the studies first appear.
 */
export async function planImport(
  files: readonly IncomingFile[],
  database: RedPenDB = defaultDb,
): Promise<MergePlan[]> {
  const plans: MergePlan[] = [];
  for (const [studyId, group] of groupByStudy([...files])) {
    const existing = await studyToFile(studyId, database);
    plans.push(
      planMerge(
        existing,
        group.map((g) => g.file),
        group.map((g) => g.name),
      ),
    );
  }
  return plans;
}

export type { MergeOutcome };

const ALL_TABLES = (d: RedPenDB) =>
  [
    d.studies,
    d.clips,
    d.audio,
    d.annotators,
    d.submissions,
    d.regions,
    d.reasonLabels,
    d.pairs,
    d.judgments,
  ] as const;

function studyRecord(
  study: Study,
  taxonomy: StudyRecord["taxonomy"],
  createdAt: string,
): StudyRecord {
  const { id, name, binSeconds, requireRating, ...extra } = study;
  return {
    id,
    name,
    binSeconds,
    taxonomy,
    requireRating: requireRating === true,
    createdAt,
    extra,
  };
}

/** Records written so far of `total`, reported between write batches (inside the transaction). */
export type WriteProgress = (done: number, total: number) => void;

/** Rows per bulkPut: small enough to report progress often, large enough to cost nothing. */
const WRITE_BATCH = 10_000;

/**
 * Writes a plan with the person's choices (a conflict without a choice keeps the stored or
 * first version) in one read-write transaction over every table: all of it is stored or, on
 * any failure, none of it. A study whose id is stored is merged into; otherwise it is created
 * with that id. Throws when the store changed under the plan in a way
 * that makes it wrong (the study appeared or disappeared), or a label would point at no region.
 * `onProgress` is called synchronously between write batches (it must not await anything).
 */
export function applyMerge(
  plan: MergePlan,
  choices: Choices,
  database: RedPenDB = defaultDb,
  onProgress?: WriteProgress,
): Promise<MergeOutcome> {
  return applyResolution(resolveMerge(plan, choices), database, onProgress);
}

/** A new study of at least this many records is written in chunks (writeNewStudyInChunks). */
export const CHUNKED_IMPORT_RECORDS = 50_000;

/**
 * The write half of applyMerge, for a resolution already made. A merge into a stored study is
 * one transaction (all of it or none). A new study of `chunkedFrom` records or more is written
 * in chunks, one transaction each, hidden until whole (writeNewStudyInChunks).
 */
export function applyResolution(
  resolution: MergeResolution,
  database: RedPenDB = defaultDb,
  onProgress?: WriteProgress,
  { chunkedFrom = CHUNKED_IMPORT_RECORDS, chunkRows = WRITE_BATCH } = {},
): Promise<MergeOutcome> {
  if (!resolution.studyExists && resolutionSize(resolution) >= chunkedFrom) {
    return writeNewStudyInChunks(resolution, database, onProgress, chunkRows);
  }
  return database.transaction("rw", [...ALL_TABLES(database)], () =>
    writeResolution(resolution, database, onProgress),
  );
}

/**
 * A large new study, written in chunks of `chunkRows` rows, each chunk its own transaction, so
 * that no single transaction needs the room (and the memory) of the whole import, and a disk
 * that fills up stops one small transaction rather than a huge one. The database stays
 * consistent throughout: the study record comes first, marked `importing`, which keeps it out
 * of every list and screen (getStudy, listStudies); each chunk checks the mark is still there
 * and moves its time on; the last transaction clears it. If any chunk fails, everything
 * written for the study is deleted again (in one transaction) and the error is passed on; if
 * the page is closed mid-way, a later start removes the remains (removeAbandonedImports).
 */
async function writeNewStudyInChunks(
  r: MergeResolution,
  database: RedPenDB,
  onProgress: WriteProgress | undefined,
  chunkRows: number,
): Promise<MergeOutcome> {
  const { studyId } = r;
  if (!r.study) throw new Error(`the files give no header for study "${studyId}"`);
  // A new study's labels can only point at regions written with it: checked before writing.
  const written = new Set(r.regions.map((x) => x.id));
  const orphan = r.reasonLabels.find((l) => !written.has(l.regionId));
  if (orphan) {
    throw new Error(
      `reason label of annotator "${orphan.annotatorId}" points at missing region "${orphan.regionId}"`,
    );
  }
  const total = resolutionSize(r);
  let done = 0;
  const step = (n: number) => {
    done += n;
    onProgress?.(done, total);
  };
  const stamp = () => new Date().toISOString();
  const record: StudyRecord = {
    ...studyRecord(r.study, r.taxonomy ?? [], stamp()),
    importing: { startedAt: stamp(), updatedAt: stamp() },
  };
  await database.transaction("rw", database.studies, async () => {
    if (await database.studies.get(studyId)) {
      throw new Error(
        `a study with id "${studyId}" was created since the preview; import the files again`,
      );
    }
    await database.studies.add(record);
  });
  step(1 + r.taxonomyChanges);
  try {
    // Dexie's tables differ in key type; the loop only puts rows, so they are taken untyped.
    const parts: { table: Dexie.Table; rows: unknown[] }[] = [
      { table: database.clips, rows: r.clips.map((c, order) => ({ ...c, studyId, order })) },
      { table: database.annotators, rows: r.annotators.map((a) => ({ ...a, studyId })) },
      { table: database.submissions, rows: r.submissions.map((x) => ({ ...x, studyId })) },
      { table: database.regions, rows: r.regions.map((x) => ({ ...x, studyId })) },
      { table: database.reasonLabels, rows: r.reasonLabels.map((l) => ({ ...l, studyId })) },
      { table: database.pairs, rows: r.pairs.map((p) => ({ ...p, studyId })) },
      { table: database.judgments, rows: r.judgments.map((j) => ({ ...j, studyId })) },
    ];
    for (const { table, rows } of parts) {
      for (let i = 0; i < rows.length; i += chunkRows) {
        const batch = rows.slice(i, i + chunkRows);
        await database.transaction("rw", [database.studies, table], async () => {
          const study = await database.studies.get(studyId);
          if (!study?.importing) {
            throw new Error(`study "${studyId}" was deleted while it was being imported`);
          }
          await table.bulkPut(batch);
          await database.studies.put({
            ...study,
            importing: { ...study.importing, updatedAt: stamp() },
          });
        });
        step(batch.length);
      }
    }
    await database.transaction("rw", database.studies, async () => {
      const study = await database.studies.get(studyId);
      if (!study?.importing) {
        throw new Error(`study "${studyId}" was deleted while it was being imported`);
      }
      const { importing: _, ...whole } = study;
      await database.studies.put(whole);
    });
  } catch (error) {
    await deleteStudyRows(studyId, true, database).catch(() => undefined);
    throw error;
  }
  return {
    studyId,
    created: true,
    changed: total,
    droppedLabels: r.droppedReasonLabels.length,
    removedRegions: 0,
    clipsWithoutAudio: r.clips.length,
  };
}

async function writeResolution(
  r: MergeResolution,
  database: RedPenDB,
  onProgress: WriteProgress | undefined,
): Promise<MergeOutcome> {
  const { studyId } = r;
  const total = resolutionSize(r);
  let done = 0;
  const step = (n: number) => {
    done += n;
    onProgress?.(done, total);
  };
  const stored = await database.studies.get(studyId);
  if (Boolean(stored) !== r.studyExists) {
    throw new Error(
      stored
        ? `a study with id "${studyId}" was created since the preview; import the files again`
        : `study "${studyId}" was deleted since the preview; import the files again`,
    );
  }
  if (!stored) {
    if (!r.study) throw new Error(`the files give no header for study "${studyId}"`);
    await database.studies.add(studyRecord(r.study, r.taxonomy ?? [], new Date().toISOString()));
    step(1 + r.taxonomyChanges);
  } else if (r.study || r.taxonomy) {
    const next = r.study ? studyRecord(r.study, stored.taxonomy, stored.createdAt) : { ...stored };
    next.taxonomy = r.taxonomy ?? stored.taxonomy;
    // The researcher's local permissions are not part of any file: keep them.
    if (stored.allowedAudioOrigins) next.allowedAudioOrigins = stored.allowedAudioOrigins;
    await database.studies.put(next);
    step((r.study ? 1 : 0) + r.taxonomyChanges);
  }

  // Clips keep their place; new ones go after the last, in file order. Only the clips written
  // are looked up (by key), not the whole stored study.
  const orderOf = new Map<string, number>();
  let order = -1;
  if (stored && r.clips.length > 0) {
    const found = await database.clips.bulkGet(r.clips.map((c) => [studyId, c.id]));
    for (const c of found) if (c) orderOf.set(c.id, c.order);
    const last = await database.clips
      .where("[studyId+order]")
      .between([studyId, -Infinity], [studyId, Infinity])
      .last();
    order = last?.order ?? -1;
  }
  const clips: ClipRecord[] = r.clips.map((c) => ({
    ...c,
    studyId,
    order: orderOf.get(c.id) ?? ++order,
  }));
  // Every label written must point at a region of the study: one written now, or else a stored
  // one (looked up by key). Checked before anything else is written.
  const written = new Set(r.regions.map((x) => x.id));
  const elsewhere = [...new Set(r.reasonLabels.map((l) => l.regionId))].filter(
    (id) => !written.has(id),
  );
  const storedRegions =
    elsewhere.length > 0
      ? await database.regions.bulkGet(elsewhere.map((id) => [studyId, id]))
      : [];
  const missing = elsewhere.filter((_, i) => storedRegions[i] === undefined);
  if (missing.length > 0) {
    const l = r.reasonLabels.find((x) => x.regionId === missing[0]);
    throw new Error(
      `reason label of annotator "${l?.annotatorId}" points at missing region "${missing[0]}"`,
    );
  }

  // Then every write is issued at once, in batches, and awaited together: IndexedDB runs the
  // requests of a transaction in the order they were made (the label deletes before the label
  // puts), and the backend stores one batch while this thread prepares the next, instead of
  // waiting for each. Only Dexie promises are awaited, so the transaction stays open.
  const writes: Promise<unknown>[] = [];
  const issue = <T>(rows: T[], write: (batch: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += WRITE_BATCH) {
      const batch = rows.slice(i, i + WRITE_BATCH);
      writes.push(write(batch).then(() => step(batch.length)));
    }
  };
  issue(clips, (b) => database.clips.bulkPut(b));
  issue(
    r.annotators.map((a) => ({ ...a, studyId })),
    (b) => database.annotators.bulkPut(b),
  );
  issue(
    r.submissions.map((x) => ({ ...x, studyId })),
    (b) => database.submissions.bulkPut(b),
  );
  issue(
    r.regions.map((x) => ({ ...x, studyId })),
    (b) => database.regions.bulkPut(b),
  );
  issue(
    r.deleteReasonLabels.map(
      (l) => [studyId, l.regionId, l.annotatorId] as [string, string, string],
    ),
    (b) => database.reasonLabels.bulkDelete(b),
  );
  issue(
    r.reasonLabels.map((l) => ({ ...l, studyId })),
    (b) => database.reasonLabels.bulkPut(b),
  );
  issue(
    r.deleteRegions.map((id) => [studyId, id] as [string, string]),
    (b) => database.regions.bulkDelete(b),
  );
  issue(
    r.pairs.map((p) => ({ ...p, studyId })),
    (b) => database.pairs.bulkPut(b),
  );
  issue(
    r.judgments.map((j) => ({ ...j, studyId })),
    (b) => database.judgments.bulkPut(b),
  );
  await Dexie.Promise.all(writes);

  const clipIds = await ofStudy(database.clips, studyId).primaryKeys();
  const withAudio = new Set(
    (await ofStudy(database.audio, studyId).primaryKeys()).map((k) => k[1]),
  );
  return {
    studyId,
    created: !stored,
    changed: total,
    droppedLabels: r.droppedReasonLabels.length,
    removedRegions: r.deleteRegions.length,
    clipsWithoutAudio: clipIds.filter((k) => !withAudio.has(k[1])).length,
  };
}

// ---------------------------------------------------------------------------------------------
// Audio for imported clips

export interface AttachAudioResult {
  /** Files stored as a clip's audio (replacing any it had). */
  matched: { fileName: string; clipId: string; clipName: string }[];
  /** Files whose name matches no clip of the study (or only a clip another file took). */
  unmatched: string[];
  /** Names of the study's clips that still have no audio. */
  stillMissing: string[];
}

/**
 * Stores audio files as the audio of the study's clips, matched by name (the rule of
 * domain/clips/audioMatch.ts). All matched files are stored in one transaction.
 */
export function attachAudio(
  studyId: string,
  files: readonly File[],
  database: RedPenDB = defaultDb,
): Promise<AttachAudioResult> {
  return database.transaction(
    "rw",
    [database.studies, database.clips, database.audio],
    async () => {
      if (!(await database.studies.get(studyId))) throw new Error(`no study with id "${studyId}"`);
      const clips = await database.clips
        .where("[studyId+order]")
        .between([studyId, -Infinity], [studyId, Infinity])
        .toArray();
      const { matched, unmatched } = matchAudioFiles(
        clips,
        files.map((f) => f.name),
      );
      const records: AudioRecord[] = matched.map((m) => {
        const file = files.find((f) => f.name === m.fileName) as File;
        return { studyId, clipId: m.clipId, blob: file };
      });
      await database.audio.bulkPut(records);
      const withAudio = new Set(
        (await ofStudy(database.audio, studyId).primaryKeys()).map((k) => k[1]),
      );
      return {
        matched,
        unmatched,
        stillMissing: clips.filter((c) => !withAudio.has(c.id)).map((c) => c.name),
      };
    },
  );
}
