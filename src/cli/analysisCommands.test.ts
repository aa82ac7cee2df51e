import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { computeReport } from "../domain/stats/index.ts";
import { runAnalysisCli } from "./analysisCommands.ts";
import type { CliIO } from "./studyFile.ts";
import { table } from "./tables.ts";
import { USAGE } from "./usage.ts";

/** A tiny study, small enough to work its figures out by hand (see the stats test). */
function study(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "tiny", name: "Tiny study", binSeconds: 0.1 },
    taxonomy: [
      { id: "silence", label: "Silence" },
      { id: "spacing", label: "Spacing" },
    ],
    clips: [
      { id: "c1", name: "a.wav", duration: 1, system: "S1", score: 2 },
      { id: "c2", name: "b.wav", duration: 2, system: "human", isReference: true, score: 4.5 },
    ],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
      { id: "e1", role: "expert" },
    ],
    submissions: [
      { clipId: "c1", annotatorId: "w1" },
      { clipId: "c1", annotatorId: "w2" },
      { clipId: "c2", annotatorId: "w1" },
    ],
    regions: [
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0, end: 0.5 },
      { id: "r2", clipId: "c1", annotatorId: "w2", start: 0.2, end: 0.5 },
    ],
    reasonLabels: [{ regionId: "r1", annotatorId: "e1", reasons: ["silence", "spacing"] }],
  };
}

class NodeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Runs the CLI in-process over an in-memory file system. */
function run(argv: string[], files: Record<string, string> = {}, dirs: string[] = []) {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readFile: (path) => {
      if (dirs.includes(path)) throw new NodeError("EISDIR", "EISDIR: illegal operation");
      const text = files[path];
      if (text === undefined) throw new NodeError("ENOENT", `ENOENT: no such file '${path}'`);
      return text;
    },
  };
  const code = runAnalysisCli(argv, io);
  return { code, stdout, stderr };
}

const good = () => ({ "good.json": JSON.stringify(study()) });

describe("validate", () => {
  test("a valid file: one line on stdout, exit 0", () => {
    expect(run(["validate", "good.json"], good())).toEqual({
      code: 0,
      stdout: "good.json: valid (2 clips, 3 annotators, 2 regions)\n",
      stderr: "",
    });
  });

  test("singular counts read naturally", () => {
    const one = study();
    one.clips = one.clips.slice(0, 1);
    one.submissions = one.submissions.slice(0, 2);
    one.annotators = [{ id: "w1", role: "crowd" }];
    one.submissions = [{ clipId: "c1", annotatorId: "w1" }];
    one.regions = one.regions.slice(0, 1);
    one.reasonLabels = [];
    const result = run(["validate", "one.json"], { "one.json": JSON.stringify(one) });
    expect(result.stdout).toBe("one.json: valid (1 clip, 1 annotator, 1 region)\n");
  });

  test("warnings go to stderr, prefixed with the file name; still valid", () => {
    const file = study();
    (file.regions[1] as { end: number }).end = 1.25;
    expect(run(["validate", "w.json"], { "w.json": JSON.stringify(file) })).toEqual({
      code: 0,
      stdout: "w.json: valid (2 clips, 3 annotators, 2 regions)\n",
      stderr: 'w.json: regions[1].end: 1.25 is past the duration of clip "c1" (1); clamped to 1\n',
    });
  });

  test("a file breaking rules: one line per problem on stderr, exit 2, nothing on stdout", () => {
    const file = study() as unknown as { regions: Record<string, unknown>[] };
    (file.regions[0] as Record<string, unknown>).end = 0;
    (file.regions[1] as Record<string, unknown>).clipId = "c9";
    expect(run(["validate", "bad.json"], { "bad.json": JSON.stringify(file) })).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "bad.json: regions[0].end: must be greater than start (0)\n" +
        'bad.json: regions[1].clipId: no clip with id "c9"\n',
    });
  });

  test("a newer version", () => {
    const file = { ...study(), version: 2 };
    expect(run(["validate", "v2.json"], { "v2.json": JSON.stringify(file) })).toEqual({
      code: 2,
      stdout: "",
      stderr: "v2.json: version: unsupported version 2 (this reader understands version 1)\n",
    });
  });

  test("a missing file", () => {
    expect(run(["validate", "nope.json"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "nope.json: no such file\n",
    });
  });

  test("a directory", () => {
    expect(run(["validate", "data"], {}, ["data"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "data: is a directory, not a file\n",
    });
  });

  test("an empty file", () => {
    expect(run(["validate", "e.json"], { "e.json": "" })).toEqual({
      code: 2,
      stdout: "",
      stderr: "e.json: the file is empty\n",
    });
  });

  test("not JSON: the parser's own message, with line and column", () => {
    const text = '{"format": "redpen-annotations",\n "version": 1,,\n}';
    let parserMessage = "";
    try {
      JSON.parse(text);
    } catch (error) {
      parserMessage = (error as Error).message;
    }
    expect(parserMessage).toMatch(/position 47/);
    expect(run(["validate", "x.json"], { "x.json": text })).toEqual({
      code: 2,
      stdout: "",
      stderr: `x.json: not valid JSON: ${parserMessage} (line 2, column 15)\n`,
    });
  });

  test("validate takes no stats options", () => {
    expect(run(["validate", "good.json", "--json"], good())).toEqual({
      code: 2,
      stdout: "",
      stderr: `redpen: validate takes no --json option\n\n${USAGE}`,
    });
  });
});

describe("usage", () => {
  test.each([
    [[], "no command given"],
    [["frobnicate", "good.json"], 'unknown command "frobnicate"'],
    [["validate"], "validate needs a FILE"],
    [["stats"], "stats needs a FILE"],
    [["stats", "--json"], "stats needs a FILE"],
    [["validate", "good.json", "other.json"], 'unexpected argument "other.json"'],
    [["stats", "good.json", "--verbose"], "unknown option --verbose"],
  ])("%j → usage on stderr, exit 2", (argv, message) => {
    expect(run(argv, good())).toEqual({
      code: 2,
      stdout: "",
      stderr: `redpen: ${message}\n\n${USAGE}`,
    });
  });

  test.each([[["--help"]], [["-h"]], [["stats", "--help"]], [["frob", "--help"]]])(
    "%j prints the usage on stdout, exit 0",
    (argv) => {
      expect(run(argv)).toEqual({ code: 0, stdout: USAGE, stderr: "" });
    },
  );

  test("the usage names both commands and the exit codes", () => {
    expect(USAGE).toContain("validate FILE");
    expect(USAGE).toContain("stats FILE [--json] [--bin SECONDS]");
    expect(USAGE).toContain("Exit codes: 0");
  });
});

describe("stats", () => {
  test("--json prints exactly the report object, nothing else", () => {
    const result = run(["stats", "good.json", "--json"], good());
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(`${JSON.stringify(computeReport(study()), null, 2)}\n`);
    const report = JSON.parse(result.stdout);
    expect(report.binSeconds).toBe(0.1);
    // Hand-worked (docs/spec/statistics.md): on c1 (10 bins) w1 marks bins 0–4, w2 bins 2–4:
    // po = 8/10, pa = 0.5, pb = 0.3, pe = 0.5·0.3 + 0.5·0.7 = 0.5, kappa = (0.8 − 0.5)/0.5 = 0.6.
    expect(report.agreement.pairs).toEqual([
      { a: "w1", b: "w2", clips: 1, bins: 10, kappa: expect.closeTo(0.6, 12) },
    ]);
  });

  test("--bin overrides the study's bin width (both spellings)", () => {
    for (const argv of [
      ["stats", "good.json", "--json", "--bin", "0.25"],
      ["stats", "--bin=0.25", "--json", "good.json"],
    ]) {
      const result = run(argv, good());
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(
        `${JSON.stringify(computeReport(study(), { binSeconds: 0.25 }), null, 2)}\n`,
      );
      // c1 has ceil(1 / 0.25) = 4 bins at 0.25 s.
      expect(JSON.parse(result.stdout).agreement.pairs[0].bins).toBe(4);
    }
  });

  test.each([["0"], ["-1"], ["abc"], [""], ["Infinity"]])("--bin %j is refused", (value) => {
    expect(run(["stats", "good.json", "--bin", value], good())).toEqual({
      code: 2,
      stdout: "",
      stderr: `redpen: --bin needs a positive number of seconds (got ${JSON.stringify(value)})\n`,
    });
  });

  test("--bin with no value is refused", () => {
    expect(run(["stats", "good.json", "--bin"], good())).toEqual({
      code: 2,
      stdout: "",
      stderr: "redpen: --bin needs a positive number of seconds (got nothing)\n",
    });
  });

  test.each([["0.0000004"], ["--bin=0.0000009"]])(
    "a bin width under one microsecond is bad input, not an internal error: %s",
    (value) => {
      const argv = value.startsWith("--")
        ? ["stats", "good.json", value]
        : ["stats", "good.json", "--bin", value];
      const shown = value.startsWith("--") ? value.slice("--bin=".length) : value;
      expect(run(argv, good())).toEqual({
        code: 2,
        stdout: "",
        stderr: `redpen: --bin needs at least 0.000001 seconds, one microsecond (got ${JSON.stringify(shown)})\n`,
      });
    },
  );

  test("--bin 0.000001, one microsecond, is the smallest width accepted", () => {
    const { code, stdout, stderr } = run(
      ["stats", "good.json", "--json", "--bin", "0.000001"],
      good(),
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    // c1 is 1 s: 1,000,000 bins of 1 µs, shared by w1 and w2.
    expect(JSON.parse(stdout).agreement.pairs[0]).toMatchObject({ clips: 1, bins: 1_000_000 });
  });

  test("a file whose binSeconds is under one microsecond: validate and stats both refuse it, exit 2", () => {
    const file = study();
    file.study.binSeconds = 0.0000004;
    const files = { "tiny.json": JSON.stringify(file) };
    const refusal = {
      code: 2,
      stdout: "",
      stderr:
        "tiny.json: study.binSeconds: must be at least 0.000001 (one microsecond; got 4e-7)\n",
    };
    expect(run(["validate", "tiny.json"], files)).toEqual(refusal);
    expect(run(["stats", "tiny.json"], files)).toEqual(refusal);
    expect(run(["stats", "tiny.json", "--json"], files)).toEqual(refusal);
  });

  test("a bad file: the same refusal as validate", () => {
    expect(run(["stats", "e.json", "--json"], { "e.json": "  " })).toEqual({
      code: 2,
      stdout: "",
      stderr: "e.json: the file is empty\n",
    });
  });

  test("text output: aligned tables with the hand-worked figures", () => {
    const { code, stdout, stderr } = run(["stats", "good.json"], good());
    expect(code).toBe(0);
    expect(stderr).toBe("");
    const text = stdout;
    expect(
      text.startsWith(
        "Tiny study\n  study id: tiny   file: good.json   bin width: 0.1 s\n\nDataset",
      ),
    ).toBe(true);
    // 3 annotations (two on c1, one on c2), 2 non-empty regions: 2/3 per annotation.
    expect(text).toContain("  Annotations (clip × annotator)            3\n");
    expect(text).toContain("  Regions per annotation                0.667\n");
    // Mean region length: (0.5 + 0.3) / 2 = 0.4 s; reasons per label: 2.
    expect(text).toContain("  Mean region length (s)                0.400\n");
    expect(text).toContain("  Reasons per reason label              2.000\n");
    expect(text).toContain(
      "Pairwise kappa\n  a   b   clips  bins  kappa\n  --  --  -----  ----  -----\n  w1  w2      1    10  0.600\n",
    );
    // Error types: r1 (on S1's clip c1) has silence and spacing; S1 has 1 annotated clip,
    // human 1, overall 2 → 1.000 per clip for S1, 0.000 for human, 0.500 overall.
    expect(text).toContain(
      "  reason                S1  human  overall\n  -----------------  -----  -----  -------\n",
    );
    expect(text).toContain("  Silence            1.000  0.000    0.500\n");
    expect(text).toContain("  Spacing            1.000  0.000    0.500\n");
    expect(text).toContain("  (annotated clips)      1      1        2\n");
    // n = 2 clips with a score: too few for r (needs 3), shown as a dash.
    expect(text).toContain(`  Pearson r${" ".repeat(15)}—\n`);
    expect(text).toContain("  n (clips with a score)  2\n");
    // w1 annotated the reference clip c2 and marked nothing there.
    expect(text).toMatch(/\n {2}w1 +crowd +2 +1 +0\.000\n/);
    expect(text).toMatch(/\n {2}w2 +crowd +1 +1 +—\n/);
    expect(text.endsWith("\n")).toBe(true);
  });

  test("a system named __proto__ and a reason named toString keep their column and row", () => {
    const file = study();
    file.clips[0] = { ...(file.clips[0] as AnnotationFile["clips"][number]), system: "__proto__" };
    file.taxonomy[0] = { id: "toString", label: "toString" };
    (file.reasonLabels[0] as AnnotationFile["reasonLabels"][number]).reasons = ["toString"];
    const files = { "odd.json": JSON.stringify(file) };
    const text = run(["stats", "odd.json"], files).stdout;
    // As for the tiny study: 1.000 per clip on c1's system, 0.000 on human, 0.500 overall.
    expect(text).toContain(
      "  reason             __proto__  human  overall\n  -----------------  ---------  -----  -------\n",
    );
    expect(text).toContain("  toString               1.000  0.000    0.500\n");
    const json = run(["stats", "odd.json", "--json"], files).stdout;
    expect(Object.keys(JSON.parse(json).errorTypes.bySystem)).toEqual(["__proto__", "human"]);
    expect(json).toContain('"__proto__": {\n        "clips": 1,');
  });
});

test("table pads columns to the widest cell and right-aligns numbers", () => {
  expect(
    table(
      ["name", "n"],
      [
        ["a", "1"],
        ["bbbb", "100"],
      ],
      ["left", "right"],
    ),
  ).toEqual(["  name    n", "  ----  ---", "  a       1", "  bbbb  100"]);
});
