// Study files for the server tests and the server benchmark.
import type { AnnotationFile, Clip } from "../../src/domain/types.ts";

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
