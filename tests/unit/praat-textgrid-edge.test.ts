// Praat itself read the exporter's TextGrids for the edge-case study (quotes, non-ASCII text and
// a line break in tier names and labels, times off the millisecond grid, a span past the clip's
// end, two unlabelled spans with one middle, a tier with no span): scripts/golden/
// praat-textgrid.sh listed every tier, interval and point Praat saw into
// tests/golden/praat-textgrid.json. Praat is not needed to run this test.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { studyConsensus } from "../../src/domain/export/consensus.ts";
import { edgeFixture } from "../../src/domain/export/edge.test-data.ts";
import { textGridFiles } from "../../src/domain/formats/textgrid/write.ts";

type Item = (number | string)[];
interface PraatTier {
  name: string;
  class: "IntervalTier" | "TextTier";
  items: Item[];
}
const praat = JSON.parse(
  readFileSync(path.join("tests", "golden", "praat-textgrid.json"), "utf8"),
) as { praat: string; files: Record<string, PraatTier[]> };

const file = edgeFixture();
const ours = textGridFiles(file, studyConsensus(file).clips);
const ALL = 'say "what" (ex pert)+Höhe ↑ (ex pert)+two\nlines (ex pert)';

test("the edge study's TextGrids are the files Praat read", () => {
  expect(Object.keys(ours)).toEqual(["edge-µs «x».TextGrid", "edge-empty.TextGrid"]);
  expect(
    Object.keys(praat.files)
      .filter((n) => n.startsWith("edge-"))
      .sort(),
  ).toEqual(Object.keys(ours).sort());
  // Quotes are doubled in the file and single again in Praat; the line break stays one.
  expect(ours["edge-µs «x».TextGrid"]).toContain('        name = "w""1""" \n');
  expect(ours["edge-µs «x».TextGrid"]).toContain(
    '            text = "say ""what"" (ex pert)+Höhe ↑ (ex pert)+two\nlines (ex pert)" \n',
  );
});

test("every tier, interval and point as Praat read them, worked out by hand", () => {
  // e1 (2.345678 s, 0.25 s bins). w"1": 0.123457–1.000001 with all three reasons by "ex pert"
  // and 0.5–0.623 unlabelled under it (so the intervals split at 0.5 and 0.623 and keep the
  // reasons). wé: 0.4–0.723 unlabelled; 2.000001–2.5 "Höhe ↑", cut to the clip's end.
  // Majority (two voters): bins 1–2 (0.25–0.75) have both marks. The no-reasons points: the
  // middles of 0.5–0.623 and 0.4–0.723 are both 0.5615, one point for both annotators.
  expect(praat.files["edge-µs «x».TextGrid"]).toEqual([
    {
      name: 'w"1"',
      class: "IntervalTier",
      items: [
        [0, 0.123457, ""],
        [0.123457, 0.5, ALL],
        [0.5, 0.623, ALL],
        [0.623, 1.000001, ALL],
        [1.000001, 2.345678, ""],
      ],
    },
    {
      name: "wé",
      class: "IntervalTier",
      items: [
        [0, 0.4, ""],
        [0.4, 0.723, "unlabelled"],
        [0.723, 2.000001, ""],
        [2.000001, 2.345678, "Höhe ↑ (ex pert)"],
      ],
    },
    {
      name: "consensus (majority)",
      class: "IntervalTier",
      items: [
        [0, 0.25, ""],
        [0.25, 0.75, "majority"],
        [0.75, 2.345678, ""],
      ],
    },
    {
      name: "consensus (model)",
      class: "IntervalTier",
      items: expect.any(Array),
    },
    { name: "no reasons", class: "TextTier", items: [[0.5615, 'w"1", wé']] },
  ]);
  // e2: wé finished it without a span: one empty interval over the whole clip, no consensus
  // (one crowd annotator), no point tier.
  expect(praat.files["edge-empty.TextGrid"]).toEqual([
    { name: "wé", class: "IntervalTier", items: [[0, 1, ""]] },
  ]);
});

test("the model tier Praat read is the one we computed, tiling the clip", () => {
  const c1 = studyConsensus(file).clips.find((c) => c.clipId === "e1");
  const model = praat.files["edge-µs «x».TextGrid"]?.[3]?.items ?? [];
  expect(model.filter((it) => it[2] === "model").map(([a, b]) => ({ start: a, end: b }))).toEqual(
    c1?.model,
  );
  let cursor = 0;
  for (const [a, b] of model as number[][]) {
    expect(a).toBe(cursor);
    cursor = b as number;
  }
  expect(cursor).toBe(2.345678);
});
