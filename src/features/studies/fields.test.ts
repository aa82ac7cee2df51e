import { describe, expect, test } from "vitest";
import { binProblem } from "./fields.tsx";

describe("binProblem (the study forms' bin width)", () => {
  test.each([["0.1"], [" 0.25 "], ["0.000001"], ["2"]])("accepts %j", (text) => {
    expect(binProblem(text)).toBeUndefined();
  });

  test.each([[""], ["abc"], ["0"], ["-0.1"], ["Infinity"]])(
    "refuses %j as not positive",
    (text) => {
      expect(binProblem(text)).toBe("Bin width must be a number of seconds greater than 0.");
    },
  );

  test.each([["0.0000004"], ["0.0000009"], ["1e-7"]])(
    "refuses %j: under one microsecond, which the interchange format refuses too",
    (text) => {
      expect(binProblem(text)).toBe(
        "Bin width must be at least 0.000001 s (one microsecond): times are counted in whole microseconds.",
      );
    },
  );
});
