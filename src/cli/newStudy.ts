// `new`: a study from a folder of audio files and, optionally, the clip-metadata CSV the
// app's New study takes — the file `publish`, `stats` and the app read, without the app — with
// every study setting a script may give (docs/spec/interchange-format.md, "The study's
// settings"): from a JSON file (`--settings settings.json`, checked by the settings' schema,
// domain/api/settingsSchema.ts, each problem named by its JSON path) and flags over it.
// The same rules as New study (src/features/studies): clip ids from file names (clipIdFor), the
// CSV matched by file name (matchClipCsv), the default taxonomy, bins of 0.1 s, a rating asked
// for in a mark study (none in a transcription; always in a rate study). Audio: WAV only, whose
// length is read from its header (other formats need decoding, which the app's New study does).
// Relative paths are the user's: `npm run cli` starts here in the user's folder (main.ts), and a
// path that cannot be read is said with the absolute path looked at.

import {
  checkStudySettings,
  STUDY_SETTING_KEYS,
  type StudySettings,
} from "../domain/api/settingsSchema.ts";
import { clipIdFor, matchClipCsv, parseClipCsv } from "../domain/clips/clipCsv.ts";
import { wavDuration } from "../domain/clips/wav.ts";
import { STANDARD_QUESTIONS } from "../domain/collection/intake.ts";
import {
  PARTICIPANT_LINKS,
  PARTICIPANT_LINKS_TEXT,
  type ParticipantLinks,
} from "../domain/collection/links.ts";
import { problemLine } from "../domain/interchange/problems.ts";
import { parseAnnotationText, serializeAnnotationFile } from "../domain/interchange/schema.ts";
import { DEFAULT_TAXONOMY } from "../domain/interchange/taxonomy.ts";
import type { AnnotationFile, Clip, Pair, StudyTask } from "../domain/interchange/types.ts";
import { slugify } from "../domain/study/slug.ts";
import {
  constructPairs,
  DEFAULT_PRETEST_PAIRS,
  type PairConstruction,
  pretestPairs,
  qualificationFor,
} from "../domain/tasks/compare/pairs.ts";
import { parseViewChoice, viewPairs, viewRecords } from "../domain/tasks/compare/views.ts";
import { DEFAULT_TASK, moduleOf, TASK_MODULES } from "../domain/tasks/index.ts";
import { EXIT_OK, EXIT_USAGE } from "./exitCodes.ts";
import { readError, writeError } from "./fileErrors.ts";
import { withLanguageOptions } from "./texts.ts";

export interface NewStudyIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): string;
  readBytes(path: string): Uint8Array;
  writeFile(path: string, data: string): void;
  exists(path: string): boolean;
  /** The names of the regular files in the folder (not sub-folders); throws as readdir does. */
  listFiles(dir: string): string[];
  /** The folder's own name ("clips" for "data/clips/"). */
  baseName(path: string): string;
  join(dir: string, name: string): string;
  /** The absolute path a relative one is read at (for messages: where it looked). */
  resolve(path: string): string;
}

export const NEW_USAGE = `Usage:
  redpen new STUDY.json --audio DIR [--meta clips.csv] [--name NAME] [--id ID]
  redpen new STUDY.json --from MARKED.json --task compare --pairs regions:union~saliency:MODEL
          [--task mark|rate|transcribe|compare] [--settings SETTINGS.json] [options] [--force]
      a study from DIR's WAV files (one clip each, in name order; ids from the file names) and
      the clip-metadata CSV the app's New study takes (name,system,sentence,score,isReference,
      text), written to STUDY.json for publish, stats and the app's Import; the name defaults to
      DIR's, the id to the name as a slug; an existing STUDY.json is kept without --force.
      Relative paths are read from the folder the command was typed in.
  Study settings (docs/spec/interchange-format.md, "The study's settings"): --settings reads
  them as JSON (the keys of "study": task, transcription, requireRating, ratingScale,
  instructions, arms, consent, language, participantTexts, participantLinks, intake, screening,
  comparison, qualification, collection, protocol);
  these flags set one each, over the file:
      --language TAG                 the language of the participant's pages (vi, pt-BR, …)
      --texts FILE.json              the study's own wording of those pages (as \`texts\` writes)
      --links prolific|generic|both  the participant links a collection server accepts (unset:
                                     a Prolific study takes Prolific's only)
      --instructions-file FILE       the instructions participants read
      --arm ID=FILE                  an instruction arm: FILE's text under the arm's id (again
                                     for each arm, at least two; over the file's arms); each
                                     arriving participant is given one in turn
      --consent-file FILE            the consent text participants agree to
      --no-rating | --rating         a mark study's 1–5 rating optional | required (default)
      --plays N                      transcribe: plays allowed per clip (default 2)
      --unit word|character          transcribe: what WER counts
      --group-by FIELD               transcribe: the intake answer that groups listeners
      --intake ID=NEED,…             standard intake questions (NEED: off, optional, required;
                                     ID: ${STANDARD_QUESTIONS.map((q) => q.id).join(", ")})
      --free-question TEXT           a free intake question (again for more; "*TEXT": required)
      --headphone-check huggins|antiphase|off  [--check-trials N] [--check-pass N]
      --clips-per-participant K      --ratings-per-clip R      --slot-timeout MINUTES
  A paired comparison (--task compare; docs/listening-test.md, "Paired comparisons"):
      --pairs all-systems|against:SYSTEM|FILE.csv
                                     the pairs: every pair of systems per sentence (default),
                                     each system against SYSTEM, or a CSV of pair,a,b (clips by
                                     id or file name)
      --scale ab|ab-no-same|ccr      A/B with "No difference" (default), A/B forced choice, or
                                     the 7-point CCR scale (CMOS)
      --question TEXT                the question's words (default: the pages' own, translated)
      --pairs-per-participant K      --judgments-per-pair R   (the collection's K and R)
  The region preference test (the RedPen paper's Table 3): view pairs of a marked study's clips,
  each clip heard twice, with the listeners' regions and with a model's salient bins highlighted:
  redpen new PREF.json --from MARKED.json --task compare --pairs regions:union~saliency:MODEL
      --from STUDY.json              the marked study with crowd regions and imported saliency
                                     (instead of --audio and --meta; its clips, bins, taxonomy)
      --pairs regions:union~saliency:MODEL | regions:overlap~saliency:MODEL
                                     the listeners' view (any annotator's bins, or only those
                                     every annotator marked) against the model's top bins
      --view-clips N                 N of the clips with both, drawn by seed (default: all)
  A natural-pairs pre-test (any task; a natural recording against a synthetic clip of the same
  sentence, after the headphone check):
      --pretest N                    N pairs made from the clips (default 10, or all there are)
      --pass-accuracy X              the share correct to pass, 0–1 (default 0.7)
      --pretest-record-only          record the pre-test only: nobody is screened out
      --completion-code CODE         --completion-url URL
      --screened-out-code CODE       --screened-out-url URL
`;

/** `--scale`: the comparison's scale and whether A/B offers "No difference". */
const SCALES: Record<string, { scale: "ab" | "ccr"; allowSame?: boolean }> = {
  ab: { scale: "ab" },
  "ab-no-same": { scale: "ab", allowSame: false },
  ccr: { scale: "ccr" },
};

const WAV = /\.wav$/i;
/** Audio the browser decodes but this command cannot measure without decoding. */
const OTHER_AUDIO = /\.(mp3|ogg|oga|opus|flac|m4a|aac|webm|wma|aif|aiff)$/i;
const TASK_NAMES: readonly StudyTask[] = TASK_MODULES.map((m) => m.id);

class Usage extends Error {}

interface Args {
  out: string;
  audio: string;
  meta?: string;
  name?: string;
  id?: string;
  settingsFile?: string;
  texts?: string;
  /** The flags' settings, over the settings file's. */
  flags: StudySettings;
  /** Files whose text becomes a setting: instructions, consent. */
  textFiles: { key: "instructions" | "consent"; path: string }[];
  /** `--arm ID=FILE`, in order: the arms' ids and the files of their instructions. */
  armFiles: { id: string; path: string }[];
  /** `--pairs`, as given. */
  pairs?: string;
  /** `--pretest N`. */
  pretest?: number;
  /** `--from STUDY.json`: the marked study a region preference test is made from. */
  from?: string;
  /** `--view-clips N`: how many of its clips (absent: every clip with both). */
  viewClips?: number;
  force: boolean;
}

/** Flags taking a value, and the setting each sets (as a path into the study). */
const SETTING_FLAGS: Record<string, string[]> = {
  "--task": ["task"],
  "--language": ["language"],
  "--links": ["participantLinks"],
  "--plays": ["transcription", "maxPlays"],
  "--unit": ["transcription", "unit"],
  "--group-by": ["transcription", "groupBy"],
  "--headphone-check": ["screening", "test"],
  "--check-trials": ["screening", "trials"],
  "--check-pass": ["screening", "passAt"],
  "--clips-per-participant": ["collection", "clipsPerParticipant"],
  "--ratings-per-clip": ["collection", "ratingsPerClip"],
  "--slot-timeout": ["collection", "slotTimeoutMinutes"],
  "--completion-code": ["collection", "completionCode"],
  "--completion-url": ["collection", "completionUrl"],
  "--screened-out-code": ["collection", "screenedOutCode"],
  "--screened-out-url": ["collection", "screenedOutUrl"],
  "--question": ["comparison", "question"],
  "--pairs-per-participant": ["collection", "clipsPerParticipant"],
  "--judgments-per-pair": ["collection", "ratingsPerClip"],
  "--pass-accuracy": ["qualification", "passAccuracy"],
};
const NUMERIC = new Set([
  "--plays",
  "--check-trials",
  "--check-pass",
  "--clips-per-participant",
  "--ratings-per-clip",
  "--slot-timeout",
  "--pairs-per-participant",
  "--judgments-per-pair",
]);
const PLAIN_FLAGS = new Set([
  "--audio",
  "--meta",
  "--name",
  "--id",
  "--settings",
  "--texts",
  "--instructions-file",
  "--consent-file",
  "--intake",
  "--free-question",
  "--arm",
  "--pairs",
  "--scale",
  "--pretest",
  "--from",
  "--view-clips",
]);

/** Sets a value at a path of nested records, making the records on the way. */
function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  let at = target;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (typeof next !== "object" || next === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1] as string] = value;
}

function parse(argv: readonly string[]): Args {
  const positional: string[] = [];
  const values = new Map<string, string>();
  const flags: Record<string, unknown> = {};
  const free: { text: string; required: boolean }[] = [];
  const armFiles: Args["armFiles"] = [];
  let force = false;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--force") force = true;
    else if (arg === "--no-rating") flags.requireRating = false;
    else if (arg === "--rating") flags.requireRating = true;
    else if (arg === "--pretest-record-only") setAt(flags, ["qualification", "screenOut"], false);
    else if (arg in SETTING_FLAGS || PLAIN_FLAGS.has(arg)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith("--")) throw new Usage(`${arg} needs a value`);
      if (arg === "--free-question") {
        const required = value.startsWith("*");
        const text = (required ? value.slice(1) : value).trim();
        if (text === "") throw new Usage("--free-question needs the question's text");
        free.push({ text, required });
      } else if (arg === "--arm") {
        const at = value.indexOf("=");
        const id = value.slice(0, at).trim();
        const path = value.slice(at + 1);
        if (at < 0 || id === "" || path === "")
          throw new Usage(
            `--arm: "${value}" is not ID=FILE (the arm's id and its instructions' file)`,
          );
        armFiles.push({ id, path });
      } else if (arg in SETTING_FLAGS) {
        let v: unknown = value;
        if (NUMERIC.has(arg)) {
          v = Number(value);
          if (!Number.isInteger(v)) throw new Usage(`${arg} needs a whole number (got ${value})`);
        }
        if (arg === "--pass-accuracy") {
          v = Number(value);
          if (value.trim() === "" || !Number.isFinite(v))
            throw new Usage(`--pass-accuracy needs a number from 0 to 1 (got ${value})`);
        }
        if (arg === "--task" && !TASK_NAMES.includes(value as StudyTask))
          throw new Usage(`--task: "${value}" is not one of ${TASK_NAMES.join(", ")}`);
        if (arg === "--links" && !(PARTICIPANT_LINKS as readonly string[]).includes(value))
          throw new Usage(`--links: "${value}" is not one of ${PARTICIPANT_LINKS.join(", ")}`);
        setAt(flags, SETTING_FLAGS[arg] as string[], v);
      } else if (arg === "--scale") {
        const scale = SCALES[value];
        if (!scale)
          throw new Usage(`--scale: "${value}" is not one of ${Object.keys(SCALES).join(", ")}`);
        for (const [key, v] of Object.entries(scale)) setAt(flags, ["comparison", key], v);
      } else if (arg === "--pretest" || arg === "--view-clips") {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1)
          throw new Usage(
            `${arg} needs a whole number of ${arg === "--pretest" ? "pairs" : "clips"}, 1 or more (got ${value})`,
          );
        values.set(arg, value);
      } else values.set(arg, value);
    } else if (arg.startsWith("-")) throw new Usage(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new Usage("give one STUDY.json to write");
  const audio = values.get("--audio");
  const from = values.get("--from");
  if (from !== undefined && (audio !== undefined || values.has("--meta")))
    throw new Usage(
      "--from takes the clips, their audio's names and metadata from the marked study: give --audio to publish, not to new --from",
    );
  if (from === undefined && audio === undefined) throw new Usage("--audio DIR is required");
  const pairsGiven = values.get("--pairs");
  if (from === undefined && pairsGiven !== undefined && parseViewChoice(pairsGiven) !== null)
    throw new Usage(
      `--pairs ${pairsGiven}: the views come from a marked study's regions and saliency: give --from STUDY.json (instead of --audio)`,
    );
  if (from === undefined && values.has("--view-clips"))
    throw new Usage("--view-clips: only a region preference test (--from) chooses clips");
  const intake = values.get("--intake");
  if (intake !== undefined) {
    const standard: Record<string, string> = {};
    for (const part of intake.split(",")) {
      const [id, need] = part.split("=").map((x) => x.trim());
      if (!id || !need) throw new Usage(`--intake: "${part}" is not ID=NEED`);
      standard[id] = need;
    }
    setAt(flags, ["intake", "standard"], standard);
  }
  if (free.length > 0) setAt(flags, ["intake", "free"], free);
  // The flags' values checked as settings: a problem names the setting and the flag.
  const checked = checkStudySettings(flags);
  if (!checked.ok) {
    throw new Usage(
      checked.problems
        .map((problem) => {
          const path = problem.slice(0, problem.indexOf(": "));
          const flag = Object.keys(SETTING_FLAGS).find(
            (f) => (SETTING_FLAGS[f] as string[]).join(".") === path,
          );
          if (flag) return `${flag}: ${problem.slice(path.length + 2)}`;
          if (path.startsWith("intake.standard")) return `--intake: ${problem}`;
          if (path.startsWith("intake.free")) return `--free-question: ${problem}`;
          return problem;
        })
        .join("\n"),
    );
  }
  const optional = (key: string) => values.get(key);
  const textFiles: Args["textFiles"] = [];
  const instructions = optional("--instructions-file");
  const consent = optional("--consent-file");
  if (instructions !== undefined) textFiles.push({ key: "instructions", path: instructions });
  if (consent !== undefined) textFiles.push({ key: "consent", path: consent });
  return {
    out: positional[0] as string,
    audio: audio ?? "",
    ...(from !== undefined ? { from } : {}),
    ...(optional("--view-clips") !== undefined
      ? { viewClips: Number(optional("--view-clips")) }
      : {}),
    ...(optional("--meta") !== undefined ? { meta: optional("--meta") as string } : {}),
    ...(optional("--name") !== undefined ? { name: optional("--name") as string } : {}),
    ...(optional("--id") !== undefined ? { id: optional("--id") as string } : {}),
    ...(optional("--settings") !== undefined
      ? { settingsFile: optional("--settings") as string }
      : {}),
    ...(optional("--texts") !== undefined ? { texts: optional("--texts") as string } : {}),
    flags: checked.settings,
    textFiles,
    armFiles,
    ...(optional("--pairs") !== undefined ? { pairs: optional("--pairs") as string } : {}),
    ...(optional("--pretest") !== undefined ? { pretest: Number(optional("--pretest")) } : {}),
    force,
  };
}

/** The settings file's settings and the flags' over them, each record of settings merged key by key. */
function mergeSettings(file: StudySettings, flags: StudySettings): Record<string, unknown> {
  const out: Record<string, unknown> = { ...file };
  for (const [key, value] of Object.entries(flags)) {
    const before = out[key];
    const isRecord = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
    if (key === "intake" && isRecord(before) && isRecord(value)) {
      const a = before as NonNullable<StudySettings["intake"]>;
      const b = value as NonNullable<StudySettings["intake"]>;
      out[key] = {
        ...a,
        ...b,
        ...(a.standard || b.standard ? { standard: { ...a.standard, ...b.standard } } : {}),
      };
    } else if (isRecord(before) && isRecord(value))
      out[key] = { ...(before as object), ...(value as object) };
    else out[key] = value;
  }
  return out;
}

/**
 * The study's settings from the settings file and the flags, checked whole, with what each task
 * asks of them: a rating is a mark study's choice (a rate study always asks one, a
 * transcription never), and plays, unit and groups are a transcription's.
 */
function studySettings(args: Args, io: NewStudyIO): Record<string, unknown> | string[] {
  let fromFile: StudySettings = {};
  if (args.settingsFile !== undefined) {
    const path = args.settingsFile;
    let value: unknown;
    try {
      value = JSON.parse(io.readFile(path));
    } catch (error) {
      return [
        (error as { code?: unknown }).code
          ? `${path}: ${readError(error)} (looked at ${io.resolve(path)})`
          : `${path}: not JSON: ${(error as Error).message}`,
      ];
    }
    const checked = checkStudySettings(value);
    if (!checked.ok) return checked.problems.map((p) => `${path}: ${p}`);
    fromFile = checked.settings;
  }
  const settings = mergeSettings(fromFile, args.flags);
  for (const { key, path } of args.textFiles) {
    try {
      settings[key] = io.readFile(path).trimEnd();
    } catch (error) {
      return [`${path}: ${readError(error)} (looked at ${io.resolve(path)})`];
    }
  }
  if (args.armFiles.length > 0) {
    const arms: { id: string; instructions: string }[] = [];
    for (const { id, path } of args.armFiles) {
      try {
        arms.push({ id, instructions: io.readFile(path).trimEnd() });
      } catch (error) {
        return [`--arm ${id}: ${path}: ${readError(error)} (looked at ${io.resolve(path)})`];
      }
    }
    settings.arms = arms;
  }
  const whole = checkStudySettings(settings);
  if (!whole.ok)
    return whole.problems.map((p) =>
      args.armFiles.length > 0 && p.startsWith("arms") ? `--arm: ${p}` : p,
    );
  const task = whole.settings.task ?? DEFAULT_TASK;
  const module = moduleOf(task);
  const problems: string[] = [];
  if (!module.transcriptionSettings && whole.settings.transcription !== undefined)
    problems.push(
      `transcription: only a transcribe study has these settings (plays, unit, groups); this one is ${task}`,
    );
  if (task !== "compare" && whole.settings.comparison !== undefined)
    problems.push(
      `comparison: only a compare study has these settings (scale, question); this one is ${task}`,
    );
  if (task !== "compare" && args.from !== undefined)
    problems.push(
      `--from: a region preference test is a paired comparison of views; give --task compare (this one is ${task})`,
    );
  else if (task !== "compare" && args.pairs !== undefined)
    problems.push(
      `--pairs: only a compare study has pairs to judge; this one is ${task} (its pre-test's pairs come from --pretest)`,
    );
  if (args.pretest !== undefined && whole.settings.qualification?.pairs !== undefined)
    problems.push(
      "qualification.pairs names the pre-test's pairs and --pretest makes them from the clips: give one of them",
    );
  if (module.rating.setting !== "choice" && whole.settings.requireRating !== undefined)
    problems.push(
      `requireRating: only a mark study's rating is optional (a rate study always asks for one, a transcription never); this one is ${task}`,
    );
  if (problems.length > 0) return problems;
  const out: Record<string, unknown> = {};
  if (args.pretest !== undefined && whole.settings.qualification === undefined)
    whole.settings.qualification = {};
  // In the documented order; where the rating is the researcher's choice (a mark study), the
  // task's default unless told otherwise.
  for (const key of STUDY_SETTING_KEYS) {
    const value = (whole.settings as Record<string, unknown>)[key];
    if (key === "requireRating" && module.rating.setting === "choice")
      out.requireRating = value ?? module.rating.defaultRequired;
    else if (key === "task") {
      if (task !== DEFAULT_TASK) out.task = task;
    } else if (key === "language") {
      if (value !== undefined && value !== "en") out.language = value;
    } else if (value !== undefined) out[key] = value;
  }
  return out;
}

/** `--pairs` as a construction: a keyword, else the path of a pair,a,b CSV (read here). */
function construction(
  given: string | undefined,
  io: NewStudyIO,
): PairConstruction | { problem: string } {
  if (given === undefined || given === "all-systems") return { kind: "all-systems" };
  if (given.startsWith("against:")) {
    const system = given.slice("against:".length).trim();
    return system === ""
      ? { problem: "--pairs against:SYSTEM needs the system's name" }
      : { kind: "against", system };
  }
  try {
    return { kind: "csv", text: io.readFile(given), fileName: given };
  } catch (error) {
    return {
      problem: `--pairs: ${given}: ${readError(error)} (looked at ${io.resolve(given)}; give all-systems, against:SYSTEM or a pair,a,b CSV)`,
    };
  }
}

/**
 * The study's pairs (a compare study's, from --pairs; the pre-test's, from --pretest or the
 * settings' qualification.pairs naming pairs of the --pairs CSV) and its qualification.
 */
function studyDesign(
  args: Args,
  settings: Record<string, unknown>,
  clips: readonly Clip[],
  io: NewStudyIO,
  /** `--from`: the marked study whose regions and saliency the view pairs show. */
  source?: AnnotationFile,
):
  | {
      pairs: Pair[];
      main: number;
      qualification?: ReturnType<typeof qualificationFor>;
      notes: string[];
    }
  | { problems: string[] } {
  const taken = new Set<string>();
  let main: Pair[] = [];
  const wanted = settings.qualification as
    | { pairs?: string[]; passAccuracy?: number; screenOut?: boolean }
    | undefined;
  const notes: string[] = [];
  const view = args.pairs === undefined ? null : parseViewChoice(args.pairs);
  if (settings.task === "compare" && view !== null && source !== undefined) {
    if ("problem" in view) return { problems: [`--pairs: ${view.problem}`] };
    const made = viewPairs(
      source as AnnotationFile,
      { ...view, ...(args.viewClips !== undefined ? { count: args.viewClips } : {}) },
      taken,
    );
    if (!made.ok) return { problems: [`--pairs ${args.pairs}: ${made.problem}`] };
    main = made.pairs;
    if (made.note) notes.push(made.note);
  } else if (settings.task === "compare" && source !== undefined) {
    return {
      problems: [
        "--from: a region preference test compares views of its clips: give --pairs regions:union~saliency:MODEL (or regions:overlap~saliency:MODEL)",
      ],
    };
  } else if (settings.task === "compare") {
    const how = construction(args.pairs, io);
    if ("problem" in how) return { problems: [how.problem] };
    const made = constructPairs(how, clips, taken);
    if (!made.ok)
      return {
        problems: made.problems.map((p) =>
          how.kind === "csv" ? p : `--pairs ${args.pairs ?? "all-systems"}: ${p}`,
        ),
      };
    main = made.pairs;
  }
  for (const p of main) taken.add(p.id);
  if (wanted === undefined) return { pairs: main, main: main.length, notes };
  let pretest: Pair[];
  if (wanted.pairs !== undefined) {
    // The pre-test's pairs named among the --pairs CSV's: the rest are the main ones.
    const byId = new Map(main.map((p) => [p.id, p]));
    const unknown = wanted.pairs.filter((id) => !byId.has(id));
    if (unknown.length > 0)
      return {
        problems: unknown.map(
          (id) =>
            `qualification.pairs: no pair "${id}" ${args.pairs !== undefined && settings.task === "compare" ? `in ${args.pairs}` : "(name pairs of the --pairs CSV of a compare study, or make them with --pretest N)"}`,
        ),
      };
    const listed = new Set(wanted.pairs);
    pretest = wanted.pairs.map((id) => byId.get(id) as Pair);
    main = main.filter((p) => !listed.has(p.id));
  } else {
    const made = pretestPairs(clips, { count: args.pretest ?? DEFAULT_PRETEST_PAIRS }, taken);
    if (!made.ok) return { problems: [`--pretest: ${made.problem}`] };
    pretest = made.pairs;
    if (made.note) notes.push(`pre-test: ${made.note}`);
  }
  return {
    pairs: [...main, ...pretest],
    main: main.length,
    qualification: qualificationFor(pretest, wanted),
    notes,
  };
}

/** Collation of file names as a person sorts them: "s2" before "s10". */
const byName = new Intl.Collator("en", { numeric: true }).compare;

/** Runs `new`; returns the exit code. Never throws for bad input; writes nothing on a problem. */
export function runNewCli(argv: readonly string[], io: NewStudyIO): number {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout(NEW_USAGE);
    return EXIT_OK;
  }
  let args: Args;
  try {
    args = parse(argv);
  } catch (error) {
    if (error instanceof Usage) {
      io.stderr(`redpen new: ${error.message}\n\n${NEW_USAGE}`);
      return EXIT_USAGE;
    }
    throw error;
  }
  const settings = studySettings(args, io);
  if (Array.isArray(settings)) {
    io.stderr(`${settings.join("\n")}\nnothing written\n`);
    return EXIT_USAGE;
  }
  if (io.exists(args.out) && !args.force) {
    io.stderr(`${args.out}: already exists (give --force to replace it)\n`);
    return EXIT_USAGE;
  }
  let source: AnnotationFile | undefined;
  let clips: Clip[];
  if (args.from !== undefined) {
    const read = sourceStudy(args.from, io);
    if (typeof read === "string") {
      io.stderr(`${read}\nnothing written\n`);
      return EXIT_USAGE;
    }
    source = read;
    clips = read.clips;
  } else {
    const made = folderClips(args, io);
    if (typeof made === "string") {
      io.stderr(made);
      return EXIT_USAGE;
    }
    clips = made;
  }
  const { name: settingsName, ...rest } = settings;
  const name =
    (
      args.name ??
      (settingsName as string | undefined) ??
      (source ? `${source.study.name} (region preference)` : io.baseName(args.audio))
    ).trim() || "Study";
  const design = studyDesign(args, rest, clips, io, source);
  if ("problems" in design) {
    io.stderr(`${design.problems.join("\n")}\nnothing written\n`);
    return EXIT_USAGE;
  }
  // A region preference test keeps the clips its pairs play, with the crowd's spans on them
  // and the model's saliency: what the server highlights each side from.
  const carried = source ? viewRecords(source, design.pairs) : undefined;
  if (source) {
    const used = new Set(design.pairs.flatMap((p) => (p.clipId ? [p.clipId] : [p.a, p.b])));
    clips = clips.filter((c) => used.has(c.id));
  }
  let file: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: args.id ?? slugify(name),
      name,
      binSeconds: source?.study.binSeconds ?? 0.1,
      ...rest,
      ...(design.qualification ? { qualification: design.qualification } : {}),
    },
    taxonomy: source ? source.taxonomy : DEFAULT_TAXONOMY.map((t) => ({ ...t })),
    clips,
    annotators: carried?.annotators ?? [],
    submissions: carried?.submissions ?? [],
    regions: carried?.regions ?? [],
    reasonLabels: [],
    ...(design.pairs.length > 0 ? { pairs: design.pairs } : {}),
    ...(carried && carried.saliency.length > 0 ? { saliency: carried.saliency } : {}),
  };
  if (args.texts !== undefined) {
    // The study's own wording of the participant's pages, kept where it differs from the
    // language's catalogue (as `publish --texts`).
    const texts = args.texts;
    try {
      file = withLanguageOptions(file, { texts }, (p) => io.readFile(p));
    } catch (error) {
      const message = (error as Error).message;
      io.stderr(
        `${message.includes("ENOENT") ? `${texts}: no such file (looked at ${io.resolve(texts)})` : message}\nnothing written\n`,
      );
      return EXIT_USAGE;
    }
  }
  const text = serializeAnnotationFile(file);
  // What is written is what every reader accepts: checked by the same reader before writing.
  const check = parseAnnotationText(text, args.out);
  if (!check.ok) {
    io.stderr(`${check.errors.map((p) => problemLine(args.out, p)).join("\n")}\nnothing written\n`);
    return EXIT_USAGE;
  }
  try {
    io.writeFile(args.out, text);
  } catch (error) {
    io.stderr(`${args.out}: ${writeError(error)}\n`);
    return EXIT_USAGE;
  }
  const links = file.study.participantLinks as ParticipantLinks | undefined;
  const systems = new Set(clips.flatMap((c) => (c.system ? [c.system] : []))).size;
  const withText = clips.filter((c) => c.text !== undefined).length;
  io.stdout(
    `${args.out}: study "${file.study.id}" (${name}), ${clips.length} clip${clips.length === 1 ? "" : "s"}` +
      `${systems > 0 ? `, ${systems} system${systems === 1 ? "" : "s"}` : ""}` +
      `${withText > 0 ? `, ${withText} with text` : ""}` +
      `, task ${(file.study.task as string | undefined) ?? "mark"}` +
      `${design.main > 0 ? `, ${design.main} pair${design.main === 1 ? "" : "s"}` : ""}` +
      `${design.qualification ? `, a pre-test of ${design.qualification.pairs.length} pair${design.qualification.pairs.length === 1 ? "" : "s"} (pass at ${design.qualification.passAccuracy}${design.qualification.screenOut === false ? ", recorded only" : ""})` : ""}` +
      `${links ? `, participant links: ${PARTICIPANT_LINKS_TEXT[links]}` : ""}\n` +
      `${design.notes.map((n) => `${n}\n`).join("")}` +
      `publish it: redpen publish ${args.out} --audio ${source ? `DIR (the audio of ${args.from})` : args.audio} --server URL\n`,
  );
  return EXIT_OK;
}

/** The marked study of `--from`, read and checked; a string: what is wrong. */
function sourceStudy(path: string, io: NewStudyIO): AnnotationFile | string {
  let text: string;
  try {
    text = io.readFile(path);
  } catch (error) {
    return `--from: ${path}: ${readError(error)} (looked at ${io.resolve(path)})`;
  }
  const parsed = parseAnnotationText(text, path);
  if (!parsed.ok) return parsed.errors.map((p) => problemLine(path, p)).join("\n");
  return parsed.file;
}

/** The clips of `--audio`'s WAV files with `--meta`'s metadata; a string: stderr's text. */
function folderClips(args: Args, io: NewStudyIO): Clip[] | string {
  const problems: string[] = [];
  let names: string[];
  try {
    names = io.listFiles(args.audio).sort(byName);
  } catch (error) {
    const why =
      (error as { code?: unknown }).code === "ENOENT" ? "no such folder" : readError(error);
    return `${args.audio}: ${why} (looked at ${io.resolve(args.audio)})\n`;
  }
  const wavs = names.filter((n) => WAV.test(n));
  for (const n of names.filter((n) => OTHER_AUDIO.test(n)))
    problems.push(
      `${io.join(args.audio, n)}: only WAV files are read here (their length comes from the header); convert it (ffmpeg -i "${n}" "${n.replace(/\.[^.]+$/, "")}.wav") or create the study in the app (New study decodes any format the browser plays)`,
    );
  if (wavs.length === 0 && problems.length === 0)
    problems.push(`${args.audio}: no .wav files in this folder`);

  const durations = new Map<string, number>();
  for (const n of wavs) {
    const path = io.join(args.audio, n);
    try {
      const bytes = io.readBytes(path);
      const duration = wavDuration(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
      if (!(duration > 0)) problems.push(`${path}: holds no audio (0 samples)`);
      else durations.set(n, duration);
    } catch (error) {
      problems.push(
        `${path}: ${(error as { code?: unknown }).code ? readError(error) : (error as Error).message}`,
      );
    }
  }

  let meta: ReturnType<typeof matchClipCsv>["byFile"] | undefined;
  if (args.meta !== undefined) {
    let text: string;
    try {
      text = io.readFile(args.meta);
    } catch (error) {
      return `${args.meta}: ${readError(error)} (looked at ${io.resolve(args.meta)})\n`;
    }
    const csv = parseClipCsv(text);
    for (const e of csv.errors) problems.push(`${args.meta}: ${e}`);
    const match = matchClipCsv(csv.rows, wavs);
    for (const u of match.unmatched) problems.push(`${args.meta}: ${u}`);
    meta = match.byFile;
  }
  if (problems.length > 0) return `${problems.join("\n")}\nnothing written\n`;

  const taken = new Set<string>();
  return wavs.map((n) => ({
    id: clipIdFor(n, taken),
    name: n,
    duration: durations.get(n) as number,
    ...(meta?.get(n) ?? {}),
  }));
}
