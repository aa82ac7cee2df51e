// The tested upgrade path: a database written by a frozen copy of schema version 1 (raw Dexie,
// not RedPenDB) must open with RedPenDB with every row intact. When version 2 arrives, keep this
// test and add one that opens this same v1-shaped database and checks the v2 upgrade's result.
import Dexie from "dexie";
import { afterEach, expect, test } from "vitest";
import { RedPenDB } from "./db.ts";

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
  expect(current.verno).toBeGreaterThanOrEqual(1);
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
  expect(await current.regions.where("[studyId+clipId]").equals(["s1", "c1"]).toArray()).toEqual([
    { studyId: "s1", id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 },
  ]);
  expect(await current.reasonLabels.get(["s1", "r1", "e1"])).toMatchObject({
    reasons: ["silence"],
  });
  current.close();
});
