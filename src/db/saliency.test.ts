// A model's saliency in the database: brought in by a JSON import (replacing a clip's record of
// the model, unchanged ones not counted), put by the saliency import, read out with the study,
// deleted with it.
import { afterEach, beforeEach, expect, test } from "vitest";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { RedPenDB } from "./db.ts";
import { putSaliency, savedSaliency } from "./saliency.ts";
import { deleteStudyRows } from "./studies.ts";
import { applyMerge, planImport, studyToFile } from "./studyFiles.ts";

let database: RedPenDB;
let counter = 0;
beforeEach(async () => {
  database = new RedPenDB(`saliency-test-${++counter}`);
  await database.open();
});
afterEach(async () => {
  await database.delete();
});

const ig = { clipId: "c1", model: "ig", hopSeconds: 0.02, offsetSeconds: 0, values: [0.1, 0.7] };

function file(saliency?: AnnotationFile["saliency"]): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "pilot", name: "Pilot", binSeconds: 0.1 },
    taxonomy: [{ id: "silence", label: "Silence" }],
    clips: [
      { id: "c1", name: "a.wav", duration: 2 },
      { id: "c2", name: "b.wav", duration: 3 },
    ],
    annotators: [{ id: "w1", role: "crowd" }],
    submissions: [{ clipId: "c1", annotatorId: "w1" }],
    regions: [],
    reasonLabels: [],
    ...(saliency === undefined ? {} : { saliency }),
  };
}

async function importFiles(...files: AnnotationFile[]) {
  const [plan] = await planImport(
    files.map((f, i) => ({ name: `f${i}.json`, file: f })),
    database,
  );
  if (!plan) throw new Error("no plan");
  return { plan, outcome: await applyMerge(plan, {}, database) };
}

test("a JSON import stores the files' saliency; the study's file carries it back", async () => {
  await importFiles(file([ig]));
  expect((await studyToFile("pilot", database))?.saliency).toEqual([ig]);
  // The same record again is nothing new; another model's and changed values are.
  const again = await importFiles(file([ig]));
  expect(again.plan.saliency).toEqual([]);
  const changed = { ...ig, values: [0.9, 0.2] };
  const other = { ...ig, clipId: "c2", model: "mosnet" };
  const next = await importFiles(file([changed, other]));
  expect(next.plan.saliency).toEqual([changed, other]);
  expect(await savedSaliency("pilot", database)).toEqual([changed, other]);
});

test("a study without saliency is read out without the key", async () => {
  await importFiles(file());
  expect(await studyToFile("pilot", database)).not.toHaveProperty("saliency");
});

test("putSaliency replaces a clip's record of the model and says how many it replaced", async () => {
  await importFiles(file([ig]));
  const replaced = await putSaliency(
    "pilot",
    [
      { ...ig, values: [1] },
      { ...ig, clipId: "c2" },
    ],
    database,
  );
  expect(replaced).toBe(1);
  expect((await savedSaliency("pilot", database)).map((r) => [r.clipId, r.values])).toEqual([
    ["c1", [1]],
    ["c2", [0.1, 0.7]],
  ]);
  await expect(putSaliency("nope", [ig], database)).rejects.toThrow('no study "nope"');
  await deleteStudyRows("pilot", false, database);
  expect(await savedSaliency("pilot", database)).toEqual([]);
});
