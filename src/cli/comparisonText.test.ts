import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseAnnotationText } from "../domain/interchange/schema.ts";
import { computeReport } from "../domain/stats/analyze.ts";
import { comparisonSection } from "./comparisonText.ts";
import { formatStats } from "./statsText.ts";

function golden(name: string) {
  const parsed = parseAnnotationText(readFileSync(`tests/golden/${name}.input.json`, "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { file: parsed.file, report: computeReport(parsed.file) };
}

test("a CCR test: its tables lead readable stats, the study's alpha named", () => {
  const { file, report } = golden("compare-ccr");
  const text = formatStats(report, file, "ccr.json");
  const lines = text.split("\n");
  expect(lines[3]).toBe("Paired comparison (CCR / CMOS, −3 … 3): 55 judgments");
  expect(lines).toContain(
    "  N1  N2         18       9       1     8     0.900   [0.596, 0.982]   0.0215    0.0645  *",
  );
  expect(lines).toContain(
    "  * Holm-adjusted p below 0.1 (exact two-sided binomial test of a's wins against one half)",
  );
  expect(lines).toContain("  N1  N4          1       2.000      —               —");
  // Strongest first.
  const bt = lines.indexOf("Bradley–Terry strengths (log scale, centred; 95% listener bootstrap)");
  expect(lines.slice(bt + 3, bt + 7).map((l) => l.trim().split(/\s+/)[0])).toEqual([
    "N1",
    "N2",
    "N4",
    "N3",
  ]);
  expect(text.indexOf("Paired comparison")).toBeLessThan(text.indexOf("Dataset"));
});

test("a rate study's pre-test: after the MOS, the pre-test alone", () => {
  const { file, report } = golden("pretest");
  const text = formatStats(report, file, "pretest.json");
  expect(text.indexOf("Listening test (MOS")).toBeLessThan(
    text.indexOf("Pre-test (natural pairs)"),
  );
  expect(text).not.toContain("Paired comparison (A/B");
  expect(comparisonSection(report.comparison, 0.05)).toEqual([
    "Pre-test (natural pairs): 4 pairs, pass at 0.75; 3 of 6 participants passed",
    "  accuracy  participants",
    "  --------  ------------",
    "     0.000             1",
    "     0.500             1",
    "     0.667             1",
    "     0.750             2",
    "     1.000             1",
  ]);
});

test("a study without judgments or a pre-test shows no comparison at all", () => {
  const { file, report } = golden("mos");
  expect(report.comparison).toBeNull();
  expect(formatStats(report, file, "mos.json")).not.toContain("Paired comparison");
});
