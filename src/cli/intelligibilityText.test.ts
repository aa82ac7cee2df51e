// `stats FILE` prints the intelligibility section and both ANOVA tables (the figures are the
// golden test's; here the layout, and what is said when nothing can be scored).
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { runAnalysisCli } from "./analysisCommands.ts";

function run(argv: string[]) {
  let out = "";
  const code = runAnalysisCli(argv, {
    stdout: (t) => {
      out += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
  });
  return { code, out };
}

test("WER per system with S/D/I and the interval, pairs, groups, curve, recognisers, ANOVAs", () => {
  const { code, out } = run(["stats", "tests/golden/intelligibility.input.json"]);
  expect(code).toBe(0);
  const section = out.slice(out.indexOf("Intelligibility (WER)"));
  expect(section).toMatch(
    /^Intelligibility \(WER\): word error rate, 542 scored listener transcripts, 2 not scored/,
  );
  expect(section).toMatch(/\n {2}A +135 +12 +45 +876 +22 +12 +8 +4\.8% +\[3\.6%, 6\.5%\] +4\.5%\n/);
  expect(section).toContain(
    "Groups that cannot be told apart (best first)\n  1. A\n  2. B, C\n  3. N\n",
  );
  expect(section).toMatch(/asr-good +whisper\.cpp ggml-base\.en +4 +14\.1% +0\.667/);
  expect(section).toContain("WER by listener group (nativeLanguages)");
  expect(section).toContain("Two-factor ANOVA of the transcripts' WER (Type II)");
  expect(out).toContain("Two-factor ANOVA of the ratings (Type II)");
});

test("a transcription study without texts says why nothing is scored", () => {
  const { code, out } = run(["stats", "tests/golden/transcribe-no-text.input.json"]);
  expect(code).toBe(0);
  expect(out).toContain(
    "Intelligibility (WER)\n  (11 transcripts, none can be scored: no clip has a text to score against",
  );
});

test("a study without transcripts has no intelligibility section", () => {
  const { out } = run(["stats", "tests/golden/mos.input.json"]);
  expect(out).not.toContain("Intelligibility");
});
