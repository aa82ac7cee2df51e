// A comparison test through the app's own path: the golden CCR study (with a pre-test added) is
// imported into IndexedDB, read back by the analysis worker's code, and its report's download
// (reportJson, what "Download report (JSON)" saves) equals `stats --json` on the file, byte for
// byte.
import { readFileSync } from "node:fs";
import { afterEach, expect, test } from "vitest";
import { runAnalysisCli } from "../cli/analysisCommands.ts";
import { RedPenDB } from "../db/db.ts";
import { deleteStudyRows } from "../db/studies.ts";
import { applyMerge, planImport, studyToFile } from "../db/studyFiles.ts";
import { parseAnnotationText } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { analyze } from "../domain/stats/index.ts";
import { reportJson } from "../features/analysis/format.ts";
import type { AnalysisResponse } from "./analysisMessages.ts";
import { runAnalysis } from "./runAnalysis.ts";

let database: RedPenDB | undefined;
afterEach(async () => {
  await database?.delete();
  database = undefined;
});

/** The golden CCR study with a natural-pairs pre-test of two pairs. */
function ccrWithPretest(): { text: string; file: AnnotationFile } {
  const data = JSON.parse(readFileSync("tests/golden/compare-ccr.input.json", "utf8"));
  data.clips.push(
    { id: "nat", name: "nat.wav", duration: 2, system: "human", sentence: "t1", isReference: true },
    {
      id: "nat2",
      name: "nat2.wav",
      duration: 2,
      system: "human",
      sentence: "t2",
      isReference: true,
    },
  );
  data.pairs.push({ id: "q1", a: "nat", b: "N2_t1" }, { id: "q2", a: "N3_t2", b: "nat2" });
  data.study.qualification = { pairs: ["q1", "q2"] };
  data.judgments.push(
    { pairId: "q1", annotatorId: "r1", choice: "a" },
    { pairId: "q2", annotatorId: "r1", choice: "b" },
    { pairId: "q1", annotatorId: "r2", choice: "b" },
    { pairId: "q2", annotatorId: "r2", choice: "b" },
  );
  const text = JSON.stringify(data);
  const parsed = parseAnnotationText(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { text, file: parsed.file };
}

test("imported, stored, analysed by the worker: the download equals stats --json", async () => {
  const { text, file } = ccrWithPretest();
  database = new RedPenDB(`comparison-${Math.random()}`);
  const db = database;
  const [plan] = await planImport([{ name: "ccr.json", file }], db);
  if (!plan) throw new Error("no plan");
  expect(plan.summary.byKind.pair.new).toBe(12);
  expect(plan.summary.byKind.judgment.new).toBe(file.judgments?.length);
  await applyMerge(plan, {}, db);

  // Stored whole: the file read back holds the same pairs and judgments.
  const stored = await studyToFile(file.study.id, db);
  expect(stored?.pairs).toEqual(file.pairs);
  expect(
    stored?.judgments
      ?.slice()
      .sort((x, y) => (x.pairId + x.annotatorId < y.pairId + y.annotatorId ? -1 : 1)),
  ).toEqual(
    file.judgments
      ?.slice()
      .sort((x, y) => (x.pairId + x.annotatorId < y.pairId + y.annotatorId ? -1 : 1)),
  );
  // Importing the same file again changes nothing.
  const [again] = await planImport([{ name: "ccr.json", file }], db);
  expect(again?.summary.new).toBe(0);
  expect(again?.summary.conflicts).toBe(0);

  const messages: AnalysisResponse[] = [];
  await runAnalysis({ id: 1, studyId: file.study.id }, (m) => messages.push(m), {
    studyToFile: (id) => studyToFile(id, db),
    analyze,
  });
  const done = messages.find((m) => m.type === "done");
  if (done?.type !== "done") throw new Error("no analysis");
  expect(done.analysis.report.comparison?.qualification?.participants).toBe(2);

  let stdout = "";
  const code = runAnalysisCli(["stats", "--json", "ccr.json"], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => undefined,
    readFile: () => text,
  });
  expect(code).toBe(0);
  const lines = reportJson(done.analysis.report).split("\n");
  const cliLines = stdout.split("\n");
  expect(lines.filter((l, i) => l !== cliLines[i]).slice(0, 5)).toEqual([]);
  expect(reportJson(done.analysis.report)).toBe(stdout);
});

test("deleting the study deletes its pairs and judgments", async () => {
  const { file } = ccrWithPretest();
  database = new RedPenDB(`comparison-${Math.random()}`);
  const [plan] = await planImport([{ name: "ccr.json", file }], database);
  if (!plan) throw new Error("no plan");
  await applyMerge(plan, {}, database);
  expect(await database.judgments.count()).toBeGreaterThan(0);
  await deleteStudyRows(file.study.id, false, database);
  expect(await database.pairs.count()).toBe(0);
  expect(await database.judgments.count()).toBe(0);
});
