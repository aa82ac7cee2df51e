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

/**
 * A compare study of `sentences` × (human + systems): a main pair for every two systems per
 * sentence (`<sentence>:<x>-<y>`), and with `pretest` a qualification of that many natural
 * pairs (`q<sentence>`: the human recording against the first system).
 */
export function compareFile(
  id: string,
  sentences: number,
  systems: string[],
  options: {
    scale?: "ab" | "ccr";
    allowSame?: boolean;
    pretest?: number;
    screenOut?: boolean;
  } = {},
): AnnotationFile {
  const file = studyFile(id, sentences, systems);
  const pairs: NonNullable<AnnotationFile["pairs"]> = [];
  for (let s = 1; s <= sentences; s++) {
    const sentence = `s${String(s).padStart(2, "0")}`;
    for (let i = 0; i < systems.length; i++) {
      for (let j = i + 1; j < systems.length; j++) {
        pairs.push({
          id: `${sentence}:${systems[i]}-${systems[j]}`,
          a: `${sentence}_${systems[i]}`,
          b: `${sentence}_${systems[j]}`,
        });
      }
    }
  }
  const qualification: string[] = [];
  for (let s = 1; s <= (options.pretest ?? 0); s++) {
    const sentence = `s${String(s).padStart(2, "0")}`;
    // The natural side alternates, so that "always sample 1" is no strategy.
    const human = `${sentence}_human`;
    const other = `${sentence}_${systems[0]}`;
    pairs.push({ id: `q${sentence}`, a: s % 2 ? human : other, b: s % 2 ? other : human });
    qualification.push(`q${sentence}`);
  }
  file.pairs = pairs;
  file.study.task = "compare";
  file.study.comparison = {
    scale: options.scale ?? "ab",
    ...(options.allowSame === undefined ? {} : { allowSame: options.allowSame }),
    question: "Which sounds more natural?",
  };
  if (qualification.length > 0) {
    file.study.qualification = {
      pairs: qualification,
      ...(options.screenOut === undefined ? {} : { screenOut: options.screenOut }),
    };
  }
  return file;
}
