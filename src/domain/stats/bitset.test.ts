import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  countBits,
  countBoth,
  countBothInPairs,
  markSpanBits,
  popcount,
  popcountOfTwo,
  setBits,
  wordCount,
} from "./bitset.ts";
import { countPair } from "./kappa.ts";
import { markSpan } from "./time.ts";

describe("packed bin vectors", () => {
  test("popcount", () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(1)).toBe(1);
    expect(popcount(0b1011)).toBe(3);
    expect(popcount(0x80000000)).toBe(1);
    expect(popcount(0xffffffff)).toBe(32);
    expect(popcount(0xf0f0f0f0)).toBe(16);
  });

  test("popcountOfTwo is the sum of the two popcounts, signed words or not", () => {
    expect(popcountOfTwo(0xffffffff, 0xffffffff)).toBe(64);
    expect(popcountOfTwo(-1, 0x80000000)).toBe(33);
    expect(popcountOfTwo(0, 0b1011)).toBe(3);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }), fc.nat(), (x, y) => {
        expect(popcountOfTwo(x, y)).toBe(popcount(x) + popcount(y));
        expect(popcount(x)).toBe(popcount(x >>> 0));
      }),
      { numRuns: 500 },
    );
  });

  test("wordCount", () => {
    expect(wordCount(0)).toBe(0);
    expect(wordCount(1)).toBe(1);
    expect(wordCount(32)).toBe(1);
    expect(wordCount(33)).toBe(2);
  });

  test("setBits inside one word, across words, at word edges", () => {
    const w = new Uint32Array(3);
    setBits(w, 0, 2, 4); // bits 2, 3, 4 = 0b11100
    expect(w[0]).toBe(0b11100);
    setBits(w, 0, 30, 33); // bits 30, 31 of word 0 and 0, 1 of word 1
    expect(w[0]).toBe((0b11100 | 0xc0000000) >>> 0);
    expect(w[1]).toBe(0b11);
    const v = new Uint32Array(3);
    setBits(v, 0, 0, 95); // three full words
    expect([...v]).toEqual([0xffffffff, 0xffffffff, 0xffffffff]);
    const u = new Uint32Array(4);
    setBits(u, 2, 31, 31); // second vector (base 2): bit 31 of its first word
    expect([...u]).toEqual([0, 0, 0x80000000, 0]);
  });

  test("counts", () => {
    const w = new Uint32Array(4);
    setBits(w, 0, 0, 40); // a: bins 0-40 (41 bins)
    setBits(w, 2, 35, 50); // b: bins 35-50 (16 bins)
    expect(countBits(w, 0, 2)).toBe(41);
    expect(countBits(w, 2, 2)).toBe(16);
    expect(countBoth(w, 0, 2, 2)).toBe(6); // 35..40
  });

  test("countBothInPairs: each pair i < j, row by row", () => {
    const w = new Uint32Array(6); // three vectors of 2 words
    setBits(w, 0, 0, 40); // a: bins 0-40
    setBits(w, 2, 35, 50); // b: bins 35-50
    setBits(w, 4, 30, 36); // c: bins 30-36
    const out = new Int32Array(4).fill(-1);
    countBothInPairs(w, 2, 3, out);
    // (a, b): 35..40; (a, c): 30..36; (b, c): 35..36; the fourth place is left alone.
    expect([...out]).toEqual([6, 7, 2, -1]);
  });

  test("property: countBothInPairs gives each pair's n11 of countPair, for 1 to 5 words, empty or not", () => {
    fc.assert(
      fc.property(
        // Some vectors without a mark (a row of zeros), the others at random.
        fc
          .integer({ min: 1, max: 160 })
          .chain((bins) =>
            fc.array(
              fc.oneof(
                fc.constant(Array.from({ length: bins }, () => false)),
                fc.array(fc.boolean(), { minLength: bins, maxLength: bins }),
              ),
              { minLength: 2, maxLength: 7 },
            ),
          ),
        (vectors) => {
          const bins = (vectors[0] as boolean[]).length;
          const n = wordCount(bins);
          const m = vectors.length;
          const bytes = vectors.map((v) => Uint8Array.from(v, Number));
          const words = new Uint32Array(m * n);
          bytes.forEach((v, i) => {
            v.forEach((bit, k) => {
              if (bit) setBits(words, i * n, k, k);
            });
          });
          const out = new Int32Array((m * (m - 1)) / 2);
          countBothInPairs(words, n, m, out);
          for (let i = 0, p = 0; i < m; i++) {
            for (let j = i + 1; j < m; j++, p++) {
              expect(out[p]).toBe(countPair(bytes[i] as Uint8Array, bytes[j] as Uint8Array).n11);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  test("property: markSpanBits marks exactly the bins markSpan marks", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }), // bins
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 25_000 }), fc.integer({ min: 1, max: 12_000 })),
          {
            maxLength: 6,
          },
        ),
        fc.constantFrom(100, 37, 250),
        (bins, spans, binUs) => {
          const durationUs = bins * binUs - 1;
          const bytes = new Uint8Array(bins);
          const words = new Uint32Array(wordCount(bins));
          for (const [s, length] of spans) {
            const e = Math.min(s + length, durationUs);
            markSpan(bytes, 0, bins, s, e, binUs);
            markSpanBits(words, 0, bins, s, e, binUs);
          }
          for (let k = 0; k < bins; k++) {
            expect(((words[k >>> 5] as number) >>> (k & 31)) & 1).toBe(bytes[k]);
          }
          expect(countBits(words, 0, words.length)).toBe(bytes.reduce((a, x) => a + x, 0));
        },
      ),
      { numRuns: 300 },
    );
  });
});
