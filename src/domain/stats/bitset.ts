// Bin vectors packed 32 bins to a word, for the one-pass analysis: an annotation's K bins take
// ceil(K / 32) words, bin k being bit (k & 31) of word (k >>> 5). Counting marked bins, bins two
// annotators both marked, or bins anyone / everyone marked is then a popcount per word.
import { ceilDiv, floorDiv } from "./time.ts";

/** Words needed for `bins` bins. */
export function wordCount(bins: number): number {
  return (bins + 31) >>> 5;
}

/**
 * Number of 1 bits of a 32-bit word (signed or unsigned: the same bits). The first step is
 * taken modulo 2^32 (`| 0`), so that words with the top bit set stay small integers.
 */
export function popcount(word: number): number {
  let v = (word - ((word >>> 1) & 0x55555555)) | 0;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * popcount(x) + popcount(y), the two words' counts of 2-bit fields added once they fit in 4
 * bits (at most 4 + 4 per nibble), so that the last steps are made once.
 */
export function popcountOfTwo(x: number, y: number): number {
  let u = (x - ((x >>> 1) & 0x55555555)) | 0;
  let v = (y - ((y >>> 1) & 0x55555555)) | 0;
  u = (u & 0x33333333) + ((u >>> 2) & 0x33333333);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  const s = u + v;
  return Math.imul((s & 0x0f0f0f0f) + ((s >>> 4) & 0x0f0f0f0f), 0x01010101) >>> 24;
}

/** Sets bins first..last (inclusive) in the vector starting at word `base`. */
export function setBits(words: Uint32Array, base: number, first: number, last: number): void {
  if (last < first) return;
  const w0 = first >>> 5;
  const w1 = last >>> 5;
  const low = (0xffffffff << (first & 31)) >>> 0; // bits first&31 .. 31
  const high = 0xffffffff >>> (31 - (last & 31)); // bits 0 .. last&31
  if (w0 === w1) {
    words[base + w0] = ((words[base + w0] as number) | (low & high)) >>> 0;
    return;
  }
  words[base + w0] = ((words[base + w0] as number) | low) >>> 0;
  for (let w = w0 + 1; w < w1; w++) words[base + w] = 0xffffffff;
  words[base + w1] = ((words[base + w1] as number) | high) >>> 0;
}

/**
 * Marks the clamped span [s, e) µs in a packed vector of `bins` bins of `binUs` µs, by the rule
 * of markSpan (time.ts): bins floor(s/b) to ceil(e/b) - 1, nothing when e <= s.
 */
export function markSpanBits(
  words: Uint32Array,
  base: number,
  bins: number,
  s: number,
  e: number,
  binUs: number,
): void {
  if (e <= s) return;
  const first = Math.max(0, floorDiv(s, binUs));
  const last = Math.min(bins - 1, ceilDiv(e, binUs) - 1);
  setBits(words, base, first, last);
}

/** Marked bins of one packed vector of `n` words. */
export function countBits(words: Uint32Array, base: number, n: number): number {
  let count = 0;
  for (let w = 0; w < n; w++) count += popcount(words[base + w] as number);
  return count;
}

/** Bins marked in both packed vectors (n words each). */
export function countBoth(words: Uint32Array, baseA: number, baseB: number, n: number): number {
  let count = 0;
  for (let w = 0; w < n; w++) {
    count += popcount((words[baseA + w] as number) & (words[baseB + w] as number));
  }
  return count;
}

/**
 * Bins marked in both vectors of each pair (i < j, row by row: (0, 1), (0, 2), …, (1, 2), …) of
 * m packed vectors of n words each, vector i at words[i · n]: into out[0 … m(m − 1)/2 − 1].
 * Row by row: a vector without a mark (an annotator who marked nothing on the clip) has none in
 * common with any other; vectors of one to three words (clips of up to 96 bins, the usual case)
 * have their own loops, which hold vector i's words while j runs and count with one straight
 * popcount of the ANDs.
 */
export function countBothInPairs(words: Uint32Array, n: number, m: number, out: Int32Array): void {
  for (let i = 0, p = 0; i < m; p += m - 1 - i, i++) {
    if (countBits(words, i * n, n) === 0) out.fill(0, p, p + m - 1 - i);
    else if (n === 1) rowOfOneWord(words, i, m, out, p);
    else if (n === 2) rowOfTwoWords(words, i, m, out, p);
    else if (n === 3) rowOfThreeWords(words, i, m, out, p);
    else for (let j = i + 1, q = p; j < m; j++) out[q++] = countBoth(words, i * n, j * n, n);
  }
}

/** n11 of vector i (one word) with each vector j > i, into out from p on. */
function rowOfOneWord(words: Uint32Array, i: number, m: number, out: Int32Array, p: number): void {
  const x = words[i] as number;
  for (let j = i + 1; j < m; j++) out[p++] = popcount(x & (words[j] as number));
}

/** n11 of vector i (two words) with each vector j > i, into out from p on. */
function rowOfTwoWords(words: Uint32Array, i: number, m: number, out: Int32Array, p: number): void {
  const x0 = words[2 * i] as number;
  const x1 = words[2 * i + 1] as number;
  for (let j = i + 1; j < m; j++) {
    out[p++] = popcountOfTwo(x0 & (words[2 * j] as number), x1 & (words[2 * j + 1] as number));
  }
}

/** n11 of vector i (three words) with each vector j > i, into out from p on. */
function rowOfThreeWords(
  words: Uint32Array,
  i: number,
  m: number,
  out: Int32Array,
  p: number,
): void {
  const x0 = words[3 * i] as number;
  const x1 = words[3 * i + 1] as number;
  const x2 = words[3 * i + 2] as number;
  for (let j = i + 1; j < m; j++) {
    out[p++] =
      popcountOfTwo(x0 & (words[3 * j] as number), x1 & (words[3 * j + 1] as number)) +
      popcount(x2 & (words[3 * j + 2] as number));
  }
}
