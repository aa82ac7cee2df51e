import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { MISSING_REGIONS_KEY } from "../domain/merge/merge.ts";
import { clipsWithoutAudio } from "./clips.ts";
import { RedPenDB } from "./db.ts";
import { applyMerge, attachAudio, planImport, studyToFile } from "./studyFiles.ts";

let database: RedPenDB;
let counter = 0;
beforeEach(async () => {
  database = new RedPenDB(`interchange-test-${++counter}`);
  await database.open();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await database.delete();
});

function w1(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    exportedAt: "2026-11-21T10:00:00.000Z",
    study: { id: "pilot", name: "Pilot", binSeconds: 0.1, protocol: { scale: [1, 5] } },
    taxonomy: [
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy-related" },
    ],
    clips: [
      { id: "c1", name: "A.wav", duration: 2, system: "X" },
      { id: "c2", name: "b.wav", duration: 3, isReference: true },
    ],
    annotators: [
      { id: "e1", role: "expert" },
      { id: "w1", role: "crowd" },
    ],
    submissions: [{ clipId: "c1", annotatorId: "w1", score: 3, playCount: 2 }],
    regions: [{ id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 }],
    reasonLabels: [{ regionId: "r1", annotatorId: "e1", reasons: ["silence"] }],
  };
}

function w2(): AnnotationFile {
  return {
    ...w1(),
    annotators: [{ id: "w2", role: "crowd" }],
    submissions: [{ clipId: "c1", annotatorId: "w2" }],
    regions: [{ id: "q1", clipId: "c1", annotatorId: "w2", start: 0.1, end: 0.3 }],
    reasonLabels: [],
  };
}

async function dump() {
  return {
    studies: (await database.studies.toArray()).map(({ createdAt: _, ...s }) => s),
    clips: await database.clips.toArray(),
    audio: await database.audio.toArray(),
    annotators: await database.annotators.toArray(),
    submissions: await database.submissions.toArray(),
    regions: await database.regions.toArray(),
    reasonLabels: await database.reasonLabels.toArray(),
  };
}

const withoutDate = (f: AnnotationFile | undefined) => ({ ...f, exportedAt: undefined });

async function importFiles(files: { name: string; file: AnnotationFile }[], choices = {}) {
  const plans = await planImport(files, database);
  const outcomes = [];
  for (const plan of plans) outcomes.push(await applyMerge(plan, choices, database));
  return { plans, outcomes };
}

test("a new study: created with the file's id and read back as the same file", async () => {
  const { outcomes } = await importFiles([{ name: "w1.json", file: w1() }]);
  expect(outcomes[0]).toMatchObject({ studyId: "pilot", created: true, clipsWithoutAudio: 2 });
  const study = await database.studies.get("pilot");
  expect(study).toMatchObject({
    name: "Pilot",
    binSeconds: 0.1,
    requireRating: false,
    extra: { protocol: { scale: [1, 5] } },
  });
  expect((await database.clips.toArray()).map((c) => [c.id, c.order])).toEqual([
    ["c1", 0],
    ["c2", 1],
  ]);
  expect(withoutDate(await studyToFile("pilot", database))).toEqual(withoutDate(w1()));
});

test("requireRating comes from the file's study and goes back out", async () => {
  const file = w1();
  file.study = { ...file.study, requireRating: true };
  await importFiles([{ name: "w1.json", file }]);
  expect((await database.studies.get("pilot"))?.requireRating).toBe(true);
  expect((await database.studies.get("pilot"))?.extra).toEqual({ protocol: { scale: [1, 5] } });
  expect((await studyToFile("pilot", database))?.study.requireRating).toBe(true);
});

test("importing the same file twice changes nothing", async () => {
  await importFiles([{ name: "w1.json", file: w1() }]);
  const before = await dump();
  const { plans, outcomes } = await importFiles([{ name: "w1.json", file: w1() }]);
  expect(plans[0]?.summary).toMatchObject({ new: 0, conflicts: 0 });
  expect(outcomes[0]?.changed).toBe(0);
  expect(await dump()).toEqual(before);
});

test("a second annotator's file merges in; a clip conflict follows the choice", async () => {
  await importFiles([{ name: "w1.json", file: w1() }]);
  const second = w2();
  second.clips[0] = { id: "c1", name: "A.wav", duration: 2, system: "Y" };
  const plans = await planImport([{ name: "w2.json", file: second }], database);
  const [plan] = plans;
  if (!plan) throw new Error("no plan");
  expect(plan.conflicts.map((c) => c.key)).toEqual(["clip:c1"]);
  const outcome = await applyMerge(plan, { "clip:c1": "incoming" }, database);
  expect(outcome).toMatchObject({ created: false, changed: 4 }); // clip, w2, submission, q1
  const file = await studyToFile("pilot", database);
  expect(file?.clips[0]).toEqual({ id: "c1", name: "A.wav", duration: 2, system: "Y" });
  expect(file?.annotators.map((a) => a.id)).toEqual(["e1", "w1", "w2"]);
  expect(file?.regions.map((r) => r.id).sort()).toEqual(["q1", "r1"]);
  // Clip order is kept for the replaced clip.
  expect((await database.clips.get(["pilot", "c1"]))?.order).toBe(0);
});

test("keeping a stored region keeps its labels; taking the incoming one replaces them", async () => {
  await importFiles([{ name: "w1.json", file: w1() }]);
  const moved = w1();
  moved.regions = [{ id: "r1", clipId: "c1", annotatorId: "w1", start: 0.6, end: 1 }];
  moved.reasonLabels = [{ regionId: "r1", annotatorId: "e1", reasons: ["energy"] }];
  const [plan] = await planImport([{ name: "moved.json", file: moved }], database);
  if (!plan) throw new Error("no plan");
  const keep = await applyMerge(plan, {}, database);
  expect(keep.changed).toBe(0);
  expect(keep.droppedLabels).toBe(1);
  expect((await studyToFile("pilot", database))?.reasonLabels).toEqual(w1().reasonLabels);
  await applyMerge(plan, { "region:r1": "incoming" }, database);
  const after = await studyToFile("pilot", database);
  expect(after?.regions).toEqual(moved.regions);
  expect(after?.reasonLabels).toEqual(moved.reasonLabels);
});

test("a span the annotator deleted before re-sending is kept, or removed with its labels when chosen", async () => {
  // Stored: w1's r1 (labelled by e1) and r5, both on c1, and w2's q1 on c1.
  const first = w1();
  first.regions.push({ id: "r5", clipId: "c1", annotatorId: "w1", start: 1.2, end: 1.8 });
  await importFiles([
    { name: "w1.json", file: first },
    { name: "w2.json", file: w2() },
  ]);
  // w1 deletes r1 and sends their file again: c1 finished, only r5.
  const resent = w1();
  resent.regions = [{ id: "r5", clipId: "c1", annotatorId: "w1", start: 1.2, end: 1.8 }];
  resent.reasonLabels = [];
  const [plan] = await planImport([{ name: "w1-again.json", file: resent }], database);
  if (!plan) throw new Error("no plan");
  expect(plan.missingRegions.map((m) => [m.region.id, m.source, m.labelledBy])).toEqual([
    ["r1", "w1-again.json", ["e1"]],
  ]);
  const kept = await applyMerge(plan, {}, database);
  expect(kept).toMatchObject({ changed: 0, removedRegions: 0 });
  expect((await database.regions.toArray()).map((r) => r.id).sort()).toEqual(["q1", "r1", "r5"]);

  const removed = await applyMerge(plan, { [MISSING_REGIONS_KEY]: "incoming" }, database);
  expect(removed).toMatchObject({ changed: 2, removedRegions: 1 }); // r1 and e1's label on it
  const after = await studyToFile("pilot", database);
  expect(after?.regions.map((r) => r.id).sort()).toEqual(["q1", "r5"]);
  expect(after?.reasonLabels).toEqual([]);
  expect(after?.submissions).toHaveLength(2);
});

test("a failure in the middle of the transaction leaves the database as it was", async () => {
  await importFiles([{ name: "w1.json", file: w1() }]);
  const before = await dump();
  const second = w2();
  second.study = { ...second.study, name: "Renamed" };
  const [plan] = await planImport([{ name: "w2.json", file: second }], database);
  if (!plan) throw new Error("no plan");
  // Clips, annotators and submissions are written before regions: make regions fail.
  vi.spyOn(database.regions, "bulkPut").mockImplementation(() => {
    throw new Error("disk on fire");
  });
  await expect(applyMerge(plan, { "study:pilot": "incoming" }, database)).rejects.toThrow(
    /disk on fire/,
  );
  vi.restoreAllMocks();
  expect(await dump()).toEqual(before);
});

test("a failure while creating a new study stores nothing at all", async () => {
  const [plan] = await planImport([{ name: "w1.json", file: w1() }], database);
  if (!plan) throw new Error("no plan");
  vi.spyOn(database.reasonLabels, "bulkPut").mockImplementation(() => {
    throw new Error("quota");
  });
  await expect(applyMerge(plan, {}, database)).rejects.toThrow(/quota/);
  vi.restoreAllMocks();
  expect(await dump()).toEqual({
    studies: [],
    clips: [],
    audio: [],
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  });
});

test("a plan made before the study was created elsewhere is refused", async () => {
  const [plan] = await planImport([{ name: "w1.json", file: w1() }], database);
  if (!plan) throw new Error("no plan");
  await importFiles([{ name: "w1.json", file: w1() }]);
  await expect(applyMerge(plan, {}, database)).rejects.toThrow(/was created since the preview/);
});

test("files of two studies are planned separately", async () => {
  const other = w2();
  other.study = { id: "other", name: "Other", binSeconds: 0.2 };
  const plans = await planImport(
    [
      { name: "a.json", file: w1() },
      { name: "b.json", file: other },
      { name: "c.json", file: w2() },
    ],
    database,
  );
  expect(plans.map((p) => [p.studyId, p.sources])).toEqual([
    ["pilot", ["a.json", "c.json"]],
    ["other", ["b.json"]],
  ]);
});

test("attachAudio matches by name, ignoring case, also without extension", async () => {
  await importFiles([{ name: "w1.json", file: w1() }]);
  expect(await clipsWithoutAudio("pilot", database)).toEqual(["A.wav", "b.wav"]);
  const result = await attachAudio(
    "pilot",
    [
      new File(["x"], "a.WAV", { type: "audio/wav" }),
      new File(["y"], "stray.wav", { type: "audio/wav" }),
    ],
    database,
  );
  expect(result).toEqual({
    matched: [{ fileName: "a.WAV", clipId: "c1", clipName: "A.wav" }],
    unmatched: ["stray.wav"],
    stillMissing: ["b.wav"],
  });
  const second = await attachAudio("pilot", [new File(["zz"], "B.flac")], database);
  expect(second.matched).toEqual([{ fileName: "B.flac", clipId: "c2", clipName: "b.wav" }]);
  expect(second.stillMissing).toEqual([]);
  const blob = (await database.audio.get(["pilot", "c2"]))?.blob;
  expect(await blob?.text()).toBe("zz");
});

test("attachAudio: an exact name wins over a name without extension", async () => {
  const file = w1();
  file.clips = [
    { id: "c1", name: "take.wav", duration: 1 },
    { id: "c2", name: "take.flac", duration: 1 },
  ];
  file.submissions = [];
  file.regions = [];
  file.reasonLabels = [];
  await importFiles([{ name: "w1.json", file }]);
  const result = await attachAudio("pilot", [new File(["a"], "take.flac")], database);
  expect(result.matched).toEqual([{ fileName: "take.flac", clipId: "c2", clipName: "take.flac" }]);
});

test("a study read back from IndexedDB gives the same report, to the bit, as the file it came from", async () => {
  // The golden study with a planted crowd and three experts: the Dawid–Skene EM runs there. Its
  // submissions, regions and labels are stored in key order, not the file's: reverse the file's
  // so the two orders differ, and the report must not see it.
  const { default: golden } = await import("../../tests/golden/experts.input.json");
  const original = golden as unknown as AnnotationFile;
  const file: AnnotationFile = {
    ...original,
    submissions: [...original.submissions].reverse(),
    regions: [...original.regions].reverse(),
    reasonLabels: [...original.reasonLabels].reverse(),
  };
  const { computeReport } = await import("../domain/stats/analyze.ts");
  const [plan] = await planImport([{ name: "experts.json", file }], database);
  await applyMerge(plan as NonNullable<typeof plan>, {}, database);
  const stored = (await studyToFile(file.study.id, database)) as AnnotationFile;
  expect(stored.submissions).not.toEqual(file.submissions);
  const fromFile = computeReport(file);
  expect(fromFile.consensus.iterations).toBeGreaterThan(1);
  expect(JSON.stringify(computeReport(stored))).toBe(JSON.stringify(fromFile));
  expect(JSON.stringify(computeReport(original))).toBe(JSON.stringify(fromFile));
});
