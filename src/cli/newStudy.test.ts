// `redpen new`: a study from a folder of WAV files and the clip CSV, with real files on disk.
// Durations were read independently with Python's `wave` module (frames / rate):
// s01_human 113600 / 16000 = 7.1, s01_espeak 93283 / 16000 = 5.8301875, s02_flite 38800 / 16000.

import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { studyCollectionOf } from "../domain/api/requests.ts";
import { armsOf } from "../domain/collection/arms.ts";
import { intakeOf } from "../domain/collection/intake.ts";
import { screeningOf } from "../domain/collection/screening.ts";
import { parseAnnotationText } from "../domain/interchange/schema.ts";
import { typedIn } from "./commandModules.ts";
import { disk, folders } from "./disk.ts";
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
    ...disk,
    ...folders,
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
    // A transcription asks for no rating: no requireRating in its study (issue 36, problem 6).
    expect(file.study).toEqual({
      id: "vlsp-clips",
      name: "vlsp clips",
      binSeconds: 0.1,
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
    expect(out.stderr).toBe(
      `${join(dir, "nowhere")}: no such folder (looked at ${join(dir, "nowhere")})\n`,
    );
    out.stderr = "";
    mkdirSync(join(dir, "empty"));
    expect(run(study, "--audio", join(dir, "empty"))).toBe(2);
    expect(out.stderr).toBe(
      `${join(dir, "empty")}: no .wav files in this folder\nnothing written\n`,
    );
    out.stderr = "";
    expect(run(study, "--audio", audio, "--task", "listen")).toBe(2);
    expect(out.stderr.split("\n")[0]).toBe(
      'redpen new: --task: "listen" is not one of mark, rate, transcribe, compare',
    );
    out.stderr = "";
    expect(run(study, "--audio", audio, "--language", "not a tag")).toBe(2);
    expect(out.stderr.split("\n")[0]).toBe(
      'redpen new: --language: language "not a tag" is not a BCP 47 language tag',
    );
    out.stderr = "";
    expect(run(study, "--audio", audio, "--intake", "age=required,device=sometimes")).toBe(2);
    expect(out.stderr.split("\n").slice(0, 2)).toEqual([
      'redpen new: --intake: intake.standard.device: must be "off", "optional" or "required" (got "sometimes")',
      "--intake: intake.standard: has a field this does not take: age",
    ]);
    expect(existsSync(study)).toBe(false);
  });
});

describe("redpen new: every study setting, by flags or --settings", () => {
  test("the flags set each setting where the interchange format puts it, and its readers read it back", () => {
    const consent = join(dir, "consent.txt");
    const instructions = join(dir, "instructions.txt");
    const texts = join(dir, "texts.json");
    writeFileSync(consent, "Tôi đồng ý tham gia.\n");
    writeFileSync(instructions, "Nghe và gõ lại.\n");
    writeFileSync(texts, JSON.stringify({ "listen.question": "Bạn nghe thấy gì?" }));
    const study = join(dir, "study.json");
    const code = run(
      study,
      "--audio",
      audio,
      "--task",
      "transcribe",
      "--language",
      "vi",
      "--plays",
      "3",
      "--unit",
      "character",
      "--group-by",
      "nativeLanguages",
      "--intake",
      "nativeLanguages=required,device=optional",
      "--free-question",
      "*Have you heard synthetic speech before?",
      "--free-question",
      "Anything else?",
      "--headphone-check",
      "antiphase",
      "--check-trials",
      "8",
      "--check-pass",
      "7",
      "--clips-per-participant",
      "4",
      "--ratings-per-clip",
      "2",
      "--slot-timeout",
      "30",
      "--completion-code",
      "C0DE",
      "--completion-url",
      "https://app.prolific.com/submissions/complete?cc=C0DE",
      "--screened-out-code",
      "OUT",
      "--consent-file",
      consent,
      "--instructions-file",
      instructions,
      "--texts",
      texts,
    );
    expect(out.stderr).toBe("");
    expect(code).toBe(0);
    const parsed = parseAnnotationText(readFileSync(study, "utf8"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const s = parsed.file.study;
    expect(s).toEqual({
      id: "vlsp-clips",
      name: "vlsp clips",
      binSeconds: 0.1,
      task: "transcribe",
      transcription: { maxPlays: 3, unit: "character", groupBy: "nativeLanguages" },
      instructions: "Nghe và gõ lại.",
      consent: "Tôi đồng ý tham gia.",
      language: "vi",
      intake: {
        standard: { nativeLanguages: "required", device: "optional" },
        free: [
          { text: "Have you heard synthetic speech before?", required: true },
          { text: "Anything else?", required: false },
        ],
      },
      screening: { test: "antiphase", trials: 8, passAt: 7 },
      collection: {
        clipsPerParticipant: 4,
        ratingsPerClip: 2,
        slotTimeoutMinutes: 30,
        completionCode: "C0DE",
        completionUrl: "https://app.prolific.com/submissions/complete?cc=C0DE",
        screenedOutCode: "OUT",
      },
      participantTexts: { "listen.question": "Bạn nghe thấy gì?" },
    });
    // What the server, the participant's pages and `publish` read of it is what was set.
    expect(intakeOf(s).standard).toMatchObject({
      nativeLanguages: "required",
      device: "optional",
      ageBand: "off",
    });
    expect(intakeOf(s).free).toHaveLength(2);
    expect(screeningOf(s)).toEqual({ test: "antiphase", trials: 8, passAt: 7 });
    expect(studyCollectionOf(s)).toEqual(s.collection);
  });

  test("--settings: the file's settings, flags over them; a rate study has no requireRating", () => {
    const settings = join(dir, "settings.json");
    writeFileSync(
      settings,
      JSON.stringify({
        name: "MOS pilot",
        task: "rate",
        ratingScale: {
          question: "How good is it?",
          labels: ["Bad", "Poor", "Fair", "Good", "Excellent"],
        },
        screening: { test: "huggins" },
        collection: { clipsPerParticipant: 10, ratingsPerClip: 3 },
        protocol: { platform: "Prolific", payAmount: 1.5, currency: "GBP" },
      }),
    );
    const study = join(dir, "study.json");
    expect(run(study, "--audio", audio, "--settings", settings, "--ratings-per-clip", "5")).toBe(0);
    const parsed = parseAnnotationText(readFileSync(study, "utf8"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.file.study).toEqual({
      id: "mos-pilot",
      name: "MOS pilot",
      binSeconds: 0.1,
      task: "rate",
      ratingScale: {
        question: "How good is it?",
        labels: ["Bad", "Poor", "Fair", "Good", "Excellent"],
      },
      screening: { test: "huggins" },
      collection: { clipsPerParticipant: 10, ratingsPerClip: 5 },
      protocol: { platform: "Prolific", payAmount: 1.5, currency: "GBP" },
    });
  });

  test("a settings file that breaks a rule: each problem by its JSON path, nothing written", () => {
    const settings = join(dir, "settings.json");
    writeFileSync(
      settings,
      JSON.stringify({
        task: "transcribe",
        transcription: { maxPlays: 0 },
        intake: { standard: { age: "required" }, free: [{ text: "" }] },
        screening: { test: "huggins", trials: 4, passAt: 5 },
        collection: { ratingsPerClip: 0, completionUrl: "prolific" },
        language: "not a tag",
        participantTexts: { "no.such.message": "x" },
        colour: "red",
      }),
    );
    const study = join(dir, "study.json");
    expect(run(study, "--audio", audio, "--settings", settings)).toBe(2);
    expect(out.stderr.trim().split("\n")).toEqual([
      `${settings}: transcription.maxPlays: must be at least 1 (got 0)`,
      `${settings}: language: language "not a tag" is not a BCP 47 language tag`,
      `${settings}: participantTexts["no.such.message"]: not a message of the participant's pages`,
      `${settings}: intake.standard: has a field this does not take: age`,
      `${settings}: intake.free[0].text: must not be empty`,
      `${settings}: screening.passAt: must be at most the number of trials (4)`,
      `${settings}: collection.ratingsPerClip: must be at least 1 (got 0)`,
      `${settings}: collection.completionUrl: must be an http(s) address`,
      `${settings}: (settings): has a field this does not take: colour`,
      "nothing written",
    ]);
    expect(existsSync(study)).toBe(false);
  });

  test("settings another task's: plays for a rate study, --no-rating for a transcription", () => {
    const study = join(dir, "study.json");
    expect(run(study, "--audio", audio, "--task", "rate", "--plays", "2")).toBe(2);
    expect(out.stderr).toBe(
      "transcription: only a transcribe study has these settings (plays, unit, groups); this one is rate\nnothing written\n",
    );
    out.stderr = "";
    expect(run(study, "--audio", audio, "--task", "transcribe", "--no-rating")).toBe(2);
    expect(out.stderr.split("\n")[0]).toBe(
      "requireRating: only a mark study's rating is optional (a rate study always asks for one, a transcription never); this one is transcribe",
    );
    expect(existsSync(study)).toBe(false);
  });

  test("--arm ID=FILE: the instruction arms in order, over the settings file's; armsOf reads them back", () => {
    const settings = join(dir, "settings.json");
    writeFileSync(
      settings,
      JSON.stringify({
        task: "rate",
        arms: [
          { id: "old-a", instructions: "Old A" },
          { id: "old-b", instructions: "Old B" },
        ],
      }),
    );
    const natural = join(dir, "natural.txt");
    const quality = join(dir, "quality.txt");
    writeFileSync(natural, "How natural does it sound?\nUse headphones.\n");
    writeFileSync(quality, "Rate the audio quality.\n");
    const study = join(dir, "study.json");
    expect(
      run(
        study,
        "--audio",
        audio,
        "--settings",
        settings,
        "--arm",
        `natural=${natural}`,
        "--arm",
        `quality=${quality}`,
      ),
    ).toBe(0);
    const parsed = parseAnnotationText(readFileSync(study, "utf8"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const arms = [
      { id: "natural", instructions: "How natural does it sound?\nUse headphones." },
      { id: "quality", instructions: "Rate the audio quality." },
    ];
    expect(parsed.file.study.arms).toEqual(arms);
    expect(armsOf(parsed.file.study)).toEqual(arms);
  });

  test("bad arms: one arm, a repeated id, an empty text, a bad --arm: each named, nothing written", () => {
    const a = join(dir, "a.txt");
    const empty = join(dir, "empty.txt");
    writeFileSync(a, "Text A");
    writeFileSync(empty, "  \n");
    const study = join(dir, "study.json");
    expect(run(study, "--audio", audio, "--arm", `a=${a}`)).toBe(2);
    expect(out.stderr).toBe(
      "--arm: arms: must list 2 to 20 arms (got 1); a study with one text has only its instructions\nnothing written\n",
    );
    out.stderr = "";
    expect(
      run(study, "--audio", audio, "--arm", `a=${a}`, "--arm", `a=${a}`, "--arm", `c=${empty}`),
    ).toBe(2);
    expect(out.stderr.trim().split("\n")).toEqual([
      "--arm: arms[2].instructions: must not be empty",
      '--arm: arms[1].id: "a" is the id of an earlier arm; each arm needs its own',
      "nothing written",
    ]);
    out.stderr = "";
    expect(run(study, "--audio", audio, "--arm", a)).toBe(2);
    expect(out.stderr.split("\n")[0]).toBe(
      `redpen new: --arm: "${a}" is not ID=FILE (the arm's id and its instructions' file)`,
    );
    out.stderr = "";
    expect(
      run(study, "--audio", audio, "--arm", `a=${a}`, "--arm", `b=${join(dir, "none.txt")}`),
    ).toBe(2);
    expect(out.stderr).toBe(
      `--arm b: ${join(dir, "none.txt")}: no such file (looked at ${join(dir, "none.txt")})\nnothing written\n`,
    );
    const settings = join(dir, "settings.json");
    writeFileSync(
      settings,
      JSON.stringify({ arms: [{ id: "x y", instructions: "1" }, { id: "z" }] }),
    );
    out.stderr = "";
    expect(run(study, "--audio", audio, "--settings", settings)).toBe(2);
    expect(out.stderr.trim().split("\n")).toEqual([
      `${settings}: arms[0].id: must be a short name: 1–64 letters, digits, '-', '_' or '.', starting with a letter or digit`,
      `${settings}: arms[1].instructions: is required`,
      "nothing written",
    ]);
    expect(existsSync(study)).toBe(false);
  });

  test("a missing settings or consent file says where it looked", () => {
    const study = join(dir, "study.json");
    expect(run(study, "--audio", audio, "--settings", join(dir, "none.json"))).toBe(2);
    expect(out.stderr).toBe(
      `${join(dir, "none.json")}: no such file (looked at ${join(dir, "none.json")})\nnothing written\n`,
    );
  });
});

describe("npm run cli -- new …: paths from the folder the command was typed in", () => {
  test("new --help lists every setting flag", () => {
    expect(run("--help")).toBe(0);
    for (const flag of [
      "--settings",
      "--plays",
      "--intake",
      "--free-question",
      "--headphone-check",
      "--consent-file",
      "--arm",
      "--ratings-per-clip",
      "--completion-code",
      "--slot-timeout",
    ])
      expect(out.stdout).toContain(flag);
  });

  test("typedIn: npm's INIT_CWD when npm runs the cli script, else none", () => {
    expect(typedIn({ INIT_CWD: "/home/me/data", npm_lifecycle_event: "cli" })).toBe(
      "/home/me/data",
    );
    // `npm test` (or anything else npm runs) starting the command keeps its own folder.
    expect(typedIn({ INIT_CWD: "/home/me/data", npm_lifecycle_event: "test" })).toBeNull();
    expect(typedIn({})).toBeNull();
  });

  test("the real entry point, started in the project as npm starts it, reads clips/ in the user's folder", {
    timeout: 60_000,
  }, () => {
    const user = mkdtempSync(join(tmpdir(), "redpen-user-"));
    mkdirSync(join(user, "clips"));
    copyFileSync("public/audio/s01_human.wav", join(user, "clips", "s01_human.wav"));
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", resolve("src/cli/main.ts"), ...args], {
        encoding: "utf8",
        cwd: process.cwd(),
        env: { ...process.env, INIT_CWD: user, npm_lifecycle_event: "cli" },
      });
    const made = cli("new", "s.json", "--audio", "clips/");
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    expect(existsSync(join(user, "s.json"))).toBe(true);
    const missing = cli("new", "t.json", "--audio", "clipz/");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`clipz/: no such folder (looked at ${join(user, "clipz")})\n`);
  });
});
