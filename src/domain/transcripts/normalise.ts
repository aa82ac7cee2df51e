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

/** Characters of a word coded in one number: at most 10, as digits 1–37 in base 38 (below 2^53). */
const CODED_CHARACTERS = 10;
const BASE = 38;

/**
 * Tokens as numbers, equal exactly when the tokens are, so that aligning compares numbers: a
 * word of at most 10 characters of a-z, 0-9 and ' is its characters as base-38 digits (a-z 1–26,
 * 0-9 27–36, ' 37; exact, and no two such words share one), and any other token is a number of
 * its own counted down from −1, the same for the same token.
 *
 * `ofText` reads a plain ASCII text's words straight from its characters, the same words as
 * wordsOf (the runs of a-z, 0-9 and ' once A-Z are lower case), without making a string of
 * each; any other text, and the character unit, take tokensOf.
 */
export class TokenCodes {
  /** The last text's tokens (ofText): codes[0 … length − 1]. */
  codes = new Float64Array(64);
  private readonly others = new Map<string, number>();

  /** A token's number. */
  of(token: string): number {
    if (token.length <= CODED_CHARACTERS) {
      let code = 0;
      for (let i = 0; i < token.length; i++) {
        const digit = digitOf(token.charCodeAt(i));
        if (digit === 0) return this.other(token);
        code = code * BASE + digit;
      }
      if (code > 0) return code;
    }
    return this.other(token);
  }

  /** The tokens of a raw text (tokensOf's) into `codes`; how many. */
  ofText(text: string, unit: TokenUnit): number {
    const plain = unit === "word" ? this.plainWords(text) : -1;
    if (plain >= 0) return plain;
    const tokens = tokensOf(text, unit);
    this.room(tokens.length);
    for (let i = 0; i < tokens.length; i++) this.codes[i] = this.of(tokens[i] as string);
    return tokens.length;
  }

  /** A plain ASCII text's words into `codes` (how many), or −1 for any other text. */
  private plainWords(text: string): number {
    // A text of L characters has at most (L + 1) / 2 words.
    this.room((text.length + 1) >> 1);
    const codes = this.codes;
    let count = 0;
    let code = 0;
    let length = 0;
    for (let i = 0; i <= text.length; i++) {
      const ch = i < text.length ? text.charCodeAt(i) : 0x20;
      const digit = ch < 0x80 ? (ASCII_DIGITS[ch] as number) : NOT_PLAIN;
      if (digit === NOT_PLAIN) return -1;
      if (digit !== 0) {
        code = code * BASE + digit;
        length++;
      } else if (length > 0) {
        codes[count++] =
          length <= CODED_CHARACTERS ? code : this.other(text.slice(i - length, i).toLowerCase());
        code = 0;
        length = 0;
      }
    }
    return count;
  }

  private other(token: string): number {
    let code = this.others.get(token);
    if (code === undefined) {
      code = -(this.others.size + 1);
      this.others.set(token, code);
    }
    return code;
  }

  private room(length: number): void {
    if (this.codes.length < length) {
      this.codes = new Float64Array(Math.max(length, 2 * this.codes.length));
    }
  }
}

/** A character's base-38 digit in a coded word (a-z 1–26, 0-9 27–36, ' 37), 0 for any other. */
function digitOf(ch: number): number {
  if (ch >= 0x61 && ch <= 0x7a) return ch - 0x60;
  if (ch >= 0x30 && ch <= 0x39) return ch - 0x30 + 27;
  return ch === 0x27 ? 37 : 0;
}

/** ASCII_DIGITS' mark of a character only the general path normalises. */
const NOT_PLAIN = 255;

/**
 * Per ASCII character, as a plain text's words read it: its digit (digitOf, A-Z as a-z), 0 for
 * a character between words, NOT_PLAIN for a control character other than tab and line breaks,
 * and for DEL (NOT_PLAIN_ASCII's).
 */
const ASCII_DIGITS = Uint8Array.from({ length: 0x80 }, (_, ch) => {
  if (NOT_PLAIN_ASCII.test(String.fromCharCode(ch))) return NOT_PLAIN;
  return digitOf(ch >= 0x41 && ch <= 0x5a ? ch | 0x20 : ch);
});
