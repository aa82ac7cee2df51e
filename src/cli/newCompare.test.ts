// `redpen new --task compare` and the pre-test of any task (issue 39 item 2, issue 40 item 4):
// the pairs made from the clips (--pairs), the scale and question, K and R, the natural-pairs
// pre-test (--pretest, --pass-accuracy, --pretest-record-only), with real WAV files on disk, the
// written file read back by the app's reader. Expected pairs worked out by hand from the
// demo's clips: two sentences (s01, s02) read by human (the reference), espeak, festival, flite.

import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, expect, test } from "vitest";
import { parseAnnotationText } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { disk, folders } from "./disk.ts";
import { type NewStudyIO, runNewCli } from "./newStudy.ts";

let dir: string;
let audio: string;
let meta: string;
let study: string;
let out: { stdout: string; stderr: string };

function io(): NewStudyIO {
  return {
    stdout: (t) => {
      out.stdout += t;
    },
    stderr: (t) => {
      out.stderr += t;
    },
    ...disk,
    ...folders,
  };
}

const run = (...argv: string[]) => runNewCli(["new", ...argv], io());
const SYSTEMS = ["human", "espeak", "festival", "flite"];

beforeEach(() => {
  out = { stdout: "", stderr: "" };
  dir = mkdtempSync(join(tmpdir(), "redpen-new-compare-"));
  audio = join(dir, "clips");
  mkdirSync(audio);
  const rows = ["name,system,sentence,isReference"];
  for (const s of ["s01", "s02"])
    for (const system of SYSTEMS) {
      copyFileSync(join("public/audio", `${s}_${system}.wav`), join(audio, `${s}_${system}.wav`));
      rows.push(`${s}_${system}.wav,${system},${s},${system === "human"}`);
    }
  meta = join(dir, "clips.csv");
  writeFileSync(meta, `${rows.join("\n")}\n`);
  study = join(dir, "study.json");
});

function written(): AnnotationFile {
  const parsed = parseAnnotationText(readFileSync(study, "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.file;
}

test("--task compare: every pair of systems per sentence, CCR, the question, K and R, a record-only pre-test", () => {
  const code = run(
    study,
    "--audio",
    audio,
    "--meta",
    meta,
    "--task",
    "compare",
    "--scale",
    "ccr",
    "--question",
    "Which sounds more like a person?",
    "--pairs-per-participant",
    "4",
    "--judgments-per-pair",
    "5",
    "--pretest",
    "3",
    "--pass-accuracy",
    "0.8",
    "--pretest-record-only",
  );
  expect(out.stderr).toBe("");
  expect(code).toBe(0);
  expect(out.stdout.split("\n")[0]).toBe(
    `${study}: study "clips" (clips), 8 clips, 4 systems, task compare, 12 pairs, a pre-test of 3 pairs (pass at 0.8, recorded only)`,
  );
  const file = written();
  expect(file.study).toMatchObject({
    task: "compare",
    comparison: { scale: "ccr", question: "Which sounds more like a person?" },
    collection: { clipsPerParticipant: 4, ratingsPerClip: 5 },
    qualification: { passAccuracy: 0.8, screenOut: false },
  });
  // Four systems make six pairs a sentence, in system order: espeak, festival, flite, human.
  const main = (file.pairs ?? []).slice(0, 12);
  expect(main.slice(0, 6)).toEqual([
    { id: "s01:espeak~festival", a: "s01_espeak", b: "s01_festival" },
    { id: "s01:espeak~flite", a: "s01_espeak", b: "s01_flite" },
    { id: "s01:espeak~human", a: "s01_espeak", b: "s01_human" },
    { id: "s01:festival~flite", a: "s01_festival", b: "s01_flite" },
    { id: "s01:festival~human", a: "s01_festival", b: "s01_human" },
    { id: "s01:flite~human", a: "s01_flite", b: "s01_human" },
  ]);
  const pretest = (file.pairs ?? []).slice(12);
  expect(pretest).toHaveLength(3);
  expect(file.study.qualification).toEqual({
    pairs: pretest.map((p) => p.id),
    passAccuracy: 0.8,
    screenOut: false,
  });
  for (const p of pretest) {
    expect(p.a).toMatch(/_human$/);
    expect(p.b).not.toMatch(/_human$/);
    expect(p.a.slice(0, 3)).toBe(p.b.slice(0, 3));
  }
  // Both sentences in the first round; the same files, the same choice.
  expect(new Set(pretest.slice(0, 2).map((p) => p.a))).toEqual(new Set(["s01_human", "s02_human"]));
  const again = join(dir, "again.json");
  run(again, "--audio", audio, "--meta", meta, "--task", "compare", "--pretest", "3");
  expect(JSON.parse(readFileSync(again, "utf8")).study.qualification.pairs).toEqual(
    pretest.map((p) => p.id),
  );
});

test("--pairs against:SYSTEM and --scale ab-no-same; a rate study's pre-test, screening out by default", () => {
  expect(
    run(
      study,
      "--audio",
      audio,
      "--meta",
      meta,
      "--task",
      "compare",
      "--pairs",
      "against:human",
      "--scale",
      "ab-no-same",
    ),
  ).toBe(0);
  const file = written();
  expect(file.study.comparison).toEqual({ scale: "ab", allowSame: false });
  expect((file.pairs ?? []).map((p) => p.id)).toEqual([
    "s01:human~espeak",
    "s01:human~festival",
    "s01:human~flite",
    "s02:human~espeak",
    "s02:human~festival",
    "s02:human~flite",
  ]);
  expect(file.study.qualification).toBeUndefined();

  // Any task: a rate study with the default pre-test (10 asked, the 6 there are).
  out.stdout = "";
  expect(
    run(study, "--audio", audio, "--meta", meta, "--task", "rate", "--pretest", "10", "--force"),
  ).toBe(0);
  expect(out.stdout).toContain(", a pre-test of 6 pairs (pass at 0.7)");
  expect(out.stdout).toContain(
    "pre-test: the clips offer 6 natural–synthetic pairs (fewer than the 10 asked for): the pre-test uses all of them",
  );
  const rate = written();
  expect(rate.study.qualification).toEqual({
    pairs: (rate.pairs ?? []).map((p) => p.id),
    passAccuracy: 0.7,
  });
  expect(rate.study.comparison).toBeUndefined();
});

test("--pairs FILE.csv, and --settings naming the pre-test's pairs among them", () => {
  const csv = join(dir, "pairs.csv");
  writeFileSync(
    csv,
    "pair,a,b\nq1,s01_espeak.wav,s01_flite.wav\nq2,s02_espeak,s02_festival\nnat1,s01_human,s01_espeak\n",
  );
  const settings = join(dir, "settings.json");
  writeFileSync(
    settings,
    JSON.stringify({
      comparison: { scale: "ab" },
      qualification: { pairs: ["nat1"], passAccuracy: 0.9 },
    }),
  );
  expect(
    run(
      study,
      "--audio",
      audio,
      "--meta",
      meta,
      "--task",
      "compare",
      "--pairs",
      csv,
      "--settings",
      settings,
    ),
  ).toBe(0);
  const file = written();
  expect(file.pairs).toEqual([
    { id: "q1", a: "s01_espeak", b: "s01_flite" },
    { id: "q2", a: "s02_espeak", b: "s02_festival" },
    { id: "nat1", a: "s01_human", b: "s01_espeak" },
  ]);
  expect(file.study.qualification).toEqual({ pairs: ["nat1"], passAccuracy: 0.9 });
  expect(out.stdout).toContain(", 2 pairs, a pre-test of 1 pair (pass at 0.9)");
});

test("bad design input: each problem named (CSV line and column, flag, JSON path), exit 2, nothing written", () => {
  const csv = join(dir, "pairs.csv");
  writeFileSync(
    csv,
    "pair,a,b\np1,s01_espeak,s01_flite\np1,s01_espeak,s09_nobody\np2,s01_human,s01_human.wav\n",
  );
  const args = ["--audio", audio, "--meta", meta, "--task", "compare"];
  expect(run(study, ...args, "--pairs", csv)).toBe(2);
  expect(out.stderr).toBe(
    [
      `${csv}, line 3, column "pair": duplicate pair id "p1" (first on line 2)`,
      `${csv}, line 3, column "b": unknown clip "s09_nobody" (no clip has this id or file name)`,
      `${csv}, line 4, column "b": the same clip as a ("s01_human"): a pair compares two different clips`,
      "nothing written",
      "",
    ].join("\n"),
  );
  const cases: [string[], string][] = [
    [
      ["--pairs", "against:nobody"],
      '--pairs against:nobody: no clip of system "nobody" has a sentence (the systems: espeak, festival, flite, human)',
    ],
    [["--pairs", join(dir, "nope.csv")], `--pairs: ${join(dir, "nope.csv")}: no such file`],
    [["--scale", "mos"], 'redpen new: --scale: "mos" is not one of ab, ab-no-same, ccr'],
    [["--pretest", "0"], "redpen new: --pretest needs a whole number of pairs, 1 or more (got 0)"],
    [["--pass-accuracy", "1.5"], "redpen new: --pass-accuracy: must be at most 1 (got 1.5)"],
    [
      ["--pass-accuracy", "lots"],
      "redpen new: --pass-accuracy needs a number from 0 to 1 (got lots)",
    ],
  ];
  for (const [extra, message] of cases) {
    out.stderr = "";
    expect(run(study, ...args, ...extra)).toBe(2);
    expect(out.stderr.split("\n")[0]).toContain(message);
  }
  out.stderr = "";
  expect(
    run(
      study,
      "--audio",
      audio,
      "--meta",
      meta,
      "--task",
      "rate",
      "--pairs",
      "all-systems",
      "--question",
      "Which?",
    ),
  ).toBe(2);
  expect(out.stderr).toBe(
    "comparison: only a compare study has these settings (scale, question); this one is rate\n" +
      "--pairs: only a compare study has pairs to judge; this one is rate (its pre-test's pairs come from --pretest)\n" +
      "nothing written\n",
  );
  out.stderr = "";
  // No reference clips: a pre-test cannot be made.
  expect(run(study, "--audio", audio, "--task", "rate", "--pretest", "4")).toBe(2);
  expect(out.stderr).toMatch(
    /^--pretest: the study has no reference clips: a pre-test pair is a natural recording/,
  );
  out.stderr = "";
  const settings = join(dir, "settings.json");
  writeFileSync(
    settings,
    JSON.stringify({ comparison: { scale: "ab", same: true }, qualification: { pairs: [] } }),
  );
  expect(run(study, ...args, "--settings", settings)).toBe(2);
  expect(out.stderr.split("\n").slice(0, 2)).toEqual([
    `${settings}: comparison: has a field this does not take: same`,
    `${settings}: qualification.pairs: must have at least 1 item`,
  ]);
  out.stderr = "";
  writeFileSync(settings, JSON.stringify({ qualification: { pairs: ["nat1"] } }));
  expect(run(study, ...args, "--settings", settings, "--pretest", "2")).toBe(2);
  expect(out.stderr.split("\n")[0]).toBe(
    "qualification.pairs names the pre-test's pairs and --pretest makes them from the clips: give one of them",
  );
  out.stderr = "";
  expect(run(study, ...args, "--settings", settings)).toBe(2);
  expect(out.stderr.split("\n")[0]).toBe(
    'qualification.pairs: no pair "nat1" (name pairs of the --pairs CSV of a compare study, or make them with --pretest N)',
  );
  expect(existsSync(study)).toBe(false);
});

test("new --help names the comparison's and the pre-test's flags", () => {
  expect(run("--help")).toBe(0);
  for (const flag of [
    "--pairs",
    "--scale",
    "--question",
    "--pairs-per-participant",
    "--judgments-per-pair",
    "--pretest",
    "--pass-accuracy",
    "--pretest-record-only",
  ])
    expect(out.stdout).toContain(flag);
});
