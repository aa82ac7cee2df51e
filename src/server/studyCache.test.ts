// The study cache (studyCache.ts): a study's first participants, arriving together, read it
// from the database once between them; a publish leaves the new version in the cache, so the
// next request reads only the version; a request that read a newer version than a read under
// way reads the study again. Against PGlite in a temporary folder.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { studyFile } from "../../tests/server/fixtures.ts";
import { openMigratedPglite } from "../../tests/server/pgliteTemplate.ts";
import { versionTag } from "../domain/api/endpoints.ts";
import { migrate } from "./migrations.ts";
import type { Store } from "./store.ts";
import { publishStudy } from "./studies.ts";
import { currentStudy, studyAt } from "./studyCache.ts";

let dir: string;
let store: Store;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-study-cache-"));
  store = await openMigratedPglite(path.join(dir, "db"));
  await migrate(store);
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The store with a cache of its own, counting the statements that read a whole study. */
function counting(): { store: Store; reads: () => number } {
  let reads = 0;
  const counted: Store = {
    ...store,
    query: (text, params) => {
      if (text.includes("s.file")) reads++;
      return store.query(text, params);
    },
  };
  return { store: counted, reads: () => reads };
}

/** Publishes (again: with If-Match, the version read from the shared store, uncounted). */
async function publish(on: Store, id: string, sentences: number) {
  const [row] = await store.query<{ version: number }>(
    "SELECT version FROM studies WHERE id = $1",
    [id],
  );
  const file = studyFile(id, sentences, ["A", "B"]);
  const audio = Object.fromEntries(
    file.clips.map((c) => [
      c.id,
      { sha256: createHash("sha256").update(c.id).digest("hex"), mime: "audio/wav" },
    ]),
  );
  return publishStudy(
    on,
    { file, settings: { clipsPerParticipant: 2, ratingsPerClip: 1 }, audio },
    row ? versionTag(row.version) : undefined,
  );
}

test("32 requests at once on a cold cache read the study once, and share what it read", async () => {
  await publish(store, "herd", 3);
  const [{ version }] = (await store.query<{ version: number }>(
    "SELECT version FROM studies WHERE id = 'herd'",
  )) as [{ version: number }];
  const cold = counting();
  const studies = await Promise.all(
    Array.from({ length: 32 }, () => studyAt(cold.store, cold.store, "herd", version)),
  );
  expect(cold.reads()).toBe(1);
  expect(new Set(studies).size).toBe(1);
  expect(studies[0]?.version).toBe(version);
  expect(studies[0]?.clips.map((c) => c.id)).toHaveLength(9); // 3 sentences × (human, A, B)
  // Cached: no more reads.
  await studyAt(cold.store, cold.store, "herd", version);
  expect(cold.reads()).toBe(1);
});

test("a publish leaves its version in the cache; a newer version than the read under way is read again", async () => {
  const own = counting();
  await publish(own.store, "again", 2);
  const first = await currentStudy(own.store, "again");
  expect(own.reads()).toBe(1); // by the publish, not by currentStudy
  expect(first.clips).toHaveLength(6);
  // A read under way (of the first version) when a request finds a newer one: read again.
  const other = counting();
  const underWay = studyAt(other.store, other.store, "again", first.version);
  await publish(store, "again", 3);
  const now = await currentStudy(store, "again");
  expect(now.version).toBeGreaterThan(first.version);
  const newer = await studyAt(other.store, other.store, "again", now.version);
  expect((await underWay).version).toBeLessThanOrEqual(newer.version);
  expect(newer.version).toBe(now.version);
  expect(newer.clips).toHaveLength(9);
});
