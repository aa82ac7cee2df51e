// Annotations written by other tools (Praat, Audacity, ELAN, Label Studio), read into one
// neutral shape before they become spans of a study (toInterchange.ts). Each reader names the
// file and the line (or JSON path, or XML element) of anything it refuses.

/** One marked stretch as another tool wrote it: seconds, and the label as written. */
export interface ForeignSpan {
  start: number;
  end: number;
  label: string;
  /** Where in the file it was read ("line 12", "tier "w1", interval 3"), for messages. */
  where: string;
}

/** One annotator's spans: a TextGrid or ELAN tier, an Audacity label prefix, a Label Studio user. */
export interface ForeignTier {
  annotator: string;
  spans: ForeignSpan[];
}

/** The annotations of one audio file. */
export interface ForeignDocument {
  format: ForeignFormat;
  /** The file the annotations came from. */
  source: string;
  /** The audio file's name as the annotations give it (or the annotation file's own name). */
  audio: string;
  tiers: ForeignTier[];
  /** What was read but left out, said once per kind ("tier "events" is a point tier: left out"). */
  notes: string[];
}

export type ForeignFormat = "textgrid" | "audacity" | "eaf" | "label-studio";

export const FORMAT_NAMES: Record<ForeignFormat, string> = {
  textgrid: "Praat TextGrid",
  audacity: "Audacity labels",
  eaf: "ELAN",
  "label-studio": "Label Studio",
};

/** A file another tool wrote that cannot be read; the message names the file and the place. */
export class FormatError extends Error {
  override name = "FormatError";
  constructor(
    readonly file: string,
    readonly where: string,
    readonly detail: string,
  ) {
    super(`${file}: ${where ? `${where}: ` : ""}${detail}`);
  }
}

/**
 * Text from a file's bytes: UTF-16 (big- or little-endian) when it starts with that byte-order
 * mark (Praat writes UTF-16 BE when a label has a non-ASCII character), else UTF-8 (a UTF-8 mark
 * is dropped). Bytes that are not valid in the encoding are refused, naming the file.
 */
export function decodeText(bytes: Uint8Array, file: string): string {
  const [a, b] = [bytes[0], bytes[1]];
  const encoding =
    a === 0xfe && b === 0xff ? "utf-16be" : a === 0xff && b === 0xfe ? "utf-16le" : "utf-8";
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    throw new FormatError(file, "", `not readable as ${encoding.toUpperCase()} text`);
  }
}

/** The file name without folders and without its last extension, lower-cased, for matching. */
export function nameStem(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? name;
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).toLowerCase();
}
