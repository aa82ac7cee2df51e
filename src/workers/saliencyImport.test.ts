// The import card's saliency request, through the import worker's handler and a real
// (fake-indexeddb) database: stored when every file is right, nothing stored otherwise.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, expect, test } from "vitest";
import { RedPenDB } from "../db/db.ts";
import { savedSaliency } from "../db/saliency.ts";
import { applyMerge, planImport } from "../db/studyFiles.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { createImportHandler } from "./importHandler.ts";
import type { ImportResponse } from "./importMessages.ts";

let database: RedPenDB;
let counter = 0;
beforeEach(async () => {
  database = new RedPenDB(`saliency-worker-${++counter}`);
  await database.open();
  const study: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: { id: "demo", name: "Demo", binSeconds: 0.1 },
    taxonomy: [],
    clips: [
      { id: "s01_espeak", name: "s01_espeak.wav", duration: 0.1 },
      { id: "c2", name: "two.wav", duration: 0.5 },
    ],
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
  const [plan] = await planImport([{ name: "demo.json", file: study }], database);
  if (plan) await applyMerge(plan, {}, database);
});
afterEach(async () => {
  await database.delete();
});

async function ask(files: File[], hopSeconds?: number) {
  const posted: ImportResponse[] = [];
  const handle = createImportHandler(database, (m) => posted.push(m));
  await handle({
    id: 1,
    type: "saliency",
    files,
    studyId: "demo",
    model: "ig",
    ...(hopSeconds === undefined ? {} : { hopSeconds }),
  });
  const last = posted.at(-1);
  if (last?.type !== "saliency") throw new Error(`unexpected ${JSON.stringify(last)}`);
  return last.result;
}

const npy = () =>
  new File([readFileSync("tests/formats/saliency/s01_espeak.npy")], "s01_espeak.npy");

test("one wrong file refuses all; then a CSV and a .npy array are stored together", async () => {
  const csv = new File(["clip,time,value\ntwo.wav,0,1\ntwo.wav,0.1,2\n"], "ig.csv");
  const result = await ask([csv, npy()], 0.02);
  // The CSV's frames are 0.1 s apart, not 0.02: refused, and nothing stored.
  expect(result.stored).toBeNull();
  expect(result.files.map((f) => f.errors.map((e) => `${e.path}: ${e.message}`))).toEqual([
    ['line 2, clip "c2": the frames are 0.1 s apart, not the --hop 0.02 s given'],
    [],
  ]);
  expect(await savedSaliency("demo", database)).toEqual([]);
  const ok = await ask([new File(["clip,time,value\nc2,0,1\nc2,0.02,2\n"], "ig.csv"), npy()], 0.02);
  expect(ok.stored).toEqual({ clips: 2, frames: 7, replaced: 0 });
  expect((await savedSaliency("demo", database)).map((r) => [r.clipId, r.values.length])).toEqual([
    ["c2", 2],
    ["s01_espeak", 5],
  ]);
});
