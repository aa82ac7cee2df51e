// Asks the browser once per start-up to keep this site's storage (IndexedDB) persistent, so
// that it is not evicted when the disk runs low. The answer goes to whoever registered with
// setPersistenceListener (the app puts it in src/stores/storage.ts); when it is "denied" the
// header shows a small indicator with PERSIST_DENIED_MESSAGE.

export type PersistResult = "granted" | "denied" | "unsupported";

let listener: (result: PersistResult | "unknown") => void = () => undefined;

/** Sets who hears the answer (and the reset to "unknown" in tests). */
export function setPersistenceListener(listen: (result: PersistResult | "unknown") => void): void {
  listener = listen;
}

export const PERSIST_DENIED_MESSAGE =
  "This browser did not grant persistent storage, so it may clear stored studies when disk space runs low. Export your annotations regularly.";

let asked: Promise<PersistResult> | undefined;

/** Requests persistent storage (once per page load) and shows a note when it is denied. */
export function requestPersistentStorage(
  storage: Pick<StorageManager, "persist" | "persisted"> | undefined = globalThis.navigator
    ?.storage,
): Promise<PersistResult> {
  asked ??= (async (): Promise<PersistResult> => {
    if (!storage?.persist) return "unsupported";
    try {
      if (await storage.persisted?.()) return "granted";
      return (await storage.persist()) ? "granted" : "denied";
    } catch {
      return "unsupported";
    }
  })().then((result) => {
    listener(result);
    return result;
  });
  return asked;
}

/** For tests: forget that persistence was asked. */
export function resetPersistRequest() {
  asked = undefined;
  listener("unknown");
}
