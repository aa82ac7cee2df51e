// The tested upgrade path: a database written by a frozen copy of schema version 1 (raw Dexie,
// not RedPenDB) must open with RedPenDB with every row intact, upgraded to the current
// version (2: fewer indexes, same rows). When version 3 arrives, keep these tests and add a
// frozen copy of version 2 beside FROZEN_V1.
import Dexie from "dexie";
import { afterEach, expect, test } from "vitest";
import { ofStudy, RedPenDB, withKeyPrefix } from "./db.ts";

/** Schema version 1 exactly as released. Never edit: it stands for databases in the wild. */
const FROZEN_V1 = {
  studies: "id, createdAt",
  clips: "[studyId+id], studyId, [studyId+order]",
  audio: "[studyId+clipId], studyId",
  annotators: "[studyId+id], studyId",
  submissions: "[studyId+clipId+annotatorId], studyId, [studyId+clipId], [studyId+annotatorId]",
  regions: "[studyId+id], studyId, [studyId+clipId], [studyId+clipId+annotatorId]",
  reasonLabels: "[studyId+regionId+annotatorId], studyId, [studyId+regionId]",
};

/** Version 2's stores as released (db.ts): frozen here so the upgrade to 3 stays tested. */
const FROZEN_V2 = {
  clips: "[studyId+id], [studyId+order]",
  audio: "[studyId+clipId]",
  annotators: "[studyId+id]",
  submissions: "[studyId+clipId+annotatorId], [studyId+annotatorId]",
  regions: "[studyId+id], [studyId+clipId+annotatorId]",
  reasonLabels: "[studyId+regionId+annotatorId]",
};

const NAME = "redpen-upgrade-test";
afterEach(async () => {
  await Dexie.delete(NAME);
});

test("a database created with schema v1 opens with RedPenDB and keeps its data", async () => {
  const old = new Dexie(NAME);
  old.version(1).stores(FROZEN_V1);
  await old.open();
  await old.table("studies").add({
    id: "s1",
    name: "Old study",
    binSeconds: 0.1,
    taxonomy: [{ id: "silence", label: "Silence" }],
    requireRating: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    extra: { instructions: "Listen twice" },
  });
  await old.table("clips").bulkAdd([
    { studyId: "s1", id: "c2", name: "c2.wav", duration: 2.4, order: 1 },
    { studyId: "s1", id: "c1", name: "c1.wav", duration: 1.25, order: 0, isReference: true },
  ]);
  await old.table("audio").add({ studyId: "s1", clipId: "c1", blob: new Blob(["RIFF"]) });
  await old.table("annotators").add({ studyId: "s1", id: "w1", role: "crowd" });
  await old
    .table("submissions")
    .add({ studyId: "s1", clipId: "c1", annotatorId: "w1", score: 3, playCount: 2 });
  await old
    .table("regions")
    .add({ studyId: "s1", id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 });
  await old
    .table("reasonLabels")
    .add({ studyId: "s1", regionId: "r1", annotatorId: "e1", reasons: ["silence"] });
  old.close();

  const current = new RedPenDB(NAME);
  await current.open();
  expect(current.verno).toBe(3);
  expect(await current.studies.get("s1")).toMatchObject({
    name: "Old study",
    extra: { instructions: "Listen twice" },
  });
  const clips = await current.clips
    .where("[studyId+order]")
    .between(["s1", -Infinity], ["s1", Infinity])
    .toArray();
  expect(clips.map((c) => [c.id, c.duration])).toEqual([
    ["c1", 1.25],
    ["c2", 2.4],
  ]);
  expect((await current.audio.get(["s1", "c1"]))?.blob.size).toBe(4);
  expect(await current.annotators.get(["s1", "w1"])).toEqual({
    studyId: "s1",
    id: "w1",
    role: "crowd",
  });
  expect(await current.submissions.get(["s1", "c1", "w1"])).toMatchObject({
    score: 3,
    playCount: 2,
  });
  expect(
    await withKeyPrefix(current.regions, "[studyId+clipId+annotatorId]", ["s1", "c1"]).toArray(),
  ).toEqual([{ studyId: "s1", id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 }]);
  expect(await current.reasonLabels.get(["s1", "r1", "e1"])).toMatchObject({
    reasons: ["silence"],
  });
  current.close();
});

test("the v1 → v2 upgrade drops the indexes that key ranges replace, and key ranges find every row", async () => {
  const old = new Dexie(NAME);
  old.version(1).stores(FROZEN_V1);
  await old.open();
  // Two studies whose ids share a prefix, so a range that leaked into the other would show.
  for (const studyId of ["s", "s2"]) {
    await old.table("clips").bulkAdd([
      { studyId, id: "c1", name: "c1.wav", duration: 1, order: 0 },
      { studyId, id: "c2", name: "c2.wav", duration: 1, order: 1 },
    ]);
    await old.table("audio").add({ studyId, clipId: "c1", blob: new Blob(["RIFF"]) });
    await old.table("annotators").bulkAdd([
      { studyId, id: "w1", role: "crowd" },
      { studyId, id: "e1", role: "expert" },
    ]);
    await old.table("submissions").bulkAdd([
      { studyId, clipId: "c1", annotatorId: "w1" },
      { studyId, clipId: "c2", annotatorId: "w1" },
    ]);
    await old.table("regions").bulkAdd([
      { studyId, id: "r1", clipId: "c1", annotatorId: "w1", start: 0, end: 1 },
      { studyId, id: "r2", clipId: "c2", annotatorId: "w1", start: 0, end: 1 },
    ]);
    await old.table("reasonLabels").bulkAdd([
      { studyId, regionId: "r1", annotatorId: "e1", reasons: ["silence"] },
      { studyId, regionId: "r2", annotatorId: "e1", reasons: ["energy"] },
    ]);
  }
  old.close();

  const current = new RedPenDB(NAME);
  await current.open();
  const indexes = Object.fromEntries(
    current.tables.map((t) => [t.name, t.schema.indexes.map((i) => i.name).sort()]),
  );
  expect(indexes).toEqual({
    studies: ["createdAt"],
    clips: ["[studyId+order]"],
    audio: [],
    annotators: [],
    submissions: ["[studyId+annotatorId]"],
    regions: ["[studyId+clipId+annotatorId]"],
    reasonLabels: [],
    pairs: [],
    judgments: [],
  });
  // The upgrade went through IndexedDB itself, not only Dexie's view of it.
  const raw = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(NAME);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const tx = raw.transaction(["regions", "reasonLabels"]);
  expect(Array.from(tx.objectStore("regions").indexNames)).toEqual([
    "[studyId+clipId+annotatorId]",
  ]);
  expect(Array.from(tx.objectStore("reasonLabels").indexNames)).toEqual([]);
  raw.close();

  expect((await ofStudy(current.clips, "s").toArray()).map((c) => c.id)).toEqual(["c1", "c2"]);
  expect(await ofStudy(current.audio, "s").primaryKeys()).toEqual([["s", "c1"]]);
  expect((await ofStudy(current.annotators, "s2").toArray()).map((a) => a.id)).toEqual([
    "e1",
    "w1",
  ]);
  expect(await withKeyPrefix(current.submissions, ":id", ["s", "c2"]).primaryKeys()).toEqual([
    ["s", "c2", "w1"],
  ]);
  expect(
    (await withKeyPrefix(current.reasonLabels, ":id", ["s2", "r2"]).toArray()).map(
      (l) => l.reasons,
    ),
  ).toEqual([["energy"]]);
  expect(await ofStudy(current.regions, "s").count()).toBe(2);
  await ofStudy(current.regions, "s").delete();
  expect(await current.regions.count()).toBe(2); // s2's regions are untouched
  current.close();
});

test("a version-2 database opens as version 3, its rows kept, with empty pairs and judgments", async () => {
  const old = new Dexie(NAME);
  old.version(1).stores(FROZEN_V1);
  old.version(2).stores(FROZEN_V2);
  await old.open();
  await old.table("annotators").add({ studyId: "s1", id: "w1", role: "crowd" });
  old.close();

  const current = new RedPenDB(NAME);
  await current.open();
  expect(current.verno).toBe(3);
  expect(await current.annotators.get(["s1", "w1"])).toMatchObject({ role: "crowd" });
  expect(await current.pairs.count()).toBe(0);
  await current.pairs.add({ studyId: "s1", id: "p1", a: "c1", b: "c2" });
  await current.judgments.add({ studyId: "s1", pairId: "p1", annotatorId: "w1", choice: "a" });
  expect(await current.judgments.get(["s1", "p1", "w1"])).toMatchObject({ choice: "a" });
  current.close();
});
