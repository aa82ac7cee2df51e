// Large new studies are written in chunks (db/studyFiles.ts writeNewStudyInChunks): the same
// study as one transaction would store; hidden until whole; removed again when a chunk fails;
// remains of an import whose page was closed are removed on a later start.
import type Dexie from "dexie";
import { afterEach, beforeEach, expect, test } from "vitest";
import { generateStudy } from "../domain/interchange/generate.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { resolveMerge } from "../domain/merge/merge.ts";
import { db, ofStudy, RedPenDB } from "./db.ts";
import { createStudy, getStudy, listStudies, removeAbandonedImports } from "./studies.ts";
import { applyResolution, planImport, studyToFile } from "./studyFiles.ts";

const file = (): AnnotationFile => generateStudy({ clips: 40, annotators: 3, seed: 7 });
const withoutTimes = (f: AnnotationFile | undefined) => ({ ...f, exportedAt: undefined });

async function importInto(database: RedPenDB, data: AnnotationFile, options = {}) {
  const [plan] = await planImport([{ name: "big.json", file: data }], database);
  if (!plan) throw new Error("no plan");
  return applyResolution(resolveMerge(plan, {}), database, undefined, options);
}

async function rowsOf(database: RedPenDB, studyId: string) {
  const tables: Dexie.Table[] = [
    database.clips,
    database.annotators,
    database.submissions,
    database.regions,
    database.reasonLabels,
  ];
  let rows = 0;
  for (const t of tables) rows += await ofStudy(t, studyId).count();
  return rows;
}

let other: RedPenDB;
beforeEach(async () => {
  await db.delete();
  await db.open();
  other = new RedPenDB("chunked-reference");
  await other.open();
});
afterEach(async () => {
  await other.delete();
});

test("written in chunks, the study is the same as written in one transaction", async () => {
  const data = file();
  const progress: number[] = [];
  const [plan] = await planImport([{ name: "big.json", file: data }], db);
  if (!plan) throw new Error("no plan");
  const outcome = await applyResolution(resolveMerge(plan, {}), db, (done) => progress.push(done), {
    chunkedFrom: 0,
    chunkRows: 7,
  });
  await importInto(other, data, { chunkedFrom: Number.POSITIVE_INFINITY });
  expect(withoutTimes(await studyToFile(data.study.id, db))).toEqual(
    withoutTimes(await studyToFile(data.study.id, other)),
  );
  const records =
    data.clips.length +
    data.annotators.length +
    data.submissions.length +
    data.regions.length +
    data.reasonLabels.length;
  expect(outcome).toMatchObject({ created: true, clipsWithoutAudio: 40 });
  // Study and taxonomy first, then every chunk of at most 7 rows, in order, ending at the total.
  expect(progress.at(-1)).toBe(outcome.changed);
  expect(outcome.changed).toBe(1 + data.taxonomy.length + records);
  for (let i = 1; i < progress.length; i++) {
    const step = (progress[i] as number) - (progress[i - 1] as number);
    expect(step).toBeGreaterThan(0);
    expect(step).toBeLessThanOrEqual(7);
  }
  expect((await getStudy(data.study.id))?.importing).toBeUndefined();
  expect((await listStudies()).map((s) => s.id)).toEqual([data.study.id]);
});

test("a chunk that fails removes everything written for the study; other studies stay", async () => {
  const kept = await createStudy({ name: "Kept" });
  const data = file();
  let puts = 0;
  const fail = (_key: unknown, _row: unknown) => {
    puts++;
    if (puts > 30) throw new Error("QuotaExceededError: the disk is full");
  };
  db.regions.hook("creating", fail);
  await expect(importInto(db, data, { chunkedFrom: 0, chunkRows: 10 })).rejects.toThrow(
    "the disk is full",
  );
  db.regions.hook("creating").unsubscribe(fail);
  expect(puts).toBeGreaterThan(30); // the failure came after some chunks were stored
  expect(await db.studies.get(data.study.id)).toBeUndefined();
  expect(await rowsOf(db, data.study.id)).toBe(0);
  expect((await listStudies()).map((s) => s.id)).toEqual([kept]);
});

test("a study still being imported is hidden; its remains are removed once abandoned", async () => {
  const now = Date.parse("2026-11-24T12:00:00.000Z");
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  await db.studies.add({
    id: "half",
    name: "Half imported",
    binSeconds: 0.1,
    taxonomy: [],
    requireRating: false,
    createdAt: at(20),
    extra: {},
    importing: { startedAt: at(20), updatedAt: at(9) },
  });
  await db.clips.add({ studyId: "half", id: "c1", name: "c1.wav", duration: 1, order: 0 });
  const visible = await createStudy({ name: "Visible" });
  expect(await getStudy("half")).toBeUndefined();
  expect((await listStudies()).map((s) => s.id)).toEqual([visible]);
  // Written to 9 minutes ago: perhaps still running in another tab.
  expect(await removeAbandonedImports(now)).toEqual([]);
  expect(await db.clips.count()).toBe(1);
  // Ten minutes without a chunk: abandoned.
  expect(await removeAbandonedImports(now + 60_000)).toEqual(["half"]);
  expect(await db.studies.get("half")).toBeUndefined();
  expect(await rowsOf(db, "half")).toBe(0);
  expect(await getStudy(visible)).toBeDefined();
});
