import fc from "fast-check";
import { expect, test } from "vitest";
import { MAX_TRANSCRIPT_LENGTH, transcriptProblem } from "./limits.ts";

/** The rule, character by character: C0 and C1 controls and DEL, but tab, LF and CR. */
function firstControlByHand(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return i;
  }
  return -1;
}

test("a transcript's first control character is named with its code and position", () => {
  expect(transcriptProblem("two\twords\r\nand a line")).toBeNull();
  expect(transcriptProblem("abc\u0007d")).toBe(
    "contains a control character (U+0007 at position 4)",
  );
  expect(transcriptProblem("\u007fx")).toBe("contains a control character (U+007F at position 1)");
  expect(transcriptProblem("é\u009f")).toBe("contains a control character (U+009F at position 2)");
  // Just outside the ranges: the space, ~ and the no-break space.
  expect(transcriptProblem(" ~\u00a0")).toBeNull();
  expect(transcriptProblem("x".repeat(MAX_TRANSCRIPT_LENGTH + 1))).toBe(
    `is ${MAX_TRANSCRIPT_LENGTH + 1} characters long; a transcript may have at most ${MAX_TRANSCRIPT_LENGTH}`,
  );
  // Any text: the position the character-by-character rule finds.
  const unit = fc.oneof(
    fc.integer({ min: 0, max: 0xa0 }).map((c) => String.fromCharCode(c)),
    fc.constantFrom("a", " ", "\u00e9", "\ud83d\ude00", "\ud800"),
  );
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 30 }), (units) => {
      const text = units.join("");
      const at = firstControlByHand(text);
      const problem = transcriptProblem(text);
      if (at < 0) expect(problem).toBeNull();
      else expect(problem).toContain(` at position ${at + 1})`);
    }),
    { numRuns: 3000 },
  );
});
