// `export` on the command line: every format's files and message, and every refusal with its
// message (in-process against real files in a temp folder; one run through the real entry point).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { toConsensusJson } from "../domain/export/consensus.ts";
import { serializeAnnotationFile } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { writeError } from "./fileErrors.ts";
import { realImportExportIO, runImportExport } from "./importExportRun.test-data.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-export-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const realIO = realImportExportIO;
const run = runImportExport;

// Two clips; crowd annotators w1 and w2 both finished c1 (w1 marked 0.2–0.9 s, rating 4; w2
// marked nothing), so c1 has a consensus; c2 has no annotation.
const study = (): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: { id: "pilot", name: "Pilot", binSeconds: 0.5 },
  taxonomy: [{ id: "silence", label: "Silence" }],
  clips: [
    { id: "c1", name: "a.wav", duration: 1.2 },
    { id: "c2", name: "b.wav", duration: 1 },
  ],
  annotators: [
    { id: "w1", role: "crowd" },
    { id: "w2", role: "crowd" },
  ],
  submissions: [
    { clipId: "c1", annotatorId: "w1", score: 4 },
    { clipId: "c1", annotatorId: "w2" },
  ],
  regions: [{ id: "r1", clipId: "c1", annotatorId: "w1", start: 0.2, end: 0.9 }],
  reasonLabels: [],
});

function write(name: string, file: AnnotationFile): string {
  const p = path.join(dir, name);
  writeFileSync(p, serializeAnnotationFile(file));
  return p;
}

const read = (...parts: string[]) => readFileSync(path.join(...parts), "utf8");

test("csv, bins and consensus: the app's file names, the hand-worked contents, one line on stdout", () => {
  const into = write("pilot.json", study());
  const out = path.join(dir, "out");
  expect(run(["export", into, "--format", "csv", "--out", out])).toEqual({
    code: 0,
    out: `${out}: wrote 1 file (pilot-spans.csv)\n`,
    err: "",
  });
  expect(read(out, "pilot-spans.csv")).toBe(
    [
      "clip,system,sentence,annotator,start,end,reason,labeller,rating,row,transcript,wer,S,D,I",
      "c1,,,w1,0.2,0.9,,,4,span,,,,,",
      "c1,,,w2,,,,,,no span,,,,,",
      "",
    ].join("\r\n"),
  );
  // 0.5 s bins: c1 is 0–0.5, 0.5–1, 1–1.2; w1's 0.2–0.9 overlaps the first two.
  expect(run(["export", into, "--format", "bins", "--out", out]).out).toBe(
    `${out}: wrote 1 file (pilot-bins.csv)\n`,
  );
  expect(read(out, "pilot-bins.csv")).toBe(
    ["clip,bin_start,bin_end,w1,w2", "c1,0,0.5,1,0", "c1,0.5,1,1,0", "c1,1,1.2,0,0", ""].join(
      "\r\n",
    ),
  );
  // Two voters: a majority bin needs both, and w2 marked nothing.
  expect(run(["export", into, "--format", "consensus", "--out", out]).out).toBe(
    `${out}: wrote 2 files (pilot-consensus.csv, pilot-consensus.json)\n`,
  );
  const csv = read(out, "pilot-consensus.csv").split("\r\n");
  expect(csv[0]).toBe("clip,clip_name,method,start,end");
  expect(csv.some((l) => l.includes(",majority,"))).toBe(false);
  const json = JSON.parse(read(out, "pilot-consensus.json"));
  expect(json).toMatchObject({ format: "redpen-consensus", studyId: "pilot", binSeconds: 0.5 });
  expect(json.clips.map((c: { clipId: string; annotators: string[] }) => c.annotators)).toEqual([
    ["w1", "w2"],
  ]);
  expect(read(out, "pilot-consensus.json")).toBe(toConsensusJson(study()));
});

test("json: the study as it is; more than three files are listed with '…'", () => {
  const file = study();
  const into = write("pilot.json", file);
  const out = path.join(dir, "out");
  expect(run(["export", into, "--format", "json", "--out", out]).out).toBe(
    `${out}: wrote 1 file (pilot.json)\n`,
  );
  const back = JSON.parse(read(out, "pilot.json"));
  expect(back.regions).toEqual(file.regions);
  expect(back.submissions).toEqual(file.submissions);
  // Audacity: c1's combined file and one per annotator (w2's empty: finished unmarked).
  expect(run(["export", into, "--format", "audacity", "--out", out]).out).toBe(
    `${out}: wrote 3 files (a.txt, by-annotator/a.w1.txt, by-annotator/a.w2.txt)\n`,
  );
  expect(read(out, "by-annotator", "a.w2.txt")).toBe("");
  file.clips.push({ id: "c3", name: "c.wav", duration: 1 });
  file.submissions.push({ clipId: "c3", annotatorId: "w1" });
  const more = write("more.json", file);
  expect(run(["export", more, "--format", "audacity", "--out", path.join(dir, "o2")]).out).toBe(
    `${path.join(dir, "o2")}: wrote 5 files (a.txt, c.txt, by-annotator/a.w1.txt, …)\n`,
  );
});

test("a study with no annotated clip: nothing to write, exit 0", () => {
  const file = { ...study(), submissions: [], regions: [] };
  const into = write("empty.json", file);
  const out = path.join(dir, "out");
  expect(run(["export", into, "--format", "textgrid", "--out", out])).toEqual({
    code: 0,
    out: `${out}: nothing to write (no clip has an annotation)\n`,
    err: "",
  });
});

test("usage refusals: each says what is missing, then the usage; exit 2, nothing written", () => {
  const into = write("pilot.json", study());
  const out = path.join(dir, "out");
  const cases: [string[], string][] = [
    [["export"], "export needs STUDY.json"],
    [
      ["export", into, "other.json", "--format", "csv", "--out", out],
      'unexpected argument "other.json"',
    ],
    [
      ["export", into, "--out", out],
      "export needs --format json|csv|audacity|textgrid|eaf|bins|consensus|trn|judgments|zip",
    ],
    [
      ["export", into, "--format", "pdf", "--out", out],
      'export needs --format json|csv|audacity|textgrid|eaf|bins|consensus|trn|judgments|zip (got "pdf")',
    ],
    [["export", into, "--format", "csv"], "export needs --out DIR"],
    [["export", into, "--format", "csv", "--out"], "--out needs a value"],
    [["export", into, "--format", "--out", out], "--format needs a value"],
    [
      ["export", into, "--format", "csv", "--out", out, "--overwrite"],
      "unknown option --overwrite",
    ],
  ];
  for (const [argv, message] of cases) {
    const r = run(argv);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(new RegExp(`^redpen: ${message.replace(/[|()]/g, "\\$&")}\n\nUsage:\n`));
    expect(r.err).toContain(
      "  redpen export STUDY.json --format json|csv|audacity|textgrid|eaf|bins|consensus|trn|judgments|zip --out DIR [--force]\n",
    );
  }
  expect(existsSync(out)).toBe(false);
  expect(run(["export", "--help"])).toMatchObject({ code: 0, err: "" });
});

test("a missing or broken study file: its problems, as every command says them; nothing written", () => {
  const out = path.join(dir, "out");
  const missing = path.join(dir, "missing.json");
  expect(run(["export", missing, "--format", "csv", "--out", out])).toEqual({
    code: 2,
    out: "",
    err: `${missing}: no such file\n`,
  });
  const broken = write("broken.json", { ...study(), clips: study().clips.slice(1) });
  const r = run(["export", broken, "--format", "csv", "--out", out]);
  expect(r.code).toBe(2);
  expect(r.err.split("\n")[0]).toBe(`${broken}: submissions[0].clipId: no clip with id "c1"`);
  expect(existsSync(out)).toBe(false);
});

test("files already there: none overwritten without --force, the first named and the rest counted", () => {
  const into = write("pilot.json", study());
  const out = path.join(dir, "out");
  mkdirSync(path.join(out, "by-annotator"), { recursive: true });
  writeFileSync(path.join(out, "a.txt"), "mine");
  writeFileSync(path.join(out, "by-annotator", "a.w2.txt"), "mine too");
  expect(run(["export", into, "--format", "audacity", "--out", out])).toEqual({
    code: 2,
    out: "",
    err: `${out}/a.txt: exists (and 1 other file): nothing written (--force overwrites)\n`,
  });
  expect(existsSync(path.join(out, "by-annotator", "a.w1.txt"))).toBe(false);
  expect(read(out, "a.txt")).toBe("mine");
  expect(run(["export", into, "--format", "audacity", "--out", out, "--force"]).code).toBe(0);
  expect(read(out, "a.txt")).toBe("0.200000\t0.900000\tw1: unlabelled\n");
  expect(read(out, "by-annotator", "a.w2.txt")).toBe("");
});

test("a file where the folder should be, a full disk: what failed and how much was written", () => {
  const into = write("pilot.json", study());
  const blocked = path.join(dir, "taken");
  writeFileSync(blocked, "a file");
  expect(run(["export", into, "--format", "csv", "--out", blocked])).toEqual({
    code: 2,
    out: "",
    err: `${blocked}: cannot write: a file is in the way of a folder (nothing written)\n`,
  });
  // The disk fills after the first file.
  const out = path.join(dir, "out");
  let writes = 0;
  const full = {
    ...realIO(),
    writeFile: (p: string, d: string | Uint8Array) => {
      if (writes++ > 0)
        throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
      writeFileSync(p, d);
    },
  };
  expect(run(["export", into, "--format", "audacity", "--out", out], full)).toEqual({
    code: 2,
    out: "",
    err: `${out}/by-annotator/a.w1.txt: cannot write: no space left (1 of 3 files written)\n`,
  });
  expect(writeError(Object.assign(new Error("x"), { code: "EACCES" }))).toBe("permission denied");
  expect(writeError(Object.assign(new Error("x"), { code: "EISDIR" }))).toBe("is a folder");
  expect(writeError(new Error("something else"))).toBe("something else");
});

test("the real entry point: a TextGrid per clip written, a refusal without a stack trace", {
  timeout: 60_000,
}, () => {
  const into = write("pilot.json", study());
  const out = path.join(dir, "grids");
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
      encoding: "utf8",
    });
  const ok = cli("export", into, "--format", "textgrid", "--out", out);
  expect([ok.status, ok.stdout, ok.stderr]).toEqual([0, `${out}: wrote 1 file (a.TextGrid)\n`, ""]);
  expect(read(out, "a.TextGrid")).toMatch(/^File type = "ooTextFile"\n/);
  const again = cli("export", into, "--format", "textgrid", "--out", out);
  expect([again.status, again.stdout, again.stderr]).toEqual([
    2,
    "",
    `${out}/a.TextGrid: exists: nothing written (--force overwrites)\n`,
  ]);
  const blocked = cli("export", into, "--format", "csv", "--out", into);
  expect([blocked.status, blocked.stderr]).toEqual([
    2,
    `${into}: cannot write: a file is in the way of a folder (nothing written)\n`,
  ]);
});
