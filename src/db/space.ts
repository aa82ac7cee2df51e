// How much the browser still lets this site store, and the one rule for refusing a large write
// that would not fit. Why it matters: when the disk fills up in the middle of an IndexedDB
// write, Chromium may give up on the site's whole database and start it empty on the next
// load, losing every study. So a large write (New study, Add clips, an import, audio for
// imported clips) is refused *before* it starts when it would not fit with a margin, and the
// crowd screen warns early (lowOnSpace) so annotators can download their work.
//
// The numbers:
// - what a write needs: audio blobs take their size; interchange records about 400 bytes each
//   (a region is ~150 bytes of JSON; IndexedDB stores keys, the value and index entries, and
//   its log-structured files need room to rewrite themselves);
// - the margin: at least 20 MB, or a quarter of what the write needs if more, stays free after
//   the write, for those rewrites and for the annotations that follow.
// Two checks, because neither is enough alone:
// - `navigator.storage.estimate()` answers from the browser's own accounting, but its quota
//   need not know the disk: Chromium reports a 1 GB quota on a 48 MB disk;
// - a trial (probeWrite): a scratch file in the origin private file system (OPFS) is extended
//   to the bytes needed plus the margin, without writing them, and deleted again. Chromium
//   checks such an extension against the disk's real free space (minus a reserve it keeps),
//   and OPFS files are not in IndexedDB, so a trial that does not fit harms no study.
// Where a browser has neither, nothing is refused.

export const MARGIN_BYTES = 20 * 1024 * 1024;
export const BYTES_PER_RECORD = 400;
/** Below this much room the crowd screen warns (about a day of annotation is far less). */
export const LOW_SPACE_BYTES = 50 * 1024 * 1024;

export interface SpaceEstimate {
  /** Bytes the site may still store: quota − usage. */
  available: number;
  quota: number;
}

/** The browser's estimate, or undefined when it gives none. */
export async function estimateSpace(): Promise<SpaceEstimate | undefined> {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage;
  if (!storage?.estimate) return undefined;
  try {
    const { quota, usage } = await storage.estimate();
    if (typeof quota !== "number" || typeof usage !== "number") return undefined;
    return { available: Math.max(0, quota - usage), quota };
  } catch {
    return undefined;
  }
}

const mb = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** The scratch file of the trial write, in the origin private file system. */
export const PROBE_FILE = "redpen-space-probe";

/**
 * Asks the browser for room for `bytes` without using any: a scratch file in the origin
 * private file system is opened for writing and truncated (extended) to `bytes`, then the
 * write is abandoned and the file removed. Chromium checks such an extension against the
 * disk's real free space (keeping a reserve) before it grants it, and the extension is sparse:
 * no data is written, so the trial never fills the disk itself (a trial that really wrote the
 * bytes could fill a nearly full disk and make IndexedDB fail, the very thing it guards
 * against). "fits" when granted, "full" when refused, "unknown" when this browser has no
 * origin private file system (or it failed for another reason).
 */
export async function probeWrite(bytes: number): Promise<"fits" | "full" | "unknown"> {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage;
  if (typeof storage?.getDirectory !== "function") return "unknown";
  let dir: FileSystemDirectoryHandle;
  try {
    dir = await storage.getDirectory();
  } catch {
    return "unknown";
  }
  let verdict: "fits" | "full" | "unknown" = "unknown";
  try {
    const file = await dir.getFileHandle(PROBE_FILE, { create: true });
    const writable = await file.createWritable();
    try {
      await writable.truncate(bytes);
      verdict = "fits";
    } catch (e) {
      verdict = isFullError(e) ? "full" : "unknown";
    } finally {
      await writable.abort().catch(() => undefined);
    }
  } catch (e) {
    verdict = isFullError(e) ? "full" : "unknown";
  } finally {
    await dir.removeEntry(PROBE_FILE).catch(() => undefined);
  }
  return verdict;
}

function isFullError(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  return name === "QuotaExceededError" || name === "NoModificationAllowedError";
}

/** Thrown by requireSpace: `name` is what the write was for. */
export class NotEnoughSpaceError extends Error {
  override name = "NotEnoughSpaceError";
}

/** The bytes a write of `blobBytes` of audio and `records` interchange records needs. */
export function bytesNeeded(blobBytes: number, records: number): number {
  return blobBytes + records * BYTES_PER_RECORD;
}

/**
 * Resolves when `bytes` fit with the margin; throws NotEnoughSpaceError with a message saying
 * how much is needed and free otherwise. `what` names the write ("the new study").
 */
export async function requireSpace(bytes: number, what: string): Promise<void> {
  const margin = Math.max(MARGIN_BYTES, bytes / 4);
  const estimate = await estimateSpace();
  const after =
    "Nothing was written, and everything already stored is intact. Free space (delete studies you no longer need after exporting them, or free disk space), then try again.";
  if (estimate && bytes + margin > estimate.available) {
    throw new NotEnoughSpaceError(
      `not enough storage for ${what}: it needs about ${mb(bytes)} plus ${mb(margin)} kept free, and this browser lets the site store only ${mb(estimate.available)} more. ${after}`,
    );
  }
  if ((await probeWrite(bytes + margin)) === "full") {
    throw new NotEnoughSpaceError(
      `not enough storage for ${what}: it needs about ${mb(bytes)} plus ${mb(margin)} kept free, and the disk does not have that much room left (a trial write of ${mb(bytes + margin)} was refused). ${after}`,
    );
  }
}

/**
 * What is known of the room left when it is under LOW_SPACE_BYTES, else null: by the
 * browser's estimate, or, where the estimate says there is room, by a trial write of
 * LOW_SPACE_BYTES (`available` is then the estimate's figure, which overstates the room, so
 * `byTrial` is set and the warning does not quote it).
 */
export async function lowOnSpace(
  now = Date.now(),
): Promise<(SpaceEstimate & { byTrial?: boolean }) | null> {
  const estimate = await estimateSpace();
  if (estimate && estimate.available < LOW_SPACE_BYTES) return estimate;
  // The trial is cheap (nothing is written), but once every few minutes is enough.
  if (lastTrial === undefined || now - lastTrial.at >= TRIAL_EVERY_MS) {
    lastTrial = { at: now, full: (await probeWrite(LOW_SPACE_BYTES)) === "full" };
  }
  if (lastTrial.full) {
    return { available: estimate?.available ?? 0, quota: estimate?.quota ?? 0, byTrial: true };
  }
  return null;
}

/** How often lowOnSpace repeats its trial write. */
export const TRIAL_EVERY_MS = 5 * 60 * 1000;
let lastTrial: { at: number; full: boolean } | undefined;

/** Forgets the last trial (tests). */
export function resetSpaceTrial(): void {
  lastTrial = undefined;
}
