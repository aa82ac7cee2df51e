import fc from "fast-check";
import { expect, test } from "vitest";
import { alignTokens, countOps, editDistance, errorCounts, wordErrorRate } from "./align.ts";
import { normaliseText, TokenCodes, tokensOf, tokensOfNormalised, wordsOf } from "./normalise.ts";

test("normalisation: NFC, lower case, apostrophes, punctuation as spaces", () => {
  expect(normaliseText("Hello, World!  It\u2019s 3PM.")).toBe("hello world it's 3pm");
  // A decomposed ç (c + combining cedilla) composes; ʼ becomes '.
  expect(normaliseText("C\u0327a va? l\u02bcami")).toBe("ça va l'ami");
  expect(normaliseText("  --  ")).toBe("");
  expect(normaliseText("Bạn đang đánh giá câu 2/50.")).toBe("bạn đang đánh giá câu 2 50");
  // Marks are kept (Devanagari vowel signs are category Mc/Mn).
  expect(normaliseText("नमस्ते!")).toBe("नमस्ते");
});

test("tokens: words, or code points without spaces; an empty text has none", () => {
  expect(tokensOf("The cat, the hat")).toEqual(["the", "cat", "the", "hat"]);
  expect(tokensOf("你好，世界", "character")).toEqual(["你", "好", "世", "界"]);
  // A character outside the BMP is one token.
  expect(tokensOf("a\u{1d400}", "character")).toEqual(["a", "\u{1d400}"]);
  expect(tokensOf("?!", "word")).toEqual([]);
  expect(tokensOf("", "character")).toEqual([]);
});

const w = (s: string) => (s === "" ? [] : s.split(" "));

test("errors split as the spec walks the table back (hand-worked)", () => {
  expect(errorCounts(w("the cat sat"), w("the cat sat"))).toEqual({
    refTokens: 3,
    correct: 3,
    substitutions: 0,
    deletions: 0,
    insertions: 0,
    errors: 0,
  });
  // "a b c" heard as "a c": one deletion (b).
  expect(alignTokens(w("a b c"), w("a c"))).toEqual([
    { op: "C", ref: "a", hyp: "a" },
    { op: "D", ref: "b" },
    { op: "C", ref: "c", hyp: "c" },
  ]);
  // Swapped words: two substitutions, not a deletion and an insertion (substitution first).
  expect(alignTokens(w("a b"), w("b a"))).toEqual([
    { op: "S", ref: "a", hyp: "b" },
    { op: "S", ref: "b", hyp: "a" },
  ]);
  // A word put in front.
  expect(alignTokens(w("a b c"), w("x a b c"))).toEqual([
    { op: "I", hyp: "x" },
    { op: "C", ref: "a", hyp: "a" },
    { op: "C", ref: "b", hyp: "b" },
    { op: "C", ref: "c", hyp: "c" },
  ]);
  // "a a" heard as "a": the walk back matches the last a and deletes the first.
  expect(alignTokens(w("a a"), w("a"))).toEqual([
    { op: "D", ref: "a" },
    { op: "C", ref: "a", hyp: "a" },
  ]);
  // Ref "i saw the big dog", hyp "i see the dog today": distance 3 either as S+D+I (3 correct)
  // or as three substitutions (2 correct). Walking back from the end, "dog"/"today" is a
  // substitution (T[4][4] = 2, T[5][5] = 3), and so on: the spec's split is S = 3. (sclite,
  // weighing a substitution 4 and a deletion or insertion 3, would choose S+D+I.)
  const c = errorCounts(w("i saw the big dog"), w("i see the dog today"));
  expect(c).toEqual({
    refTokens: 5,
    correct: 2,
    substitutions: 3,
    deletions: 0,
    insertions: 0,
    errors: 3,
  });
  expect(wordErrorRate(w("i saw the big dog"), w("i see the dog today"))).toBeCloseTo(0.6, 15);
});

test("empty sides: everything inserted or deleted; no reference, no WER", () => {
  expect(errorCounts([], w("x y"))).toMatchObject({ refTokens: 0, insertions: 2, errors: 2 });
  expect(errorCounts(w("x y"), [])).toMatchObject({ refTokens: 2, deletions: 2, errors: 2 });
  expect(wordErrorRate([], w("x"))).toBeNull();
  expect(wordErrorRate(w("x y"), [])).toBe(1);
});

test("errorCounts (counting in a reused table) is the count of alignTokens' alignment", () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 14 }),
      fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 14 }),
      (ref, hyp) => {
        expect(errorCounts(ref, hyp)).toEqual(countOps(alignTokens(ref, hyp)));
      },
    ),
    { numRuns: 2000 },
  );
  // After a large pair (the table grows) a small one still counts right.
  const long = Array.from({ length: 300 }, (_, i) => `w${i % 7}`);
  expect(errorCounts(long, long.slice(5)).deletions).toBe(5);
  expect(errorCounts(w("a b"), w("b a"))).toEqual(countOps(alignTokens(w("a b"), w("b a"))));
});

test("errorCounts with a common prefix and suffix (left out of its table) counts as alignTokens", () => {
  const tokens = fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 6 });
  fc.assert(
    fc.property(tokens, tokens, tokens, tokens, (prefix, refMiddle, hypMiddle, suffix) => {
      const ref = [...prefix, ...refMiddle, ...suffix];
      const hyp = [...prefix, ...hypMiddle, ...suffix];
      expect(errorCounts(ref, hyp)).toEqual(countOps(alignTokens(ref, hyp)));
      expect(errorCounts(hyp, ref)).toEqual(countOps(alignTokens(hyp, ref)));
    }),
    { numRuns: 3000 },
  );
  // A prefix and a suffix that would overlap: the suffix is taken first, as the walk back does.
  for (const [ref, hyp] of [
    ["a", "a a"],
    ["a b a", "a"],
    ["a a a", "a a"],
    ["x a", "a x a"],
  ] as const) {
    expect(errorCounts(w(ref), w(hyp))).toEqual(countOps(alignTokens(w(ref), w(hyp))));
  }
});

test("editDistance on interned words is errorCounts' error count", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 12 }),
      fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 12 }),
      (a, b) => {
        const words = (xs: number[]) => xs.map((x) => `w${x}`);
        expect(editDistance(Int32Array.from(a), Int32Array.from(b))).toBe(
          errorCounts(words(a), words(b)).errors,
        );
      },
    ),
  );
});

test("words of plain ASCII in one pass are the normalisation's words", () => {
  const text = fc.oneof(
    fc.string({
      unit: fc.constantFrom(
        "a",
        "Z",
        "9",
        "'",
        " ",
        ",",
        "\t",
        "\n",
        "-",
        "\u212a",
        "\u0130",
        "\u2019",
        "é",
      ),
    }),
    fc.string(),
  );
  fc.assert(
    fc.property(text, (t) => {
      expect(wordsOf(t)).toEqual(tokensOfNormalised(normaliseText(t)));
    }),
    { numRuns: 3000 },
  );
  // Texts of words and single spaces (split at the spaces when already normal), with now and
  // then a capital, a double or edge space, or punctuation that takes the other paths.
  const word = fc.string({
    minLength: 0,
    maxLength: 5,
    unit: fc.constantFrom("a", "z", "0", "9", "'", "Q", "-", "é"),
  });
  const sentence = fc
    .tuple(fc.array(word, { maxLength: 8 }), fc.constantFrom(" ", "  ", "\t"), fc.boolean())
    .map(([words, gap, edges]) => (edges ? ` ${words.join(gap)} ` : words.join(" ")));
  fc.assert(
    fc.property(sentence, (t) => {
      expect(wordsOf(t)).toEqual(tokensOfNormalised(normaliseText(t)));
    }),
    { numRuns: 3000 },
  );
  expect(wordsOf("the cat's 2 mats")).toEqual(["the", "cat's", "2", "mats"]);
  expect(wordsOf("the  cat")).toEqual(["the", "cat"]);
  expect(wordsOf("")).toEqual([]);
});

test("a token's number: base-38 digits for a short plain word, else its own negative number", () => {
  const codes = new TokenCodes();
  // Worked by hand: a = 1, b = 2, 0 = 27, ' = 37; "ab" = 1 · 38 + 2.
  expect(codes.of("a")).toBe(1);
  expect(codes.of("ab")).toBe(40);
  expect(codes.of("0")).toBe(27);
  expect(codes.of("'")).toBe(37);
  expect(codes.of("cat's")).toBe((((3 * 38 + 1) * 38 + 20) * 38 + 37) * 38 + 19);
  // The largest coded word, ten ', is 38^10 − 1, still exact below 2^53.
  expect(codes.of("''''''''''")).toBe(6278211847988223);
  // Eleven characters, or any other character: numbered from −1 in order of first use.
  expect(codes.of("aaaaaaaaaaa")).toBe(-1);
  expect(codes.of("café")).toBe(-2);
  expect(codes.of("aaaaaaaaaaa")).toBe(-1);
  expect(codes.of("A")).toBe(-3);
  // Two tokens share a number exactly when they are the same token.
  const token = fc.string({
    maxLength: 12,
    unit: fc.constantFrom("a", "b", "z", "0", "9", "'", "é", "A"),
  });
  fc.assert(
    fc.property(token, token, (a, b) => {
      expect(codes.of(a) === codes.of(b)).toBe(a === b);
    }),
    { numRuns: 5000 },
  );
});

test("a text's tokens as numbers (read from its characters when plain ASCII) are its tokens' numbers", () => {
  const text = fc.oneof(
    fc.string({
      unit: fc.constantFrom("a", "Z", "9", "'", " ", ",", "\t", "\n", "\u0001", "-", "é", "\u2019"),
    }),
    // Words of up to 14 characters, some past the ten that one number holds.
    fc
      .array(fc.string({ minLength: 1, maxLength: 14, unit: fc.constantFrom("a", "b", "Q", "'") }))
      .map((words) => words.join(" ")),
    fc.string(),
  );
  const unit = fc.constantFrom<"word" | "character">("word", "character");
  const codes = new TokenCodes();
  fc.assert(
    fc.property(text, unit, (t, u) => {
      const n = codes.ofText(t, u);
      const read = Array.from(codes.codes.subarray(0, n));
      expect(read).toEqual(tokensOf(t, u).map((token) => codes.of(token)));
    }),
    { numRuns: 3000 },
  );
  const n = codes.ofText("The cat's  MAT, supercalifragilistic!", "word");
  expect(Array.from(codes.codes.subarray(0, n))).toEqual([
    codes.of("the"),
    codes.of("cat's"),
    codes.of("mat"),
    codes.of("supercalifragilistic"),
  ]);
  expect(codes.of("supercalifragilistic")).toBeLessThan(0);
});
