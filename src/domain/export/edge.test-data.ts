// A second hand-made study for the exporters, with what a file format can trip over: quotes,
// non-ASCII text and a line break in ids and reasons, times off the millisecond grid, spans
// past the clip's end, two unlabelled spans with the same middle, and an annotator who
// finished a clip without marking anything. Praat read its TextGrids too
// (scripts/golden/praat-textgrid.sh, tests/unit/praat-textgrid-edge.test.ts).
import type { AnnotationFile } from "../interchange/types.ts";

export function edgeFixture(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "edge", name: "Edge cases", binSeconds: 0.25 },
    taxonomy: [
      { id: 'say "what"', label: "Quoted" },
      { id: "Höhe ↑", label: "Pitch, non-ASCII" },
      { id: "two\nlines", label: "A line break" },
    ],
    clips: [
      { id: "e1", name: "edge-µs «x».wav", duration: 2.345678 },
      { id: "e2", name: "edge-empty.wav", duration: 1 },
    ],
    annotators: [
      { id: 'w"1"', role: "crowd" },
      { id: "wé", role: "crowd" },
      { id: "ex pert", role: "expert" },
    ],
    submissions: [
      { clipId: "e1", annotatorId: 'w"1"', score: 2 },
      { clipId: "e1", annotatorId: "wé" },
      { clipId: "e2", annotatorId: "wé" },
    ],
    regions: [
      // Off the millisecond grid, labelled with every awkward reason.
      { id: "q1", clipId: "e1", annotatorId: 'w"1"', start: 0.123457, end: 1.000001 },
      // Unlabelled, the same middle (0.5615) as wé's below.
      { id: "q2", clipId: "e1", annotatorId: 'w"1"', start: 0.5, end: 0.623 },
      { id: "q3", clipId: "e1", annotatorId: "wé", start: 0.4, end: 0.723 },
      // Past the end: cut to 2.345678.
      { id: "q4", clipId: "e1", annotatorId: "wé", start: 2.000001, end: 2.5 },
    ],
    reasonLabels: [
      { regionId: "q1", annotatorId: "ex pert", reasons: ['say "what"', "Höhe ↑", "two\nlines"] },
      { regionId: "q4", annotatorId: "ex pert", reasons: ["Höhe ↑"] },
    ],
  };
}
