import { expect, test } from "vitest";
import { binSpans } from "./bins.ts";

test("neighbouring bins make one span; a gap starts another; the clip's end bounds the last", () => {
  // Bins of 0.1 s: 0–2 → 0–0.3 s; 5 → 0.5–0.6 s; 9–10 of a 1.05 s clip → 0.9–1.05 s.
  expect(binSpans([10, 1, 0, 2, 5, 9, 1], 0.1, 1.05)).toEqual([
    { start: 0, end: 0.3 },
    { start: 0.5, end: 0.6 },
    { start: 0.9, end: 1.05 },
  ]);
});

test("no bins: nothing drawn; a bin past the end draws nothing", () => {
  expect(binSpans([], 0.1, 2)).toEqual([]);
  expect(binSpans([25], 0.1, 2)).toEqual([]);
  expect(binSpans([3], 0.25, 2)).toEqual([{ start: 0.75, end: 1 }]);
});
