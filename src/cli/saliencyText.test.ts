// Readable `stats`: the Model and listeners table (Table 4) with the report's figures.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { runAnalysisCli } from "./analysisCommands.ts";

function run(args: string[]): string {
  let out = "";
  const code = runAnalysisCli(args, {
    stdout: (t) => {
      out += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
  });
  expect(code).toBe(0);
  return out;
}

test("stats prints each model's r overall and per error type, with the clips and bins", () => {
  const input = "tests/golden/saliency.input.json";
  const json = JSON.parse(run(["stats", input, "--json"])).saliency;
  const text = run(["stats", input]);
  const start = text.indexOf("Model and listeners");
  expect(start).toBeGreaterThan(0);
  const lines = text.slice(start).split("\n\n")[0]?.split("\n") ?? [];
  // Models in code-unit order, as the JSON's keys.
  expect(lines[1]).toMatch(/^\s+mosnet-grad\s+ssl-mos-ig$/);
  const row = (label: string) => lines.find((l) => l.trimStart().startsWith(label))?.trim();
  expect(row("Bin annotation")).toMatch(
    new RegExp(
      `^Bin annotation \\(share of listeners\\)\\s+—\\s+${json["ssl-mos-ig"].overall.toFixed(3)}$`,
    ),
  );
  expect(row("Silence")).toMatch(
    new RegExp(`—\\s+${json["ssl-mos-ig"].byType.silence.toFixed(3)}$`),
  );
  expect(row("Voice trembling")).toMatch(/—\s+—$/);
  expect(row("(clips)")).toMatch(/1\s+3$/);
  expect(row("(bins)")).toMatch(/2\s+67$/);
});

test("a study without saliency prints no such section", () => {
  expect(run(["stats", "tests/golden/agreement.input.json"])).not.toContain("Model and listeners");
});
