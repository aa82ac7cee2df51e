import { expect, test } from "vitest";
import { progressText } from "./progressText.ts";

test("each stage in words, counts with thousands separators", () => {
  expect(progressText({ stage: "reading", total: 3 })).toBe("Reading…");
  expect(progressText({ stage: "checking", total: 3 })).toBe("Checking 3 files…");
  expect(progressText({ stage: "checking", total: 1 })).toBe("Checking 1 file…");
  expect(progressText({ stage: "comparing", total: 1 })).toBe("Comparing with the stored study…");
  expect(progressText({ stage: "comparing", total: 2 })).toBe("Comparing with 2 stored studies…");
  expect(progressText({ stage: "writing", total: 250_000, done: 0 })).toBe(
    "Writing 250,000 records…",
  );
  expect(progressText({ stage: "writing", total: 250_000, done: 120_000 })).toBe(
    "Writing 250,000 records… 120,000 written",
  );
  expect(progressText({ stage: "writing", total: 1, done: 1 })).toBe("Writing 1 record…");
});
