// The storage check before large writes, with the browser's estimate stubbed: a write that
// would not fit with the margin is refused before anything is written, with what it needs
// and what is free; everything stored before is intact.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { useNotices } from "../stores/notices.ts";
import { db } from "./db.ts";
import { addClips, createStudy, listStudies } from "./repo.ts";
import { bytesNeeded, lowOnSpace, MARGIN_BYTES, requireSpace } from "./space.ts";

const MB = 1024 * 1024;

function stubEstimate(quota: number, usage: number) {
  vi.stubGlobal("navigator", { storage: { estimate: async () => ({ quota, usage }) } });
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  useNotices.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

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
