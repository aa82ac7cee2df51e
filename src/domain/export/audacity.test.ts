import { expect, test } from "vitest";
import { audacityFiles, toAudacityLabels } from "./audacity.ts";
import { exportFixture } from "./fixture.test-data.ts";

test("label lines: tab-separated, 6 decimals, sorted by start, reasons of all experts", () => {
  expect(toAudacityLabels(exportFixture(), "c1")).toBe(
    [
      "0.200000\t0.500000\tw3\n",
      "1.000000\t2.000000\tw17: energy\n",
      "1.500000\t2.500000\tw17: silence\n",
      "2.930000\t3.410000\tw17: end_of_speech+silence\n",
      "3.000000\t3.444000\tw3\n",
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
    "0.500000\t1.500000\tw17: energy\n1.900000\t2.000000\tw3\n",
  );
});

test("one file per annotated clip, named after the audio file", () => {
  expect(Object.keys(audacityFiles(exportFixture()))).toEqual(["N18_30001.txt", "say, _hi_.txt"]);
  expect(() => toAudacityLabels(exportFixture(), "nope")).toThrow(/no clip with id "nope"/);
});
