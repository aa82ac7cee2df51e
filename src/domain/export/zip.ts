// Several export files as one zip archive (fflate, stored in memory).
import { strToU8, type Zippable, zipSync } from "fflate";

/** A zip of `files` (path inside the archive → UTF-8 text), deflated, in key order. */
export function zipTextFiles(
  files: Record<string, string>,
  mtime = new Date(),
): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {};
  for (const [path, text] of Object.entries(files)) {
    entries[path] = [strToU8(text), { level: 6, mtime }];
  }
  return zipSync(entries);
}
