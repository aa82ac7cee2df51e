// Study files for the server tests and the server benchmark.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { wavDuration } from "../../src/domain/clips/wav.ts";
import type { AnnotationFile, Clip } from "../../src/domain/interchange/types.ts";
import { putAudio } from "../../src/server/service.ts";
import type { Sql } from "../../src/server/store.ts";

/** sentences × (human reference + systems), like the demo study. */
export function studyFile(id: string, sentences: number, systems: string[]): AnnotationFile {
  const clips: Clip[] = [];
  for (let s = 1; s <= sentences; s++) {
    const sentence = `s${String(s).padStart(2, "0")}`;
    for (const system of ["human", ...systems]) {
      clips.push({
        id: `${sentence}_${system}`,
        name: `${sentence}_${system}.wav`,
        duration: 2,
        system,
        sentence,
        ...(system === "human" ? { isReference: true } : {}),
      });
    }
  }
  return {
    format: "redpen-annotations",
    version: 1,
    study: {
      id,
      name: `Study ${id}`,
      binSeconds: 0.1,
      instructions: "Mark what sounds wrong.",
      consent: "I agree.",
    },
    taxonomy: [{ id: "silence", label: "Silence" }],
    clips,
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
}

/**
 * Stores the demo recordings `ids` (public/audio/<id>.wav, named <sentence>_<system>) on the
 * server and returns their clips (duration read from the WAV) and the publish request's audio.
 */
export async function storeDemoClips(store: Sql, ids: readonly string[]) {
  const audio: Record<string, { sha256: string; mime: string }> = {};
  const clips: Clip[] = [];
  for (const id of ids) {
    const bytes = readFileSync(`public/audio/${id}.wav`);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    await putAudio(store, sha256, "audio/wav", new Uint8Array(bytes));
    audio[id] = { sha256, mime: "audio/wav" };
    const [sentence = "", system = ""] = id.split("_");
    clips.push({
      id,
      name: `${id}.wav`,
      sentence,
      system,
      duration: wavDuration(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
    });
  }
  return { clips, audio };
}
