import { beforeEach, expect, test, vi } from "vitest";
import { useNotices } from "../stores/notices.ts";
import {
  PERSIST_DENIED_MESSAGE,
  requestPersistentStorage,
  resetPersistRequest,
} from "./persist.ts";

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

test("denied: a dismissible info note", async () => {
  const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => false) };
  expect(await requestPersistentStorage(storage)).toBe("denied");
  expect(useNotices.getState().notices).toMatchObject([
    { kind: "info", message: PERSIST_DENIED_MESSAGE },
  ]);
});

test("no StorageManager: unsupported, no note", async () => {
  expect(await requestPersistentStorage(undefined)).toBe("unsupported");
  expect(useNotices.getState().notices).toEqual([]);
});
