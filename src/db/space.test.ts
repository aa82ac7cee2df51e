// The storage check before large writes, with the browser's estimate stubbed: a write that
// would not fit with the margin is refused before anything is written, with what it needs
// and what is free; everything stored before is intact.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { useNotices } from "../stores/notices.ts";
import { db } from "./db.ts";
import { addClips, createStudy, listStudies } from "./repo.ts";
import {
  bytesNeeded,
  LOW_SPACE_BYTES,
  lowOnSpace,
  MARGIN_BYTES,
  PROBE_FILE,
  probeWrite,
  requireSpace,
  resetSpaceTrial,
  TRIAL_EVERY_MS,
} from "./space.ts";

const MB = 1024 * 1024;

function stubEstimate(quota: number, usage: number) {
  vi.stubGlobal("navigator", { storage: { estimate: async () => ({ quota, usage }) } });
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  useNotices.getState().clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSpaceTrial();
});

/**
 * A fake origin private file system whose disk has `room` bytes: extending the scratch file
 * past it fails with QuotaExceededError, as Chromium's does. Records what happened to it.
 */
function fakeDisk(room: number) {
  const log = { asked: [] as number[], removed: [] as string[], aborted: 0, written: 0 };
  const dir = {
    async getFileHandle(_name: string) {
      return {
        async createWritable() {
          return {
            async truncate(size: number) {
              log.asked.push(size);
              if (size > room) {
                throw Object.assign(new Error("would exceed its storage quota"), {
                  name: "QuotaExceededError",
                });
              }
            },
            async write(chunk: Uint8Array) {
              log.written += chunk.byteLength;
            },
            async abort() {
              log.aborted++;
            },
          };
        },
      };
    },
    async removeEntry(name: string) {
      log.removed.push(name);
    },
  };
  return { dir, log };
}

function stubDisk(quota: number, usage: number, room: number) {
  const disk = fakeDisk(room);
  vi.stubGlobal("navigator", {
    storage: { estimate: async () => ({ quota, usage }), getDirectory: async () => disk.dir },
  });
  return disk.log;
}

test("the margin: 20 MB, or a quarter of the write when that is more", async () => {
  stubEstimate(100 * MB, 50 * MB); // 50 MB free
  await expect(requireSpace(30 * MB, "x")).resolves.toBeUndefined(); // 30 + 20 = 50
  await expect(requireSpace(30 * MB + 1, "x")).rejects.toThrow("not enough storage for x");
  stubEstimate(1000 * MB, 0);
  await expect(requireSpace(800 * MB, "x")).resolves.toBeUndefined(); // 800 + 200 = 1000
  await expect(requireSpace(801 * MB, "x")).rejects.toThrow(
    "not enough storage for x: it needs about 801 MB plus 200 MB kept free, and this browser lets the site store only 1000 MB more.",
  );
  expect(MARGIN_BYTES).toBe(20 * MB);
  expect(bytesNeeded(1000, 3)).toBe(1000 + 3 * 400);
});

test("no estimate (an old browser): nothing is refused", async () => {
  vi.stubGlobal("navigator", {});
  await expect(requireSpace(10_000 * MB, "x")).resolves.toBeUndefined();
  expect(await lowOnSpace()).toBeNull();
});

test("a new study that would not fit is refused whole, and the stored studies stay", async () => {
  const kept = await createStudy({ name: "Kept" });
  stubEstimate(60 * MB, 30 * MB); // 30 MB free: 12 MB of audio + 20 MB margin does not fit
  const audio = new Blob([new Uint8Array(12 * MB)]);
  await expect(
    createStudy({
      name: "Big",
      clips: [{ clip: { id: "a", name: "a.wav", duration: 1 }, blob: audio }],
    }),
  ).rejects.toThrow(
    "Could not save the new study: not enough storage for the new study: it needs about 12 MB plus 20 MB kept free, and this browser lets the site store only 30 MB more. Nothing was written, and everything already stored is intact.",
  );
  expect((await listStudies()).map((s) => s.id)).toEqual([kept]);
  // Add clips: the same rule.
  await expect(
    addClips(kept, [{ clip: { id: "a", name: "a.wav", duration: 1 }, blob: audio }]),
  ).rejects.toThrow("not enough storage for the clip");
  expect(await db.clips.count()).toBe(0);
  // A small one fits.
  await addClips(kept, [{ clip: { id: "b", name: "b.wav", duration: 1 }, blob: new Blob(["x"]) }]);
  expect(await db.clips.count()).toBe(1);
});

test("low on space: under 50 MB left", async () => {
  stubEstimate(100 * MB, 51 * MB);
  expect(await lowOnSpace()).toEqual({ available: 49 * MB, quota: 100 * MB });
  stubEstimate(100 * MB, 49 * MB);
  expect(await lowOnSpace()).toBeNull();
});

test("the trial asks for the exact size, writes nothing, and always removes its file", async () => {
  let log = stubDisk(1024 * MB, 0, 3 * MB);
  expect(await probeWrite(3 * MB)).toBe("fits");
  expect(await probeWrite(3 * MB + 1)).toBe("full");
  expect(log.asked).toEqual([3 * MB, 3 * MB + 1]);
  expect(log.written).toBe(0);
  expect(log.aborted).toBe(2);
  expect(log.removed).toEqual([PROBE_FILE, PROBE_FILE]);
  log = stubDisk(1024 * MB, 0, 0);
  expect(await probeWrite(1)).toBe("full");
  vi.stubGlobal("navigator", { storage: {} });
  expect(await probeWrite(1)).toBe("unknown");
});

test("a disk smaller than the quota says: the trial write refuses what the estimate allows", async () => {
  const kept = await createStudy({ name: "Kept" });
  // Chromium on a 48 MB disk: a 1 GB quota, but room for 30 MB only.
  stubDisk(1024 * MB, 0, 30 * MB);
  const audio = new Blob([new Uint8Array(12 * MB)]);
  await expect(
    createStudy({
      name: "Big",
      clips: [{ clip: { id: "a", name: "a.wav", duration: 1 }, blob: audio }],
    }),
  ).rejects.toThrow(
    "Could not save the new study: not enough storage for the new study: it needs about 12 MB plus 20 MB kept free, and the disk does not have that much room left (a trial write of 32 MB was refused). Nothing was written, and everything already stored is intact.",
  );
  expect((await listStudies()).map((s) => s.id)).toEqual([kept]);
  // 8 MB + 20 MB = 28 MB fits in 30.
  await createStudy({
    name: "Fits",
    clips: [
      { clip: { id: "a", name: "a.wav", duration: 1 }, blob: new Blob([new Uint8Array(8 * MB)]) },
    ],
  });
  expect(await db.studies.count()).toBe(2);
});

test("low on space by the trial write, repeated at most every five minutes", async () => {
  const log = stubDisk(1024 * MB, 0, 40 * MB);
  expect(await lowOnSpace(0)).toEqual({ available: 1024 * MB, quota: 1024 * MB, byTrial: true });
  expect(log.removed).toHaveLength(1);
  expect(await lowOnSpace(TRIAL_EVERY_MS - 1)).toMatchObject({ byTrial: true });
  expect(log.removed).toHaveLength(1); // not tried again yet
  stubDisk(1024 * MB, 0, LOW_SPACE_BYTES);
  expect(await lowOnSpace(TRIAL_EVERY_MS)).toBeNull(); // tried again: 50 MB fit now
});
