import type Dexie from "dexie";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { DEFAULT_TAXONOMY } from "../domain/interchange/taxonomy.ts";
import { useNotices } from "../stores/notices.ts";
import { db } from "./db.ts";
import {
  addClips,
  addRegion,
  createStudy,
  deleteRegion,
  deleteStudy,
  deleteSubmission,
  ensureAnnotator,
  getClip,
  getClipAudio,
  getStudy,
  getSubmission,
  listAllReasonLabels,
  listAnnotators,
  listClips,
  listReasonLabels,
  listRegions,
  listStudies,
  listStudySummaries,
  listSubmissions,
  saveSubmission,
  setReasons,
  slugify,
  updateRegion,
  updateStudy,
  WriteError,
} from "./repo.ts";

beforeEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
  await db.open();
  useNotices.getState().clear();
});

const clip = (id: string, duration = 2) => ({ clip: { id, name: `${id}.wav`, duration } });

async function studyWithClips(...ids: string[]) {
  const studyId = await createStudy({ name: "Pilot" });
  await addClips(
    studyId,
    ids.map((id) => clip(id)),
  );
  return studyId;
}

async function countAll(studyId: string) {
  const tables = [
    db.clips,
    db.audio,
    db.annotators,
    db.submissions,
    db.regions,
    db.reasonLabels,
  ] as Dexie.Table<{ studyId: string }>[];
  // A full scan, independent of the key ranges the repository uses.
  const counts = await Promise.all(
    tables.map((t) => t.filter((row) => row.studyId === studyId).count()),
  );
  return { study: (await db.studies.get(studyId)) ? 1 : 0, rows: counts };
}

describe("studies", () => {
  test("slugify keeps ASCII letters and digits, joined by dashes", () => {
    expect(slugify("VCC 2018 — Pilot!")).toBe("vcc-2018-pilot");
    expect(slugify("Café crème")).toBe("cafe-creme");
    expect(slugify("!!!")).toBe("study");
  });

  test("createStudy stores defaults and a slug id with a random suffix", async () => {
    const id = await createStudy({ name: "  My Study  " });
    expect(id).toMatch(/^my-study-[a-z0-9]{4}$/);
    const study = await getStudy(id);
    expect(study).toMatchObject({
      id,
      name: "My Study",
      binSeconds: 0.1,
      requireRating: false,
      extra: {},
    });
    expect(study?.taxonomy.map((t) => t.id)).toEqual(DEFAULT_TAXONOMY.map((t) => t.id));
    expect(Number.isNaN(Date.parse(study?.createdAt ?? ""))).toBe(false);
  });

  test("createStudy with options and a fixed id; a taken id is refused", async () => {
    const id = await createStudy({
      id: "fixed",
      name: "F",
      binSeconds: 0.25,
      requireRating: true,
      taxonomy: [{ id: "a", label: "A" }],
      extra: { instructions: "Listen" },
    });
    expect(id).toBe("fixed");
    expect(await getStudy("fixed")).toMatchObject({
      binSeconds: 0.25,
      requireRating: true,
      taxonomy: [{ id: "a", label: "A" }],
      extra: { instructions: "Listen" },
    });
    await expect(createStudy({ id: "fixed", name: "Again" })).rejects.toThrow(
      'a study with id "fixed" already exists',
    );
  });

  test("createStudy validates name, bin width and taxonomy", async () => {
    await expect(createStudy({ name: " " })).rejects.toThrow("Study name must be a non-empty");
    await expect(createStudy({ name: "x", binSeconds: 0 })).rejects.toThrow(
      "Bin width (binSeconds) must be greater than 0",
    );
    await expect(createStudy({ name: "x", binSeconds: Number.NaN })).rejects.toThrow(
      "must be a finite number",
    );
    await expect(
      createStudy({
        name: "x",
        taxonomy: [
          { id: "a", label: "A" },
          { id: "a", label: "B" },
        ],
      }),
    ).rejects.toThrow('taxonomy[1].id: duplicate id "a"');
    expect(await listStudies()).toEqual([]);
  });

  test("listStudies is newest first; summaries count clips, annotators, submissions", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const older = await createStudy({ name: "Older" });
    vi.setSystemTime(new Date("2026-01-02T00:00:00Z"));
    const newer = await createStudy({ name: "Newer" });
    vi.useRealTimers();
    await addClips(newer, [clip("c1"), clip("c2"), clip("c3")]);
    await ensureAnnotator(newer, "w1", "crowd");
    await ensureAnnotator(newer, "w2", "crowd");
    await saveSubmission(newer, { clipId: "c1", annotatorId: "w1" });
    expect((await listStudies()).map((s) => s.id)).toEqual([newer, older]);
    const summaries = await listStudySummaries();
    expect(summaries.map((s) => [s.study.id, s.clips, s.annotators, s.submissions])).toEqual([
      [newer, 3, 2, 1],
      [older, 0, 0, 0],
    ]);
  });

  test("updateStudy changes settings and validates", async () => {
    const id = await createStudy({ name: "A" });
    const updated = await updateStudy(id, { name: "B", binSeconds: 0.2, requireRating: true });
    expect(updated).toMatchObject({ name: "B", binSeconds: 0.2, requireRating: true });
    expect(await getStudy(id)).toMatchObject({ name: "B", binSeconds: 0.2 });
    await expect(updateStudy(id, { binSeconds: -1 })).rejects.toThrow("greater than 0");
    await expect(updateStudy("nope", { name: "C" })).rejects.toThrow('no study with id "nope"');
  });

  test("deleteStudy removes every row of that study and nothing of another", async () => {
    const a = await studyWithClips("c1", "c2");
    const b = await studyWithClips("c1");
    for (const s of [a, b]) {
      await addClips(s, [{ clip: { id: "x", name: "x.wav", duration: 1 }, blob: new Blob(["x"]) }]);
      await ensureAnnotator(s, "w1", "crowd");
      await ensureAnnotator(s, "e1", "expert");
      const r = await addRegion(s, { clipId: "c1", annotatorId: "w1", start: 0, end: 1 });
      await setReasons(s, r.id, "e1", ["silence"]);
      await saveSubmission(s, { clipId: "c1", annotatorId: "w1" });
    }
    expect(await countAll(a)).toEqual({ study: 1, rows: [3, 1, 2, 1, 1, 1] });
    await deleteStudy(a);
    expect(await countAll(a)).toEqual({ study: 0, rows: [0, 0, 0, 0, 0, 0] });
    expect(await countAll(b)).toEqual({ study: 1, rows: [2, 1, 2, 1, 1, 1] });
  });
});

describe("clips", () => {
  test("addClips appends in order, stores audio; listClips follows order", async () => {
    const id = await createStudy({ name: "S" });
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "audio/wav" });
    await addClips(id, [
      { clip: { id: "b", name: "b.wav", duration: 1.5, system: "tts", isReference: false }, blob },
      clip("a"),
    ]);
    await addClips(id, [clip("c")]);
    const clips = await listClips(id);
    expect(clips.map((c) => [c.id, c.order])).toEqual([
      ["b", 0],
      ["a", 1],
      ["c", 2],
    ]);
    expect(await getClip(id, "b")).toMatchObject({ duration: 1.5, system: "tts", studyId: id });
    const audio = await getClipAudio(id, "b");
    expect(audio?.size).toBe(3);
    expect(await getClipAudio(id, "a")).toBeUndefined();
  });

  test("addClips refuses bad clips, duplicates and unknown studies, storing none", async () => {
    const id = await studyWithClips("a");
    await expect(addClips(id, [clip("b"), clip("a")])).rejects.toThrow(
      'clip id "a" is already in this study',
    );
    await expect(addClips(id, [clip("b"), clip("b")])).rejects.toThrow('clip id "b" appears twice');
    await expect(addClips(id, [clip("z", 0)])).rejects.toThrow(
      "clip 1 (z.wav).duration must be greater than 0",
    );
    await expect(addClips(id, [clip("z", Number.POSITIVE_INFINITY)])).rejects.toThrow(
      "must be a finite number",
    );
    await expect(addClips("nope", [clip("q")])).rejects.toThrow('no study with id "nope"');
    expect((await listClips(id)).map((c) => c.id)).toEqual(["a"]);
  });

  test("a transaction that fails half-way leaves nothing written", async () => {
    const id = await createStudy({ name: "S" });
    vi.spyOn(db.audio, "bulkAdd").mockRejectedValueOnce(new Error("disk on fire"));
    await expect(
      addClips(id, [{ clip: { id: "a", name: "a.wav", duration: 1 }, blob: new Blob(["a"]) }]),
    ).rejects.toThrow("Could not save the clip: disk on fire");
    expect(await listClips(id)).toEqual([]);
    expect(await db.audio.count()).toBe(0);
  });
});

describe("write errors", () => {
  test("a failed write pushes a notice and rethrows a WriteError with the cause", async () => {
    const id = await createStudy({ name: "S" });
    const cause = new Error("boom");
    vi.spyOn(db.clips, "bulkAdd").mockRejectedValueOnce(cause);
    const error = await addClips(id, [clip("a")]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteError);
    expect((error as WriteError).message).toBe("Could not save the clip: boom");
    expect((error as WriteError).cause).toBe(cause);
    expect(useNotices.getState().notices).toMatchObject([
      { kind: "error", message: "Could not save the clip: boom" },
    ]);
  });

  test("QuotaExceededError becomes 'Storage is full'", async () => {
    const id = await createStudy({ name: "S" });
    vi.spyOn(db.clips, "bulkAdd").mockRejectedValueOnce(
      new DOMException("quota", "QuotaExceededError"),
    );
    const error = (await addClips(id, [clip("a")]).catch((e: unknown) => e)) as WriteError;
    expect(error.quota).toBe(true);
    expect(error.message).toMatch(/^Storage is full: could not save the clip\./);
    expect(useNotices.getState().notices[0]?.message).toBe(error.message);
    expect(await listClips(id)).toEqual([]);
  });

  test("the same error twice shows one notice; dismiss removes it", async () => {
    await expect(createStudy({ name: "" })).rejects.toThrow();
    await expect(createStudy({ name: "" })).rejects.toThrow();
    const notices = useNotices.getState().notices;
    expect(notices).toHaveLength(1);
    useNotices.getState().dismiss(notices[0]?.id ?? -1);
    expect(useNotices.getState().notices).toEqual([]);
  });
});

describe("annotators", () => {
  test("ensureAnnotator registers once and refuses a second role", async () => {
    const id = await createStudy({ name: "S" });
    expect(await ensureAnnotator(id, "w1", "crowd")).toEqual({
      studyId: id,
      id: "w1",
      role: "crowd",
    });
    expect(await ensureAnnotator(id, "w1", "crowd")).toEqual({
      studyId: id,
      id: "w1",
      role: "crowd",
    });
    await ensureAnnotator(id, "e1", "expert");
    expect((await listAnnotators(id)).map((a) => [a.id, a.role])).toEqual([
      ["e1", "expert"],
      ["w1", "crowd"],
    ]);
    await expect(ensureAnnotator(id, "w1", "expert")).rejects.toThrow(
      'annotator "w1" is already registered as crowd',
    );
    await expect(ensureAnnotator(id, "  ", "crowd")).rejects.toThrow("Annotator id must be");
    await expect(ensureAnnotator("nope", "w1", "crowd")).rejects.toThrow('no study with id "nope"');
  });
});

describe("regions", () => {
  let studyId: string;
  beforeEach(async () => {
    studyId = await studyWithClips("c1", "c2");
    await ensureAnnotator(studyId, "w1", "crowd");
    await ensureAnnotator(studyId, "w2", "crowd");
    await ensureAnnotator(studyId, "e1", "expert");
  });

  test("addRegion stores a region with a UUID; listRegions filters and sorts by start", async () => {
    const r2 = await addRegion(studyId, { clipId: "c1", annotatorId: "w1", start: 1, end: 1.5 });
    const r1 = await addRegion(studyId, { clipId: "c1", annotatorId: "w1", start: 0.2, end: 0.4 });
    const other = await addRegion(studyId, { clipId: "c1", annotatorId: "w2", start: 0, end: 2 });
    await addRegion(studyId, { clipId: "c2", annotatorId: "w1", start: 0, end: 1 });
    expect(r1.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r1).toEqual({
      studyId,
      id: r1.id,
      clipId: "c1",
      annotatorId: "w1",
      start: 0.2,
      end: 0.4,
    });
    expect((await listRegions(studyId, "c1", "w1")).map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect((await listRegions(studyId, "c1")).map((r) => r.id)).toEqual([other.id, r1.id, r2.id]);
  });

  test("addRegion validates the span, clamps end to the clip, needs clip and annotator", async () => {
    const add = (start: number, end: number, clipId = "c1", annotatorId = "w1") =>
      addRegion(studyId, { clipId, annotatorId, start, end });
    await expect(add(-0.1, 1)).rejects.toThrow("start must be 0 or more (got -0.1)");
    await expect(add(1, 1)).rejects.toThrow("end (1) must be greater than start (1)");
    await expect(add(1.2, 0.5)).rejects.toThrow("end (0.5) must be greater than start (1.2)");
    await expect(add(0, Number.NaN)).rejects.toThrow("end must be a finite number");
    await expect(add(2, 3)).rejects.toThrow('start (2) is not inside clip "c1"');
    await expect(add(0, 1, "c9")).rejects.toThrow('clip "c9" is not in study');
    await expect(add(0, 1, "c1", "ghost")).rejects.toThrow('annotator "ghost" is not registered');
    expect(await listRegions(studyId, "c1")).toEqual([]);
    const r = await add(1.5, 2.7);
    expect([r.start, r.end]).toEqual([1.5, 2]);
  });

  test("updateRegion moves a region with the same rules", async () => {
    const r = await addRegion(studyId, { clipId: "c1", annotatorId: "w1", start: 0, end: 1 });
    const moved = await updateRegion(studyId, r.id, { start: 0.5, end: 9 });
    expect([moved.start, moved.end]).toEqual([0.5, 2]);
    expect((await listRegions(studyId, "c1"))[0]).toMatchObject({ start: 0.5, end: 2 });
    await expect(updateRegion(studyId, r.id, { start: 1, end: 0.5 })).rejects.toThrow(
      "must be greater than start",
    );
    await expect(updateRegion(studyId, "nope", { start: 0, end: 1 })).rejects.toThrow(
      'no region "nope"',
    );
    expect((await listRegions(studyId, "c1"))[0]).toMatchObject({ start: 0.5, end: 2 });
  });

  test("deleteRegion also deletes its reason labels, and only those", async () => {
    const a = await addRegion(studyId, { clipId: "c1", annotatorId: "w1", start: 0, end: 1 });
    const b = await addRegion(studyId, { clipId: "c1", annotatorId: "w2", start: 0, end: 1 });
    await setReasons(studyId, a.id, "e1", ["silence"]);
    await setReasons(studyId, b.id, "e1", ["energy"]);
    await deleteRegion(studyId, a.id);
    expect((await listRegions(studyId, "c1")).map((r) => r.id)).toEqual([b.id]);
    expect(await listReasonLabels(studyId, "c1")).toEqual([
      { studyId, regionId: b.id, annotatorId: "e1", reasons: ["energy"] },
    ]);
    await deleteRegion(studyId, a.id); // already gone: no error
  });
});

describe("reason labels", () => {
  let studyId: string;
  let regionId: string;
  beforeEach(async () => {
    studyId = await studyWithClips("c1", "c2");
    await ensureAnnotator(studyId, "w1", "crowd");
    await ensureAnnotator(studyId, "e1", "expert");
    await ensureAnnotator(studyId, "e2", "expert");
    regionId = (await addRegion(studyId, { clipId: "c1", annotatorId: "w1", start: 0, end: 1 })).id;
  });

  test("setReasons upserts in taxonomy order; an empty array deletes", async () => {
    const stored = await setReasons(studyId, regionId, "e1", ["background_noise", "end_of_speech"]);
    expect(stored?.reasons).toEqual(["end_of_speech", "background_noise"]);
    await setReasons(studyId, regionId, "e1", ["silence"]);
    await setReasons(studyId, regionId, "e2", ["accuracy"]);
    expect(
      (await listReasonLabels(studyId, "c1")).map((l) => [l.annotatorId, l.reasons]).sort(),
    ).toEqual([
      ["e1", ["silence"]],
      ["e2", ["accuracy"]],
    ]);
    expect(await setReasons(studyId, regionId, "e1", [])).toBeUndefined();
    expect((await listReasonLabels(studyId, [regionId])).map((l) => l.annotatorId)).toEqual(["e2"]);
  });

  test("setReasons refuses unknown reasons, duplicates, unknown regions and annotators", async () => {
    await expect(setReasons(studyId, regionId, "e1", ["loud"])).rejects.toThrow(
      '"loud" is not a reason in this study\'s taxonomy',
    );
    await expect(setReasons(studyId, regionId, "e1", ["silence", "silence"])).rejects.toThrow(
      'reason "silence" is given twice',
    );
    await expect(setReasons(studyId, "nope", "e1", ["silence"])).rejects.toThrow(
      'no region "nope"',
    );
    await expect(setReasons(studyId, regionId, "ghost", ["silence"])).rejects.toThrow(
      'annotator "ghost" is not registered',
    );
    expect(await listReasonLabels(studyId, "c1")).toEqual([]);
  });

  test("listReasonLabels by clip only returns that clip's regions' labels", async () => {
    const r2 = await addRegion(studyId, { clipId: "c2", annotatorId: "w1", start: 0, end: 1 });
    await setReasons(studyId, regionId, "e1", ["silence"]);
    await setReasons(studyId, r2.id, "e1", ["energy"]);
    expect((await listReasonLabels(studyId, "c2")).map((l) => l.regionId)).toEqual([r2.id]);
    expect(await listReasonLabels(studyId, [])).toEqual([]);
    expect((await listAllReasonLabels(studyId)).map((l) => l.regionId).sort()).toEqual(
      [regionId, r2.id].sort(),
    );
  });
});

describe("submissions", () => {
  let studyId: string;
  beforeEach(async () => {
    studyId = await studyWithClips("c1", "c2");
    await ensureAnnotator(studyId, "w1", "crowd");
    await ensureAnnotator(studyId, "w2", "crowd");
  });

  test("saveSubmission upserts per clip + annotator, keeping fields left out", async () => {
    await saveSubmission(studyId, { clipId: "c1", annotatorId: "w1", playCount: 1 });
    const saved = await saveSubmission(studyId, {
      clipId: "c1",
      annotatorId: "w1",
      score: 4,
      completedAt: "2026-11-21T10:00:00.000Z",
      seconds: 12.5,
    });
    expect(saved).toEqual({
      studyId,
      clipId: "c1",
      annotatorId: "w1",
      playCount: 1,
      score: 4,
      completedAt: "2026-11-21T10:00:00.000Z",
      seconds: 12.5,
    });
    await saveSubmission(studyId, { clipId: "c2", annotatorId: "w1" });
    await saveSubmission(studyId, { clipId: "c1", annotatorId: "w2" });
    expect(await listSubmissions(studyId)).toHaveLength(3);
    expect(
      (await listSubmissions(studyId, { annotatorId: "w1" })).map((s) => s.clipId).sort(),
    ).toEqual(["c1", "c2"]);
    expect(
      (await listSubmissions(studyId, { clipId: "c1" })).map((s) => s.annotatorId).sort(),
    ).toEqual(["w1", "w2"]);
    expect(await listSubmissions(studyId, { clipId: "c1", annotatorId: "w2" })).toHaveLength(1);
    expect(await getSubmission(studyId, "c1", "w1")).toEqual(saved);
    await deleteSubmission(studyId, "c1", "w1");
    expect(await getSubmission(studyId, "c1", "w1")).toBeUndefined();
  });

  test("saveSubmission validates its fields and references", async () => {
    const save = (extra: object) =>
      saveSubmission(studyId, { clipId: "c1", annotatorId: "w1", ...extra });
    await expect(save({ score: Number.NaN })).rejects.toThrow("score must be a finite number");
    await expect(save({ playCount: 1.5 })).rejects.toThrow("playCount must be a whole number");
    await expect(save({ playCount: -1 })).rejects.toThrow("playCount must be 0 or more");
    await expect(save({ seconds: -3 })).rejects.toThrow("seconds must be 0 or more");
    await expect(save({ completedAt: "yesterday" })).rejects.toThrow("completedAt must be an ISO");
    await expect(save({ clipId: "c9" })).rejects.toThrow('clip "c9" is not in study');
    await expect(save({ annotatorId: "ghost" })).rejects.toThrow(
      'annotator "ghost" is not registered',
    );
    expect(await listSubmissions(studyId)).toEqual([]);
  });
});
