// `new`: a study made from a folder of audio files and, optionally, the clip-metadata CSV the
// app's New study takes — the file `publish`, `stats` and the app read, without the app.
//   new STUDY.json --audio DIR [--meta clips.csv] [--name NAME] [--id ID]
//       [--task mark|rate|transcribe] [--language TAG] [--links prolific|generic|both]
//       [--no-rating] [--force]
// The same rules as New study (src/features/studies): clip ids from file names (clipIdFor), the
// CSV matched by file name (matchClipCsv), the default taxonomy, bins of 0.1 s, a rating asked
// for. Audio: WAV only, whose length is read from its header (other formats need decoding,
// which the app's New study does in the browser).
import { clipIdFor, matchClipCsv, parseClipCsv } from "../domain/clips/clipCsv.ts";
import { wavDuration } from "../domain/clips/wav.ts";
import {
  PARTICIPANT_LINKS,
  PARTICIPANT_LINKS_TEXT,
  type ParticipantLinks,
} from "../domain/collection/links.ts";
import { canonicalTag, languageProblem } from "../domain/i18n/languages.ts";
import { problemLine } from "../domain/interchange/problems.ts";
import { parseAnnotationText, serializeAnnotationFile } from "../domain/interchange/schema.ts";
import type { AnnotationFile, Clip, StudyTask } from "../domain/interchange/types.ts";
import { slugify } from "../domain/study/slug.ts";
import { DEFAULT_TAXONOMY } from "../domain/study/taxonomy.ts";
import { EXIT_OK, EXIT_USAGE, readError, writeError } from "./common.ts";

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
}

export const NEW_USAGE = `Usage:
  redpen new STUDY.json --audio DIR [--meta clips.csv] [--name NAME] [--id ID]
          [--task mark|rate|transcribe] [--language TAG] [--links prolific|generic|both]
          [--no-rating] [--force]
      a study from DIR's WAV files (one clip each, in name order; ids from the file names) and
      the clip-metadata CSV the app's New study takes (name,system,sentence,score,isReference,
      text), written to STUDY.json for publish, stats and the app's Import; the name defaults to
      DIR's, the id to the name as a slug; an existing STUDY.json is kept without --force;
      --links: which participant links a collection server accepts for it (Prolific's, generic
      ?participant= ones, or both; unset, a Prolific study takes Prolific's only)
`;

const WAV = /\.wav$/i;
/** Audio the browser decodes but this command cannot measure without decoding. */
const OTHER_AUDIO = /\.(mp3|ogg|oga|opus|flac|m4a|aac|webm|wma|aif|aiff)$/i;
const TASK_NAMES: readonly StudyTask[] = ["mark", "rate", "transcribe"];

class Usage extends Error {}

interface Args {
  out: string;
  audio: string;
  meta?: string;
  name?: string;
  id?: string;
  task?: StudyTask;
  language?: string;
  links?: ParticipantLinks;
  rating: boolean;
  force: boolean;
}

function parse(argv: readonly string[]): Args {
  const positional: string[] = [];
  const values = new Map<string, string>();
  let rating = true;
  let force = false;
  const valued = new Set([
    "--audio",
    "--meta",
    "--name",
    "--id",
    "--task",
    "--language",
    "--links",
  ]);
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--force") force = true;
    else if (arg === "--no-rating") rating = false;
    else if (valued.has(arg)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith("--")) throw new Usage(`${arg} needs a value`);
      values.set(arg, value);
    } else if (arg.startsWith("-")) throw new Usage(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new Usage("give one STUDY.json to write");
  const audio = values.get("--audio");
  if (audio === undefined) throw new Usage("--audio DIR is required");
  const task = values.get("--task");
  if (task !== undefined && !TASK_NAMES.includes(task as StudyTask))
    throw new Usage(`--task: "${task}" is not one of ${TASK_NAMES.join(", ")}`);
  const links = values.get("--links");
  if (links !== undefined && !(PARTICIPANT_LINKS as readonly string[]).includes(links))
    throw new Usage(`--links: "${links}" is not one of ${PARTICIPANT_LINKS.join(", ")}`);
  const language = values.get("--language");
  if (language !== undefined) {
    const problem = languageProblem(language);
    if (problem) throw new Usage(`--language: ${problem}`);
  }
  const optional = (key: string) => values.get(key);
  return {
    out: positional[0] as string,
    audio,
    ...(optional("--meta") !== undefined ? { meta: optional("--meta") as string } : {}),
    ...(optional("--name") !== undefined ? { name: optional("--name") as string } : {}),
    ...(optional("--id") !== undefined ? { id: optional("--id") as string } : {}),
    ...(task !== undefined ? { task: task as StudyTask } : {}),
    ...(links !== undefined ? { links: links as ParticipantLinks } : {}),
    ...(language !== undefined ? { language: canonicalTag(language) ?? language } : {}),
    rating,
    force,
  };
}

/** Collation of file names as a person sorts them: "s2" before "s10". */
const byName = new Intl.Collator("en", { numeric: true }).compare;

/** Runs `new`; returns the exit code. Never throws for bad input; writes nothing on a problem. */
export function runNewCli(argv: readonly string[], io: NewStudyIO): number {
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
  const problems: string[] = [];
  if (io.exists(args.out) && !args.force) {
    io.stderr(`${args.out}: already exists (give --force to replace it)\n`);
    return EXIT_USAGE;
  }
  let names: string[];
  try {
    names = io.listFiles(args.audio).sort(byName);
  } catch (error) {
    io.stderr(`${args.audio}: ${readError(error)}\n`);
    return EXIT_USAGE;
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
      io.stderr(`${args.meta}: ${readError(error)}\n`);
      return EXIT_USAGE;
    }
    const csv = parseClipCsv(text);
    for (const e of csv.errors) problems.push(`${args.meta}: ${e}`);
    const match = matchClipCsv(csv.rows, wavs);
    for (const u of match.unmatched) problems.push(`${args.meta}: ${u}`);
    meta = match.byFile;
  }
  if (problems.length > 0) {
    io.stderr(`${problems.join("\n")}\nnothing written\n`);
    return EXIT_USAGE;
  }

  const name = (args.name ?? io.baseName(args.audio)).trim() || "Study";
  const taken = new Set<string>();
  const clips: Clip[] = wavs.map((n) => ({
    id: clipIdFor(n, taken),
    name: n,
    duration: durations.get(n) as number,
    ...(meta?.get(n) ?? {}),
  }));
  const file: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: args.id ?? slugify(name),
      name,
      binSeconds: 0.1,
      requireRating: args.rating,
      ...(args.task && args.task !== "mark" ? { task: args.task } : {}),
      ...(args.language && args.language !== "en" ? { language: args.language } : {}),
      ...(args.links ? { participantLinks: args.links } : {}),
    },
    taxonomy: DEFAULT_TAXONOMY.map((t) => ({ ...t })),
    clips,
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
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
  const systems = new Set(clips.flatMap((c) => (c.system ? [c.system] : []))).size;
  const withText = clips.filter((c) => c.text !== undefined).length;
  io.stdout(
    `${args.out}: study "${file.study.id}" (${name}), ${clips.length} clip${clips.length === 1 ? "" : "s"}` +
      `${systems > 0 ? `, ${systems} system${systems === 1 ? "" : "s"}` : ""}` +
      `${withText > 0 ? `, ${withText} with text` : ""}` +
      `, task ${args.task ?? "mark"}` +
      `${args.links ? `, participant links: ${PARTICIPANT_LINKS_TEXT[args.links]}` : ""}\n` +
      `publish it: redpen publish ${args.out} --audio ${args.audio} --server URL\n`,
  );
  return EXIT_OK;
}
