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

const ASCII_WORD = /[a-z0-9']+/g;
// Words of a-z, 0-9 and ' joined by single spaces, no space at either end: a text already as
// normaliseText leaves it (a transcript typed in lower case, most clip texts).
const NORMAL_WORDS = /^[a-z0-9']+(?: [a-z0-9']+)*$/;

/**
 * The words of a raw text after normalisation (tokensOf's word unit): a text already normal is
 * split at its spaces (the same words: its runs of a-z, 0-9 and '); other plain ASCII gives the
 * runs of a-z, 0-9 and ' in the lower-cased text (one match, no intermediate strings); anything
 * else takes normaliseText.
 */
export function wordsOf(text: string): string[] {
  if (NORMAL_WORDS.test(text)) return text.split(" ");
  if (NOT_PLAIN_ASCII.test(text)) return tokensOfNormalised(normaliseText(text));
  return text.toLowerCase().match(ASCII_WORD) ?? [];
}
