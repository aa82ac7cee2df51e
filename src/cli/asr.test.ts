// `import transcripts.csv` (clip,annotator,transcript; --role asr --engine) and `asr` (a local
// recogniser per clip): what is merged, and every refusal, naming its line, storing nothing.
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { parseAnnotationText, serializeAnnotationFile } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { type AsrIO, runAsrCli, shellQuote } from "./asr.ts";
import { runImportExport } from "./importExportRun.test-data.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-transcripts-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SENTENCES = Object.fromEntries(
  readFileSync("public/audio/sentences.tsv", "utf8")
    .trim()
    .split("\n")
    .map((line) => line.split("\t") as [string, string]),
);

const study = (): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: { id: "sus", name: "SUS", binSeconds: 0.1, task: "transcribe" },
  taxonomy: [],
  clips: ["human", "espeak", "flite", "festival"].map((system) => ({
    id: `s01_${system}`,
    name: `s01_${system}.wav`,
    duration: 5,
    system,
    sentence: "s01",
    text: SENTENCES.s01 as string,
  })),
  annotators: [{ id: "w1", role: "crowd" }],
  submissions: [{ clipId: "s01_human", annotatorId: "w1", score: 4 }],
  regions: [],
  reasonLabels: [],
});

function writeStudy(file = study()): string {
  const p = path.join(dir, "study.json");
  writeFileSync(p, serializeAnnotationFile(file));
  return p;
}

function read(p: string): AnnotationFile {
  const r = parseAnnotationText(readFileSync(p, "utf8"));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.file;
}

test("a transcripts CSV: clips by id or file name, new annotators with --role asr --engine", () => {
  const into = writeStudy();
  const csv = path.join(dir, "transcripts.csv");
  writeFileSync(
    csv,
    "clip,annotator,transcript\r\n" +
      's01_human.wav,whisper,"and mister john dashwood had then leisure, to consider"\r\n' +
      "s01_espeak,whisper,and mister john\r\n",
  );
  const out = path.join(dir, "new.json");
  const r = runImportExport([
    "import",
    csv,
    "--into",
    into,
    "--out",
    out,
    "--role",
    "asr",
    "--engine",
    "whisper.cpp ggml-base.en",
  ]);
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  const file = read(out);
  expect(file.annotators).toContainEqual({
    id: "whisper",
    role: "asr",
    engine: "whisper.cpp ggml-base.en",
  });
  expect(file.submissions.filter((s) => s.annotatorId === "whisper")).toEqual([
    {
      clipId: "s01_human",
      annotatorId: "whisper",
      transcript: "and mister john dashwood had then leisure, to consider",
    },
    { clipId: "s01_espeak", annotatorId: "whisper", transcript: "and mister john" },
  ]);
});

test("a listener's transcript joins the submission already stored (its rating kept)", () => {
  const into = writeStudy();
  const csv = path.join(dir, "t.csv");
  writeFileSync(csv, "clip,annotator,transcript\ns01_human,w1,and mister john\n");
  const out = path.join(dir, "new.json");
  const r = runImportExport(["import", csv, "--into", into, "--out", out]);
  expect(r.code).toBe(0);
  expect(r.out).toBe(
    `${out}: SUS with 1 file merged: 1 transcript added to a stored submission; 3 records already there\n`,
  );
  expect(read(out).submissions).toEqual([
    { clipId: "s01_human", annotatorId: "w1", score: 4, transcript: "and mister john" },
  ]);
});

test("bad rows are refused by line, and nothing is written", () => {
  const into = writeStudy();
  const csv = path.join(dir, "bad.csv");
  writeFileSync(
    csv,
    [
      "clip,annotator,transcript",
      "s09_human,w1,x",
      "s01_human,nobody,x",
      `s01_flite,w1,${"y".repeat(2001)}`,
      "s01_espeak,w1,ok",
      "s01_espeak,w1,again",
      "",
    ].join("\n"),
  );
  const out = path.join(dir, "new.json");
  const r = runImportExport(["import", csv, "--into", into, "--out", out]);
  expect(r.code).toBe(2);
  expect(r.err).toBe(
    [
      `${csv}: line 2: clip "s09_human" is not in the study (neither an id nor a file name)`,
      `${csv}: line 3: annotator "nobody" is not in the study (give a role to add new annotators: --role asr on the command line, or a role column)`,
      `${csv}: line 4: transcript is 2001 characters long; a transcript may have at most 2000`,
      `${csv}: line 6: a second transcript of clip "s01_espeak" by "w1" (the first: line 5)`,
      `1 file refused: nothing imported, ${out} not written`,
      "",
    ].join("\n"),
  );
  expect(existsSync(out)).toBe(false);
  writeFileSync(csv, "clip,who,transcript\ns01_human,w1,x\n");
  expect(runImportExport(["import", csv, "--into", into, "--out", out]).err).toContain(
    `${csv}: line 1: the header has no "annotator" column`,
  );
  expect(
    runImportExport(["import", csv, "--into", into, "--out", out, "--role", "robot"]).err,
  ).toContain("--role must be crowd, expert, researcher or asr");
});

function asrIO(exec: (command: string) => string) {
  let out = "";
  let err = "";
  const io: AsrIO = {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    readFile: (p) => readFileSync(p, "utf8"),
    writeFile: (p, d) => writeFileSync(p, d),
    exists: (p) => existsSync(p),
    exec,
  };
  return { io, result: () => ({ out, err }) };
}

test("asr runs the template per clip with {wav} quoted; its output is the transcript", () => {
  const into = writeStudy();
  const out = path.join(dir, "new.json");
  const commands: string[] = [];
  const { io, result } = asrIO((command) => {
    commands.push(command);
    return "  and mister\n john \n";
  });
  const audio = path.resolve("public/audio");
  const code = runAsrCli(
    [
      "asr",
      into,
      "--audio",
      audio,
      "--command",
      "rec --in {wav}",
      "--annotator",
      "fake",
      "--out",
      out,
    ],
    io,
  );
  expect(result().err).toBe(
    ["human", "espeak", "flite", "festival"]
      .map((s, i) => `asr: ${i + 1}/4 s01_${s}.wav\n`)
      .join(""),
  );
  expect(code).toBe(0);
  expect(commands[0]).toBe(`rec --in ${shellQuote(`${audio}/s01_human.wav`)}`);
  expect(result().out).toBe(`${out}: 4 transcripts by fake (asr) added\n`);
  const file = read(out);
  expect(file.annotators).toContainEqual({ id: "fake", role: "asr" });
  expect(file.submissions.filter((s) => s.annotatorId === "fake").map((s) => s.transcript)).toEqual(
    ["and mister john", "and mister john", "and mister john", "and mister john"],
  );
  expect(shellQuote("a'b c.wav")).toBe("'a'\\''b c.wav'");
});

test("asr refuses a missing audio file, a template without {wav}, a failing recogniser", () => {
  const into = writeStudy();
  const out = path.join(dir, "new.json");
  const { io, result } = asrIO(() => {
    throw new Error("Command failed: rec\nmodel not found");
  });
  expect(
    runAsrCli(
      ["asr", into, "--audio", dir, "--command", "rec {wav}", "--annotator", "a", "--out", out],
      io,
    ),
  ).toBe(2);
  expect(result().err).toContain(
    `${dir}: no audio file for 4 of 4 clips (s01_human.wav, s01_espeak.wav, s01_flite.wav, …)`,
  );
  expect(
    runAsrCli(
      [
        "asr",
        into,
        "--audio",
        "public/audio",
        "--command",
        "rec",
        "--annotator",
        "a",
        "--out",
        out,
      ],
      io,
    ),
  ).toBe(2);
  expect(result().err).toContain("the --command template has no {wav}");
  expect(
    runAsrCli(
      [
        "asr",
        into,
        "--audio",
        "public/audio",
        "--command",
        "rec {wav}",
        "--annotator",
        "a",
        "--out",
        out,
      ],
      io,
    ),
  ).toBe(2);
  expect(result().err).toContain(
    "s01_human.wav: the recogniser failed: Command failed: rec / model not found",
  );
  expect(
    runAsrCli(
      [
        "asr",
        into,
        "--audio",
        "public/audio",
        "--command",
        "rec {wav}",
        "--annotator",
        "w1",
        "--out",
        out,
      ],
      io,
    ),
  ).toBe(2);
  expect(result().err).toContain(`annotator "w1" is crowd in the study, not a recogniser (asr)`);
  expect(existsSync(out)).toBe(false);
});

const POCKETSPHINX = "/usr/bin/pocketsphinx_continuous";
const MODEL = "/usr/share/pocketsphinx/model/en-us";

// A real recogniser from Debian (.ci/run installs pocketsphinx and pocketsphinx-en-us), on two
// demo clips of sentence s01, the human reading and eSpeak's (about 4 s of CPU each: the test
// suite's longest single job when it ran all four).
test.skipIf(!existsSync(POCKETSPHINX) || !existsSync(MODEL))(
  "asr with Debian's pocketsphinx on the demo clips: a transcript per clip, the human reading's close",
  () => {
    const two = study();
    const into = writeStudy({ ...two, clips: two.clips.slice(0, 2) });
    const out = path.join(dir, "new.json");
    const { io, result } = asrIO((command) =>
      execSync(command, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }),
    );
    const code = runAsrCli(
      [
        "asr",
        into,
        "--audio",
        "public/audio",
        "--annotator",
        "sphinx",
        "--engine",
        "pocketsphinx 0.8 en-us",
        "--command",
        `${POCKETSPHINX} -infile {wav} -logfn /dev/null`,
        "--out",
        out,
      ],
      io,
    );
    expect(result().err).not.toContain("failed");
    expect(code).toBe(0);
    const file = read(out);
    const transcripts = file.submissions.filter((s) => s.annotatorId === "sphinx");
    expect(transcripts.map((s) => s.clipId).sort()).toEqual(["s01_espeak", "s01_human"]);
    const human = transcripts.find((s) => s.clipId === "s01_human")?.transcript ?? "";
    // pocketsphinx gets much of the human reading right ("… john … leisure to consider …").
    expect(human).toMatch(/john/);
    expect(human).toMatch(/consider/);
  },
  180_000,
);
