// scripts/gen-study.ts, the generator's command line (the generator itself is tested in
// src/domain/interchange/generate.test.ts).
import { describe, expect, test } from "vitest";
import { generateStudyText, parseGenArgs } from "../../scripts/gen-study.ts";
import { parseAnnotationFile } from "../domain/interchange/schema.ts";

describe("gen-study's command line", () => {
  test("reads its options and refuses bad ones", () => {
    expect(parseGenArgs(["--clips", "100", "--annotators", "3", "--out", "s.json"])).toEqual({
      clips: 100,
      annotators: 3,
      out: "s.json",
    });
    expect(() => parseGenArgs(["--clips", "0"])).toThrow(
      "--clips needs a positive integer (got 0)",
    );
    expect(() => parseGenArgs(["--clips"])).toThrow(
      "--clips needs a positive integer (got nothing)",
    );
    expect(() => parseGenArgs(["--frames", "3"])).toThrow("unknown option --frames");
    expect(() => parseGenArgs(["--annotators", "5", "--pool", "3"])).toThrow(
      "--pool must be at least --annotators",
    );
    expect(parseGenArgs(["--help"])).toEqual({ help: true });
    expect(parseGenArgs(["--clips", "5", "-h"])).toEqual({ clips: 5, help: true });
  });

  test("the text is the study in the one-record-per-line layout, and reads back", () => {
    const text = generateStudyText({ clips: 10, seed: 2 });
    expect(text).toContain('\n  "clips": [\n    {"id":"c01",');
    const result = parseAnnotationFile(JSON.parse(text));
    expect(result.ok && result.file.clips).toHaveLength(10);
  });
});
