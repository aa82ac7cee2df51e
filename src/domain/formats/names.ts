// File names for exports: per-clip files are named after the clip's audio file (so that
// `N18_30001.txt` sits beside `N18_30001.wav`), made safe for every file system.
import type { AnnotationFile, Clip } from "../interchange/types.ts";

/** Characters no common file system accepts, control characters included. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g;

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): invisible, and able to make
 * `txt.exe` look like `exe.txt` in a file manager. They are removed.
 */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Names Windows reserves for devices, alone or before an extension ("con.txt"). */
const WINDOWS_RESERVED =
  /^(con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3])(\.|$)/i;

/**
 * The longest file name stem we write, in UTF-8 bytes. File systems allow 255 bytes per name
 * (ext4, APFS, NTFS in UTF-16 units); 200 leaves room for the longest extension we add
 * (`.TextGrid`) and for a `-<id>` that tells two clips of the same name apart.
 */
export const MAX_STEM_BYTES = 200;

const utf8 = new TextEncoder();

/** FNV-1a, 32 bits, of the text's UTF-8 bytes, in base 36: a short stable fingerprint. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (const byte of utf8.encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(7, "0");
}

/** `text` cut to at most `bytes` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, bytes: number): string {
  let out = "";
  let used = 0;
  for (const ch of text) {
    const size = utf8.encode(ch).length;
    if (used + size > bytes) break;
    out += ch;
    used += size;
  }
  return out;
}

/** `name` without directories and without its last extension ("a/b.x.wav" → "b.x"). */
export function stripExtension(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? name;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * A file name (or stem) every common file system and unzip tool accepts, never empty:
 * bidirectional controls removed; characters file systems refuse and control characters
 * replaced with "_"; no leading dot; no trailing dot or space (Windows drops them); a name
 * Windows reserves for a device (CON, PRN, AUX, NUL, COM1–9, LPT1–9) gets a "_" in front; and
 * a name longer than MAX_STEM_BYTES is cut there, ending in "~" and a fingerprint of the whole
 * name, so two long names that start alike still get different, stable names.
 */
export function safeFileName(text: string): string {
  let safe = text
    .replace(BIDI, "")
    .replace(UNSAFE, "_")
    .trim()
    .replace(/^\.+/, "_")
    .replace(/[. ]+$/, "_");
  if (WINDOWS_RESERVED.test(safe)) safe = `_${safe}`;
  if (utf8.encode(safe).length > MAX_STEM_BYTES) {
    const tail = `~${fingerprint(text)}`;
    safe = `${cutToBytes(safe, MAX_STEM_BYTES - tail.length)}${tail}`;
  }
  return safe || "_";
}

/**
 * Each clip's file stem: its name without extension, made safe; when two clips would share a
 * stem (case-insensitively), every one of them gets its id appended ("take-c2").
 */
export function clipFileStems(clips: readonly Clip[]): Map<string, string> {
  const stems = clips.map((c) => safeFileName(stripExtension(c.name)));
  const counts = new Map<string, number>();
  for (const s of stems) counts.set(s.toLowerCase(), (counts.get(s.toLowerCase()) ?? 0) + 1);
  const result = new Map<string, string>();
  clips.forEach((clip, i) => {
    const stem = stems[i] ?? clip.id;
    const clash = (counts.get(stem.toLowerCase()) ?? 0) > 1;
    result.set(clip.id, clash ? safeFileName(`${stem}-${clip.id}`) : stem);
  });
  return result;
}

/** Ids of the annotators with an annotation (a submission or a region) on the clip, sorted. */
export function annotatorsOfClip(file: AnnotationFile, clipId: string): string[] {
  const ids = new Set<string>();
  for (const s of file.submissions) if (s.clipId === clipId) ids.add(s.annotatorId);
  for (const r of file.regions) if (r.clipId === clipId) ids.add(r.annotatorId);
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Clips with at least one annotation, in file order. */
export function annotatedClips(file: AnnotationFile): Clip[] {
  const ids = new Set<string>();
  for (const s of file.submissions) ids.add(s.clipId);
  for (const r of file.regions) ids.add(r.clipId);
  return file.clips.filter((c) => ids.has(c.id));
}

/** Integer microseconds, the time base of the statistics (docs/spec/statistics.md). */
export { us } from "../study/spans.ts";

/**
 * The reasons given to each region, over all its labellers, deduplicated: taxonomy order
 * first, then any id the taxonomy does not list, alphabetically.
 */
export function reasonsByRegion(file: AnnotationFile): Map<string, string[]> {
  const rank = new Map(file.taxonomy.map((t, i) => [t.id, i]));
  const sets = new Map<string, Set<string>>();
  for (const l of file.reasonLabels) {
    const set = sets.get(l.regionId) ?? new Set<string>();
    for (const r of l.reasons) set.add(r);
    sets.set(l.regionId, set);
  }
  const result = new Map<string, string[]>();
  for (const [regionId, set] of sets) {
    result.set(
      regionId,
      [...set].sort((a, b) => {
        const ra = rank.get(a) ?? Number.POSITIVE_INFINITY;
        const rb = rank.get(b) ?? Number.POSITIVE_INFINITY;
        return ra !== rb ? ra - rb : a < b ? -1 : a > b ? 1 : 0;
      }),
    );
  }
  return result;
}
