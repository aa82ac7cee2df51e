import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addUnits, alphaFromSums, emptyAlphaSums, krippendorffAlphaBinary } from "./alpha.ts";

describe("Krippendorff's alpha, nominal, binary", () => {
  test("hand-worked: two coders, four units", () => {
    // Units (coder 1, coder 2): (1,1), (0,0), (1,0), (0,0). Every unit has m = 2 values.
    // Coincidences: (1,1) adds o11 = 2*1/1 = 2; each (0,0) adds o00 = 2; (1,0) adds o10 = o01 = 1.
    // o00 = 4, o11 = 2, o01 = o10 = 1 → N0 = 5, N1 = 3, N = 8.
    // Do = (o01 + o10)/N = 2/8 = 0.25; De = 2*N0*N1/(N(N-1)) = 30/56.
    // alpha = 1 - 0.25 * 56/30 = 1 - 14/30 = 8/15.
    const alpha = krippendorffAlphaBinary([
      [1, 1],
      [0, 0],
      [1, 0],
      [0, 0],
    ]);
    expect(alpha).toBeCloseTo(8 / 15, 14);
  });

  test("hand-worked: three coders with a missing value", () => {
    // Units: (1,1,0), (0,0,0), (1,null,1).
    // Unit 1: m = 3, n1 = 2, n0 = 1 → o10 = o01 = 2*1/2 = 1.
    // Unit 2: m = 3, all 0 → no disagreement. Unit 3: m = 2, both 1 → none.
    // N = 8, N1 = 2 + 0 + 2 = 4, N0 = 4. Do = 2/8 = 0.25; De = 2*4*4/(8*7) = 32/56.
    // alpha = 1 - 0.25 * 56/32 = 1 - 14/32 = 9/16.
    const alpha = krippendorffAlphaBinary([
      [1, 1, 0],
      [0, 0, 0],
      [1, null, 1],
    ]);
    expect(alpha).toBeCloseTo(9 / 16, 14);
  });

  test("units with fewer than two values are not pairable", () => {
    // The (null, 1) unit adds nothing: same as the first example.
    const alpha = krippendorffAlphaBinary([
      [1, 1],
      [0, 0],
      [1, 0],
      [0, 0],
      [null, 1],
    ]);
    expect(alpha).toBeCloseTo(8 / 15, 14);
  });

  test("null when De == 0: every value the same, or nothing pairable", () => {
    expect(
      krippendorffAlphaBinary([
        [0, 0],
        [0, 0],
      ]),
    ).toBeNull();
    expect(krippendorffAlphaBinary([[1, 1, 1]])).toBeNull();
    expect(krippendorffAlphaBinary([[1, null]])).toBeNull();
    expect(krippendorffAlphaBinary([])).toBeNull();
  });

  test("perfect agreement with both values present is 1", () => {
    expect(
      krippendorffAlphaBinary([
        [1, 1, 1],
        [0, 0, 0],
      ]),
    ).toBe(1);
  });

  test("summing groups of units equals unit by unit", () => {
    // Two units with m = 3: n1 = 2 and n1 = 1 → Σ n1 = 3, Σ n1*(m - n1) = 2 + 2 = 4.
    const sums = emptyAlphaSums();
    addUnits(sums, 3, 3, 4, 2);
    expect(alphaFromSums(sums)).toBeCloseTo(
      krippendorffAlphaBinary([
        [1, 1, 0],
        [1, 0, 0],
      ]) as number,
      14,
    );
  });

  test("property: alpha <= 1", () => {
    const value = fc.constantFrom<0 | 1 | null>(0, 1, null);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }).chain((coders) =>
          fc.array(fc.array(value, { minLength: coders, maxLength: coders }), {
            minLength: 1,
            maxLength: 40,
          }),
        ),
        (units) => {
          const alpha = krippendorffAlphaBinary(units);
          if (alpha !== null) expect(alpha).toBeLessThanOrEqual(1 + 1e-12);
        },
      ),
    );
  });
});
