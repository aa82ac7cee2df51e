import fc from "fast-check";
import { expect, test } from "vitest";
import { plainWordCode, wordsOf } from "./normalise.ts";
import { compareCodePoints, roverWords, Vocabulary } from "./rover.ts";

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

test("a plain text's words read character by character are wordsOf's, for every ASCII code", () => {
  // Each printable character alone and between two letters: a word character joins them.
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    const words = wordsOf(`a${ch}b`);
    if (plainWordCode(c) >= 0) {
      expect(words).toEqual([`a${ch.toLowerCase()}b`]);
      expect(plainWordCode(c)).toBe(ch.toLowerCase().charCodeAt(0));
    } else if (/[\t\n\r\x20-\x7e]/.test(ch)) {
      expect(words).toEqual(["a", "b"]);
    }
  }
});

test("Vocabulary.text gives the ids of row(wordsOf(text)), whatever the text and the words before", () => {
  // Texts of ASCII letters in both cases, digits, apostrophes, punctuation, spaces, and
  // now and then a character that sends the text through normaliseText (’, İ, é, 😀, a control
  // character); words repeat across texts, and enough are new that the table grows.
  const char = fc.constantFrom(
    ..."aAbBcCzZ09' .,-!?\t\n",
    "\u2019",
    "\u0130",
    "\u00e9",
    "\u{1f600}",
    "\u0007",
  );
  const text = fc.array(char, { maxLength: 40 }).map((cs) => cs.join(""));
  fc.assert(
    fc.property(fc.array(text, { minLength: 1, maxLength: 80 }), (texts) => {
      const fast = new Vocabulary();
      const slow = new Vocabulary();
      for (const t of texts) {
        const a = Array.from(fast.text(t), (id) => fast.words[id]);
        const b = Array.from(slow.row(wordsOf(t)), (id) => slow.words[id]);
        expect(a).toEqual(b);
      }
      expect(fast.words).toEqual(slow.words);
    }),
    { numRuns: 300 },
  );
  // Hundreds of distinct words: the table is made again several times; every id still found.
  const v = new Vocabulary();
  const many = Array.from({ length: 1000 }, (_, i) => `W${i.toString(36)}x`);
  const ids = many.map((word) => v.text(word)[0]);
  expect(many.map((word) => v.text(word.toLowerCase())[0])).toEqual(ids);
  expect(new Set(ids).size).toBe(1000);
  expect(v.words[ids[999] as number]).toBe("wrrx");
  // No words: the single empty word, id 0, as the empty word given as a word is.
  expect(Array.from(v.row([""]))).toEqual([0]);
  expect(Array.from(v.text(" ,;. "))).toEqual([0]);
  expect(Array.from(v.text(""))).toEqual([0]);
});
