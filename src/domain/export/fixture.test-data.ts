// A small hand-made study shared by the exporter tests; the expected outputs in the tests are
// worked out by hand from it.
import type { AnnotationFile } from "../interchange/types.ts";

export function exportFixture(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    exportedAt: "2026-11-21T10:00:00.000Z",
    study: { id: "pilot", name: "Pilot", binSeconds: 0.1 },
    taxonomy: [
      { id: "end_of_speech", label: "End of speech" },
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy-related" },
    ],
    clips: [
      { id: "c1", name: "N18_30001.wav", duration: 3.444, system: "N18", sentence: "30001" },
      { id: "c2", name: 'say, "hi".wav', duration: 2, system: "X, Y", sentence: 'He said "no"' },
      { id: "c3", name: "unused.wav", duration: 1 },
    ],
    annotators: [
      { id: "e1", role: "expert" },
      { id: "e2", role: "expert" },
      { id: "w17", role: "crowd" },
      { id: "w3", role: "crowd" },
    ],
    submissions: [
      { clipId: "c1", annotatorId: "w17", score: 3 },
      { clipId: "c1", annotatorId: "w3" },
      { clipId: "c2", annotatorId: "w3" },
    ],
    regions: [
      { id: "r1", clipId: "c1", annotatorId: "w17", start: 2.93, end: 3.41 },
      { id: "r2", clipId: "c1", annotatorId: "w17", start: 1, end: 2 },
      { id: "r3", clipId: "c1", annotatorId: "w17", start: 1.5, end: 2.5 },
      { id: "r4", clipId: "c1", annotatorId: "w3", start: 0.2, end: 0.5 },
      { id: "r5", clipId: "c2", annotatorId: "w17", start: 0.5, end: 1.5 },
      { id: "r6", clipId: "c1", annotatorId: "w3", start: 3, end: 3.444 },
    ],
    reasonLabels: [
      { regionId: "r1", annotatorId: "e2", reasons: ["silence"] },
      { regionId: "r1", annotatorId: "e1", reasons: ["end_of_speech", "silence"] },
      { regionId: "r2", annotatorId: "e1", reasons: ["energy"] },
      { regionId: "r3", annotatorId: "e2", reasons: ["silence"] },
      { regionId: "r5", annotatorId: "e1", reasons: ["energy"] },
    ],
  };
}
