// A new study is stored whole or not at all: the study row, its clips and their audio are one
// transaction, so a crash or a failed write in between never leaves an empty study behind.
import { beforeEach, expect, test, vi } from "vitest";
import { db } from "../../db/db.ts";
import { listClips, listStudies } from "../../db/repo.ts";
import { useNotices } from "../../stores/notices.ts";
import { createStudyFromFiles } from "./createStudyFromFiles.ts";

beforeEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
  await db.open();
  useNotices.getState().clear();
});

const decoded = (name: string, duration: number) => ({
  file: new File([new Uint8Array([1, 2, 3])], name, { type: "audio/wav" }),
  duration,
});

test("the study and its clips are written in one read-write transaction", async () => {
  const transaction = vi.spyOn(db, "transaction");
  const id = await createStudyFromFiles({
    name: "Pilot",
    binSeconds: 0.1,
    requireRating: false,
    files: [decoded("a.wav", 1.5), decoded("b.wav", 2)],
  });
  const rw = transaction.mock.calls.filter((call) => call[0] === "rw");
  expect(rw).toHaveLength(1);
  expect((await listClips(id)).map((c) => [c.name, c.duration])).toEqual([
    ["a.wav", 1.5],
    ["b.wav", 2],
  ]);
  expect(await db.audio.count()).toBe(2);
});

test("when storing the audio fails, no study is left behind and the error is shown", async () => {
  vi.spyOn(db.audio, "bulkAdd").mockRejectedValueOnce(new Error("disk broke"));
  await expect(
    createStudyFromFiles({
      name: "Pilot",
      binSeconds: 0.1,
      requireRating: false,
      files: [decoded("a.wav", 1.5)],
    }),
  ).rejects.toThrow("Could not save the new study: disk broke");
  expect(await listStudies()).toEqual([]);
  expect(await db.clips.count()).toBe(0);
  expect(useNotices.getState().notices.map((n) => n.message)).toEqual([
    "Could not save the new study: disk broke",
  ]);
});
