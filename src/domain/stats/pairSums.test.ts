import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { PairSums } from "./pairSums.ts";

describe("PairSums", () => {
  test("hand-worked: two clips, pooled per pair in (a, b) order", () => {
    const sums = new PairSums(4);
    // Clip 1, 10 bins: annotators 0, 2, 3 marking 4, 2 and 0 bins; n11 of (0, 2) = 1.
    sums.addClip(Int32Array.of(0, 2, 3), 3, 10, Int32Array.of(4, 2, 0), Int32Array.of(1, 0, 0));
    // Clip 2, 5 bins, no marks: annotators 0 and 2.
    sums.addUnmarkedClip(Int32Array.of(0, 2), 2, 5);
    const pairs = [...sums.result().values()];
    expect(pairs).toEqual([
      { a: 0, b: 2, clips: 2, n: 15, n11: 1, n10: 3, n01: 1 },
      { a: 0, b: 3, clips: 1, n: 10, n11: 0, n10: 4, n01: 0 },
      { a: 2, b: 3, clips: 1, n: 10, n11: 0, n10: 2, n01: 0 },
    ]);
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
        const sorted = [...mapped.result().values()].sort((x, y) => x.a - y.a || x.b - y.b);
        expect([...flat.result().values()]).toEqual(sorted);
      }),
      { numRuns: 300 },
    );
  });
});
