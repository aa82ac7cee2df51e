// `import` and `export` on the command line, in-process against real files in a temp folder.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeEach, expect, test } from "vitest";
import { buildExport } from "../domain/export/bundles.ts";
import { studyConsensus } from "../domain/export/consensus.ts";
import { textGridFiles } from "../domain/formats/textgrid/write.ts";
import { parseAnnotationText, serializeAnnotationFile } from "../domain/interchange/schema.ts";
import { DEFAULT_TAXONOMY } from "../domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { runImportExport } from "./importExportRun.test-data.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-files-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = runImportExport;

const study = (): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: { id: "demo", name: "Demo", binSeconds: 0.1 },
  taxonomy: [...DEFAULT_TAXONOMY],
  clips: [
    { id: "s01_espeak", name: "s01_espeak.wav", duration: 3.2 },
    { id: "s02_flite", name: "s02_flite.wav", duration: 2.5 },
  ],
  annotators: [{ id: "w9", role: "crowd" }],
  submissions: [{ clipId: "s02_flite", annotatorId: "w9", score: 4 }],
  regions: [{ id: "r1", clipId: "s02_flite", annotatorId: "w9", start: 0.2, end: 0.9 }],
  reasonLabels: [],
});

function write(name: string, file: AnnotationFile): string {
  const p = path.join(dir, name);
  writeFileSync(p, serializeAnnotationFile(file));
  return p;
}

const praat = path.join("tests", "formats", "s01_espeak.TextGrid");
const eaf = path.join("tests", "formats", "s01_espeak.eaf");

test("import: Praat's TextGrid and an ELAN file into a study file; again, nothing new", () => {
  const into = write("demo.json", study());
  const out = path.join(dir, "new.json");
  const first = run(["import", praat, "--into", into, "--out", out]);
  expect(first.code).toBe(0);
  // The same warning lines as the app's preview, named by the file.
  expect(first.err).toBe(
    [
      `${praat}: tier "events" is a point tier (no spans): left out`,
      `${praat}: "unlabelled span, with "quotes" and é" names no reason of the study's taxonomy: kept as a span without reasons`,
      "",
    ].join("\n"),
  );
  // Already there: the study, its 11 taxonomy entries and the clip the file names.
  expect(first.out).toBe(
    `${out}: Demo with 1 file merged: new 2 annotators, 2 submissions, 4 regions, 3 reason labels; 13 records already there\n`,
  );
  const merged = parseAnnotationText(readFileSync(out, "utf8"));
  if (!merged.ok) throw new Error("the output is not a valid interchange file");
  expect(merged.file.regions.map((r) => [r.annotatorId, r.start, r.end])).toEqual([
    ["w9", 0.2, 0.9],
    ["w1", 0.5, 1.25],
    ["w1", 2.9, 3.2],
    ["w2", 0.1, 0.45],
    ["w2", 1.3, 1.31],
  ]);
  // The ELAN file has w1's two spans with the same reasons and w2's first span with a text that
  // is no reason (its stored label stays): with the TextGrid again, nothing is new. Already
  // there: study 1 + taxonomy 11 + clip 1 + annotators 2 + regions 4 + reason labels 3 = 22 (the
  // files carry no submission: both annotators have one now).
  const again = run(["import", praat, eaf, "--into", out, "--out", out]);
  expect(again.code).toBe(0);
  expect(again.out).toBe(
    `${out}: Demo with 2 files merged: nothing new; 22 records already there\n`,
  );
  expect(again.err).toContain(
    `${eaf}: "Voice trembling & more" names no reason of the study's taxonomy: kept as a span without reasons`,
  );
});

test("import refusals: a file naming no clip, a missing file; nothing written", () => {
  const into = write("demo.json", study());
  const other = path.join(dir, "s09_other.txt");
  writeFileSync(other, "0.1\t0.2\tsilence\n");
  const out = path.join(dir, "new.json");
  const r = run(["import", other, path.join(dir, "nope.TextGrid"), "--into", into, "--out", out]);
  expect(r.code).toBe(2);
  expect(r.err).toBe(
    [
      `${other}: no clip of the study is named like "s09_other.txt" (clips are matched by file name without the extension)`,
      `${path.join(dir, "nope.TextGrid")}: no such file`,
      `2 files refused: nothing imported, ${out} not written`,
      "",
    ].join("\n"),
  );
  expect(existsSync(out)).toBe(false);
  expect(run(["import", praat, "--out", out]).err).toMatch(
    /^redpen: import needs --into STUDY\.json\n/,
  );
});

test("import: an --out that cannot be written is said, not an internal error", () => {
  const into = write("demo.json", study());
  mkdirSync(path.join(dir, "taken"));
  const r = run(["import", praat, "--into", into, "--out", path.join(dir, "taken")]);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/\/taken: cannot write: is a folder \(nothing imported\)\n$/);
  expect(r.out).toBe("");
});

test("import: a conflict keeps the study's version unless --incoming", () => {
  const into = write("demo.json", study());
  const changed = study();
  changed.regions = [{ id: "r1", clipId: "s02_flite", annotatorId: "w9", start: 0.3, end: 0.9 }];
  const incoming = write("w9.json", changed);
  const out = path.join(dir, "new.json");
  const kept = run(["import", incoming, "--into", into, "--out", out]);
  expect(kept.out).toMatch(
    /1 conflict, the study's versions kept \(--incoming takes the files'\)\n$/,
  );
  expect(JSON.parse(readFileSync(out, "utf8")).regions[0].start).toBe(0.2);
  run(["import", incoming, "--into", into, "--out", out, "--incoming"]);
  expect(JSON.parse(readFileSync(out, "utf8")).regions[0].start).toBe(0.3);
});

test("export: the same files as the app's, per clip unzipped; no overwrite without --force", () => {
  const file = study();
  const into = write("demo.json", file);
  const out = path.join(dir, "out");
  const grids = run(["export", into, "--format", "textgrid", "--out", out]);
  expect(grids.code).toBe(0);
  expect(grids.out).toBe(`${out}: wrote 1 file (s02_flite.TextGrid)\n`);
  expect(readFileSync(path.join(out, "s02_flite.TextGrid"), "utf8")).toBe(
    textGridFiles(file, studyConsensus(file).clips)["s02_flite.TextGrid"],
  );
  const again = run(["export", into, "--format", "textgrid", "--out", out]);
  expect(again.code).toBe(2);
  expect(again.err).toBe(
    `${out}/s02_flite.TextGrid: exists: nothing written (--force overwrites)\n`,
  );
  expect(run(["export", into, "--format", "textgrid", "--out", out, "--force"]).code).toBe(0);

  const zip = run(["export", into, "--format", "zip", "--out", out]);
  expect(zip.out).toBe(`${out}: wrote 1 file (demo-all-exports.zip)\n`);
  // The ELAN files carry the export time as their DATE: compared without it.
  const unzip = (bytes: Uint8Array) =>
    Object.fromEntries(
      Object.entries(unzipSync(bytes)).map(([k, v]) => [
        k,
        strFromU8(v).replace(/ DATE="[^"]*"/, ""),
      ]),
    );
  const app = unzip(buildExport("all", file).data as Uint8Array);
  const cli = unzip(new Uint8Array(readFileSync(path.join(out, "demo-all-exports.zip"))));
  // The interchange JSON carries its export time; everything else is byte for byte the app's.
  delete app["demo.json"];
  delete cli["demo.json"];
  expect(cli).toEqual(app);

  // Audacity: the combined file and one per annotator, in a subfolder.
  expect(run(["export", into, "--format", "audacity", "--out", out]).out).toBe(
    `${out}: wrote 2 files (s02_flite.txt, by-annotator/s02_flite.w9.txt)\n`,
  );
  expect(readFileSync(path.join(out, "by-annotator", "s02_flite.w9.txt"), "utf8")).toBe(
    "0.200000\t0.900000\tw9: unlabelled\n",
  );
  // The per-bin matrix: s02_flite, 25 bins, w9's span 0.2–0.9 marks bins 2–8.
  run(["export", into, "--format", "bins", "--out", out]);
  const bins = readFileSync(path.join(out, "demo-bins.csv"), "utf8").split("\r\n");
  expect(bins.slice(0, 4)).toEqual([
    "clip,bin_start,bin_end,w9",
    "s02_flite,0,0.1,0",
    "s02_flite,0.1,0.2,0",
    "s02_flite,0.2,0.3,1",
  ]);
  expect(bins.filter((l) => l.endsWith(",1"))).toHaveLength(7);
  run(["export", into, "--format", "eaf", "--out", out]);
  expect(readFileSync(path.join(out, "s02_flite.eaf"), "utf8")).toContain(
    '<TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="200"/>',
  );
  expect(run(["export", into, "--format", "pdf", "--out", out]).err).toMatch(
    /^redpen: export needs --format json\|csv\|audacity\|textgrid\|eaf\|bins\|consensus\|trn\|judgments\|zip \(got "pdf"\)\n/,
  );
});
