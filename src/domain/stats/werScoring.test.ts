import fc from "fast-check";
import { expect, test } from "vitest";
import { errorCounts } from "../transcripts/align.ts";
import { tokensOf } from "../transcripts/normalise.ts";
import { type ErrorArrays, scoreWordsInWasm, setWerKernel } from "./werScoring.ts";

/** align.ts's counts of each transcript against its clip's words: what the kernel must give. */
function inJavaScript(
  transcripts: readonly string[],
  clipOf: Int32Array,
  refs: readonly (readonly string[] | undefined)[],
): ErrorArrays {
  const out = arrays(transcripts.length);
  transcripts.forEach((text, t) => {
    const c = errorCounts(refs[clipOf[t] as number] as string[], tokensOf(text));
    out.errors[t] = c.errors;
    out.substitutions[t] = c.substitutions;
    out.deletions[t] = c.deletions;
    out.insertions[t] = c.insertions;
  });
  return out;
}

function arrays(n: number): ErrorArrays {
  return {
    errors: new Int32Array(n),
    substitutions: new Int32Array(n),
    deletions: new Int32Array(n),
    insertions: new Int32Array(n),
  };
}

// Words that share prefixes and hashes' inputs, in any case; separators of every ASCII kind.
const word = fc.constantFrom(
  "a",
  "an",
  "and",
  "AND",
  "the",
  "The",
  "it's",
  "its",
  "x1",
  "1x",
  "'",
  "zz",
  "abc",
  "abd",
);
const separator = fc.constantFrom(
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  ", ",
  ". ",
  "-",
  "\u0001",
  "\u007f",
  "?!",
);

test("the kernel is there (Node has WebAssembly)", () => {
  expect(setWerKernel(true)).toBe(true);
});

test("in WebAssembly, each transcript's S, D and I equal align.ts's on normalise.ts's words", () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(word, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 }),
      fc.array(
        fc.record({
          clip: fc.nat(),
          words: fc.array(word, { maxLength: 14 }),
          separators: fc.array(separator, { maxLength: 15 }),
          lead: fc.constantFrom("", " ", "\t", "..."),
          trail: fc.constantFrom("", " ", "\n", "!"),
        }),
        { minLength: 1, maxLength: 40 },
      ),
      (texts, rows) => {
        // Each clip's words as findTranscripts gives them: its text normalised (never empty).
        const refs = texts.map((w) => tokensOf(w.join(" ")));
        fc.pre(refs.every((r) => r.length > 0));
        const clipOf = Int32Array.from(rows, (r) => r.clip % texts.length);
        const transcripts = rows.map(
          (r) =>
            r.lead +
            r.words.map((w, i) => (i === 0 ? w : `${r.separators[i] ?? " "}${w}`)).join("") +
            r.trail,
        );
        const out = arrays(transcripts.length);
        expect(scoreWordsInWasm(transcripts, clipOf, refs, out)).toBe(true);
        expect(out).toEqual(inJavaScript(transcripts, clipOf, refs));
      },
    ),
    { numRuns: 400 },
  );
});

test("clips' texts and transcripts of hundreds of words, and clips without text", () => {
  const long = Array.from({ length: 400 }, (_, i) => `w${i % 37}`);
  const refs = [undefined, long, ["only"], undefined];
  const transcripts = [
    long.slice(5).join(" "),
    long.map((w, i) => (i % 9 === 0 ? "X" : w)).join(" "),
    "",
    "ONLY only",
    long.slice(0, 100).reverse().join(" "),
  ];
  const clipOf = Int32Array.from([1, 1, 2, 2, 1]);
  const out = arrays(transcripts.length);
  expect(scoreWordsInWasm(transcripts, clipOf, refs, out)).toBe(true);
  expect(out).toEqual(inJavaScript(transcripts, clipOf, refs));
  // Hand-checked: the first drops 5 words; "" deletes "only"; "ONLY only" inserts one.
  expect([out.errors[0], out.deletions[0]]).toEqual([5, 5]);
  expect([out.errors[2], out.deletions[2]]).toEqual([1, 1]);
  expect([out.errors[3], out.insertions[3]]).toEqual([1, 1]);
});

test("in runs (a study's systems), in any order: the same scores, each run's errors there when it is done", () => {
  const refs = [
    ["the", "cat", "sat"],
    ["a", "dog"],
    ["on", "the", "mat", "now"],
  ];
  const transcripts = [
    "the cat sat",
    "a dog",
    "on mat now",
    "the bat",
    "dog",
    "on the mat now",
    "cat sat",
  ];
  const clipOf = Int32Array.from([0, 1, 2, 0, 1, 2, 0]);
  const whole = inJavaScript(transcripts, clipOf, refs);
  fc.assert(
    fc.property(
      fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6], { minLength: 7, maxLength: 7 }),
      fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
      (order, cuts) => {
        const offsets = Int32Array.from([0, ...cuts.sort((x, y) => x - y), 7]);
        const out = arrays(transcripts.length);
        const seen: number[][] = [];
        const runs = {
          order: Int32Array.from(order),
          offsets,
          done: (k: number) => {
            const run = order.slice(offsets[k], offsets[k + 1]);
            // This run's errors are written by the time it is done.
            expect(run.map((t) => out.errors[t])).toEqual(run.map((t) => whole.errors[t]));
            seen.push(run);
          },
        };
        expect(scoreWordsInWasm(transcripts, clipOf, refs, out, runs)).toBe(true);
        expect(out).toEqual(whole);
        expect(seen).toEqual(
          Array.from({ length: offsets.length - 1 }, (_, k) =>
            order.slice(offsets[k], offsets[k + 1]),
          ),
        );
      },
    ),
    { numRuns: 100 },
  );
});

test("a transcript or a text beyond ASCII is left to JavaScript, nothing written", () => {
  const out = arrays(2);
  out.errors.fill(-7);
  const clipOf = Int32Array.from([0, 0]);
  expect(scoreWordsInWasm(["ok", "café"], clipOf, [["ok"]], out)).toBe(false);
  expect(scoreWordsInWasm(["ok", "ok"], clipOf, [["naïve"]], out)).toBe(false);
  expect([...out.errors]).toEqual([-7, -7]);
});

test("without the kernel, nothing is scored here", () => {
  const before = setWerKernel(false);
  try {
    expect(scoreWordsInWasm(["a"], Int32Array.from([0]), [["a"]], arrays(1))).toBe(false);
  } finally {
    setWerKernel(before);
  }
});
