// `redpen import` of comparison results another tool wrote (webMUSHRA's paired_comparison.csv,
// tests/formats/), then `stats --json` on the study it made: the import card's path on the
// command line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { parseAnnotationText, serializeAnnotationFile } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { runAnalysisCli } from "./analysisCommands.ts";
import { runImportExport } from "./importExportRun.test-data.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-compare-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const study = (): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: { id: "pc", name: "Naturalness pairs", binSeconds: 0.1, task: "compare" },
  taxonomy: [],
  clips: ["u1", "u2", "u3"].flatMap((u) =>
    ["reference", "espeak", "flite"].map((system) => ({
      id: `${u}_${system}`,
      name: `${u}_${system}.wav`,
      duration: 2,
      system,
      sentence: u,
      ...(system === "reference" ? { isReference: true } : {}),
    })),
  ),
  annotators: [],
  submissions: [],
  regions: [],
  reasonLabels: [],
});

test("webMUSHRA's paired comparison into a study: judgments, then the figures", () => {
  const into = path.join(dir, "pc.json");
  writeFileSync(into, serializeAnnotationFile(study()));
  const out = path.join(dir, "new.json");
  const csv = path.join("tests", "formats", "webmushra-paired_comparison.csv");
  const r = runImportExport(["import", csv, "--into", into, "--out", out]);
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  expect(r.out).toBe(
    `${out}: Naturalness pairs with 1 file merged: new 2 annotators, 3 pairs, 6 judgments; 10 records already there\n`,
  );
  const merged = parseAnnotationText(readFileSync(out, "utf8"));
  if (!merged.ok) throw new Error(JSON.stringify(merged.errors));
  expect(merged.file.judgments?.map((j) => [j.annotatorId, j.pairId, j.choice])).toEqual([
    ["L01", "webmushra:u1:reference:espeak", "a"],
    ["L01", "webmushra:u2:reference:flite", "a"],
    ["L01", "webmushra:u3:reference:espeak", "b"],
    ["L02", "webmushra:u1:reference:espeak", "a"],
    ["L02", "webmushra:u2:reference:flite", "same"],
    ["L02", "webmushra:u3:reference:espeak", "a"],
  ]);
});

test("stats --json on the study the import made: the reference against each system", () => {
  const into = path.join(dir, "pc.json");
  writeFileSync(into, serializeAnnotationFile(study()));
  const out = path.join(dir, "new.json");
  const csv = path.join("tests", "formats", "webmushra-paired_comparison.csv");
  expect(runImportExport(["import", csv, "--into", into, "--out", out]).code).toBe(0);
  let stdout = "";
  const code = runAnalysisCli(["stats", out, "--json"], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
  });
  expect(code).toBe(0);
  const report = JSON.parse(stdout);
  // espeak against the reference: the reference chosen 3 times of 4; flite: once, one tie.
  expect(
    report.comparison.pairs.map((p: Record<string, unknown>) => [
      p.a,
      p.b,
      p.aWins,
      p.bWins,
      p.same,
    ]),
  ).toEqual([
    ["espeak", "reference", 1, 3, 0],
    ["flite", "reference", 0, 1, 1],
  ]);
  expect(report.comparison.pairs[0].p).toBe(0.625);
});
