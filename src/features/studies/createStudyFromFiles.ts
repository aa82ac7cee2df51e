// Creating a study from decoded audio files and optional CSV metadata, or from the clips of a
// study in this browser (a region preference test), and adding more clips to a study later.
import { addClips, createStudy, getClipAudio, listClips, type NewClip } from "../../db/repo.ts";
import { type ClipMeta, clipIdFor } from "../../domain/clips/clipCsv.ts";
import type { AnnotationFile, Clip, Pair } from "../../domain/interchange/types.ts";
import { viewRecords } from "../../domain/tasks/compare/views.ts";

export interface DecodedFile {
  file: File;
  duration: number;
}

/**
 * The clips these files become, in file order, with ids from their names that avoid `taken`
 * (adding them): what New study stores, so the pairs made before storing name the same ids.
 */
export function clipsOfFiles(
  files: readonly DecodedFile[],
  meta: ReadonlyMap<string, ClipMeta> | undefined,
  taken = new Set<string>(),
): Clip[] {
  return files.map(({ file, duration }) => ({
    id: clipIdFor(file.name, taken),
    name: file.name,
    duration,
    ...(meta?.get(file.name) ?? {}),
  }));
}

/** The clips for these files with their audio (clipsOfFiles). */
async function clipsFromFiles(
  files: readonly DecodedFile[],
  meta: ReadonlyMap<string, ClipMeta> | undefined,
  taken: Set<string>,
): Promise<NewClip[]> {
  const clips = clipsOfFiles(files, meta, taken);
  return Promise.all(
    files.map(async ({ file }, i) => ({
      clip: clips[i] as Clip,
      blob: new Blob([await file.arrayBuffer()], {
        type: file.type || "application/octet-stream",
      }),
    })),
  );
}

/**
 * Creates the study with its clips and their audio, in file order, in one transaction: when
 * storing fails (e.g. storage is full) nothing of the study is stored, and the error (already
 * shown as a notice by the repository) is rethrown. Returns the new study's id.
 */
export async function createStudyFromFiles(input: {
  name: string;
  binSeconds: number;
  requireRating: boolean;
  /** The language of the participant's pages (BCP 47); English when absent. */
  language?: string;
  files: readonly DecodedFile[];
  meta?: ReadonlyMap<string, ClipMeta>;
  /** Further study keys (the task and its settings). */
  extra?: Record<string, unknown>;
  /** The pairs made from these files' clips (a comparison's, a pre-test's). */
  pairs?: readonly Pair[];
}): Promise<string> {
  const clips = await clipsFromFiles(input.files, input.meta, new Set());
  return createStudy({
    name: input.name,
    binSeconds: input.binSeconds,
    requireRating: input.requireRating,
    ...(input.extra !== undefined || (input.language && input.language !== "en")
      ? {
          extra: {
            ...input.extra,
            ...(input.language && input.language !== "en" ? { language: input.language } : {}),
          },
        }
      : {}),
    clips,
    ...(input.pairs && input.pairs.length > 0 ? { pairs: input.pairs } : {}),
  });
}

/**
 * Adds the files as clips after the study's existing ones, in one transaction (all or none).
 * Ids come from the file names, with "-2", "-3"… where the study already uses one. Returns
 * the number of clips added.
 */
export async function addClipsFromFiles(
  studyId: string,
  files: readonly DecodedFile[],
  meta?: ReadonlyMap<string, ClipMeta>,
): Promise<number> {
  const taken = new Set((await listClips(studyId)).map((c) => c.id));
  const clips = await clipsFromFiles(files, meta, taken);
  return (await addClips(studyId, clips)).length;
}

/**
 * Creates a study from the clips of `source` (a study in this browser, as a file), their audio
 * copied: the clips the pairs play (with view pairs: the region preference test, which also
 * starts with the clips' crowd spans and the models' saliency, viewRecords), or every clip when
 * no pair names one. One transaction, as createStudyFromFiles. Returns the new study's id.
 */
export async function createStudyFromStudy(input: {
  name: string;
  binSeconds: number;
  requireRating: boolean;
  language?: string;
  source: AnnotationFile;
  extra?: Record<string, unknown>;
  pairs: readonly Pair[];
}): Promise<string> {
  const { source, pairs } = input;
  const used = new Set(pairs.flatMap((p) => (p.clipId ? [p.clipId] : [p.a, p.b])));
  const chosen = used.size > 0 ? source.clips.filter((c) => used.has(c.id)) : source.clips;
  const clips: NewClip[] = await Promise.all(
    chosen.map(async (clip) => {
      const blob = await getClipAudio(source.study.id, clip.id);
      return blob ? { clip, blob } : { clip };
    }),
  );
  const views = pairs.some((p) => p.clipId !== undefined);
  return createStudy({
    name: input.name,
    binSeconds: input.binSeconds,
    requireRating: input.requireRating,
    taxonomy: source.taxonomy,
    extra: {
      ...input.extra,
      ...(input.language && input.language !== "en" ? { language: input.language } : {}),
    },
    clips,
    ...(pairs.length > 0 ? { pairs } : {}),
    ...(views ? { annotations: viewRecords(source, pairs) } : {}),
  });
}
