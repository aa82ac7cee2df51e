// Readable `stats` follows the study's task (issue 36, problem 5): a SUS study printed about 90
// lines of span tables (error types all 0.000, consensus sensitivity 0.000) before the WER.
// The task's own figures lead; span tables appear outside a mark study only with spans; the
// JSON report is untouched (golden.test.ts).
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { runAnalysisCli } from "./analysisCommands.ts";

function stats(file: string, change?: (study: Record<string, unknown>) => void) {
  const json = JSON.parse(readFileSync(file, "utf8"));
  change?.(json.study);
  let out = "";
  const code = runAnalysisCli(["stats", "study.json"], {
    stdout: (t) => {
      out += t;
    },
    stderr: () => undefined,
    readFile: () => JSON.stringify(json),
  });
  expect(code).toBe(0);
  return out;
}

/** The sections' first lines, after the two-line header. */
const titles = (out: string) =>
  out
    .split("\n\n")
    .slice(1)
    .map((block) => block.split("\n")[0] ?? "");

test("a transcription test opens on the WER, then the MOS of its ratings; no span tables", () => {
  const out = stats("tests/golden/intelligibility.input.json");
  const t = titles(out);
  expect(t[0]).toMatch(/^Intelligibility \(WER\): word error rate/);
  expect(t.findIndex((x) => x.startsWith("Listening test (MOS"))).toBeGreaterThan(0);
  expect(t.at(-1)).toBe("Dataset (as in the RedPen paper's Table 1)");
  for (const span of ["Agreement", "Pairwise kappa", "Crowd consensus", "Error types", "Score vs"])
    expect(out).not.toContain(span);
});

test("a transcription test without ratings shows no MOS", () => {
  const out = stats("tests/golden/intelligibility-chars.input.json");
  expect(titles(out)[0]).toMatch(/^Intelligibility \(WER\): character error rate/);
  expect(out).not.toContain("Listening test (MOS");
  expect(out).not.toContain("Annotator quality");
});

test("a rate study leads with the MOS", () => {
  const out = stats("tests/golden/mos.input.json", (s) => {
    s.task = "rate";
  });
  expect(titles(out)).toEqual([
    "Listening test (MOS, 1–5)",
    "How many sentences? (resampling estimate: 20 random sets of each size)",
    "Pairwise differences (Wilcoxon signed-rank on per-sentence means, Holm-adjusted)",
    "Two-factor ANOVA of the ratings (Type II)",
    "Dataset (as in the RedPen paper's Table 1)",
  ]);
});

test("a mark study keeps its span tables, in the analysis screen's order, even without spans", () => {
  const out = stats("tests/golden/mos.input.json");
  const order = [
    "Dataset (as in the RedPen paper's Table 1)",
    "Agreement (0.1 s bins)",
    "Pairwise kappa",
    "Crowd consensus",
    "Score vs. length of unnatural regions (per clip)",
    "Listening test (MOS, 1–5)",
    "Error types per system",
    "Expert agreement on reasons",
    "Annotator quality",
  ].map((title) => out.indexOf(`\n\n${title}`));
  expect(order.every((at) => at > 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});

test("the Dataset of a rating or transcription test has no span rows; a mark study's keeps them", () => {
  const dataset = (out: string) =>
    out.split("\n\n").find((block) => block.startsWith("Dataset (as in")) ?? "";
  for (const out of [
    stats("tests/golden/intelligibility-chars.input.json"),
    stats("tests/golden/mos.input.json", (s) => {
      s.task = "rate";
    }),
  ]) {
    const rows = dataset(out).trimEnd().split("\n").slice(1);
    expect(rows.map((r) => r.trim().replace(/\s{2,}\S+$/, ""))).toEqual([
      "Clips",
      "Annotated clips",
      "Annotations (clip × annotator)",
      "Mean duration of annotated clips (s)",
    ]);
    expect(out).not.toMatch(/Regions per annotation|region length|Reasons per/);
  }
  const mark = dataset(stats("tests/golden/mos.input.json"));
  for (const row of [
    "Regions per annotation",
    "Mean region length (s)",
    "Reasons per reason label",
  ])
    expect(mark).toContain(`  ${row} `);
});
