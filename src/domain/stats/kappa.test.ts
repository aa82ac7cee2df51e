import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  cohenKappa,
  countPair,
  kappaFromCells,
  kappaFromCounts,
  kappaFromShares,
} from "./kappa.ts";

const u8 = (bits: number[]) => Uint8Array.from(bits);

describe("Cohen's kappa", () => {
  test("hand-worked example", () => {
    // x = 0110000000, y = 0011100000 (10 bins):
    // n11 = 1 (bin 2), n10 = 1 (bin 1), n01 = 2 (bins 3, 4), n00 = 6.
    // po = 7/10 = 0.7; pa = 2/10 = 0.2; pb = 3/10 = 0.3;
    // pe = 0.2*0.3 + 0.8*0.7 = 0.06 + 0.56 = 0.62; kappa = (0.7 - 0.62) / 0.38 = 0.08/0.38 = 4/19.
    const x = u8([0, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    const y = u8([0, 0, 1, 1, 1, 0, 0, 0, 0, 0]);
    expect(countPair(x, y)).toEqual({ n11: 1, n10: 1, n01: 2, n00: 6 });
    expect(cohenKappa(x, y)).toBeCloseTo(4 / 19, 14);
  });

  test("perfect agreement is 1, perfect disagreement -1", () => {
    // Identical with both values present: po = 1, kappa = 1.
    expect(cohenKappa(u8([1, 0, 1, 0]), u8([1, 0, 1, 0]))).toBe(1);
    // x = 1100, y = 0011: po = 0, pa = pb = 0.5, pe = 0.5, kappa = -0.5/0.5 = -1.
    expect(cohenKappa(u8([1, 1, 0, 0]), u8([0, 0, 1, 1]))).toBe(-1);
  });

  test("undefined (null) when pe == 1: neither marks anything, or both mark everything", () => {
    // pa = pb = 0 → pe = 0*0 + 1*1 = 1.
    expect(cohenKappa(u8([0, 0, 0]), u8([0, 0, 0]))).toBeNull();
    // pa = pb = 1 → pe = 1.
    expect(cohenKappa(u8([1, 1]), u8([1, 1]))).toBeNull();
    // No bins at all.
    expect(kappaFromCounts({ n11: 0, n10: 0, n01: 0, n00: 0 })).toBeNull();
  });

  test("one marks everything, the other nothing: defined, 0", () => {
    // pa = 1, pb = 0 → pe = 0 + 0 = 0; po = 0 → kappa = 0.
    expect(cohenKappa(u8([1, 1, 1]), u8([0, 0, 0]))).toBe(0);
    // One marks nothing, the other some: pa = 0, pb = 1/4 → pe = 3/4 = po → kappa 0.
    expect(cohenKappa(u8([0, 0, 0, 0]), u8([0, 1, 0, 0]))).toBe(0);
  });

  test("lengths must match", () => {
    expect(() => countPair(u8([1]), u8([1, 0]))).toThrow(/lengths differ/);
  });

  const pairs = fc
    .integer({ min: 1, max: 60 })
    .chain((n) =>
      fc.tuple(
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }),
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }),
      ),
    );

  test("property: symmetric in the two annotators", () => {
    fc.assert(
      fc.property(pairs, ([x, y]) => {
        const ab = cohenKappa(u8(x), u8(y));
        const ba = cohenKappa(u8(y), u8(x));
        if (ab === null) expect(ba).toBeNull();
        else expect(ba).toBeCloseTo(ab, 12);
      }),
    );
  });

  test("property: within [-1, 1] when defined", () => {
    fc.assert(
      fc.property(pairs, ([x, y]) => {
        const k = cohenKappa(u8(x), u8(y));
        if (k !== null) {
          expect(k).toBeGreaterThanOrEqual(-1 - 1e-12);
          expect(k).toBeLessThanOrEqual(1 + 1e-12);
        }
      }),
    );
  });

  test("property: kappaFromShares on one clip's shares x / n is kappaFromCells, to the bit", () => {
    // The pass over clips divides x / n once per clip and looks the shares up (clipPass.ts).
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 400 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.integer({ min: 0, max: n }),
              fc.integer({ min: 0, max: n }),
              fc.nat(),
            ),
          ),
        ([n, onesA, onesB, draw]) => {
          // n11 between the least and the most the two marginals allow.
          const low = Math.max(0, onesA + onesB - n);
          const n11 = low + (draw % (Math.min(onesA, onesB) - low + 1));
          const n10 = onesA - n11;
          const n01 = onesB - n11;
          const share = (x: number) => x / n;
          const viaShares = kappaFromShares(
            share(n - onesA - onesB + 2 * n11),
            share(onesA),
            share(onesB),
          );
          expect(Object.is(viaShares, kappaFromCells(n11, n10, n01, n - n11 - n10 - n01))).toBe(
            true,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
