// Creating a study from decoded audio files and optional CSV metadata.
import { addClips, createStudy, deleteStudy, type NewClip } from "../../db/repo.ts";
import { type ClipMeta, clipIdFor } from "../../domain/clipCsv.ts";

export interface DecodedFile {
  file: File;
  duration: number;
}

/**
 * Creates the study and stores the clips with their audio, in file order. When storing the
 * clips fails (e.g. storage is full) the half-made study is removed again and the error
 * (already shown as a notice by the repository) is rethrown. Returns the new study's id.
 */
export async function createStudyFromFiles(input: {
  name: string;
  binSeconds: number;
  requireRating: boolean;
  files: readonly DecodedFile[];
  meta?: ReadonlyMap<string, ClipMeta>;
}): Promise<string> {
  const taken = new Set<string>();
  const clips: NewClip[] = await Promise.all(
    input.files.map(async ({ file, duration }) => ({
      clip: {
        id: clipIdFor(file.name, taken),
        name: file.name,
        duration,
        ...(input.meta?.get(file.name) ?? {}),
      },
      blob: new Blob([await file.arrayBuffer()], {
        type: file.type || "application/octet-stream",
      }),
    })),
  );
  const studyId = await createStudy({
    name: input.name,
    binSeconds: input.binSeconds,
    requireRating: input.requireRating,
  });
  try {
    await addClips(studyId, clips);
  } catch (error) {
    await deleteStudy(studyId).catch(() => undefined);
    throw error;
  }
  return studyId;
}
