import { expect, test } from "vitest";
import { DEFAULT_TAXONOMY } from "./taxonomy.ts";

test("the default taxonomy is the RedPen paper's 11 error types, in the spec's order", () => {
  expect(DEFAULT_TAXONOMY.map((t) => t.id)).toEqual([
    "end_of_speech",
    "silence",
    "high_pitch",
    "voice_trembling",
    "flat_pitch",
    "energy",
    "spacing",
    "word_duration",
    "accuracy",
    "background_noise",
    "undefined",
  ]);
  expect(DEFAULT_TAXONOMY.find((t) => t.id === "energy")?.label).toBe("Energy-related");
});
