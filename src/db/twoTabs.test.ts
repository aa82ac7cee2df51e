// One annotator with the same study open in two tabs: each tab writes from what it showed,
// which may be stale. Only what the person changed is written, and counts and reason sets are
// computed on the stored row inside the transaction, so neither tab undoes the other's edit.
import { beforeEach, expect, test } from "vitest";
import { useNotices } from "../stores/notices.ts";
import { db } from "./db.ts";
import {
  addClips,
  addRegion,
  createStudy,
  ensureAnnotator,
  finishClip,
  getSubmission,
  listReasonLabels,
  setReason,
  updateRegion,
} from "./repo.ts";

beforeEach(async () => {
  await db.delete();
  await db.open();
  useNotices.getState().clear();
});

async function setUp() {
  const studyId = await createStudy({ name: "Pilot" });
  await addClips(studyId, [{ clip: { id: "c1", name: "c1.wav", duration: 4 } }]);
  await ensureAnnotator(studyId, "w1", "crowd");
  await ensureAnnotator(studyId, "e1", "expert");
  const region = await addRegion(studyId, { clipId: "c1", annotatorId: "w1", start: 1, end: 2 });
  return { studyId, regionId: region.id };
}

test("a start edited in one tab and an end edited in the other both survive", async () => {
  const { studyId, regionId } = await setUp();
  // Both tabs show 1–2. Tab A moves the start to 0.5, tab B the end to 3.
  await updateRegion(studyId, regionId, { start: 0.5 });
  const after = await updateRegion(studyId, regionId, { end: 3 });
  expect([after.start, after.end]).toEqual([0.5, 3]);
  const stored = await db.regions.get([studyId, regionId]);
  expect([stored?.start, stored?.end]).toEqual([0.5, 3]);
});

test("a bound changed alone is still checked against the stored other bound", async () => {
  const { studyId, regionId } = await setUp();
  await expect(updateRegion(studyId, regionId, { start: 2.5 })).rejects.toThrow(
    "Could not save the region: end (2) must be greater than start (2.5)",
  );
  // An end beyond the clip is clamped to it, as before.
  expect((await updateRegion(studyId, regionId, { end: 9 })).end).toBe(4);
  await expect(updateRegion(studyId, regionId, {})).rejects.toThrow(
    "give a new start, a new end, or both",
  );
});

test("finishing the clip in both tabs adds both tabs' plays and seconds", async () => {
  const { studyId } = await setUp();
  // Tab A: 2 plays, 10.25 s; tab B, which never saw A's submission: 3 plays, 4.5 s.
  await finishClip(studyId, {
    clipId: "c1",
    annotatorId: "w1",
    completedAt: "2026-11-24T03:00:00.000Z",
    plays: 2,
    seconds: 10.25,
  });
  const last = await finishClip(studyId, {
    clipId: "c1",
    annotatorId: "w1",
    completedAt: "2026-11-24T03:01:00.000Z",
    score: 4,
    plays: 3,
    seconds: 4.5,
  });
  expect(last).toMatchObject({ playCount: 5, seconds: 14.8, score: 4 });
  expect(await getSubmission(studyId, "c1", "w1")).toMatchObject({
    playCount: 5,
    seconds: 14.8,
    score: 4,
    completedAt: "2026-11-24T03:01:00.000Z",
  });
  await expect(
    finishClip(studyId, {
      clipId: "c1",
      annotatorId: "w1",
      completedAt: "2026-11-24T03:02:00.000Z",
      plays: 1.5,
      seconds: 0,
    }),
  ).rejects.toThrow("plays must be a whole number (got 1.5)");
});

test("an expert ticking two reasons in two tabs keeps both; unticking removes only that one", async () => {
  const { studyId, regionId } = await setUp();
  // Both tabs showed no reasons. Tab A ticks Silence, tab B ticks Energy.
  await setReason(studyId, regionId, "e1", "silence", true);
  await setReason(studyId, regionId, "e1", "energy", true);
  let labels = await listReasonLabels(studyId, "c1");
  expect(labels.map((l) => l.reasons)).toEqual([["silence", "energy"]]);
  // Taxonomy order, whatever the order of ticking: silence (2nd) before energy (6th).
  await setReason(studyId, regionId, "e1", "silence", false);
  labels = await listReasonLabels(studyId, "c1");
  expect(labels.map((l) => l.reasons)).toEqual([["energy"]]);
  await setReason(studyId, regionId, "e1", "energy", false);
  expect(await listReasonLabels(studyId, "c1")).toEqual([]);
  await expect(setReason(studyId, regionId, "e1", "loudness", true)).rejects.toThrow(
    `"loudness" is not a reason in this study's taxonomy`,
  );
});
