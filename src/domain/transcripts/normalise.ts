// Words of a transcript as the statistics spec normalises them ("Transcriptions and
// intelligibility (WER)"): one home for the rule, used by scoring, aggregation and the exports.

/** The unit a transcript is scored in: words (space-separated) or characters (code points). */
export type TokenUnit = "word" | "character";

const APOSTROPHES = /[\u2019\u02bc]/g;
const NOT_WORD = /[^\p{L}\p{M}\p{N}']+/gu;
// Printable ASCII, tab and line breaks (other control characters take the general path).
const NOT_PLAIN_ASCII = /[^\t\n\r\x20-\x7e]/;
const NOT_ASCII_WORD = /[^a-z0-9']+/g;

/**
 * Unicode NFC, lower case, ’ and ʼ as ', every character that is not a letter, a mark, a number
 * or ' as a space, runs of spaces collapsed and the ends trimmed.
 */
export function normaliseText(text: string): string {
  // Plain ASCII (most transcripts) is already NFC and its letters and digits are a-z, 0-9: the
  // same result, without the Unicode-aware steps.
  if (!NOT_PLAIN_ASCII.test(text)) return text.toLowerCase().replace(NOT_ASCII_WORD, " ").trim();
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(APOSTROPHES, "'")
    .replace(NOT_WORD, " ")
    .trim();
}

/** The tokens of an already normalised text: its words, or its code points without spaces. */
export function tokensOfNormalised(normalised: string, unit: TokenUnit = "word"): string[] {
  if (normalised === "") return [];
  if (unit === "word") return normalised.split(" ");
  const out: string[] = [];
  for (const ch of normalised) if (ch !== " ") out.push(ch);
  return out;
}

/** The tokens of a raw text after normalisation. An empty text has none. */
export function tokensOf(text: string, unit: TokenUnit = "word"): string[] {
  if (unit === "word") return wordsOf(text);
  return tokensOfNormalised(normaliseText(text), unit);
}

/**
 * The words of a raw text after normalisation (tokensOf's word unit). Plain ASCII is cut into
 * its runs of a-z, 0-9 and ' in one pass over the lower-cased text (no intermediate strings);
 * anything else takes normaliseText.
 */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  let lower: string | undefined;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    if (letter || (c >= 48 && c <= 57) || c === 39) {
      if (start < 0) start = i;
      continue;
    }
    // Not plain ASCII (printable, tab, line breaks): the Unicode-aware rule.
    if (c > 0x7e || (c < 0x20 && c !== 9 && c !== 10 && c !== 13)) {
      return tokensOfNormalised(normaliseText(text));
    }
    if (start >= 0) {
      lower ??= text.toLowerCase();
      words.push(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push((lower ?? text.toLowerCase()).slice(start));
  return words;
}
