// The import worker's messages, with its handler called directly against a fake IndexedDB:
// the messages of each request in order, what is (not) written, paging, choices, atomicity.
import Dexie from "dexie";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { RedPenDB } from "../db/db.ts";
import { studyToFile } from "../db/studyFiles.ts";
import { generateStudy } from "../domain/interchange/generate.ts";
import { serializeAnnotationFile } from "../domain/interchange/schema.ts";
import type { AnnotationFile, Clip } from "../domain/interchange/types.ts";
import { planMerge } from "../domain/merge/merge.ts";
import { createImportHandler, expandChoices } from "./importHandler.ts";
import type { ImportResponse } from "./importMessages.ts";

let database: RedPenDB;
let counter = 0;
let messages: ImportResponse[];
let handle: ReturnType<typeof createImportHandler>;

beforeEach(async () => {
  database = new RedPenDB(`import-handler-test-${++counter}`);
  await database.open();
  messages = [];
  handle = createImportHandler(database, (m) => messages.push(m));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await database.delete();
});

const clip = (id: string, system = "X"): Clip => ({ id, name: `${id}.wav`, duration: 4, system });

function small(annotator: string, start: number, end: number): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "pilot", name: "Pilot study", binSeconds: 0.1 },
    taxonomy: [{ id: "silence", label: "Silence" }],
    clips: [clip("c1"), clip("c2", "Y")],
    annotators: [{ id: annotator, role: "crowd" }],
    submissions: [{ clipId: "c1", annotatorId: annotator }],
    regions: [{ id: `${annotator}-r1`, clipId: "c1", annotatorId: annotator, start, end }],
    reasonLabels: [],
  };
}

const json = (name: string, content: AnnotationFile | string) =>
  new File([typeof content === "string" ? content : JSON.stringify(content)], name);

const counts = () =>
  Promise.all(
    [
      database.studies,
      database.clips,
      database.annotators,
      database.submissions,
      database.regions,
      database.reasonLabels,
    ].map((t) => t.count()),
  );

function last(type: ImportResponse["type"]) {
  const found = messages.filter((m) => m.type === type).at(-1);
  if (!found) throw new Error(`no "${type}" message`);
  return found;
}

test("load: reading, checking 2 files, comparing 1 study, then the preview; nothing written", async () => {
  await handle({
    id: 7,
    type: "load",
    files: [json("w1.json", small("w1", 0.5, 1)), json("w2.json", small("w2", 1, 2))],
  });
  expect(
    messages.map((m) => [
      m.id,
      m.type,
      m.type === "progress" ? m.stage : "",
      m.type === "progress" ? m.total : "",
    ]),
  ).toEqual([
    [7, "progress", "reading", 2],
    [7, "progress", "checking", 2],
    [7, "progress", "comparing", 1],
    [7, "loaded", "", ""],
  ]);
  const loaded = last("loaded");
  if (loaded.type !== "loaded") throw new Error("unreachable");
  expect(loaded.result.files).toEqual([
    { name: "w1.json", errors: [], warnings: [] },
    { name: "w2.json", errors: [], warnings: [] },
  ]);
  const plan = loaded.result.plans?.[0];
  expect(loaded.result.plans).toHaveLength(1);
  // Hand-counted: 1 study, 1 reason type, 2 clips, 2 annotators, 2 submissions, 2 regions.
  expect(plan).toMatchObject({
    studyId: "pilot",
    studyName: "Pilot study",
    studyExists: false,
    sources: ["w1.json", "w2.json"],
    conflictCount: 0,
    conflicts: [],
  });
  expect(plan?.summary).toMatchObject({ new: 10, unchanged: 0, conflicts: 0 });
  expect(await counts()).toEqual([0, 0, 0, 0, 0, 0]);
});

test("a refused file: path-named errors, no plan, nothing written; removing it plans the rest", async () => {
  const bad = small("w3", 0, 1);
  bad.regions.push({ id: "x", clipId: "c1", annotatorId: "w3", start: 3.1, end: 2.5 });
  await handle({
    id: 1,
    type: "load",
    files: [json("w1.json", small("w1", 0.5, 1)), json("w3.json", bad), json("w1.json", "{ no")],
  });
  const loaded = last("loaded");
  if (loaded.type !== "loaded") throw new Error("unreachable");
  expect(loaded.result.plans).toBeNull();
  expect(loaded.result.files.map((f) => f.name)).toEqual(["w1.json", "w3.json", "w1.json (2)"]);
  expect(loaded.result.files[1]?.errors[0]).toEqual({
    path: "regions[1].end",
    message: expect.stringMatching(/^must be greater than start/),
  });
  expect(loaded.result.files[2]?.errors[0]?.message).toMatch(/^not valid JSON/);
  expect(messages.some((m) => m.type === "progress" && m.stage === "comparing")).toBe(false);
  expect(await counts()).toEqual([0, 0, 0, 0, 0, 0]);

  await handle({ id: 2, type: "remove", name: "w3.json" });
  await handle({ id: 3, type: "remove", name: "w1.json (2)" });
  const again = last("loaded");
  if (again.type !== "loaded") throw new Error("unreachable");
  expect(again.id).toBe(3);
  expect(again.result.files.map((f) => f.name)).toEqual(["w1.json"]);
  // Hand-counted: 1 study, 1 reason type, 2 clips, 1 annotator, 1 submission, 1 region.
  expect(again.result.plans?.[0]?.summary.new).toBe(7);
  expect(await counts()).toEqual([0, 0, 0, 0, 0, 0]);
});

test("merge: 'writing N records' with N counted from the file, progress up to N, then stored", async () => {
  const file = generateStudy({ clips: 1500, annotators: 3, seed: 3 });
  // Every record is new: the study, its reason types and every row of every list.
  const expected =
    1 +
    file.taxonomy.length +
    file.clips.length +
    file.annotators.length +
    file.submissions.length +
    file.regions.length +
    file.reasonLabels.length;
  await handle({ id: 1, type: "load", files: [json("big.json", serializeAnnotationFile(file))] });
  messages = [];
  await handle({
    id: 2,
    type: "merge",
    studyId: file.study.id,
    choices: { all: "keep", byKey: {} },
  });
  const writing = messages.filter((m) => m.type === "progress");
  expect(writing[0]).toEqual({
    id: 2,
    type: "progress",
    stage: "writing",
    total: expected,
    done: 0,
  });
  const done = writing.map((m) => (m.type === "progress" ? (m.done ?? -1) : -1));
  expect(done).toEqual([...done].sort((a, b) => a - b));
  expect(done.at(-1)).toBe(expected);
  expect(last("merged")).toEqual({
    id: 2,
    type: "merged",
    outcome: {
      studyId: file.study.id,
      created: true,
      changed: expected,
      droppedLabels: 0,
      removedRegions: 0,
      clipsWithoutAudio: file.clips.length,
    },
  });
  const stored = await studyToFile(file.study.id, database);
  expect(stored?.clips).toEqual(file.clips);
  expect(stored?.reasonLabels).toHaveLength(file.reasonLabels.length);
  // The plan is spent: merging it again is refused instead of writing a stale plan.
  await handle({
    id: 3,
    type: "merge",
    studyId: file.study.id,
    choices: { all: "keep", byKey: {} },
  });
  expect(last("error")).toMatchObject({
    id: 3,
    message: `no import preview for study "${file.study.id}"`,
  });
});

/** A stored study of 120 clips, and a file that gives every clip another system, loaded. */
async function storedThenChanged(extra: (file: AnnotationFile) => void = () => {}) {
  const base = small("w1", 0.5, 1);
  base.clips = Array.from({ length: 120 }, (_, i) => clip(`c${String(i).padStart(3, "0")}`));
  base.submissions = [{ clipId: "c001", annotatorId: "w1" }];
  base.regions = [{ id: "w1-r1", clipId: "c001", annotatorId: "w1", start: 0.5, end: 1 }];
  await handle({ id: 1, type: "load", files: [json("base.json", base)] });
  await handle({ id: 2, type: "merge", studyId: "pilot", choices: { all: "keep", byKey: {} } });
  expect(last("merged")).toMatchObject({ outcome: { created: true } });
  const changed = structuredClone(base);
  changed.clips = base.clips.map((c) => ({ ...c, system: "Z" }));
  extra(changed);
  messages = [];
  await handle({ id: 3, type: "load", files: [json("changed.json", changed)] });
  expect(last("loaded")).toMatchObject({ result: { planError: null } });
}

test("conflicts come a page at a time; 'All incoming' with one kept override is written so", async () => {
  await storedThenChanged();
  const loaded = last("loaded");
  if (loaded.type !== "loaded") throw new Error("unreachable");
  const plan = loaded.result.plans?.[0];
  expect(plan?.conflictCount).toBe(120);
  expect(plan?.conflicts.map((c) => c.key)).toEqual(
    Array.from({ length: 50 }, (_, i) => `clip:c${String(i).padStart(3, "0")}`),
  );
  await handle({ id: 4, type: "conflicts", studyId: "pilot", offset: 100, limit: 50 });
  const page = last("conflicts");
  if (page.type !== "conflicts") throw new Error("unreachable");
  expect(page.conflicts.map((c) => c.id)).toEqual(
    Array.from({ length: 20 }, (_, i) => `c${100 + i}`),
  );

  await handle({
    id: 5,
    type: "merge",
    studyId: "pilot",
    choices: { all: "incoming", byKey: { "clip:c003": "keep" } },
  });
  expect(last("merged")).toMatchObject({ outcome: { created: false, changed: 119 } });
  const stored = await studyToFile("pilot", database);
  expect(stored?.clips.filter((c) => c.system === "X").map((c) => c.id)).toEqual(["c003"]);
  expect(stored?.clips.map((c) => c.id)).toEqual(
    Array.from({ length: 120 }, (_, i) => `c${String(i).padStart(3, "0")}`),
  );
});

test("atomic: a batch failing after others were issued leaves the stored study as it was", async () => {
  await storedThenChanged((file) => {
    file.regions.push({ id: "w1-r2", clipId: "c002", annotatorId: "w1", start: 1, end: 2 });
    file.reasonLabels = [{ regionId: "w1-r2", annotatorId: "w1", reasons: ["silence"] }];
  });
  const before = await studyToFile("pilot", database);
  expect(before?.regions).toHaveLength(1);
  // Fails late, as a rejected Dexie promise, after the clip and region batches were issued.
  vi.spyOn(database.reasonLabels, "bulkPut").mockImplementation(() =>
    Dexie.Promise.reject(new Error("disk on fire")),
  );
  await handle({
    id: 5,
    type: "merge",
    studyId: "pilot",
    choices: { all: "incoming", byKey: {} },
  });
  expect(last("error")).toEqual({ id: 5, type: "error", message: "disk on fire", quota: false });
  const after = await studyToFile("pilot", database);
  expect({ ...after, exportedAt: "" }).toEqual({ ...before, exportedAt: "" });
});

test("atomic: a full disk on a new study writes nothing and says quota", async () => {
  await handle({ id: 1, type: "load", files: [json("w1.json", small("w1", 0.5, 1))] });
  vi.spyOn(database.regions, "bulkPut").mockImplementation(() =>
    Dexie.Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError")),
  );
  await handle({ id: 2, type: "merge", studyId: "pilot", choices: { all: "keep", byKey: {} } });
  expect(last("error")).toMatchObject({ id: 2, type: "error", quota: true });
  expect(await counts()).toEqual([0, 0, 0, 0, 0, 0]);
});

test("a merge that would not fit in the browser's storage is refused before writing", async () => {
  await handle({ id: 1, type: "load", files: [json("w1.json", small("w1", 0.5, 1))] });
  // 10 MB free: less than the 20 MB margin alone.
  vi.stubGlobal("navigator", {
    storage: { estimate: async () => ({ quota: 100 * 1024 * 1024, usage: 90 * 1024 * 1024 }) },
  });
  try {
    await handle({ id: 2, type: "merge", studyId: "pilot", choices: { all: "keep", byKey: {} } });
  } finally {
    vi.unstubAllGlobals();
  }
  expect(last("error")).toMatchObject({
    id: 2,
    type: "error",
    quota: false,
    message: expect.stringMatching(
      /^not enough storage for the import: it needs about 0\.0 MB plus 20 MB kept free, and this browser lets the site store only 10 MB more\./,
    ),
  });
  expect(await counts()).toEqual([0, 0, 0, 0, 0, 0]);
});

test("a study deleted between preview and merge is refused, nothing written", async () => {
  await storedThenChanged();
  await database.transaction("rw", database.studies, () => database.studies.delete("pilot"));
  const clipsBefore = await database.clips.count();
  await handle({ id: 9, type: "merge", studyId: "pilot", choices: { all: "incoming", byKey: {} } });
  expect(last("error")).toMatchObject({
    message: 'study "pilot" was deleted since the preview; import the files again',
  });
  expect(await database.clips.count()).toBe(clipsBefore);
  expect(clipsBefore).toBe(120);
});

test("expandChoices: 'All' fills every own choice; labels that follow a region are left to it", () => {
  const stored = small("w1", 0.5, 1);
  stored.reasonLabels = [{ regionId: "w1-r1", annotatorId: "w1", reasons: ["silence"] }];
  const incoming = structuredClone(stored);
  incoming.regions[0] = { id: "w1-r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 2 };
  incoming.reasonLabels = [{ regionId: "w1-r1", annotatorId: "w1", reasons: [] }];
  incoming.clips[1] = clip("c2", "Z");
  const plan = planMerge(stored, [incoming], ["in.json"]);
  expect(plan.conflicts.map((c) => [c.key, c.followsRegion])).toEqual([
    ["clip:c2", undefined],
    ["region:w1-r1", undefined],
    ["reasonLabel:w1-r1 / w1", "region:w1-r1"],
  ]);
  expect(expandChoices(plan, { all: "incoming", byKey: { "clip:c2": "keep" } })).toEqual({
    "region:w1-r1": "incoming",
  });
  expect(expandChoices(plan, { all: "keep", byKey: { "clip:c2": "incoming" } })).toEqual({
    "clip:c2": "incoming",
  });
});
