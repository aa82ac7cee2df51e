// `redpen import` with the files of the other tools the CLI tests in files.test.ts leave out
// (a Label Studio export, Audacity labels, Praat's binary and chronological TextGrids), against
// the committed fixtures (tests/formats/); every refusal reads as the import card shows it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { foreignResult } from "../domain/formats/read.ts";
import { problemLine } from "../domain/interchange/problems.ts";
import { parseAnnotationText, serializeAnnotationFile } from "../domain/interchange/schema.ts";
import { DEFAULT_TAXONOMY } from "../domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { runImportExport } from "./importExportRun.test-data.ts";
import { USAGE } from "./usage.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-import-"));
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
  annotators: [],
  submissions: [],
  regions: [],
  reasonLabels: [],
});

const fixture = (name: string) => path.join("tests", "formats", name);

function writeStudy(): string {
  const p = path.join(dir, "demo.json");
  writeFileSync(p, serializeAnnotationFile(study()));
  return p;
}

test("a Label Studio export and Audacity labels: spans, reasons and who gave them", () => {
  const into = writeStudy();
  const out = path.join(dir, "new.json");
  const ls = fixture("label-studio-export.json");
  const labels = fixture("s01_espeak.txt");
  const r = run(["import", ls, labels, "--into", into, "--out", out]);
  expect(r.code).toBe(0);
  // Label Studio: user 2 (ls-2) on both tasks, rater5@example.org on the first; Audacity: w1 by
  // its prefix and "audacity" for the label without one. 3 + 3 spans, each with its reasons.
  // Already there: the study, its 11 taxonomy entries and the 2 clips.
  expect(r.out).toBe(
    `${out}: Demo with 2 files merged: new 4 annotators, 5 submissions, 6 regions, 6 reason labels; 14 records already there\n`,
  );
  expect(r.err).toBe(
    [
      `${ls}: results of type "choices" (not labelled regions): left out`,
      `${ls}: 1 span ended past the clip (3.2 s): cut to its end`,
      `${labels}: 1 point label (start = end) mark no span: left out`,
      "",
    ].join("\n"),
  );
  const merged = parseAnnotationText(readFileSync(out, "utf8"));
  if (!merged.ok) throw new Error("the output is not a valid interchange file");
  const file = merged.file;
  const reasons = new Map(file.reasonLabels.map((l) => [l.regionId, l]));
  expect(
    file.regions
      .map((g) => {
        const l = reasons.get(g.id);
        return `${g.clipId} ${g.annotatorId} ${g.start}-${g.end} ${l?.annotatorId}: ${l?.reasons.join("+")}`;
      })
      .sort(),
  ).toEqual([
    "s01_espeak audacity 0.1-0.45 audacity: voice_trembling",
    "s01_espeak ls-2 0.5-1.25 ls-2: high_pitch+spacing",
    // 2.9–3.4 in Label Studio, cut to the clip's 3.2 s.
    "s01_espeak ls-2 2.9-3.2 ls-2: end_of_speech",
    "s01_espeak rater5@example.org 0.1-0.45 rater5@example.org: voice_trembling",
    "s01_espeak w1 0.5-1.25 w1: high_pitch+spacing",
    "s01_espeak w1 2.9-3.2 w1: end_of_speech",
  ]);
  // ls-2 finished s02_flite with nothing marked: a submission without a rating says so.
  expect(file.submissions).toContainEqual({ clipId: "s02_flite", annotatorId: "ls-2" });
  expect(file.annotators.map((a) => `${a.id} ${a.role}`).sort()).toEqual([
    "audacity crowd",
    "ls-2 crowd",
    "rater5@example.org crowd",
    "w1 crowd",
  ]);
});

test("Praat's binary TextGrid is refused with the import card's words; nothing is written", () => {
  const into = writeStudy();
  const out = path.join(dir, "new.json");
  const binary = fixture("s01_espeak.binary.TextGrid");
  const r = run(["import", binary, "--into", into, "--out", out]);
  expect(r.code).toBe(2);
  const app = foreignResult(
    new Uint8Array(readFileSync(binary)),
    "s01_espeak.binary.TextGrid",
    study(),
  );
  if (app === undefined || app.ok) throw new Error("the app should refuse it too");
  expect(r.err).toBe(
    `${problemLine(binary, app.errors[0] as { path: string; message: string })}\n1 file refused: nothing imported, ${out} not written\n`,
  );
  expect(r.err).toBe(
    `${binary}: a binary TextGrid, which only Praat reads: open it in Praat and choose "Save as text file…", then import that file\n1 file refused: nothing imported, ${out} not written\n`,
  );
  expect(existsSync(out)).toBe(false);
});

test("a refusal inside a file names its line; with a good file beside it, nothing is imported", () => {
  const into = writeStudy();
  const out = path.join(dir, "new.json");
  const bad = path.join(dir, "s02_flite.txt");
  writeFileSync(bad, "0.1\t0.4\tsilence\n0,9\t0,5\tspacing\n");
  const r = run(["import", fixture("s01_espeak.txt"), bad, "--into", into, "--out", out]);
  expect(r.code).toBe(2);
  expect(r.err).toBe(
    [
      `${fixture("s01_espeak.txt")}: 1 point label (start = end) mark no span: left out`,
      `${bad}: line 2: the end (0.5) is before the start (0.9)`,
      `1 file refused: nothing imported, ${out} not written`,
      "",
    ].join("\n"),
  );
  expect(existsSync(out)).toBe(false);
});

test("the study is only overwritten when --out names it; the usage lists import", () => {
  const into = writeStudy();
  const before = readFileSync(into, "utf8");
  const r = run(["import", fixture("s01_espeak.txt"), "--into", into]);
  expect(r.code).toBe(2);
  expect(r.err.split("\n")[0]).toBe(
    "redpen: import needs --out NEW.json (it may be STUDY.json itself)",
  );
  expect(readFileSync(into, "utf8")).toBe(before);
  const same = run(["import", fixture("s01_espeak.txt"), "--into", into, "--out", into]);
  expect(same.code).toBe(0);
  expect(readFileSync(into, "utf8")).not.toBe(before);
  expect(USAGE).toContain("import FILES... --into STUDY.json --out NEW.json");
});
