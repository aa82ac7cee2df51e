// What a participant's requests read of a published study every time (the study file, its
// settings and its clips in order), kept in memory per store under (study id, version): a
// publish gives the study a new version (migration 6), so a process reads the study again
// only when the version in the study's row has moved, and several server processes on one
// PostgreSQL each see another's publish at their next request.
import type { CollectionSettings } from "../domain/collection/protocol.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { ServiceError } from "./errors.ts";
import { perStore, type Sql } from "./store.ts";

/** A clip as assignment and a participant's state need it (the clips table's row). */
export interface StudyClip {
  id: string;
  sentence: string;
  system: string;
  isReference: boolean;
  duration: number;
}

/** A published study at one version. Shared by every request: frozen, never modified. */
export interface StudyVersion {
  version: number;
  file: AnnotationFile;
  settings: CollectionSettings;
  /** In the study's order (the clips table's positions). */
  clips: readonly StudyClip[];
  /** The same clips by id. */
  index: ReadonlyMap<string, StudyClip>;
  /** Each view pair's highlighted bins, a's and b's (computed at publish: migration 14). */
  views: Readonly<Record<string, [number[], number[]]>>;
}

/** Studies kept per store; past this the least recently used goes. */
const MAX_STUDIES = 100;

const cacheOf = perStore<StudyVersion>();

/** The reads of a study through the store under way, per store and study. */
const loadsOf = perStore<Promise<StudyVersion>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export const noStudy = (studyId: string) =>
  new ServiceError(404, "no-study", `no study "${studyId}" is published on this server`);

/** The study's row and clips, read in one statement (one snapshot: a publish is all or nothing). */
async function load(store: object, db: Sql, studyId: string): Promise<StudyVersion> {
  const [row] = await db.query<{
    version: number;
    file: AnnotationFile;
    settings: CollectionSettings;
    views: Record<string, [number[], number[]]> | null;
    clips: [string, string, string, boolean, number][];
  }>(
    `SELECT s.version, s.file, s.settings, s.views, coalesce((
       SELECT json_agg(json_build_array(c.clip_id, c.sentence, c.system, c.is_reference, c.duration)
         ORDER BY c.position)
       FROM clips c WHERE c.study_id = s.id), '[]') AS clips
     FROM studies s WHERE s.id = $1`,
    [studyId],
  );
  if (!row) throw noStudy(studyId);
  const clips = row.clips.map(([id, sentence, system, isReference, duration]) => ({
    id,
    sentence,
    system,
    isReference,
    duration,
  }));
  const study: StudyVersion = deepFreeze({
    version: row.version,
    file: row.file,
    settings: row.settings,
    clips,
    index: new Map(clips.map((c) => [c.id, c])),
    views: row.views ?? {},
  });
  const cache = cacheOf(store);
  cache.delete(studyId);
  cache.set(studyId, study);
  if (cache.size > MAX_STUDIES) cache.delete(cache.keys().next().value as string);
  return study;
}

/**
 * The study at `version` (read from its row by the caller, e.g. under its lock), from the
 * cache of `store`, else read through `db` (the caller's transaction).
 */
export async function studyAt(
  store: object,
  db: Sql,
  studyId: string,
  version: number,
): Promise<StudyVersion> {
  const cache = cacheOf(store);
  const cached = cache.get(studyId);
  if (cached?.version === version) {
    // Most recently used last.
    cache.delete(studyId);
    cache.set(studyId, cached);
    return cached;
  }
  if (db !== store) return load(store, db, studyId);
  // Through the store itself: one read at a time per study, the others waiting for it (a
  // study's first arrivals come together, and each would otherwise read and parse the same
  // study at once; docs/server.md, "Performance"), unless it began before the caller read
  // `version` and found an older one.
  const pending = loadsOf(store);
  const inFlight = pending.get(studyId);
  if (inFlight) {
    const study = await inFlight;
    if (study.version >= version) return study;
  }
  const loading = load(store, db, studyId).finally(() => {
    if (pending.get(studyId) === loading) pending.delete(studyId);
  });
  pending.set(studyId, loading);
  return loading;
}

/**
 * The newest version of the study this process has read, if any, without asking the database:
 * for a call that sends its version along and is told when the study has moved on (a
 * submission, a play: `stale`, then `studyAt` the version it was told).
 */
export function lastStudy(store: object, studyId: string): StudyVersion | undefined {
  return cacheOf(store).get(studyId);
}

/** The study as published now: its version read, the rest from the cache when it has it. */
export async function currentStudy(store: Sql, studyId: string): Promise<StudyVersion> {
  const [row] = await store.query<{ version: number }>(
    "SELECT version FROM studies WHERE id = $1",
    [studyId],
  );
  if (!row) throw noStudy(studyId);
  return studyAt(store, store, studyId, row.version);
}
