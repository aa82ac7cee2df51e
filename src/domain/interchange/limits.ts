// What a transcript may be, wherever one is read (interchange files, the transcripts CSV, a
// recogniser's output, the collection server): bounded in length, no control characters but
// the whitespace ones. Tab, line feed and carriage return are whitespace, as the scoring's
// normalisation makes every non-letter a space (docs/spec/statistics.md): published crowd data
// (VLDB 2021's) has line breaks inside transcripts, and a file or CSV carrying them is read.

/** The longest transcript kept, in UTF-16 code units (a SUS sentence is a few dozen words). */
export const MAX_TRANSCRIPT_LENGTH = 2000;

/** The longest clip text kept. */
export const MAX_CLIP_TEXT_LENGTH = 10000;

/** C0 and C1 control characters and DEL, but tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this is the list of them
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * The index of the first C0 or C1 control character or DEL that is not whitespace (tab, line
 * feed, carriage return), or -1: one search by the regular expression engine, which needs no
 * warming up (a file's 100,000 transcripts are each checked once as it is read).
 */
function firstControl(text: string): number {
  return text.search(CONTROL_CHARACTER);
}

/** Why `text` cannot be a transcript, or null when it can. */
export function transcriptProblem(text: string, limit = MAX_TRANSCRIPT_LENGTH): string | null {
  if (text.length > limit) {
    return `is ${text.length} characters long; a transcript may have at most ${limit}`;
  }
  const at = firstControl(text);
  if (at >= 0) {
    const code = text.charCodeAt(at).toString(16).padStart(4, "0").toUpperCase();
    return `contains a control character (U+${code} at position ${at + 1})`;
  }
  return null;
}
