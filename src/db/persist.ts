// Asks the browser once per start-up to keep this site's storage (IndexedDB) persistent, so
// that it is not evicted when the disk runs low. Granted: nothing is shown. Denied: a small
// dismissible note suggests exporting work regularly.
import { notify } from "../stores/notices.ts";

export type PersistResult = "granted" | "denied" | "unsupported";

export const PERSIST_DENIED_MESSAGE =
  "This browser did not grant persistent storage, so it may clear stored studies when disk space runs low. Export your annotations regularly.";

let asked: Promise<PersistResult> | undefined;

/** Requests persistent storage (once per page load) and shows a note when it is denied. */
export function requestPersistentStorage(
  storage: Pick<StorageManager, "persist" | "persisted"> | undefined = globalThis.navigator
    ?.storage,
): Promise<PersistResult> {
  asked ??= (async () => {
    if (!storage?.persist) return "unsupported";
    try {
      if (await storage.persisted?.()) return "granted";
      const granted = await storage.persist();
      if (!granted) notify("info", PERSIST_DENIED_MESSAGE);
      return granted ? "granted" : "denied";
    } catch {
      return "unsupported";
    }
  })();
  return asked;
}

/** For tests: forget that persistence was asked. */
export function resetPersistRequest() {
  asked = undefined;
}
