// `import --model` on the command line: a model's saliency from a CSV or .npy arrays into the
// study file, then `stats --json` reads it; a file with a problem leaves the study unwritten.
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { parseAnnotationText, serializeAnnotationFile } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { runAnalysisCli } from "./analysisCommands.ts";
import { runImportExport } from "./importExportRun.test-data.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-saliency-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const study = (): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: { id: "demo", name: "Demo", binSeconds: 0.1 },
  taxonomy: [{ id: "silence", label: "Silence" }],
  clips: [
    { id: "s01_espeak", name: "s01_espeak.wav", duration: 0.1 },
    { id: "c2", name: "two.wav", duration: 0.5 },
  ],
  annotators: [
    { id: "w1", role: "crowd" },
    { id: "w2", role: "crowd" },
  ],
  submissions: [
    { clipId: "c2", annotatorId: "w1" },
    { clipId: "c2", annotatorId: "w2" },
  ],
  regions: [
    { id: "r1", clipId: "c2", annotatorId: "w1", start: 0.1, end: 0.3 },
    { id: "r2", clipId: "c2", annotatorId: "w2", start: 0.2, end: 0.4 },
  ],
  reasonLabels: [{ regionId: "r1", annotatorId: "w1", reasons: ["silence"] }],
});

function write(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
}

function stats(file: string): Record<string, unknown> {
  let out = "";
  const code = runAnalysisCli(["stats", file, "--json"], {
    stdout: (t) => {
      out += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
  });
  expect(code).toBe(0);
  return JSON.parse(out).saliency;
}

test("a CSV and a .npy array go into the study; stats --json has the model's figures", () => {
  const into = write("demo.json", serializeAnnotationFile(study()));
  const csv = write("ig.csv", "clip,time,value\nc2,0,0\nc2,0.1,1\nc2,0.2,2\nc2,0.3,1\nc2,0.4,0\n");
  const npy = path.join(dir, "s01_espeak.npy");
  copyFileSync("tests/formats/saliency/s01_espeak.npy", npy);
  const out = path.join(dir, "new.json");
  // The CSV's times are 0.1 s apart, as --hop says; the array's 5 frames of 0.02 s span its clip.
  const r = runImportExport([
    "import",
    csv,
    "--model",
    "ig",
    "--hop",
    "0.1",
    "--into",
    into,
    "--out",
    out,
  ]);
  expect(r.err).toBe("");
  expect(r.out).toBe(`${out}: Demo with saliency of model "ig" for 1 clip (5 frames)\n`);
  expect(r.code).toBe(0);
  const r1 = runImportExport([
    "import",
    npy,
    "--model",
    "ig",
    "--hop",
    "0.02",
    "--into",
    out,
    "--out",
    out,
  ]);
  expect(r1.err).toBe("");
  expect(r1.code).toBe(0);
  const read = parseAnnotationText(readFileSync(out, "utf8"));
  expect(read.ok && read.file.saliency?.map((s) => [s.clipId, s.hopSeconds])).toEqual([
    ["c2", 0.1],
    ["s01_espeak", 0.02],
  ]);
  // Hand-worked (src/domain/stats/saliency.test.ts): x = [0, 1, 2, 1, 0], shares = x / 2,
  // silence = [0, 1, 1, 0, 0]. s01_espeak has no crowd annotation: left out.
  expect(stats(out)).toEqual({
    ig: {
      clips: 1,
      bins: 5,
      overall: 1,
      byType: { silence: expect.closeTo(1.4 / Math.sqrt(2.8 * 1.2), 14) },
    },
  });
  // Again with other values: the clip's record of the model is replaced, not doubled.
  const again = write("again.csv", "clip,time,value\nc2,0,5\nc2,0.1,4\n");
  const r2 = runImportExport(["import", again, "--model", "ig", "--into", out, "--out", out]);
  expect(r2.out).toContain("for 1 clip (2 frames), 1 replacing the stored");
  const back = parseAnnotationText(readFileSync(out, "utf8"));
  expect(back.ok && back.file.saliency?.map((s) => s.values)).toEqual([
    [5, 4],
    [0.5, -1.25, 3, 0.125, 2],
  ]);
});

test("problems name file, line and clip, and nothing is written", () => {
  const into = write("demo.json", serializeAnnotationFile(study()));
  const csv = write("bad.csv", "clip,time,value\nc2,0,1\nc2,0.1,nan\nc9,0,1\n");
  const npy = path.join(dir, "s01_espeak.npy");
  copyFileSync("tests/formats/saliency/s01_espeak.npy", npy);
  const out = path.join(dir, "new.json");
  const r = runImportExport([
    "import",
    csv,
    npy,
    "--model",
    "ig",
    "--hop",
    "0.05",
    "--into",
    into,
    "--out",
    out,
  ]);
  expect(r.code).toBe(2);
  expect(r.err).toBe(
    [
      `${csv}: line 3, clip "c2": value is NaN`,
      `${csv}: line 4: clip "c9" is not in the study (neither an id nor a file name)`,
      `${npy}: clip "s01_espeak": 5 frames of --hop 0.05 s span 0.25 s, but the clip is 0.1 s long: the hop does not match (the frames must span the clip to within one hop)`,
      `2 files refused: nothing imported, ${out} not written`,
      "",
    ].join("\n"),
  );
  expect(existsSync(out)).toBe(false);
  expect(
    runImportExport(["import", csv, "--hop", "0.1", "--into", into, "--out", out]).err,
  ).toContain("--hop goes with --model");
  expect(
    runImportExport(["import", npy, "--model", "ig", "--hop", "0", "--into", into, "--out", out])
      .err,
  ).toContain("--hop must be a number of seconds");
});

test("a RedPen file's saliency rides along a JSON import", () => {
  const into = write("demo.json", serializeAnnotationFile(study()));
  const withSaliency = {
    ...study(),
    saliency: [{ clipId: "c2", model: "m", hopSeconds: 0.1, values: [1, 2, 3] }],
  };
  const incoming = write("theirs.json", serializeAnnotationFile(withSaliency));
  const out = path.join(dir, "new.json");
  expect(runImportExport(["import", incoming, "--into", into, "--out", out]).code).toBe(0);
  const back = parseAnnotationText(readFileSync(out, "utf8"));
  expect(back.ok && back.file.saliency).toEqual(withSaliency.saliency);
});
