// What a transcript may be, wherever one is read (interchange files, the transcripts CSV, a
// recogniser's output, the collection server): bounded in length, no control characters but
// the whitespace ones. Tab, line feed and carriage return are whitespace, as the scoring's
// normalisation makes every non-letter a space (docs/spec/statistics.md): published crowd data
// (VLDB 2021's) has line breaks inside transcripts, and a file or CSV carrying them is read.

/** The longest transcript kept, in UTF-16 code units (a SUS sentence is a few dozen words). */
export const MAX_TRANSCRIPT_LENGTH = 2000;

/** The longest clip text kept. */
export const MAX_CLIP_TEXT_LENGTH = 10000;

/** The index of the first C0 or C1 control character or DEL that is not whitespace (tab, line
 * feed, carriage return), or -1. */
function firstControl(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return i;
  }
  return -1;
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
