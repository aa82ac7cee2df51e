// Several export files as one zip archive (fflate, stored in memory).
import { strToU8, type Zippable, zipSync } from "fflate";

/** "Version made by" host 3: Unix. Info-ZIP's unzip then takes the names as they are. */
const MADE_ON_UNIX = 3;
/** External attributes of a Unix entry: a regular file (0o100000), rw-r--r-- (0o644). */
const REGULAR_FILE_0644 = 0o100644 * 0x10000;

/**
 * A zip of `files` (path inside the archive → UTF-8 text), deflated, in key order. Entries are
 * marked as made on Unix with mode 0644, and fflate sets the UTF-8 flag (general purpose bit
 * 11) on every name that is not plain ASCII, so `unzip` writes `日本.TextGrid`, not mojibake.
 * Callers pass names made by `safeFileName` (formats/names.ts).
 */
export function zipTextFiles(
  files: Record<string, string>,
  mtime = new Date(),
): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {};
  for (const [path, text] of Object.entries(files)) {
    entries[path] = [
      strToU8(text),
      { level: 6, mtime, os: MADE_ON_UNIX, attrs: REGULAR_FILE_0644 },
    ];
  }
  return zipSync(entries);
}
