import { expect, test } from "vitest";
import { exportFixture } from "../../export/fixture.test-data.ts";
import { parseAudacityLabels } from "./read.ts";
import { audacityFiles, toAudacityLabels } from "./write.ts";

test("label lines: tab-separated, 6 decimals, sorted by start, reasons of all experts", () => {
  expect(toAudacityLabels(exportFixture(), "c1")).toBe(
    [
      "0.200000\t0.500000\tw3: unlabelled\n",
      "1.000000\t2.000000\tw17: energy\n",
      "1.500000\t2.500000\tw17: silence\n",
      "2.930000\t3.410000\tw17: end_of_speech+silence\n",
      "3.000000\t3.444000\tw3: unlabelled\n",
    ].join(""),
  );
});

test("spans are clamped to the clip and empty ones left out", () => {
  const file = exportFixture();
  file.regions.push(
    { id: "x1", clipId: "c2", annotatorId: "w3", start: 1.9, end: 2.5 },
    { id: "x2", clipId: "c2", annotatorId: "w3", start: 2, end: 2.5 },
  );
  expect(toAudacityLabels(file, "c2")).toBe(
    "0.500000\t1.500000\tw17: energy\n1.900000\t2.000000\tw3: unlabelled\n",
  );
});

test("a combined file per annotated clip, and one per clip and annotator", () => {
  const files = audacityFiles(exportFixture());
  expect(Object.keys(files)).toEqual([
    "N18_30001.txt",
    "say, _hi_.txt",
    "by-annotator/N18_30001.w17.txt",
    "by-annotator/N18_30001.w3.txt",
    "by-annotator/say, _hi_.w17.txt",
    "by-annotator/say, _hi_.w3.txt",
  ]);
  expect(files["by-annotator/N18_30001.w3.txt"]).toBe(
    "0.200000\t0.500000\tw3: unlabelled\n3.000000\t3.444000\tw3: unlabelled\n",
  );
  // w3 finished c2 without a span: an empty file says so.
  expect(files["by-annotator/say, _hi_.w3.txt"]).toBe("");
  expect(() => toAudacityLabels(exportFixture(), "nope")).toThrow(/no clip with id "nope"/);
});

test("read back by the Audacity importer: every line to its annotator and label, to the µs", () => {
  const text = toAudacityLabels(exportFixture(), "c1");
  const doc = parseAudacityLabels(new TextEncoder().encode(text), "N18_30001.txt");
  expect(
    doc.tiers.map((t) => [t.annotator, t.spans.map((s) => [s.start, s.end, s.label])]),
  ).toEqual([
    [
      "w3",
      [
        [0.2, 0.5, "unlabelled"],
        [3, 3.444, "unlabelled"],
      ],
    ],
    [
      "w17",
      [
        [1, 2, "energy"],
        [1.5, 2.5, "silence"],
        [2.93, 3.41, "end_of_speech+silence"],
      ],
    ],
  ]);
});
