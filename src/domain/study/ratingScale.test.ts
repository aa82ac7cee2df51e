import { describe, expect, test } from "vitest";
import {
  DEFAULT_RATING_SCALE,
  isDefaultRatingScale,
  ratingScaleOf,
  ratingScaleProblem,
} from "./ratingScale.ts";

describe("the rating scale", () => {
  test("the default is the SOMOS naturalness question, 1 Bad … 5 Excellent", () => {
    expect(DEFAULT_RATING_SCALE.question).toBe(
      "How natural (i.e. human-sounding) is this recording?",
    );
    expect(DEFAULT_RATING_SCALE.labels[0]).toBe("Bad – Very unnatural speech");
    expect(DEFAULT_RATING_SCALE.labels[4]).toBe("Excellent – Completely natural speech");
    expect(ratingScaleOf({})).toBe(DEFAULT_RATING_SCALE);
    expect(isDefaultRatingScale(ratingScaleOf({}))).toBe(true);
  });

  test("a study's own wording is used, trimmed", () => {
    const own = {
      question: " How good is the voice? ",
      labels: ["1 awful", "2", "3", "4", "5 great "],
    };
    expect(ratingScaleOf({ ratingScale: own })).toEqual({
      question: "How good is the voice?",
      labels: ["1 awful", "2", "3", "4", "5 great"],
    });
    expect(isDefaultRatingScale(ratingScaleOf({ ratingScale: own }))).toBe(false);
  });

  test("a broken stored scale names its problem and falls back to the default", () => {
    expect(ratingScaleProblem("x")).toBe("ratingScale must be an object");
    expect(ratingScaleProblem({ question: "", labels: [] })).toBe(
      "ratingScale.question must be a non-empty text",
    );
    expect(ratingScaleProblem({ question: "Q", labels: ["a", "b"] })).toBe(
      "ratingScale.labels must be a list of 5 texts (points 1 to 5)",
    );
    expect(ratingScaleProblem({ question: "Q", labels: ["a", "b", " ", "d", "e"] })).toBe(
      "ratingScale.labels[2] (point 3) must be a non-empty text",
    );
    expect(ratingScaleOf({ ratingScale: { question: "Q", labels: [1, 2, 3, 4, 5] } })).toBe(
      DEFAULT_RATING_SCALE,
    );
  });
});
