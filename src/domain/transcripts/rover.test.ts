import { expect, test } from "vitest";
import { compareCodePoints, roverWords } from "./rover.ts";

const w = (s: string) => s.split(" ");

test("ROVER by hand: votes per slot, a deletion's empty vote, an insertion's new slot", () => {
  // "a b c", "a c", "a b c": the second deletes b (slot {b:1, "":1}), the third votes b again.
  expect(roverWords([w("a b c"), w("a c"), w("a b c")])).toEqual(["a", "b", "c"]);
  // "a c", "a b c", "a b c": b is inserted as {"": 1, b: 1}, then gets a second vote: kept.
  expect(roverWords([w("a c"), w("a b c"), w("a b c")])).toEqual(["a", "b", "c"]);
  // "a c", "a b c", "a c": the inserted b has 1 vote against "" with 2: dropped.
  expect(roverWords([w("a c"), w("a b c"), w("a c")])).toEqual(["a", "c"]);
});

test("ROVER ties: the longer word, then the greater by code points", () => {
  // One vote each in the one slot: "cats" (longer) beats "cat".
  expect(roverWords([w("cat"), w("cats")])).toEqual(["cats"]);
  expect(roverWords([w("dog"), w("cat")])).toEqual(["dog"]);
  // Against the empty word (a transcript with no words), a word of one vote wins (longer).
  expect(roverWords([[""], w("yes")])).toEqual(["yes"]);
  // Code points, not UTF-16 units: U+1F600 (a surrogate pair) is greater than U+FF5E.
  expect(compareCodePoints("\u{1f600}", "\uff5e")).toBeGreaterThan(0);
  expect(roverWords([["\uff5e"], ["\u{1f600}"]])).toEqual(["\u{1f600}"]);
});

test("ROVER edge cases: one transcript is returned; no words; no transcripts", () => {
  expect(roverWords([w("just one")])).toEqual(["just", "one"]);
  expect(roverWords([[""], [""], w("x")])).toEqual([]);
  expect(roverWords([])).toEqual([]);
  // An empty transcript given as no words is the same vote as [""].
  expect(roverWords([[], [], w("x")])).toEqual([]);
});

test("weighted ROVER: a heavier voter wins a split slot", () => {
  expect(roverWords([w("a x c"), w("a y c")], [1, 2])).toEqual(["a", "y", "c"]);
  expect(roverWords([w("a x c"), w("a y c")], [2, 1])).toEqual(["a", "x", "c"]);
});
