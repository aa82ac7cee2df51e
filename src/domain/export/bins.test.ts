import { expect, test } from "vitest";
import { toBinMatrixCsv } from "./bins.ts";
import { exportFixture } from "./fixture.test-data.ts";

test("one row per bin of each annotated clip, a 0/1 column per annotator, empty where not annotated", () => {
  const file = exportFixture();
  // Shorter clips to keep the table small: c1 0.45 s (bins 0–0.1 … 0.4–0.45), c2 0.2 s.
  file.clips = [
    { id: "c1", name: "a.wav", duration: 0.45 },
    { id: "c2", name: "b.wav", duration: 0.2 },
    { id: "c3", name: "c.wav", duration: 1 },
  ];
  file.submissions = [
    { clipId: "c1", annotatorId: "w17" },
    { clipId: "c1", annotatorId: "w3" },
    { clipId: "c2", annotatorId: "w3" },
  ];
  // w17: 0.1–0.2 marks bin 1 only (ending on a boundary marks no more); 0.33–0.5 bins 3–4
  // (clamped to 0.45). w3: 0.05–0.11 bins 0–1. w17 never annotated c2: empty cells there.
  file.regions = [
    { id: "r1", clipId: "c1", annotatorId: "w17", start: 0.1, end: 0.2 },
    { id: "r2", clipId: "c1", annotatorId: "w17", start: 0.33, end: 0.5 },
    { id: "r3", clipId: "c1", annotatorId: "w3", start: 0.05, end: 0.11 },
  ];
  file.reasonLabels = [];
  expect(toBinMatrixCsv(file)).toBe(
    [
      "clip,bin_start,bin_end,w17,w3",
      "c1,0,0.1,0,1",
      "c1,0.1,0.2,1,1",
      "c1,0.2,0.3,0,0",
      "c1,0.3,0.4,1,0",
      "c1,0.4,0.45,1,0",
      "c2,0,0.1,,0",
      "c2,0.1,0.2,,0",
      "",
    ].join("\r\n"),
  );
});
