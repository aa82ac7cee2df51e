import { beforeEach, expect, test, vi } from "vitest";
import { useNotices } from "../stores/notices.ts";
import { useStorageStatus } from "../stores/storage.ts";
import { requestPersistentStorage, resetPersistRequest } from "./persist.ts";

beforeEach(() => {
  resetPersistRequest();
  useNotices.getState().clear();
});

test("granted: asks once and shows nothing", async () => {
  const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
  expect(await requestPersistentStorage(storage)).toBe("granted");
  expect(await requestPersistentStorage(storage)).toBe("granted");
  expect(storage.persist).toHaveBeenCalledTimes(1);
  expect(useNotices.getState().notices).toEqual([]);
});

test("already persisted: does not ask again", async () => {
  const storage = { persisted: vi.fn(async () => true), persist: vi.fn(async () => true) };
  expect(await requestPersistentStorage(storage)).toBe("granted");
  expect(storage.persist).not.toHaveBeenCalled();
});

test("denied: recorded for the header's indicator, no toast over the page", async () => {
  const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => false) };
  expect(await requestPersistentStorage(storage)).toBe("denied");
  expect(useStorageStatus.getState().persistence).toBe("denied");
  expect(useNotices.getState().notices).toEqual([]);
});

test("no StorageManager: unsupported, no note", async () => {
  expect(await requestPersistentStorage(undefined)).toBe("unsupported");
  expect(useStorageStatus.getState().persistence).toBe("unsupported");
  expect(useNotices.getState().notices).toEqual([]);
});
