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
// `navigator.storage.estimate()` answers from the browser's own accounting (quota is a share
// of the disk). Where a browser has no estimate, nothing is refused.

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
  const estimate = await estimateSpace();
  if (!estimate) return;
  const margin = Math.max(MARGIN_BYTES, bytes / 4);
  if (bytes + margin <= estimate.available) return;
  throw new NotEnoughSpaceError(
    `not enough storage for ${what}: it needs about ${mb(bytes)} plus ${mb(margin)} kept free, and this browser lets the site store only ${mb(estimate.available)} more. Nothing was written, and everything already stored is intact. Free space (delete studies you no longer need after exporting them, or free disk space), then try again.`,
  );
}

/** True when the site can store less than LOW_SPACE_BYTES more. */
export async function lowOnSpace(): Promise<SpaceEstimate | null> {
  const estimate = await estimateSpace();
  return estimate && estimate.available < LOW_SPACE_BYTES ? estimate : null;
}
