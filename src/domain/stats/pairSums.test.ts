import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { countBits, countBothInPairs, setBits, wordCount } from "./bitset.ts";
import { countPair } from "./kappa.ts";
import { type PairAcc, PairSums } from "./pairSums.ts";

describe("PairSums", () => {
  test("hand-worked: two clips, pooled per pair in (a, b) order", () => {
    const sums = new PairSums(4);
    // Clip 1, 10 bins: annotators 0, 2, 3 marking 4, 2 and 0 bins; n11 of (0, 2) = 1.
    sums.addClip(Int32Array.of(0, 2, 3), 3, 10, Int32Array.of(4, 2, 0), Int32Array.of(1, 0, 0));
    // Clip 2, 5 bins, no marks: annotators 0 and 2.
    sums.addUnmarkedClip(Int32Array.of(0, 2), 2, 5);
    const pairs = sums.result();
    expect(pairs).toEqual([
      { a: 0, b: 2, clips: 2, n: 15, n11: 1, n10: 3, n01: 1 },
      { a: 0, b: 3, clips: 1, n: 10, n11: 0, n10: 4, n01: 0 },
      { a: 2, b: 3, clips: 1, n: 10, n11: 0, n10: 2, n01: 0 },
    ]);
  });

  test("hand-worked: runs of clips with the same annotators, and a run broken and resumed", () => {
    const sums = new PairSums(3);
    // Clips 1 and 2 by annotators 0 and 1 (a run), clip 3 by 0, 1 and 2, clip 4 by 0 and 1.
    sums.addClip(Int32Array.of(0, 1), 2, 4, Int32Array.of(2, 1), Int32Array.of(1));
    sums.addUnmarkedClip(Int32Array.of(0, 1), 2, 3);
    sums.addClip(Int32Array.of(0, 1, 2), 3, 5, Int32Array.of(3, 0, 2), Int32Array.of(0, 2, 0));
    sums.addClip(Int32Array.of(0, 1), 2, 6, Int32Array.of(0, 4), Int32Array.of(0));
    expect(sums.result()).toEqual([
      // n10 = 1 + 0 + 3 + 0, n01 = 0 + 0 + 0 + 4
      { a: 0, b: 1, clips: 4, n: 18, n11: 1, n10: 4, n01: 4 },
      { a: 0, b: 2, clips: 1, n: 5, n11: 2, n10: 1, n01: 0 },
      { a: 1, b: 2, clips: 1, n: 5, n11: 0, n10: 0, n01: 2 },
    ]);
  });

  test("property: the pooled cells are those of the pairs' 0/1 vectors, clip by clip (countPair)", () => {
    // Clips by a few sets of annotators, so that runs of clips with the same annotators come and
    // go; each annotator's 0/1 vector over the clip's bins, or none marked.
    const sets = [
      [0, 1, 2, 3],
      [0, 2],
      [1, 3, 4],
    ];
    const clip = fc.record({
      set: fc.nat(sets.length - 1),
      bins: fc.integer({ min: 0, max: 70 }),
      marked: fc.boolean(),
      seeds: fc.array(fc.nat(), { minLength: 5, maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.array(clip, { maxLength: 12 }), (clips) => {
        const flat = new PairSums(5);
        const mapped = new PairSums(1100);
        const expected = new Map<string, PairAcc>();
        for (const { set, bins, marked, seeds } of clips) {
          const ids = Int32Array.from(sets[set] as number[]);
          const m = ids.length;
          // Annotator i marks bin k when bit (k mod 31) of its seed is set.
          const vectors = Array.from(ids, (_, i) =>
            Uint8Array.from({ length: bins }, (_, k) =>
              marked ? ((seeds[i] as number) >>> (k % 31)) & 1 : 0,
            ),
          );
          for (let i = 0; i < m; i++) {
            for (let j = i + 1; j < m; j++) {
              const [a, b] = [ids[i] as number, ids[j] as number];
              const cells = countPair(vectors[i] as Uint8Array, vectors[j] as Uint8Array);
              const acc = expected.get(`${a},${b}`) ?? {
                a,
                b,
                clips: 0,
                n: 0,
                n11: 0,
                n10: 0,
                n01: 0,
              };
              acc.clips++;
              acc.n += bins;
              acc.n11 += cells.n11;
              acc.n10 += cells.n10;
              acc.n01 += cells.n01;
              expected.set(`${a},${b}`, acc);
            }
          }
          if (!marked) {
            flat.addUnmarkedClip(ids, m, bins);
            mapped.addUnmarkedClip(ids, m, bins);
            continue;
          }
          const W = wordCount(bins);
          const words = new Uint32Array(m * W);
          vectors.forEach((v, i) => {
            v.forEach((bit, k) => {
              if (bit) setBits(words, i * W, k, k);
            });
          });
          const ones = Int32Array.from(ids, (_, i) => countBits(words, i * W, W));
          const both = new Int32Array((m * (m - 1)) / 2);
          countBothInPairs(words, W, m, both);
          flat.addClip(ids, m, bins, ones, both);
          mapped.addClip(ids, m, bins, ones, both);
        }
        const inOrder = [...expected.values()].sort((x, y) => x.a - y.a || x.b - y.b);
        expect(flat.result()).toEqual(inOrder);
        expect(mapped.result()).toEqual(inOrder);
      }),
      { numRuns: 500 },
    );
  });

  test("property: the flat arrays (A ≤ 1024) and the map (A > 1024) give the same sums", () => {
    const clip = fc.record({
      annotators: fc.uniqueArray(fc.nat(9), { minLength: 2, maxLength: 6 }),
      bins: fc.nat(40),
      marked: fc.boolean(),
      draws: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
    });
    fc.assert(
      fc.property(fc.array(clip, { maxLength: 8 }), (clips) => {
        const flat = new PairSums(10);
        const mapped = new PairSums(1100);
        for (const { annotators, bins, marked, draws } of clips) {
          const ids = Int32Array.from([...annotators].sort((x, y) => x - y));
          const m = ids.length;
          if (!marked) {
            flat.addUnmarkedClip(ids, m, bins);
            mapped.addUnmarkedClip(ids, m, bins);
            continue;
          }
          const ones = Int32Array.from(ids, (_, i) => (draws[i] as number) % (bins + 1));
          const both = new Int32Array((m * (m - 1)) / 2);
          for (let i = 0, p = 0; i < m; i++) {
            for (let j = i + 1; j < m; j++, p++) {
              const most = Math.min(ones[i] as number, ones[j] as number);
              both[p] = (draws[20 + (p % 20)] as number) % (most + 1);
            }
          }
          flat.addClip(ids, m, bins, ones, both);
          mapped.addClip(ids, m, bins, ones, both);
        }
        expect(flat.result()).toEqual(mapped.result());
      }),
      { numRuns: 300 },
    );
  });
});
