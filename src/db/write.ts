// Every write to the database goes through `runWrite`, so that a failure is shown to the person
// using the app (a notice in the app shell's aria-live region) and never swallowed: the error is
// also rethrown, so the caller can react (keep a dialog open, undo an optimistic change, …).
// How a message is shown is the app's business: it registers it with setNoticeReporter
// (src/app/connect.ts), so this layer imports no UI state.

/**
 * What a notice is about, for a UI that shows it in another language (the English `message` is
 * the fallback): a failed write (`label` as given to runWrite, `error` the error's own words),
 * or the database changed by another tab.
 */
import { errorMessage } from "../domain/util/errorText.ts";

export { errorMessage };
export type NoticeDetail =
  | { kind: "saveFailed" | "storageFull"; label: string; error: string }
  | { kind: "newerVersion" | "databaseDeleted" };

export type NoticeReporter = (
  kind: "error" | "info",
  message: string,
  detail?: NoticeDetail,
) => void;

let reporter: NoticeReporter = () => undefined;

/** Sets how the database layer's messages reach the person (the app shell's notices). */
export function setNoticeReporter(report: NoticeReporter): void {
  reporter = report;
}

/** Shows a message through the registered reporter. */
export function notify(kind: "error" | "info", message: string, detail?: NoticeDetail): void {
  reporter(kind, message, detail);
}

/** A clear message for a failed write. Storage-full errors get their own wording. */
export function describeWriteError(label: string, error: unknown): string {
  if (isQuotaError(error)) {
    return `Storage is full: could not save ${label}. Free space by deleting studies you no longer need (export them first), then try again.`;
  }
  return `Could not save ${label}: ${errorMessage(error)}`;
}

/** True for QuotaExceededError, also when Dexie wraps it (AbortError with an inner error). */
export function isQuotaError(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === "QuotaExceededError") return true;
    e = (e as { inner?: unknown }).inner;
  }
  return false;
}

/** An error thrown by `runWrite`: `message` is the user-facing text, `cause` the original. */
export class WriteError extends Error {
  override name = "WriteError";
  readonly quota: boolean;
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.quota = isQuotaError(cause);
  }
}

/**
 * Runs a write (usually one `db.transaction("rw", …)`). On failure it pushes an error notice
 * ("Could not save <label>: …" or "Storage is full: …") and rethrows it as a `WriteError`
 * carrying that message, with the original error as `cause`.
 */
export async function runWrite<T>(label: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const message = describeWriteError(label, error);
    notify("error", message, {
      kind: isQuotaError(error) ? "storageFull" : "saveFailed",
      label,
      error: errorMessage(error),
    });
    throw new WriteError(message, error);
  }
}
