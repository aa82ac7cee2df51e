import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { spanFit } from "../interchange/spanFit.ts";
import {
  coveredSeconds,
  fitSpanToClip,
  MIN_KEY_SPAN_SECONDS,
  MIN_SPAN_SECONDS,
  spanFromMarks,
  unionOfSpans,
} from "./spans.ts";

describe("unionOfSpans", () => {
  test("no spans give an empty union", () => {
    expect(unionOfSpans([])).toEqual([]);
  });

  test("disjoint spans stay apart and come out sorted", () => {
    expect(
      unionOfSpans([
        { start: 2, end: 3 },
        { start: 0.5, end: 1 },
      ]),
    ).toEqual([
      { start: 0.5, end: 1 },
      { start: 2, end: 3 },
    ]);
  });

  test("overlapping spans merge", () => {
    expect(
      unionOfSpans([
        { start: 1, end: 2.5 },
        { start: 2, end: 3 },
        { start: 0, end: 1.2 },
      ]),
    ).toEqual([{ start: 0, end: 3 }]);
  });

  test("touching spans merge, also when the float sum is off by one ulp", () => {
    expect(
      unionOfSpans([
        { start: 0, end: 1 },
        { start: 1, end: 2 },
      ]),
    ).toEqual([{ start: 0, end: 2 }]);
    expect(
      unionOfSpans([
        { start: 0, end: 0.1 + 0.2 },
        { start: 0.3, end: 0.5 },
      ]),
    ).toEqual([{ start: 0, end: 0.5 }]);
  });

  test("a nested span disappears into the one around it", () => {
    expect(
      unionOfSpans([
        { start: 1, end: 4 },
        { start: 2, end: 3 },
        { start: 5, end: 6 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 6 },
    ]);
  });

  test("empty, reversed and non-finite spans are ignored", () => {
    expect(
      unionOfSpans([
        { start: 1, end: 1 },
        { start: 3, end: 2 },
        { start: Number.NaN, end: 2 },
        { start: 4, end: 5 },
      ]),
    ).toEqual([{ start: 4, end: 5 }]);
  });

  test("the input array and its objects are left untouched", () => {
    const input = [
      { start: 2, end: 3 },
      { start: 1, end: 2.5 },
    ];
    const copy = structuredClone(input);
    unionOfSpans(input);
    expect(input).toEqual(copy);
  });

  test("property: the union is sorted, disjoint, and covers exactly the same points", () => {
    // Spans on a 0.1 s grid, so coverage can be checked point by point at the grid's midpoints.
    const span = fc
      .tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }))
      .map(([a, b]) => ({ start: Math.min(a, b) / 10, end: Math.max(a, b) / 10 }));
    fc.assert(
      fc.property(fc.array(span, { maxLength: 12 }), (spans) => {
        const union = unionOfSpans(spans);
        for (let i = 1; i < union.length; i++) {
          const prev = union[i - 1];
          const cur = union[i];
          if (!prev || !cur) throw new Error("unreachable");
          expect(cur.start).toBeGreaterThan(prev.end);
        }
        for (let k = 0; k < 50; k++) {
          const t = (k + 0.5) / 10;
          const inInput = spans.some((s) => s.start < t && t < s.end);
          const inUnion = union.some((s) => s.start < t && t < s.end);
          expect(inUnion).toBe(inInput);
        }
      }),
    );
  });
});

test("coveredSeconds counts overlaps once", () => {
  expect(
    coveredSeconds([
      { start: 0, end: 1 },
      { start: 0.5, end: 1.5 },
      { start: 3, end: 3.25 },
    ]),
  ).toBeCloseTo(1.75, 12);
  expect(coveredSeconds([])).toBe(0);
});

describe("the span rules (one home for the waveform, the repository and the statistics)", () => {
  test("checkSpan: 0 <= start < end, finite, with the messages the screens show", async () => {
    const { checkSpan } = await import("./spans.ts");
    expect(checkSpan(0, 0.5)).toEqual({ start: 0, end: 0.5 });
    expect(() => checkSpan(-1, 2)).toThrow("start must be 0 or more (got -1)");
    expect(() => checkSpan(2, 2)).toThrow("end (2) must be greater than start (2)");
    expect(() => checkSpan(Number.NaN, 2)).toThrow("start must be a finite number (got NaN)");
    expect(() => checkSpan(1, "3")).toThrow("end must be a finite number (got 3)");
  });
  test("fitSpanToClip: an end past the clip is clamped; a start at its end is refused", async () => {
    const { fitSpanToClip } = await import("./spans.ts");
    expect(fitSpanToClip({ start: 1, end: 9 }, 4, "c1")).toEqual({ start: 1, end: 4 });
    expect(fitSpanToClip({ start: 1, end: 2 }, 4, "c1")).toEqual({ start: 1, end: 2 });
    expect(() => fitSpanToClip({ start: 4, end: 5 }, 4, "c1")).toThrow(
      'start (4) is not inside clip "c1" (4 s long)',
    );
  });
  test("one microsecond helper: the statistics' us and the exports' us are it", async () => {
    const spans = await import("./spans.ts");
    const time = await import("../stats/time.ts");
    const names = await import("../formats/names.ts");
    expect(time.us).toBe(spans.toMicroseconds);
    expect(names.us).toBe(spans.toMicroseconds);
    expect(spans.us(0.1 + 0.2)).toBe(300000);
    expect(spans.MIN_SPAN_SECONDS).toBe(0.01);
  });
});

describe("keyboard-marked spans and how a span sits in its clip", () => {
  test("two marks make a span in either order, unless closer than 0.05 s", () => {
    expect(MIN_KEY_SPAN_SECONDS).toBe(0.05);
    expect(spanFromMarks(2.5, 1)).toEqual({ start: 1, end: 2.5 });
    expect(spanFromMarks(1, 1.05)).toEqual({ start: 1, end: 1.05 });
    expect(spanFromMarks(1, 1.04)).toBeNull();
    expect(spanFromMarks(3, 3)).toBeNull();
    // A drag has the finer limit: 0.02 s is a span when dragged, not when marked by keys.
    expect(0.02 >= MIN_SPAN_SECONDS).toBe(true);
    expect(spanFromMarks(0, 0.02)).toBeNull();
  });
  test("inside, clamped or outside a 4 s clip", () => {
    expect(spanFit({ start: 1, end: 4 }, 4)).toBe("inside");
    expect(spanFit({ start: 3.9, end: 4.5 }, 4)).toBe("clamped");
    expect(spanFit({ start: 4, end: 4.5 }, 4)).toBe("outside");
    expect(() => fitSpanToClip({ start: 4, end: 4.5 }, 4, "c1")).toThrow(
      'start (4) is not inside clip "c1" (4 s long)',
    );
    expect(fitSpanToClip({ start: 3.9, end: 4.5 }, 4, "c1")).toEqual({ start: 3.9, end: 4 });
  });
});
