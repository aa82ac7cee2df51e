// `compare`: the golden conditions (tests/golden/conditions, computed independently by
// scripts/golden/reference.py --conditions with SciPy) to 1e-9, the readable text and LaTeX on a
// hand-made pair of studies, and every refusal with its message, exit 2 and nothing on stdout.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { differences } from "../../tests/helpers/differences.ts";
import { runCompareCli } from "./compare.ts";

const dir = path.resolve("tests/golden/conditions");
const cases = JSON.parse(readFileSync(path.join(dir, "cases.json"), "utf8")) as {
  name: string;
  files: string[];
  labels?: string[];
  by?: string;
}[];

function run(argv: string[], files: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = runCompareCli(["compare", ...argv], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readFile: (p) => {
      const own = files[p];
      if (own !== undefined) return own;
      return readFileSync(p, "utf8");
    },
  });
  return { code, stdout, stderr };
}

const input = (name: string) => path.join(dir, `${name}.input.json`);

describe("golden conditions from the independent implementation", () => {
  test("cover studies, study names as labels and every kind of --by", () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
    const by = cases.map((c) => c.by).filter(Boolean);
    expect(by).toEqual(expect.arrayContaining(["platform", "arm", "screening:huggins", "country"]));
  });

  test.each(cases)("compare --json $name agrees to 1e-9", ({ name, files, labels, by }) => {
    const argv = [
      ...files.map(input),
      ...(labels ?? []).flatMap((l) => ["--label", l]),
      ...(by === undefined ? [] : ["--by", by]),
      "--json",
    ];
    const { code, stdout, stderr } = run(argv);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const out: string[] = [];
    differences(
      JSON.parse(stdout),
      JSON.parse(readFileSync(path.join(dir, `${name}.expected.json`), "utf8")),
      "compare",
      out,
    );
    expect(out).toEqual([]);
  });

  test("the three studies' winners differ, as the fixture was built to show", () => {
    const expected = JSON.parse(
      readFileSync(path.join(dir, "three-studies.expected.json"), "utf8"),
    ) as { systems: { system: string; byCondition: { rank: number | null }[] }[] };
    const vits = expected.systems.find((s) => s.system === "VITS");
    expect(new Set(vits?.byCondition.map((c) => c.rank)).size).toBeGreaterThan(1);
  });
});

const study = (name: string, rows: [string, string, number, number?][]) =>
  JSON.stringify({
    format: "redpen-annotations",
    version: 1,
    study: { id: name, name, binSeconds: 0.1 },
    taxonomy: [],
    clips: [...new Set(rows.map((r) => r[0]))].map((id) => ({
      id,
      name: `${id}.wav`,
      duration: 1,
      system: id.split("_")[0],
      sentence: id.split("_")[1],
    })),
    annotators: [...new Set(rows.map((r) => r[1]))].map((id) => ({ id, role: "crowd" })),
    submissions: rows.map(([clipId, annotatorId, score, seconds]) => ({
      clipId,
      annotatorId,
      score,
      ...(seconds === undefined ? {} : { seconds }),
    })),
    regions: [],
    reasonLabels: [],
  });

// Under "None" VITS is third of three; under "Pass test" it is best.
const NONE = study("None", [
  ["GT_1", "a", 5, 30],
  ["GT_2", "b", 4, 30],
  ["FastSpeech2_1", "a", 4, 60],
  ["FastSpeech2_2", "b", 3],
  ["VITS_1", "a", 2],
  ["VITS_2", "b", 3],
]);
const PASS = study("Pass test", [
  ["GT_1", "c", 4, 90],
  ["GT_2", "d", 4, 30],
  ["FastSpeech2_1", "c", 3],
  ["FastSpeech2_2", "d", 3],
  ["VITS_1", "c", 5],
  ["VITS_2", "d", 5],
]);
const files = { "none.json": NONE, "pass.json": PASS };

describe("readable text and LaTeX", () => {
  test("the table marks best, runner-up and worst; rank changes and differences in words", () => {
    const { code, stdout } = run(["none.json", "pass.json"], files);
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    // GT under None: 4.5 ± t(0.975, 1) · 0.5 = 6.35, best; VITS 2.5, worst; FastSpeech2 runner-up.
    expect(lines).toContain("  GT                      4.50 ± 6.35 best  4.00 ± 0.00 runner-up");
    expect(lines).toContain("  VITS                   2.50 ± 6.35 worst       5.00 ± 0.00 best");
    expect(lines).toContain("  FastSpeech2        3.50 ± 6.35 runner-up      3.00 ± 0.00 worst");
    expect(stdout).toMatch(/Minutes per rater +1\.0 +1\.0/);
    expect(stdout).toContain("VITS is best under 'Pass test' and third under 'None'.");
    expect(stdout).toContain("GT is best under 'None' and second under 'Pass test'.");
    expect(stdout).toContain("No pair of conditions differs significantly for FastSpeech2.");
    // Two systems of three swapped places: tau-b = (1 − 2)/3.
    expect(lines).toContain("  None       Pass test        3  -0.333");
  });

  test("LaTeX: subscript half widths, bold best, underlined runner-up, italic worst, minutes row", () => {
    const { code, stdout } = run(["none.json", "pass.json", "--latex"], files);
    expect(code).toBe(0);
    expect(stdout).toContain("\\begin{tabular}{lcc}");
    expect(stdout).toContain("System & None & Pass test \\\\");
    expect(stdout).toContain(
      "GT & $\\mathbf{4.50}_{\\pm 6.35}$ & \\underline{$4.00_{\\pm 0.00}$} \\\\",
    );
    expect(stdout).toContain(
      "VITS & $\\mathit{2.50}_{\\pm 6.35}$ & $\\mathbf{5.00}_{\\pm 0.00}$ \\\\",
    );
    expect(stdout).toContain("Minutes per rater & 1.0 & 1.0 \\\\");
  });

  test("--csv: one row per condition and system", () => {
    const { stdout } = run(
      ["none.json", "pass.json", "--csv", "--label", "N", "--label", "P"],
      files,
    );
    const rows = stdout.trimEnd().split("\r\n");
    expect(rows[0]).toBe(
      "condition,system,n,mean,ci95_half_width,rank,condition_raters,condition_ratings,minutes_per_rater",
    );
    expect(rows).toContain("P,VITS,2,5,0,1,2,6,1");
    expect(rows).toHaveLength(7);
  });
});

describe("bad input: a message naming the problem, exit 2, nothing on stdout", () => {
  const C = study("Other", [["Z_1", "e", 3]]);
  const refusals: [string, string[], RegExp][] = [
    [
      "studies that share no system",
      ["none.json", "c.json"],
      /the conditions share no system: none\.json rates FastSpeech2, GT, VITS; c\.json rates Z/,
    ],
    [
      "a --by field nobody has",
      ["none.json", "--by", "country"],
      /--by country: no annotator of none\.json has an intake answer "country"/,
    ],
    ["fewer than two conditions", ["none.json"], /fewer than two conditions: .*only none\.json/],
    ["no study at all", [], /fewer than two conditions: no study given/],
    [
      "mismatched --label counts",
      ["none.json", "pass.json", "--label", "N"],
      /1 --label for 2 studies: give one --label per study/,
    ],
    [
      "--by with two studies",
      ["none.json", "pass.json", "--by", "platform"],
      /--by groups one study's listeners: give one file \(got 2\)/,
    ],
    [
      "an empty --label",
      ["none.json", "pass.json", "--label", "N", "--label", " "],
      /--label number 2 is empty/,
    ],
    ["--json with --latex", ["none.json", "pass.json", "--json", "--latex"], /choose one of/],
    ["a missing file", ["none.json", "gone.json"], /gone\.json: no such file/],
    [
      "two studies of one name",
      ["none.json", "none.json"],
      /none\.json and none\.json are both labelled "None": give each its own label/,
    ],
  ];
  test.each(refusals)("%s", (_, argv, message) => {
    const { code, stdout, stderr } = run(argv, { ...files, "c.json": C });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
  });
});
