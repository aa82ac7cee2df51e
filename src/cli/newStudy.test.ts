// `redpen new`: a study from a folder of WAV files and the clip CSV, with real files on disk.
// Durations were read independently with Python's `wave` module (frames / rate):
// s01_human 113600 / 16000 = 7.1, s01_espeak 93283 / 16000 = 5.8301875, s02_flite 38800 / 16000.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { parseAnnotationText } from "../domain/interchange/schema.ts";
import { type NewStudyIO, runNewCli } from "./newStudy.ts";

let dir: string;
let audio: string;
let out: { stdout: string; stderr: string };

function io(): NewStudyIO {
  return {
    stdout: (t) => {
      out.stdout += t;
    },
    stderr: (t) => {
      out.stderr += t;
    },
    readFile: (p) => readFileSync(p, "utf8"),
    readBytes: (p) => readFileSync(p),
    writeFile: (p, d) => writeFileSync(p, d),
    exists: (p) => existsSync(p),
    listFiles: (d) =>
      readdirSync(d, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name),
    baseName: (p) => basename(resolve(p)),
    join,
  };
}

const run = (...argv: string[]) => runNewCli(["new", ...argv], io());

beforeEach(() => {
  out = { stdout: "", stderr: "" };
  dir = mkdtempSync(join(tmpdir(), "redpen-new-"));
  audio = join(dir, "vlsp clips");
  mkdirSync(audio);
  for (const n of ["s02_flite", "s01_human", "s01_espeak"])
    copyFileSync(join("public/audio", `${n}.wav`), join(audio, `${n}.wav`));
  mkdirSync(join(audio, "notes")); // a sub-folder is not a clip
  writeFileSync(join(audio, "README.txt"), "not audio");
});

describe("redpen new", () => {
  test("a study from the folder and the CSV: ids, durations, metadata, readable by the app's reader", () => {
    const csv = join(dir, "clips.csv");
    writeFileSync(
      csv,
      "name,system,sentence,isReference,text\ns01_human.wav,human,s01,yes,and mister john dashwood\ns01_espeak,espeak,s01,no,\n",
    );
    const study = join(dir, "study.json");
    expect(
      run(study, "--audio", audio, "--meta", csv, "--task", "transcribe", "--language", "vi"),
    ).toBe(0);
    expect(out.stderr).toBe("");
    expect(out.stdout).toBe(
      `${study}: study "vlsp-clips" (vlsp clips), 3 clips, 2 systems, 1 with text, task transcribe\n` +
        `publish it: redpen publish ${study} --audio ${audio} --server URL\n`,
    );
    const parsed = parseAnnotationText(readFileSync(study, "utf8"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const { file } = parsed;
    expect(file.study).toMatchObject({
      id: "vlsp-clips",
      name: "vlsp clips",
      binSeconds: 0.1,
      requireRating: true,
      task: "transcribe",
      language: "vi",
    });
    expect(file.taxonomy).toHaveLength(11);
    // name order, numbers as a person sorts them; metadata matched by name or by stem
    expect(file.clips).toEqual([
      {
        id: "s01_espeak",
        name: "s01_espeak.wav",
        duration: 5.8301875,
        system: "espeak",
        sentence: "s01",
        isReference: false,
      },
      {
        id: "s01_human",
        name: "s01_human.wav",
        duration: 7.1,
        system: "human",
        sentence: "s01",
        isReference: true,
        text: "and mister john dashwood",
      },
      { id: "s02_flite", name: "s02_flite.wav", duration: 38800 / 16000 },
    ]);
    expect(file.annotators).toEqual([]);
  });

  test("--links says which participant links a server accepts; a bad value is refused", () => {
    const study = join(dir, "study.json");
    expect(run(study, "--audio", audio, "--links", "both")).toBe(0);
    expect(out.stdout).toContain(
      ", participant links: Prolific links and generic ?participant= links\n",
    );
    const parsed = parseAnnotationText(readFileSync(study, "utf8"));
    expect(parsed.ok && parsed.file.study.participantLinks).toBe("both");
    expect(run(join(dir, "other.json"), "--audio", audio, "--links", "mturk")).toBe(2);
    expect(out.stderr).toMatch(
      /^redpen new: --links: "mturk" is not one of prolific, generic, both/,
    );
  });

  test("an existing file is kept without --force; --name and --id are used", () => {
    const study = join(dir, "study.json");
    writeFileSync(study, "precious");
    expect(run(study, "--audio", audio)).toBe(2);
    expect(out.stderr).toBe(`${study}: already exists (give --force to replace it)\n`);
    expect(readFileSync(study, "utf8")).toBe("precious");
    expect(
      run(study, "--audio", audio, "--force", "--name", "Pilot 2", "--id", "p2", "--no-rating"),
    ).toBe(0);
    const parsed = parseAnnotationText(readFileSync(study, "utf8"));
    expect(parsed.ok && parsed.file.study).toMatchObject({
      id: "p2",
      name: "Pilot 2",
      requireRating: false,
    });
  });

  test("audio it cannot measure, a broken WAV and CSV rows naming no file: each named, nothing written", () => {
    writeFileSync(join(audio, "s09.mp3"), "ID3");
    writeFileSync(join(audio, "broken.wav"), "RIFF but not really");
    const csv = join(dir, "clips.csv");
    writeFileSync(csv, "name,system\ns01_human,human\ns07_human.wav,human\n");
    const study = join(dir, "study.json");
    expect(run(study, "--audio", audio, "--meta", csv)).toBe(2);
    const lines = out.stderr.trim().split("\n");
    expect(lines[0]).toMatch(
      new RegExp(`^${join(audio, "s09.mp3").replace(/[.]/g, "\\.")}: only WAV files are read here`),
    );
    expect(lines[1]).toMatch(new RegExp(`^${join(audio, "broken.wav").replace(/[.]/g, "\\.")}: `));
    expect(lines).toContain(`${csv}: row 3: "s07_human.wav" matches no audio file`);
    expect(lines.at(-1)).toBe("nothing written");
    expect(existsSync(study)).toBe(false);
  });

  test("a missing folder, an empty one, a bad task or language: exit 2 with the reason", () => {
    const study = join(dir, "study.json");
    expect(run(study, "--audio", join(dir, "nowhere"))).toBe(2);
    expect(out.stderr).toBe(`${join(dir, "nowhere")}: no such file\n`);
    out.stderr = "";
    mkdirSync(join(dir, "empty"));
    expect(run(study, "--audio", join(dir, "empty"))).toBe(2);
    expect(out.stderr).toBe(
      `${join(dir, "empty")}: no .wav files in this folder\nnothing written\n`,
    );
    out.stderr = "";
    expect(run(study, "--audio", audio, "--task", "listen")).toBe(2);
    expect(out.stderr.split("\n")[0]).toBe(
      'redpen new: --task: "listen" is not one of mark, rate, transcribe',
    );
    out.stderr = "";
    expect(run(study, "--audio", audio, "--language", "not a tag")).toBe(2);
    expect(out.stderr.split("\n")[0]).toMatch(/^redpen new: --language: /);
    expect(existsSync(study)).toBe(false);
  });
});
