// The export examples of docs/formats.md ("Exports") are the exporters' real output: the
// example clip c001 (N18_30001.wav, 3.444 s) as the text describes it, the per-bin matrix of
// the bins test's study, and the consensus of the exporter tests' fixture study.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { toBinMatrixCsv } from "../../src/domain/export/bins.ts";
import { studyConsensus, toConsensusCsv } from "../../src/domain/export/consensus.ts";
import { exportFixture } from "../../src/domain/export/fixture.test-data.ts";
import { toAudacityLabels } from "../../src/domain/formats/audacity/write.ts";
import { toSpanCsv } from "../../src/domain/formats/csv/writeSpans.ts";
import { toEaf } from "../../src/domain/formats/eaf/write.ts";
import { toTextGrid } from "../../src/domain/formats/textgrid/write.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";

const blocks = [
  ...readFileSync("docs/formats.md", "utf8").matchAll(/```[a-z]*\n([\s\S]*?)```/g),
].map((m) => m[1] as string);
const block = (start: string) => {
  const found = blocks.find((b) => b.startsWith(start));
  if (found === undefined) throw new Error(`docs/formats.md has no example starting ${start}`);
  return found;
};

// "crowd annotator w17 marked three spans (two overlapping), w3 marked one, and experts e1 and
// e2 labelled w17's spans"; w8 finished the clip without a span.
const example: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "vcc2018-pilot", name: "VCC 2018 pilot", binSeconds: 0.1 },
  taxonomy: [
    { id: "end_of_speech", label: "End of speech" },
    { id: "silence", label: "Silence" },
    { id: "energy", label: "Energy-related" },
    { id: "background_noise", label: "Background noise" },
  ],
  clips: [{ id: "c001", name: "N18_30001.wav", duration: 3.444, system: "N18", sentence: "30001" }],
  annotators: [
    { id: "w17", role: "crowd" },
    { id: "w3", role: "crowd" },
    { id: "w8", role: "crowd" },
    { id: "e1", role: "expert" },
    { id: "e2", role: "expert" },
  ],
  submissions: [
    { clipId: "c001", annotatorId: "w17", score: 3 },
    { clipId: "c001", annotatorId: "w3", score: 4 },
    { clipId: "c001", annotatorId: "w8", score: 5 },
  ],
  regions: [
    { id: "r1", clipId: "c001", annotatorId: "w17", start: 1.2, end: 1.8 },
    { id: "r2", clipId: "c001", annotatorId: "w17", start: 1.5, end: 2.1 },
    { id: "r3", clipId: "c001", annotatorId: "w17", start: 2.93, end: 3.41 },
    { id: "r4", clipId: "c001", annotatorId: "w3", start: 0.4, end: 0.75 },
  ],
  reasonLabels: [
    { regionId: "r1", annotatorId: "e1", reasons: ["energy"] },
    { regionId: "r2", annotatorId: "e1", reasons: ["silence"] },
    { regionId: "r3", annotatorId: "e1", reasons: ["end_of_speech", "background_noise"] },
    { regionId: "r3", annotatorId: "e2", reasons: ["end_of_speech"] },
  ],
};

/** The example's lines, "…" lines left out, each found in `ours` after the one before. */
function inOrder(doc: string, ours: string) {
  let from = 0;
  for (const line of doc.split("\n").filter((l) => l.trim() !== "" && l.trim() !== "…")) {
    const at = ours.indexOf(line.trim(), from);
    expect(at, `"${line.trim()}" in order`).toBeGreaterThanOrEqual(0);
    from = at + line.trim().length;
  }
}

test("the CSV and Audacity examples are the whole files", () => {
  expect(block("clip,system,sentence,annotator,start,end,reason,labeller,rating,row")).toBe(
    toSpanCsv(example).replace(/\r\n/g, "\n"),
  );
  expect(block("0.400000\t")).toBe(toAudacityLabels(example, "c001"));
});

test("the TextGrid example is the file's start, line for line; the tiers after it as the text says", () => {
  const ours = toTextGrid(example, "c001", studyConsensus(example).clips[0]);
  const doc = block(
    'File type = "ooTextFile"\nObject class = "TextGrid"\n\nxmin = 0 \nxmax = 3.444',
  );
  const lines = doc.split("\n");
  const shown = lines.slice(0, lines.indexOf("        …"));
  expect(ours.split("\n").slice(0, shown.length)).toEqual(shown);
  const names = [...ours.matchAll(/ {8}name = "([^"]*)" /g)].map((m) => m[1]);
  expect(names).toEqual([
    "w17",
    "w3",
    "w8",
    "consensus (majority)",
    "consensus (model)",
    "no reasons",
  ]);
  expect(ours).toContain('            number = 0.575 \n            mark = "w3" ');
});

test("the ELAN example's lines are in the clip's document, in order", () => {
  inOrder(block('<HEADER MEDIA_FILE=""'), toEaf(example, "c001", "2026-11-25T10:00:00.000Z"));
});

test("the per-bin matrix example's rows are the bins test study's, in order", () => {
  const file = exportFixture();
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
  file.regions = [
    { id: "r1", clipId: "c1", annotatorId: "w17", start: 0.1, end: 0.2 },
    { id: "r2", clipId: "c1", annotatorId: "w17", start: 0.33, end: 0.5 },
    { id: "r3", clipId: "c1", annotatorId: "w3", start: 0.05, end: 0.11 },
  ];
  file.reasonLabels = [];
  inOrder(block("clip,bin_start,bin_end,"), toBinMatrixCsv(file).replace(/\r\n/g, "\n"));
});

test("the consensus CSV example is the fixture study's whole file", () => {
  expect(block("clip,clip_name,method,start,end")).toBe(
    toConsensusCsv(exportFixture()).replace(/\r\n/g, "\n"),
  );
});
