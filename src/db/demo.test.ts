import { readFileSync } from "node:fs";
import { beforeEach, expect, test, vi } from "vitest";
import { useNotices } from "../stores/notices.ts";
import { db } from "./db.ts";
import { demoClipIds, ensureDemoStudy, parseSentences } from "./demo.ts";
import { getClipAudio, getStudy, listClips } from "./repo.ts";

/** Serves public/ from disk, like the built app's static server; counts requests. */
function diskFetch() {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (url: string) => {
    calls.push(url);
    try {
      return new Response(readFileSync(`public${url}`));
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
  return { fetchImpl, calls };
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  useNotices.getState().clear();
});

test("demo clip ids go sentence by sentence, four voices each", () => {
  const ids = demoClipIds();
  expect(ids).toHaveLength(20);
  expect(ids.slice(0, 5)).toEqual([
    "s01_human",
    "s01_espeak",
    "s01_flite",
    "s01_festival",
    "s02_human",
  ]);
});

test("parseSentences reads the TSV", () => {
  expect(parseSentences("s01\tand so\r\ns02\the was\n\n")).toEqual({
    s01: "and so",
    s02: "he was",
  });
});

test("creates the demo study with 20 clips, exact durations and stored audio", async () => {
  const { fetchImpl } = diskFetch();
  expect(await ensureDemoStudy({ fetch: fetchImpl, baseUrl: "/", force: true })).toBe("created");
  const study = await getStudy("demo");
  expect(study).toMatchObject({ name: "Demo: 5 sentences × 4 voices", requireRating: true });
  expect(study?.extra.instructions).toMatch(/^Listen to the whole clip\. Drag across every part/);
  expect((study?.extra.sentences as Record<string, string> | undefined)?.s02).toBe(
    "he was not an ill disposed young man",
  );
  const clips = await listClips("demo");
  expect(clips.map((c) => c.id)).toEqual(demoClipIds());
  const first = clips[0];
  // s01_human.wav: 227 244 bytes − 44 header bytes = 113 600 frames at 16 kHz = 7.1 s.
  expect(first).toMatchObject({
    id: "s01_human",
    name: "s01_human.wav",
    system: "human",
    sentence: "s01",
    isReference: true,
    duration: 7.1,
    order: 0,
  });
  expect(clips.filter((c) => c.isReference).map((c) => c.id)).toEqual([
    "s01_human",
    "s02_human",
    "s03_human",
    "s04_human",
    "s05_human",
  ]);
  expect(new Set(clips.map((c) => c.system))).toEqual(
    new Set(["human", "espeak", "flite", "festival"]),
  );
  // Every demo file is 16 kHz mono 16-bit with a 44-byte header: (size − 44) / 2 frames.
  for (const c of clips) {
    const size = readFileSync(`public/audio/${c.id}.wav`).length;
    expect(c.duration, c.id).toBe((size - 44) / 2 / 16000);
  }
  const audio = await getClipAudio("demo", "s02_espeak");
  expect(audio?.size).toBe(70172);
});

test("concurrent and repeated calls create it once", async () => {
  const { fetchImpl } = diskFetch();
  const results = await Promise.all([
    ensureDemoStudy({ fetch: fetchImpl, baseUrl: "/", force: true }),
    ensureDemoStudy({ fetch: fetchImpl, baseUrl: "/", force: true }),
  ]);
  expect(results).toEqual(["created", "created"]); // one shared promise in one tab
  expect(await ensureDemoStudy({ fetch: fetchImpl, baseUrl: "/", force: true })).toBe("exists");
  expect(await listClips("demo")).toHaveLength(20);
  expect(fetchImpl).toHaveBeenCalledTimes(21); // 20 WAVs + sentences.tsv, once
});

test("a missing file stores nothing and shows an error notice", async () => {
  const { fetchImpl } = diskFetch();
  await expect(
    ensureDemoStudy({ fetch: fetchImpl, baseUrl: "/nowhere/", force: true }),
  ).rejects.toThrow(
    "Could not save the demo study: could not load /nowhere/audio/sentences.tsv (HTTP 404)",
  );
  expect(await getStudy("demo")).toBeUndefined();
  expect(await db.clips.count()).toBe(0);
  expect(useNotices.getState().notices).toHaveLength(1);
});
