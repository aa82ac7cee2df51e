// A synthetic intelligibility study (a SUS test) for benchmarks and tests: `systems` systems
// each speaking the same `stimuli` sentences, every clip transcribed by listeners drawn from a
// pool, each transcript the clip's text with seeded substitutions, deletions and insertions at
// a rate that grows with the system's index. Deterministic for a seed.

import { mulberry32 } from "./generate.ts";
import type { AnnotationFile, Annotator, Clip, Submission } from "./types.ts";

export interface TranscriptStudyOptions {
  systems?: number;
  stimuli?: number;
  /** Total transcripts (spread evenly over the clips). */
  transcripts?: number;
  /** Size of the listener pool (default 500). */
  listeners?: number;
  seed?: number;
}

const VOCABULARY = Array.from({ length: 300 }, (_, i) => `w${i.toString(36)}${"aeiou"[i % 5]}`);

export function generateTranscriptStudy(options: TranscriptStudyOptions = {}): AnnotationFile {
  const systemCount = options.systems ?? 10;
  const stimuli = options.stimuli ?? 600;
  const total = options.transcripts ?? 100_000;
  const pool = options.listeners ?? 500;
  const rand = mulberry32(options.seed ?? 1);
  const word = () => VOCABULARY[Math.floor(rand() * VOCABULARY.length)] as string;
  const annotators: Annotator[] = Array.from({ length: pool }, (_, i) => ({
    id: `L${String(i + 1).padStart(String(pool).length, "0")}`,
    role: "crowd",
    profile: { nativeLanguages: [i % 3 === 0 ? "en" : "vi"] },
  }));
  const texts = Array.from({ length: stimuli }, () =>
    Array.from({ length: 6 + Math.floor(rand() * 6) }, word).join(" "),
  );
  const clips: Clip[] = [];
  for (let s = 0; s < systemCount; s++) {
    for (let k = 0; k < stimuli; k++) {
      const id = `S${s}_${String(k).padStart(4, "0")}`;
      clips.push({
        id,
        name: `${id}.wav`,
        duration: 2.5,
        system: `S${s}`,
        sentence: `t${k}`,
        text: texts[k] as string,
      });
    }
  }
  const submissions: Submission[] = [];
  for (let i = 0; i < total; i++) {
    const clip = clips[i % clips.length] as Clip;
    const rate = 0.03 + 0.04 * Number((clip.system as string).slice(1));
    const heard: string[] = [];
    for (const w of (clip.text as string).split(" ")) {
      const r = rand();
      if (r < rate / 3) continue;
      heard.push(r < (2 * rate) / 3 ? word() : w);
      if (rand() < rate / 4) heard.push(word());
    }
    submissions.push({
      clipId: clip.id,
      annotatorId: (annotators[(i * 7 + Math.floor(i / clips.length)) % pool] as Annotator).id,
      transcript: heard.join(" "),
      playCount: 1 + Math.floor(rand() * 2),
      heardToEnd: true,
    });
  }
  return {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: "sus-bench",
      name: `Synthetic SUS test (${systemCount} systems, ${stimuli} stimuli, ${total} transcripts)`,
      binSeconds: 0.1,
      task: "transcribe",
      transcription: { groupBy: "nativeLanguages" },
    },
    taxonomy: [],
    clips,
    annotators,
    submissions,
    regions: [],
    reasonLabels: [],
  };
}
