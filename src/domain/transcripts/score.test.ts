import { expect, test } from "vitest";
import { scoreTexts } from "./score.ts";

test("AWAcc, pooled WER and missing tasks, worked by hand", () => {
  const refs = new Map([
    ["a", "the cat sat"], // hyp "the cat": 1 deletion, wer 1/3, accuracy 2/3
    ["b", "hello world"], // hyp "hello there big world": 2 insertions... see below
    ["c", "one two"], // missing: scored as empty, 2 deletions, accuracy 0
    ["d", "?!"], // no words: not scored
  ]);
  const hyps = new Map([
    ["a", "The cat."],
    ["b", "hello big world there"], // 2 insertions: wer 1, accuracy max(0, 0) = 0
    ["z", "not a reference"],
  ]);
  const s = scoreTexts(refs, hyps);
  expect(s).toMatchObject({
    tasks: 3,
    refTokens: 7,
    substitutions: 0,
    deletions: 3,
    insertions: 2,
    errors: 5,
    missing: 1,
    emptyReferences: 1,
    extra: 1,
  });
  expect(s.awacc).toBeCloseTo((100 * (2 / 3 + 0 + 0)) / 3, 12);
  expect(s.wer).toBeCloseTo(5 / 7, 12);
  expect(s.perTask.map((t) => [t.task, t.missing])).toEqual([
    ["a", false],
    ["b", false],
    ["c", true],
  ]);
  // Accuracy is floored at 0: 3 insertions on a one-word reference.
  expect(scoreTexts(new Map([["x", "a"]]), new Map([["x", "a b c d"]])).awacc).toBe(0);
  expect(scoreTexts(new Map(), new Map()).awacc).toBeNull();
});
