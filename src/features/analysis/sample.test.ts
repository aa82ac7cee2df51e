import { describe, expect, it } from "vitest";
import { evenSample, extent, stackPoints } from "./sample.ts";

describe("evenSample", () => {
  it("returns small arrays unchanged", () => {
    const items = [1, 2, 3];
    expect(evenSample(items, 5)).toBe(items);
  });
  it("takes evenly spaced items, the first included", () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(evenSample(items, 5)).toEqual([0, 2, 4, 6, 8]);
    expect(evenSample(items, 3)).toEqual([0, 3, 6]);
  });
  it("thins 20,000 points to exactly the maximum", () => {
    const items = Array.from({ length: 20_000 }, (_, i) => i);
    const sample = evenSample(items, 2000);
    expect(sample).toHaveLength(2000);
    expect(new Set(sample).size).toBe(2000);
  });
});

describe("extent", () => {
  it("finds the smallest and largest value", () => {
    expect(extent([{ v: 3 }, { v: -1 }, { v: 2 }], (d) => d.v)).toEqual([-1, 3]);
  });
  it("is null for no items", () => {
    expect(extent([], (d: number) => d)).toBeNull();
  });
});

describe("stackPoints", () => {
  it("clips on the same spot of one system become one dot with their count", () => {
    const points = [
      { clipId: "c1", system: "A", length: 0, score: 4 },
      { clipId: "c2", system: "A", length: 0, score: 4 },
      { clipId: "c3", system: "B", length: 0, score: 4 }, // another system: its own dot
      { clipId: "c4", system: "A", length: 0.0004, score: 4 }, // same millisecond: same dot
      { clipId: "c5", system: "A", length: 0.6, score: 4 },
      { clipId: "c6", system: "A", length: 0, score: 4 },
      { clipId: "c7", system: "A", length: 0, score: 4 },
    ];
    expect(stackPoints(points)).toEqual([
      { system: "A", length: 0, score: 4, count: 5, clipIds: ["c1", "c2", "c4"] },
      { system: "B", length: 0, score: 4, count: 1, clipIds: ["c3"] },
      { system: "A", length: 0.6, score: 4, count: 1, clipIds: ["c5"] },
    ]);
    expect(stackPoints([])).toEqual([]);
  });
});
