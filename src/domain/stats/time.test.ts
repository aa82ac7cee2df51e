import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { binCount, ceilDiv, clampRegion, floorDiv, markSpan, us } from "./time.ts";

describe("us: seconds to integer microseconds", () => {
  test("rounds away float noise", () => {
    // 0.1 + 0.2 = 0.30000000000000004 in binary floating point; * 1e6 = 300000.00000000006 → 300000.
    expect(0.1 + 0.2).toBe(0.30000000000000004);
    expect(us(0.1 + 0.2)).toBe(300000);
    // 0.3 * 1e6 = 300000 (within rounding) → 300000: both spellings of 0.3 s agree.
    expect(us(0.3)).toBe(300000);
    expect(us(2.4)).toBe(2400000);
    expect(us(3.444)).toBe(3444000);
  });

  test("ties round up, as Math.round does", () => {
    // 0.0000005 s = 0.5 µs → 1 (Math.round(0.5) = 1); 0.0000025 s → 2.5 µs → 3.
    expect(us(0.0000005)).toBe(1);
    expect(us(0.0000025)).toBe(3);
    expect(us(0)).toBe(0);
  });
});

describe("integer division", () => {
  test("floorDiv and ceilDiv are exact", () => {
    expect(floorDiv(299999, 100000)).toBe(2);
    expect(floorDiv(300000, 100000)).toBe(3);
    expect(ceilDiv(300000, 100000)).toBe(3);
    expect(ceilDiv(300001, 100000)).toBe(4);
    expect(floorDiv(0, 100000)).toBe(0);
    // Agrees with exact integer (BigInt) division, including just below multiples.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 2 ** 21 }),
        fc.integer({ min: -1, max: 1 }),
        (b, q, nudge) => {
          const a = Math.max(0, q * b + nudge);
          expect(floorDiv(a, b)).toBe(Number(BigInt(a) / BigInt(b)));
          expect(ceilDiv(a, b)).toBe(Number((BigInt(a) + BigInt(b) - 1n) / BigInt(b)));
        },
      ),
    );
  });
});

describe("binCount: K = ceil(D / b)", () => {
  test("whole multiples of the bin and not", () => {
    // 2.4 s / 0.1 s = exactly 24 bins (2400000 / 100000), not 24.000000000000004 → 25.
    expect(binCount(us(2.4), us(0.1))).toBe(24);
    // 2.45 s: 24.5 → 25, the last one half a bin.
    expect(binCount(us(2.45), us(0.1))).toBe(25);
    // 0.1 + 0.2 s = 300000 µs → 3 bins, not 4.
    expect(binCount(us(0.1 + 0.2), us(0.1))).toBe(3);
  });

  test("other bin widths", () => {
    expect(binCount(us(2.4), us(0.05))).toBe(48); // 2400000 / 50000
    expect(binCount(us(2.4), us(0.25))).toBe(10); // 9.6 → 10
    expect(binCount(us(2.5), us(0.25))).toBe(10); // exactly 10
    expect(binCount(us(0.01), us(0.1))).toBe(1); // a clip shorter than a bin has one partial bin
  });
});

describe("clampRegion", () => {
  test("clamps the end to the clip and leaves start alone", () => {
    expect(clampRegion(2.3, 5.0, us(2.4))).toEqual({ start: 2300000, end: 2400000 });
    // Starts past the clip: end is clamped below start, so the span is empty.
    const past = clampRegion(2.5, 2.6, us(2.45));
    expect(past).toEqual({ start: 2500000, end: 2450000 });
    expect(past.end <= past.start).toBe(true);
  });
});

describe("markSpan: bin k when s < (k+1)b and e > k*b", () => {
  const b = 100000;
  function marked(s: number, e: number, bins: number): number[] {
    const v = new Uint8Array(bins);
    markSpan(v, 0, bins, s, e, b);
    return [...v];
  }

  test("a region ending exactly on a boundary does not mark the next bin", () => {
    // [0, 300000): bins 0,1,2 (e = 300000 > 2*b but not > 3*b).
    expect(marked(0, 300000, 5)).toEqual([1, 1, 1, 0, 0]);
  });

  test("a region starting exactly on a boundary does not mark the bin before", () => {
    // [300000, 300001): s < 3b+b and e > 3b → bin 3 only; bin 2 needs s < 3b, false.
    expect(marked(300000, 300001, 5)).toEqual([0, 0, 0, 1, 0]);
  });

  test("a region inside one bin marks that bin", () => {
    expect(marked(120000, 180000, 3)).toEqual([0, 1, 0]);
  });

  test("empty spans mark nothing", () => {
    expect(marked(200000, 200000, 3)).toEqual([0, 0, 0]);
    expect(marked(250000, 240000, 3)).toEqual([0, 0, 0]);
  });

  test("writes at an offset and never past the clip's bins", () => {
    const v = new Uint8Array(6);
    // Second annotation's vector at offset 3 (3 bins); [150000, 900000) would reach bin 8,
    // but a clamped end never exceeds D, and markSpan stops at the last bin anyway.
    expect(markSpan(v, 3, 3, 150000, 900000, b)).toBe(2);
    expect([...v]).toEqual([0, 0, 0, 0, 1, 1]);
  });
});
