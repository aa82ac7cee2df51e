// Golden values: computeReport against reports computed independently in Python
// (scripts/golden/reference.py with scikit-learn, SciPy and NumPy) for the fixture studies in
// tests/golden. Regenerate with `/usr/bin/python3 scripts/golden/reference.py --all tests/golden`.
import { describe, expect, test } from "vitest";
import { differences } from "../../../tests/helpers/differences.ts";
import type { AnnotationFile } from "../interchange/types.ts";
import { analyze, computeReport } from "./analyze.ts";

const files = import.meta.glob<unknown>("../../../tests/golden/*.json", {
  eager: true,
  import: "default",
});

function fileNamed(name: string): unknown {
  const entry = Object.entries(files).find(([path]) => path.endsWith(`/${name}`));
  if (!entry) throw new Error(`tests/golden/${name} is missing`);
  return entry[1];
}

const cases = Object.keys(files)
  .map((path) => path.slice(path.lastIndexOf("/") + 1))
  .filter((name) => name.endsWith(".expected.json"))
  .sort()
  .map((name) => {
    const match = /^(.+?)(?:\.bin-([0-9.]+))?\.expected\.json$/.exec(name);
    if (!match?.[1]) throw new Error(`unexpected golden file name ${name}`);
    return {
      name,
      study: match[1],
      binSeconds: match[2] === undefined ? undefined : Number(match[2]),
    };
  });

describe("golden reports from the independent Python implementation", () => {
  test("there are golden studies, including other bin widths", () => {
    expect(new Set(cases.map((c) => c.study)).size).toBeGreaterThanOrEqual(4);
    expect(cases.some((c) => c.binSeconds === 0.05)).toBe(true);
    expect(cases.some((c) => c.binSeconds === 0.25)).toBe(true);
  });

  test.each(cases)("$name", ({ study, binSeconds }) => {
    const input = fileNamed(`${study}.input.json`) as AnnotationFile;
    const expected = fileNamed(
      `${study}${binSeconds === undefined ? "" : `.bin-${binSeconds}`}.expected.json`,
    );
    const options = binSeconds === undefined ? {} : { binSeconds };
    const out: string[] = [];
    differences(JSON.parse(JSON.stringify(computeReport(input, options))), expected, "report", out);
    differences(
      JSON.parse(JSON.stringify(analyze(input, options).report)),
      expected,
      "analyze.report",
      out,
    );
    expect(out).toEqual([]);
  });
});
