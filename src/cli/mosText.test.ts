// `stats FILE` prints the listening-test section: MOS per system with the t interval, then the
// pairwise signed-rank tests (tests/golden/mos.input.json, whose figures the golden test checks
// against SciPy; here the layout and the hand-checked A–B row).
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { runCli } from "./run.ts";

test("the listening-test section: MOS table, then pairs with Holm-adjusted p", () => {
  let out = "";
  const code = runCli(["stats", "tests/golden/mos.input.json"], {
    stdout: (t) => {
      out += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
  });
  expect(code).toBe(0);
  const section = out.slice(out.indexOf("Listening test (MOS, 1–5)"));
  const lines = section.split("\n");
  expect(lines[1]).toMatch(/^ {2}system +n +raters +MOS +sd +95% CI \(t\)$/);
  // A: 12 ratings by 2 raters, mean 47/12 = 3.917
  expect(section).toMatch(/\n {2}A +12 +2 +3\.917 +1\.379 +\[3\.041, 4\.793\]\n/);
  // D, rated once: no sd, no interval
  expect(section).toMatch(/\n {2}D +1 +1 +4\.000 +— +—\n/);
  // A − B on 6 sentences: d = 0.5, −1, 1.5, 2, −2.5, 3 → W+ = 14, exact p = 36/64 = 0.5625
  expect(section).toMatch(/\n {2}A +B +6 +0\.583 +14 +0\.563 +1\.00\n/);
  // A and C agree on every sentence: no test
  expect(section).toMatch(/\n {2}A +C +6 +0\.000 +0 +— +—\n/);
});

test("report: the protocol report in Markdown, or LaTeX with --latex; refuses --json", () => {
  const run = (argv: string[]) => {
    let out = "";
    let err = "";
    const code = runCli(argv, {
      stdout: (t) => {
        out += t;
      },
      stderr: (t) => {
        err += t;
      },
      readFile: (p) => readFileSync(p, "utf8"),
    });
    return { code, out, err };
  };
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
