// Studies: create, list, change, delete. See repo.ts for the whole repository API.
import type Dexie from "dexie";
import { DEFAULT_TAXONOMY } from "../domain/interchange/taxonomy.ts";
import type {
  Annotator,
  Pair,
  Region,
  SaliencyRecord,
  Submission,
  TaxonomyEntry,
} from "../domain/interchange/types.ts";
import { slugify } from "../domain/study/slug.ts";
import { checkNewClips, type NewClip, newClipsBytes, writeClipsInTransaction } from "./clips.ts";
import { db, ofStudy, type Participation, type RedPenDB, type StudyRecord } from "./db.ts";
import { requireSpace } from "./space.ts";
import { requireId, requirePositive } from "./validate.ts";
import { runWrite } from "./write.ts";

export interface NewStudy {
  name: string;
  /** Bin width in seconds for agreement figures; default 0.1. */
  binSeconds?: number;
  /** Annotators must rate each clip 1–5 before finishing it; default false. */
  requireRating?: boolean;
  /** Reason taxonomy; default the RedPen 11 types (DEFAULT_TAXONOMY). */
  taxonomy?: readonly TaxonomyEntry[];
  /** Further study keys (instructions, protocol, …) kept verbatim. */
  extra?: Record<string, unknown>;
  /** A fixed id (e.g. `demo`, or the id of an imported file). Default: slug of name + suffix. */
  id?: string;
  /**
   * Clips (with their audio) stored in the same transaction as the study, so a crash or a
   * failed write never leaves a study without its clips: all of it is stored, or nothing.
   */
  clips?: readonly NewClip[];
  /** A participant's local copy of a server study (features/participate); never listed. */
  participation?: Participation;
  /**
   * The study's pairs (a comparison's and the pre-test's, domain/tasks/compare/pairs.ts),
   * stored with the study and its clips; each names clips of `clips`.
   */
  pairs?: readonly Pair[];
  /**
   * A participant's trial samples (each side of a pair they judge): audio stored under these
   * ids without a clip record, in the same transaction.
   */
  samples?: readonly { id: string; blob: Blob }[];
  /**
   * Annotations the new study starts with, of its clips: a region preference test's crowd
   * spans and the model's saliency (domain/tasks/compare/views.ts, viewRecords).
   */
  annotations?: {
    annotators: readonly Annotator[];
    submissions: readonly Submission[];
    regions: readonly Region[];
    saliency: readonly SaliencyRecord[];
  };
}

export interface StudySummary {
  study: StudyRecord;
  clips: number;
  annotators: number;
  submissions: number;
}

/** A text detail of the study kept in `extra` ("description", "instructions"), or "". */
export function studyText(study: StudyRecord, key: "description" | "instructions"): string {
  const value = study.extra[key];
  return typeof value === "string" ? value : "";
}

export { slugify };

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join("");
}

/**
 * All studies, newest first (not those a chunked import is still writing, nor the copies of
 * server studies a participant or an expert works on).
 */
export async function listStudies(): Promise<StudyRecord[]> {
  const all = await db.studies.orderBy("createdAt").toArray();
  return all.filter((s) => !s.importing && !s.participation && !s.expertLink).reverse();
}

/** All studies (newest first) with their numbers of clips, annotators and submissions. */
export async function listStudySummaries(): Promise<StudySummary[]> {
  return db.transaction("r", [db.studies, db.clips, db.annotators, db.submissions], async () => {
    const studies = await listStudies();
    return Promise.all(
      studies.map(async (study) => ({
        study,
        clips: await ofStudy(db.clips, study.id).count(),
        annotators: await ofStudy(db.annotators, study.id).count(),
        submissions: await ofStudy(db.submissions, study.id).count(),
      })),
    );
  });
}

/** The study, or `undefined` when there is none with this id (or it is still being imported). */
export async function getStudy(studyId: string): Promise<StudyRecord | undefined> {
  const study = await db.studies.get(studyId);
  return study?.importing ? undefined : study;
}

/**
 * Creates a study and returns its id. Throws (and shows a notice) when the name is empty,
 * binSeconds is not > 0, the taxonomy has duplicate or empty ids, a fixed `id` is taken, or a
 * clip is invalid. The study and its `clips` are written in one transaction.
 */
export function createStudy(input: NewStudy): Promise<string> {
  return runWrite("the new study", async () => {
    const name = requireId("Study name", input.name).trim();
    const binSeconds = requirePositive("Bin width (binSeconds)", input.binSeconds ?? 0.1);
    const taxonomy = (input.taxonomy ?? DEFAULT_TAXONOMY).map((t) => ({ ...t }));
    const seen = new Set<string>();
    for (const [i, t] of taxonomy.entries()) {
      requireId(`taxonomy[${i}].id`, t.id);
      requireId(`taxonomy[${i}].label`, t.label);
      if (seen.has(t.id)) throw new Error(`taxonomy[${i}].id: duplicate id "${t.id}"`);
      seen.add(t.id);
    }
    const id = input.id === undefined ? `${slugify(name)}-${randomSuffix()}` : input.id;
    requireId("Study id", id);
    const record: StudyRecord = {
      id,
      name,
      binSeconds,
      taxonomy,
      requireRating: input.requireRating ?? false,
      createdAt: new Date().toISOString(),
      extra: { ...(input.extra ?? {}) },
      ...(input.participation ? { participation: input.participation } : {}),
    };
    const clips = input.clips ?? [];
    checkNewClips(clips);
    const pairs = input.pairs ?? [];
    checkPairs(pairs, new Set(clips.map((c) => c.clip.id)));
    const samples = input.samples ?? [];
    const sampleBytes = samples.reduce((sum, s) => sum + s.blob.size, 0);
    if (clips.length > 0 || samples.length > 0)
      await requireSpace(newClipsBytes(clips) + sampleBytes, "the new study");
    const notes = input.annotations;
    if (notes) checkAnnotations(notes, new Set(clips.map((c) => c.clip.id)));
    const tables: Dexie.Table[] = [db.studies, db.clips, db.audio, db.pairs];
    if (notes) tables.push(db.annotators, db.submissions, db.regions, db.saliency);
    await db.transaction("rw", tables, async () => {
      if (await db.studies.get(id)) throw new Error(`a study with id "${id}" already exists`);
      await db.studies.add(record);
      if (clips.length > 0) await writeClipsInTransaction(id, clips);
      if (pairs.length > 0) await db.pairs.bulkAdd(pairs.map((p) => ({ ...p, studyId: id })));
      if (samples.length > 0)
        await db.audio.bulkAdd(samples.map((s) => ({ studyId: id, clipId: s.id, blob: s.blob })));
      if (notes) {
        const ofThis = <T extends object>(rows: readonly T[]) =>
          rows.map((r) => ({ ...r, studyId: id }));
        await db.annotators.bulkAdd(ofThis(notes.annotators));
        await db.submissions.bulkAdd(ofThis(notes.submissions));
        await db.regions.bulkAdd(ofThis(notes.regions));
        await db.saliency.bulkAdd(ofThis(notes.saliency));
      }
    });
    return id;
  });
}

/** A study's pairs (a comparison's and its pre-test's), in id order. */
export function listPairs(studyId: string): Promise<Pair[]> {
  return ofStudy(db.pairs, studyId)
    .toArray()
    .then((rows) => rows.map(({ studyId: _s, ...p }) => p));
}

/** Throws when a pair has no id, names a clip not in `clipIds`, the same clip twice, or a taken id. */
function checkPairs(pairs: readonly Pair[], clipIds: ReadonlySet<string>): void {
  const seen = new Set<string>();
  for (const [i, p] of pairs.entries()) {
    requireId(`pairs[${i}].id`, p.id);
    if (seen.has(p.id)) throw new Error(`pairs[${i}].id: duplicate pair id "${p.id}"`);
    seen.add(p.id);
    if (p.clipId !== undefined) {
      if (!clipIds.has(p.clipId)) throw new Error(`pairs[${i}].clipId: no clip "${p.clipId}"`);
      continue;
    }
    for (const side of ["a", "b"] as const)
      if (!clipIds.has(p[side])) throw new Error(`pairs[${i}].${side}: no clip "${p[side]}"`);
    if (p.a === p.b) throw new Error(`pairs[${i}]: names clip "${p.a}" twice`);
  }
}

/** Throws when a starting annotation names a clip the new study lacks, or an unknown annotator. */
function checkAnnotations(
  notes: NonNullable<NewStudy["annotations"]>,
  clipIds: ReadonlySet<string>,
): void {
  const annotators = new Set(notes.annotators.map((a) => a.id));
  const rows: [string, readonly { clipId: string; annotatorId?: string }[]][] = [
    ["submissions", notes.submissions],
    ["regions", notes.regions],
    ["saliency", notes.saliency],
  ];
  for (const [what, list] of rows)
    for (const [i, r] of list.entries()) {
      if (!clipIds.has(r.clipId)) throw new Error(`${what}[${i}].clipId: no clip "${r.clipId}"`);
      if (r.annotatorId !== undefined && !annotators.has(r.annotatorId))
        throw new Error(`${what}[${i}].annotatorId: no annotator "${r.annotatorId}"`);
    }
}

/**
 * Changes a study's name, bin width, rating requirement or other keys; with `pairs`, replaces
 * its pairs in the same write (the comparison's and the pre-test's design). A pair that already
 * has judgments is kept as it is: changing or removing it is refused, naming it.
 */
export function updateStudy(
  studyId: string,
  patch: Partial<Pick<StudyRecord, "name" | "binSeconds" | "requireRating" | "extra">> & {
    pairs?: readonly Pair[];
  },
): Promise<StudyRecord> {
  return runWrite("the study settings", async () => {
    const { pairs, ...fields } = patch;
    if (fields.name !== undefined) requireId("Study name", fields.name);
    if (fields.binSeconds !== undefined)
      requirePositive("Bin width (binSeconds)", fields.binSeconds);
    return db.transaction("rw", [db.studies, db.clips, db.pairs, db.judgments], async () => {
      const study = await db.studies.get(studyId);
      if (!study) throw new Error(`no study with id "${studyId}"`);
      if (pairs !== undefined) await replacePairs(studyId, pairs);
      const updated: StudyRecord = {
        ...study,
        ...fields,
        name: fields.name?.trim() ?? study.name,
      };
      await db.studies.put(updated);
      return updated;
    });
  });
}

/** Inside updateStudy's transaction: the study's pairs replaced, judged pairs kept unchanged. */
async function replacePairs(studyId: string, pairs: readonly Pair[]): Promise<void> {
  const clipIds = new Set((await ofStudy(db.clips, studyId).toArray()).map((c) => c.id));
  checkPairs(pairs, clipIds);
  const judged = new Set((await ofStudy(db.judgments, studyId).toArray()).map((j) => j.pairId));
  const next = new Map(pairs.map((p) => [p.id, p]));
  for (const old of await ofStudy(db.pairs, studyId).toArray()) {
    if (!judged.has(old.id)) continue;
    const now = next.get(old.id);
    if (!now || now.a !== old.a || now.b !== old.b || now.clipId !== old.clipId)
      throw new Error(
        `pair "${old.id}" already has judgments: it cannot be ${now ? "changed" : "removed"} (keep the design, or start a new study for a new one)`,
      );
  }
  await ofStudy(db.pairs, studyId).delete();
  if (pairs.length > 0) await db.pairs.bulkAdd(pairs.map((p) => ({ ...p, studyId })));
}

/**
 * Changes a participant's link to the server (the local copy of a server study), inside one
 * transaction: `change` gets the stored value and returns the new one. Returns it.
 */
export function updateParticipation(
  studyId: string,
  change: (current: Participation) => Participation,
): Promise<Participation> {
  return runWrite("the progress of your study", () =>
    db.transaction("rw", db.studies, async () => {
      const study = await db.studies.get(studyId);
      if (!study?.participation) throw new Error(`no participation with id "${studyId}"`);
      const next = change(study.participation);
      await db.studies.update(studyId, { participation: next });
      return next;
    }),
  );
}

/**
 * Allows (or, with `allowed` false, no longer allows) clip audio to be fetched from `origin`
 * for this study (domain/clips/clipSource.ts). Returns the study's allowed origins, sorted.
 */
export function setAudioOriginAllowed(
  studyId: string,
  origin: string,
  allowed: boolean,
): Promise<string[]> {
  return runWrite("the allowed audio sites", async () => {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new Error(`“${origin}” is not a web address`);
    }
    if ((parsed.protocol !== "https:" && parsed.protocol !== "http:") || parsed.origin !== origin) {
      throw new Error(`“${origin}” is not an http(s) origin like https://cdn.example.org`);
    }
    return db.transaction("rw", db.studies, async () => {
      const study = await db.studies.get(studyId);
      if (!study) throw new Error(`no study with id "${studyId}"`);
      const origins = new Set(study.allowedAudioOrigins ?? []);
      if (allowed) origins.add(origin);
      else origins.delete(origin);
      const next = [...origins].sort();
      await db.studies.update(studyId, { allowedAudioOrigins: next });
      return next;
    });
  });
}

/** Deletes the study and every row that belongs to it, in one transaction. */
export function deleteStudy(studyId: string): Promise<void> {
  return runWrite("the deletion of the study", () => deleteStudyRows(studyId));
}

/**
 * Removes what chunked imports left behind when their page was closed mid-way: studies still
 * marked `importing` whose last chunk is older than `staleMs` (an import still running in
 * another tab writes a chunk every second or so). Returns the ids removed.
 */
export async function removeAbandonedImports(now = Date.now(), staleMs = 10 * 60_000) {
  const abandoned = (await db.studies.toArray()).filter(
    (s) => s.importing && now - Date.parse(s.importing.updatedAt) >= staleMs,
  );
  for (const study of abandoned) await deleteStudyRows(study.id, true);
  return abandoned.map((s) => s.id);
}

/**
 * Deletes a study and its rows in one transaction; with `onlyIfImporting`, only when it is
 * still marked as being imported (checked inside the transaction).
 */
export function deleteStudyRows(
  studyId: string,
  onlyIfImporting = false,
  database: RedPenDB = db,
): Promise<void> {
  const tables: Dexie.Table[] = [
    database.clips,
    database.audio,
    database.annotators,
    database.submissions,
    database.regions,
    database.reasonLabels,
    database.pairs,
    database.judgments,
    database.saliency,
  ];
  return database.transaction("rw", [database.studies, ...tables], async () => {
    if (onlyIfImporting && !(await database.studies.get(studyId))?.importing) return;
    await database.studies.delete(studyId);
    for (const table of tables) await ofStudy(table, studyId).delete();
  });
}
