// The comparison in words and marks: places, ordinals, rank changes over three conditions (with
// shared places), the sentences on significant differences, and the CSV's refusal of formulas.
import { describe, expect, test } from "vitest";
import type { Condition } from "../stats/conditions.ts";
import { compareConditions } from "../stats/conditions.ts";
import {
  conditionsCsv,
  differenceSentences,
  ordinal,
  placeOf,
  rankChanges,
  shortOrdinal,
} from "./conditions.ts";

const condition = (label: string, means: Record<string, number[]>): Condition => ({
  label,
  ratings: Object.entries(means).flatMap(([system, scores]) =>
    scores.map((score, i) => ({ system, rater: `${label}-${i}`, score })),
  ),
});

describe("places and ordinals", () => {
  test("best, runner-up and worst; the worst wins over runner-up when there are two", () => {
    expect(placeOf(1, 3)).toBe("best");
    expect(placeOf(2, 3)).toBe("runner-up");
    expect(placeOf(3, 3)).toBe("worst");
    expect(placeOf(2, 2)).toBe("worst");
    expect(placeOf(3, 4)).toBe(null);
    expect(placeOf(1, 1)).toBe("best");
    expect(placeOf(null, 3)).toBe(null);
  });
  test("ordinals in words to ten, then short forms", () => {
    expect([1, 2, 3, 10].map(ordinal)).toEqual(["best", "second", "third", "tenth"]);
    expect([11, 12, 13, 21, 22, 23, 101, 111].map(shortOrdinal)).toEqual([
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
});

describe("rank changes in words", () => {
  test("three conditions, a shared place, and a system whose place never changes", () => {
    const result = compareConditions([
      condition("None", { A: [4], B: [3], C: [2] }),
      condition("UK", { A: [4], B: [4], C: [1] }),
      condition("Pass test", { A: [2], B: [5], C: [1] }),
    ]);
    expect(rankChanges(result)).toEqual([
      "A is best (shared) under 'None' and 'UK', and second under 'Pass test'.",
      "B is best (shared) under 'UK' and 'Pass test', and second under 'None'.",
    ]);
  });
  test("nothing when every system keeps its place", () => {
    const result = compareConditions([
      condition("x", { A: [4], B: [3] }),
      condition("y", { A: [5], B: [1] }),
    ]);
    expect(rankChanges(result)).toEqual([]);
  });
});

describe("differences in words", () => {
  test("the higher condition first, with Holm's p; 'no pair' for the others", () => {
    const low = Array.from({ length: 20 }, (_, i) => 1 + (i % 2));
    const high = Array.from({ length: 20 }, (_, i) => 4 + (i % 2));
    const result = compareConditions([
      condition("None", { A: low, B: [3, 4, 3] }),
      condition("Pass test", { A: high, B: [4, 3, 3] }),
    ]);
    const a = result.differences[0] as (typeof result.differences)[number];
    expect(a.significant).toBe(true);
    expect(differenceSentences(result)).toEqual([
      `A differs significantly between conditions: 'Pass test' above 'None' (Holm p = ${(a.pHolm as number).toExponential(2)}).`,
      "No pair of conditions differs significantly for B.",
    ]);
  });
});

describe("CSV", () => {
  test("labels and systems that look like formulas are neutralised", () => {
    const result = compareConditions([
      condition("=cmd", { "+S": [3, 4] }),
      condition("b", { "+S": [2] }),
    ]);
    const rows = conditionsCsv(result).split("\r\n");
    expect(rows[1]).toMatch(/^"?'=cmd"?,"?'\+S"?,2,3\.5,/);
    expect(rows[2]).toBe(`b,"'+S",1,2,,1,1,1,`);
  });
});
