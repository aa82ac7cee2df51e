// Praat itself read the exporter's TextGrids for the fixture study (scripts/golden/
// praat-textgrid.sh wrote tests/golden/praat-textgrid.json with Praat 6.3): every tier,
// interval and point it saw must be what we wrote. Praat is not needed to run this test.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { studyConsensus } from "../../src/domain/export/consensus.ts";
import { exportFixture } from "../../src/domain/export/fixture.test-data.ts";
import { parseTextGrid } from "../../src/domain/formats/textgrid/read.ts";
import { NO_REASONS_TIER, textGridFiles } from "../../src/domain/formats/textgrid/write.ts";

interface PraatTier {
  name: string;
  class: "IntervalTier" | "TextTier";
  items: (number | string)[][];
}
const praat = JSON.parse(
  readFileSync(path.join("tests", "golden", "praat-textgrid.json"), "utf8"),
) as { praat: string; files: Record<string, PraatTier[]> };

const file = exportFixture();
const ours = textGridFiles(file, studyConsensus(file).clips);

test("Praat reads the same files, tiers and tier classes as we wrote", () => {
  expect(praat.praat).toMatch(/^Praat 6\.3/);
  // The edge study's files ("edge-…") are compared in praat-textgrid-edge.test.ts.
  const fixtureFiles = Object.keys(praat.files).filter((n) => !n.startsWith("edge-"));
  expect(fixtureFiles.sort()).toEqual(Object.keys(ours).sort());
  expect(praat.files["N18_30001.TextGrid"]?.map((t) => [t.name, t.class])).toEqual([
    ["w17", "IntervalTier"],
    ["w3", "IntervalTier"],
    ["consensus (majority)", "IntervalTier"],
    ["consensus (model)", "IntervalTier"],
    [NO_REASONS_TIER, "TextTier"],
  ]);
});

test("every interval Praat sees is ours, and they tile each tier from 0 to the clip's end", () => {
  for (const [name, text] of Object.entries(ours)) {
    const mine = parseTextGrid(new TextEncoder().encode(text), name);
    const tiers = (praat.files[name] ?? []).filter((t) => t.class === "IntervalTier");
    expect(tiers.map((t) => t.name)).toEqual(mine.tiers.map((t) => t.annotator));
    tiers.forEach((tier, i) => {
      const labelled = tier.items
        .filter((it) => it[2] !== "")
        .map(([a, b, label]) => [a, b, label]);
      expect(labelled).toEqual(mine.tiers[i]?.spans.map((s) => [s.start, s.end, s.label]));
      let cursor = 0;
      for (const [a, b] of tier.items as number[][]) {
        expect(a).toBe(cursor);
        cursor = b as number;
      }
      expect(cursor).toBe(file.clips.find((c) => name.startsWith(c.name.slice(0, 3)))?.duration);
    });
  }
});

test("the 'no reasons' points Praat sees are the middles of w3's unlabelled spans", () => {
  const points = praat.files["N18_30001.TextGrid"]?.find((t) => t.class === "TextTier")?.items;
  // w3: 0.2–0.5 and 3–3.444, no expert labelled them.
  expect(points).toEqual([
    [0.35, "w3"],
    [3.222, "w3"],
  ]);
  // Labels with who gave which reason come through Praat untouched.
  expect(praat.files["N18_30001.TextGrid"]?.[0]?.items).toContainEqual([
    2.93,
    3.41,
    "end_of_speech (e1)+silence (e1)+silence (e2)",
  ]);
});
