// Clips and their audio. See repo.ts for the whole repository API.

import { MAX_CLIP_TEXT_LENGTH } from "../domain/interchange/limits.ts";
import type { Clip } from "../domain/interchange/types.ts";
import {
  type AudioRecord,
  type ClipRecord,
  db,
  ofStudy,
  type RedPenDB,
  withKeyPrefix,
} from "./db.ts";
import { bytesNeeded, requireSpace } from "./space.ts";
import { requireFinite, requireId, requirePositive } from "./validate.ts";
import { runWrite } from "./write.ts";

export interface NewClip {
  clip: Clip;
  /** The audio. Optional: a clip imported from an annotation file may have only a `uri`. */
  blob?: Blob;
}

function checkClip(clip: Clip, where: string): void {
  requireId(`${where}.id`, clip.id);
  requireId(`${where}.name`, clip.name);
  requirePositive(`${where}.duration`, clip.duration);
  if (clip.score !== undefined) requireFinite(`${where}.score`, clip.score);
  for (const key of ["system", "sentence", "uri", "text"] as const) {
    const v = clip[key];
    if (v !== undefined && typeof v !== "string") throw new Error(`${where}.${key} must be text`);
  }
  if (clip.isReference !== undefined && typeof clip.isReference !== "boolean") {
    throw new Error(`${where}.isReference must be true or false`);
  }
}

/** The bytes storing these clips needs (their audio, and a record each). */
export function newClipsBytes(items: readonly NewClip[]): number {
  return bytesNeeded(
    items.reduce((sum, { blob }) => sum + (blob?.size ?? 0), 0),
    items.length,
  );
}

/**
 * Checks new clips before any write: each valid (non-empty id and name, duration > 0, …) and
 * no id twice. Throws an Error naming the clip (`clip 2 (b.wav): …`).
 */
export function checkNewClips(items: readonly NewClip[]): void {
  const ids = new Set<string>();
  for (const [i, { clip }] of items.entries()) {
    const where = `clip ${i + 1} (${clip?.name ?? "?"})`;
    checkClip(clip, where);
    if (ids.has(clip.id)) throw new Error(`${where}: clip id "${clip.id}" appears twice`);
    ids.add(clip.id);
  }
}

/**
 * Writes checked clips and their audio after the study's existing clips. Must run inside a
 * "rw" transaction over studies, clips and audio (the caller's): it adds to that transaction,
 * so a study and its clips can be created all at once (createStudy).
 */
export async function writeClipsInTransaction(
  studyId: string,
  items: readonly NewClip[],
): Promise<ClipRecord[]> {
  if (!(await db.studies.get(studyId))) throw new Error(`no study with id "${studyId}"`);
  const existing = await ofStudy(db.clips, studyId).toArray();
  const taken = new Set(existing.map((c) => c.id));
  for (const { clip } of items) {
    if (taken.has(clip.id)) throw new Error(`clip id "${clip.id}" is already in this study`);
  }
  let order = existing.reduce((max, c) => Math.max(max, c.order), -1);
  const records: ClipRecord[] = items.map(({ clip }) => ({ ...clip, studyId, order: ++order }));
  const audio: AudioRecord[] = [];
  for (const { clip, blob } of items) {
    if (blob) audio.push({ studyId, clipId: clip.id, blob });
  }
  await db.clips.bulkAdd(records);
  if (audio.length > 0) await db.audio.bulkAdd(audio);
  return records;
}

/**
 * Adds clips (and their audio) to a study, after its existing clips, in one transaction:
 * either all are stored or none. Throws when the study does not exist, a clip is invalid
 * (empty id/name, duration not > 0), or a clip id is repeated or already in the study.
 * Returns the stored records.
 */
export function addClips(studyId: string, items: readonly NewClip[]): Promise<ClipRecord[]> {
  return runWrite(items.length === 1 ? "the clip" : "the clips", async () => {
    checkNewClips(items);
    await requireSpace(newClipsBytes(items), items.length === 1 ? "the clip" : "the clips");
    return db.transaction("rw", [db.studies, db.clips, db.audio], () =>
      writeClipsInTransaction(studyId, items),
    );
  });
}

/**
 * Sets what the clip says (the reference its transcripts are scored against); an empty text
 * removes it. Throws when the clip does not exist or the text is too long.
 */
export function setClipText(studyId: string, clipId: string, text: string): Promise<void> {
  return runWrite("the clip's text", async () => {
    const trimmed = text.trim();
    if (trimmed.length > MAX_CLIP_TEXT_LENGTH) {
      throw new Error(`a clip's text may have at most ${MAX_CLIP_TEXT_LENGTH} characters`);
    }
    await db.transaction("rw", [db.clips], async () => {
      const clip = await db.clips.get([studyId, clipId]);
      if (!clip) throw new Error(`clip "${clipId}" is not in study "${studyId}"`);
      const { text: _old, ...rest } = clip;
      await db.clips.put(trimmed === "" ? rest : { ...rest, text: trimmed });
    });
  });
}

/** The study's clips in their order. */
export function listClips(studyId: string): Promise<ClipRecord[]> {
  return db.clips
    .where("[studyId+order]")
    .between([studyId, -Infinity], [studyId, Infinity])
    .toArray();
}

/** The study's first clip in its order, or `undefined` when it has none. */
export function firstClip(studyId: string): Promise<ClipRecord | undefined> {
  return withKeyPrefix(db.clips, "[studyId+order]", [studyId]).first();
}

/** One clip, or `undefined`. */
export function getClip(studyId: string, clipId: string): Promise<ClipRecord | undefined> {
  return db.clips.get([studyId, clipId]);
}

/** The clip's stored audio, or `undefined` when none is stored (e.g. an imported clip). */
export async function getClipAudio(studyId: string, clipId: string): Promise<Blob | undefined> {
  return (await db.audio.get([studyId, clipId]))?.blob;
}

/** Names of the study's clips with no audio stored, in study order. */
export async function clipsWithoutAudio(
  studyId: string,
  database: RedPenDB = db,
): Promise<string[]> {
  return database.transaction("r", [database.clips, database.audio], async () => {
    const clips = await database.clips
      .where("[studyId+order]")
      .between([studyId, -Infinity], [studyId, Infinity])
      .toArray();
    const withAudio = new Set(
      (await ofStudy(database.audio, studyId).primaryKeys()).map((k) => k[1]),
    );
    return clips.filter((c) => !withAudio.has(c.id)).map((c) => c.name);
  });
}
