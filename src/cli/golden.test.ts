// `stats --json`, end to end through the reader (clamping warnings included), against the
// reports computed independently in Python (scripts/golden/reference.py) for tests/golden.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { differences } from "../../tests/helpers/differences.ts";
import { runAnalysisCli } from "./analysisCommands.ts";

const dir = path.resolve("tests/golden");
const cases = readdirSync(dir)
  .filter((name) => name.endsWith(".expected.json"))
  .sort()
  .map((name) => {
    const match = /^(.+?)(?:\.bin-([0-9.]+))?\.expected\.json$/.exec(name);
    if (!match?.[1]) throw new Error(`unexpected golden file name ${name}`);
    return { name, input: path.join(dir, `${match[1]}.input.json`), bin: match[2] };
  });

test.each(cases)(
  "stats --json $name agrees with the independent implementation to 1e-9",
  ({ name, input, bin }) => {
    let stdout = "";
    const code = runAnalysisCli(["stats", input, "--json", ...(bin ? ["--bin", bin] : [])], {
      stdout: (t) => {
        stdout += t;
      },
      stderr: () => undefined, // clamping warnings; the report is what is compared here
      readFile: (p) => readFileSync(p, "utf8"),
    });
    expect(code).toBe(0);
    const out: string[] = [];
    differences(
      JSON.parse(stdout),
      JSON.parse(readFileSync(path.join(dir, name), "utf8")),
      "report",
      out,
    );
    expect(out).toEqual([]);
  },
);
