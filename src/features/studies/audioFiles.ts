// The audio files chosen for a new study and what decoding them found.
import { readAudioDuration } from "../../audio/decode.ts";
import type { ChosenDuration } from "../../domain/clips/wav.ts";
import { errorMessage } from "../../domain/util/errorText.ts";

export type AudioItem =
  | { key: string; file: File; status: "pending" }
  | { key: string; file: File; status: "ok"; duration: number; mismatch?: string }
  | { key: string; file: File; status: "failed"; reason: string };

let keySeq = 0;

/**
 * New list items for `files`. A name already in `current` (or repeated) is refused, and so is
 * one in `study.names`: the file names of the clips a study already has, when adding clips to
 * it. For a clip in `study.withoutAudio` (imported without its audio), the refusal says where
 * its audio goes instead.
 */
export function addFiles(
  current: readonly AudioItem[],
  files: readonly File[],
  study: { names: ReadonlySet<string>; withoutAudio?: ReadonlySet<string> } = { names: new Set() },
): { items: AudioItem[]; refused: string[] } {
  const names = new Set(current.map((i) => i.file.name));
  const items: AudioItem[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (study.withoutAudio?.has(file.name)) {
      refused.push(
        `${file.name}: the study has this clip without its audio; drop the file on “Audio for imported clips” (under Export) to add it`,
      );
      continue;
    }
    if (study.names.has(file.name)) {
      refused.push(`${file.name}: the study already has a clip with this name`);
      continue;
    }
    if (names.has(file.name)) {
      refused.push(`${file.name}: a file with this name is already in the list`);
      continue;
    }
    names.add(file.name);
    items.push({ key: `f${++keySeq}`, file, status: "pending" });
  }
  return { items, refused };
}

/**
 * Decodes the pending items one after another, reporting each result as it comes, so a
 * progress bar can show "Decoding 12 of 40" and one bad file does not stop the others.
 */
export async function decodePending(
  items: readonly AudioItem[],
  onResult: (item: AudioItem) => void,
  decode: (file: File) => Promise<ChosenDuration> = readAudioDuration,
): Promise<void> {
  for (const item of items) {
    if (item.status !== "pending") continue;
    try {
      const { duration, mismatch } = await decode(item.file);
      onResult({
        key: item.key,
        file: item.file,
        status: "ok",
        duration,
        ...(mismatch ? { mismatch } : {}),
      });
    } catch (error) {
      const reason = errorMessage(error);
      onResult({ key: item.key, file: item.file, status: "failed", reason });
    }
  }
}
