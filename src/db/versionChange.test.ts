import { afterEach, expect, test } from "vitest";
import { useNotices } from "../stores/notices.ts";
import { RedPenDB } from "./db.ts";
import { NEWER_VERSION_MESSAGE, watchForNewerVersion } from "./versionChange.ts";

const NAME = "redpen-versionchange-test";
afterEach(async () => {
  useNotices.getState().clear();
  await new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(NAME);
    req.onsuccess = req.onerror = req.onblocked = resolve;
  });
});

test("another tab's upgrade is not blocked, and this tab is told to reload", async () => {
  const mine = new RedPenDB(NAME);
  watchForNewerVersion(mine);
  await mine.studies.put({
    id: "s1",
    name: "Kept",
    binSeconds: 0.1,
    taxonomy: [],
    requireRating: false,
    createdAt: "2026-11-22T00:00:00.000Z",
    extra: {},
  });
  const installed = mine.backendDB().version;

  // What a newer release in another tab does: open the same database at a higher version.
  const newer = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(NAME, installed + 10);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("the upgrade was blocked by this tab"));
  });
  expect(newer.version).toBe(installed + 10);
  expect(mine.isOpen()).toBe(false);
  expect(useNotices.getState().notices.map((n) => [n.kind, n.message])).toEqual([
    ["error", NEWER_VERSION_MESSAGE],
  ]);
  // Nothing stored was lost by the upgrade.
  const row = await new Promise((resolve, reject) => {
    const req = newer.transaction("studies").objectStore("studies").get("s1");
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  expect(row).toMatchObject({ name: "Kept" });
  newer.close();
});
