// `stats FILE` prints the listening-test section: MOS per system with the t interval, then the
// pairwise signed-rank tests (tests/golden/mos.input.json, whose figures the golden test checks
// against SciPy; here the layout and the hand-checked A–B row).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { runAnalysisCli } from "./analysisCommands.ts";

/** Runs the command line in-process: exit code, stdout and stderr. */
function run(argv: string[]) {
  let out = "";
  let err = "";
  const code = runAnalysisCli(argv, {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    readFile: (p) => readFileSync(p, "utf8"),
  });
  return { code, out, err };
}

test("the listening-test section: MOS table, then pairs with Holm-adjusted p", () => {
  const { code, out } = run(["stats", "tests/golden/mos.input.json"]);
  expect(code).toBe(0);
  const section = out.slice(out.indexOf("Listening test (MOS, 1–5)"));
  const lines = section.split("\n");
  expect(lines[1]).toMatch(/^ {2}system +n +raters +MOS +sd +95% CI \(t\) +bootstrap 95%\*$/);
  // A: 12 ratings by 2 raters, mean 47/12 = 3.917
  expect(section).toMatch(
    /\n {2}A +12 +2 +3\.917 +1\.379 +\[3\.041, 4\.793\] +\[\d\.\d{3}, \d\.\d{3}\]\n/,
  );
  // D, rated once: no sd, no interval of either kind
  expect(section).toMatch(/\n {2}D +1 +1 +4\.000 +— +— +—\n/);
  expect(section).toContain(
    "How many sentences? (resampling estimate: 20 random sets of each size)",
  );
  // A − B on 6 sentences: d = 0.5, −1, 1.5, 2, −2.5, 3 → W+ = 14, exact p = 36/64 = 0.5625
  expect(section).toMatch(/\n {2}A +B +6 +0\.583 +14 +0\.563 +1\.00\n/);
  // A and C agree on every sentence: no test
  expect(section).toMatch(/\n {2}A +C +6 +0\.000 +0 +— +—\n/);
});

test("report: the protocol report in Markdown, or LaTeX with --latex; refuses --json", () => {
  const md = run(["report", "tests/golden/mos.input.json"]);
  expect(md.code).toBe(0);
  expect(md.out.split("\n")[0]).toBe("# Protocol report: Listening-test edge cases");
  expect(md.out).toContain("- **Recruitment filters:** not reported");
  expect(md.out).toContain("| A − B | 6 | 0.58 | 0.563 | 1.000 |");
  const tex = run(["report", "tests/golden/mos.input.json", "--latex"]);
  expect(tex.code).toBe(0);
  expect(tex.out).toContain("\\subsection*{Listening test protocol: Listening-test edge cases}");
  expect(tex.out).toContain("A -- B & 6 & 0.58 & 0.563 & 1.000 \\\\");
  const bad = run(["report", "tests/golden/mos.input.json", "--json"]);
  expect(bad.code).toBe(2);
  expect(bad.err).toBe(
    "redpen: report takes no --json option (try --latex)\n\n" +
      bad.err.slice(bad.err.indexOf("Usage")),
  );
});

test("the study's quality rules: report applies them and says so; stats only with --apply-rules", () => {
  const file = JSON.parse(readFileSync("tests/golden/mos.input.json", "utf8"));
  // Everyone with two ratings or more has a variance under 5: r1 and r2 are caught, r3 not.
  file.study.qualityRules = { lowVariance: { on: true, variance: 5 } };
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-rules-"));
  const target = path.join(dir, "rules.json");
  writeFileSync(target, JSON.stringify(file));
  try {
    const md = run(["report", target]);
    expect(md.out).toContain(
      "- **Excluded by the quality rules:** 2 of 3 raters excluded (2 gave ratings with a variance under 5)",
    );
    // Only r3's rating is left: system D, 4.00.
    expect(md.out).toContain("| D | 1 | 1 | 4.00 | — |");
    expect(md.out).not.toContain("| A | 12 |");
    const plain = JSON.parse(run(["stats", target, "--json"]).out);
    expect(Object.keys(plain.mos.bySystem)).toEqual(["(none)", "A", "B", "C", "D", "E", "T"]);
    const ruled = run(["stats", target, "--json", "--apply-rules"]);
    expect(Object.keys(JSON.parse(ruled.out).mos.bySystem)).toEqual(["D"]);
    expect(ruled.err).toBe(
      `${target}: 2 rater(s) left out by the study's quality rules: r1 (lowVariance), r2 (lowVariance)\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
