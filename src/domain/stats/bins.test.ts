import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { annotatedSeconds, binVector, unionAndOverlap, unionLengthUs } from "./bins.ts";

const v = (regions: { start: number; end: number }[], duration: number, bin = 0.1) => [
  ...binVector(regions, duration, bin),
];

describe("binVector", () => {
  test("submission with no regions: all zeros, one entry per bin", () => {
    expect(v([], 0.5)).toEqual([0, 0, 0, 0, 0]);
  });

  test("region ending on a boundary and one starting at 0.1 + 0.2", () => {
    // [0, 0.3): bins 0-2. [0.30000000000000004, 0.5) = [300000, 500000) µs: bins 3, 4 — the
    // float noise does not reach back into bin 2, and 0.3 does not reach into bin 3.
    expect(v([{ start: 0, end: 0.3 }], 1)).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(v([{ start: 0.1 + 0.2, end: 0.5 }], 1)).toEqual([0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
  });

  test("overlapping regions of one annotator: OR", () => {
    // [0.1, 0.35) → bins 1-3; [0.2, 0.45) → bins 2-4; OR → 1-4.
    expect(
      v(
        [
          { start: 0.1, end: 0.35 },
          { start: 0.2, end: 0.45 },
        ],
        0.6,
      ),
    ).toEqual([0, 1, 1, 1, 1, 0]);
  });

  test("end past the clip is clamped; start past the clip is empty", () => {
    // Clip 0.45 s → 5 bins, last partial [0.4, 0.45). [0.35, 9) → [350000, 450000): bins 3, 4.
    expect(v([{ start: 0.35, end: 9 }], 0.45)).toEqual([0, 0, 0, 1, 1]);
    // [0.5, 0.6) on a 0.45 s clip: e = min(600000, 450000) = 450000 <= s → nothing.
    expect(v([{ start: 0.5, end: 0.6 }], 0.45)).toEqual([0, 0, 0, 0, 0]);
  });

  test("2.4 s clip has 24 bins; 2.45 s has 25 and the partial last bin can be marked", () => {
    expect(binVector([], 2.4, 0.1).length).toBe(24);
    const last = binVector([{ start: 2.44, end: 2.46 }], 2.45, 0.1);
    expect(last.length).toBe(25);
    expect(last.indexOf(1)).toBe(24);
    expect(last.reduce((a, x) => a + x, 0)).toBe(1);
  });

  test("other bin widths", () => {
    // 0.05 s bins on a 0.3 s clip (6 bins): [0.1, 0.2) → bins 2, 3 (100000/50000 = 2, 200000/50000 = 4 exclusive).
    expect(v([{ start: 0.1, end: 0.2 }], 0.3, 0.05)).toEqual([0, 0, 1, 1, 0, 0]);
    // 0.25 s bins on a 1.1 s clip (5 bins, last 0.1 s): [0.2, 0.26) → bins 0, 1; [1.0, 1.1) → bin 4.
    expect(
      v(
        [
          { start: 0.2, end: 0.26 },
          { start: 1.0, end: 1.1 },
        ],
        1.1,
        0.25,
      ),
    ).toEqual([1, 1, 0, 0, 1]);
  });

  test("property: splitting a region into two touching halves changes no bin", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }), // clip duration, µs
        fc.integer({ min: 0, max: 6_000_000 }),
        fc.integer({ min: 1, max: 6_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(0.05, 0.1, 0.25, 0.123),
        (durUs, a, len, at, bin) => {
          const start = a / 1e6;
          const end = (a + len) / 1e6;
          // Any µs point strictly inside the region.
          const cut = (a + 1 + Math.floor(at * (len - 1))) / 1e6;
          if (!(cut > start && cut < end)) return;
          const whole = binVector([{ start, end }], durUs / 1e6, bin);
          const split = binVector(
            [
              { start, end: cut },
              { start: cut, end },
            ],
            durUs / 1e6,
            bin,
          );
          expect([...split]).toEqual([...whole]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("annotated seconds", () => {
  test("overlapping regions count once", () => {
    // [0.1, 0.35) ∪ [0.2, 0.45) = [0.1, 0.45) → 0.35 s, not 0.25 + 0.25 = 0.5 s.
    expect(
      annotatedSeconds(
        [
          { start: 0.1, end: 0.35 },
          { start: 0.2, end: 0.45 },
        ],
        1,
      ),
    ).toBe(0.35);
  });

  test("touching, disjoint, nested, clamped and empty regions", () => {
    // [0, 0.2) + touching [0.2, 0.3) + nested [0.05, 0.1) = 0.3; [0.5, 0.6) adds 0.1;
    // [0.9, 5) on a 1 s clip adds 0.1; [2, 3) starts past the clip and adds nothing. Total 0.5.
    const regions = [
      { start: 0, end: 0.2 },
      { start: 0.2, end: 0.3 },
      { start: 0.05, end: 0.1 },
      { start: 0.5, end: 0.6 },
      { start: 0.9, end: 5 },
      { start: 2, end: 3 },
    ];
    expect(annotatedSeconds(regions, 1)).toBe(0.5);
    expect(annotatedSeconds([], 1)).toBe(0);
  });

  test("unionLengthUs in integer µs", () => {
    expect(
      unionLengthUs([
        { start: 300000, end: 700000 },
        { start: 0, end: 300000 },
        { start: 500000, end: 1200000 },
      ]),
    ).toBe(1200000);
  });
});

describe("union and overlap of a clip's vectors", () => {
  test("hand-worked", () => {
    // 1100, 0110, 0100: marked by anyone in bins 0, 1, 2 → 3; by everyone in bin 1 → 1.
    const v = (bits: number[]) => Uint8Array.from(bits);
    expect(unionAndOverlap([v([1, 1, 0, 0]), v([0, 1, 1, 0]), v([0, 1, 0, 0])])).toEqual({
      union: 3,
      overlap: 1,
      bins: 4,
    });
    // All zero: nothing marked, and "everyone marked" needs a mark.
    expect(unionAndOverlap([v([0, 0]), v([0, 0])])).toEqual({ union: 0, overlap: 0, bins: 2 });
    expect(() => unionAndOverlap([v([0]), v([0, 1])])).toThrow(/different lengths/);
  });
});
