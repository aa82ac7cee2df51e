// `aggregate` and `wer`: crowd transcriptions merged into one text per recording, and scored
// against true texts as the VLDB 2021 Crowd Science Challenge scores them (docs/transcripts.md).
//   aggregate RESPONSES.csv [--method reliability|rover] [--out OUT.csv] [--annotators ANNOTATORS.csv]
//   wer --ref GT.csv|STUDY.json --hyp PRED.csv [--json] [--per-task OUT.csv]
import Papa from "papaparse";
import type { Aggregation } from "../domain/transcripts/aggregate.ts";
import {
  AGGREGATION_METHODS,
  type AggregationMethod,
  DEFAULT_METHOD,
} from "../domain/transcripts/methods.ts";
import { roverTasks } from "../domain/transcripts/prepared.ts";
import { scoreTexts } from "../domain/transcripts/score.ts";
import {
  type CsvResult,
  readResponsesCsv,
  readTextsCsv,
  type TaskResponses,
  toTextsCsv,
} from "../domain/transcripts/taskCsv.ts";
import { TRANSCRIPT_COMMANDS } from "./commandModules.ts";
import { EXIT_OK, EXIT_USAGE } from "./exitCodes.ts";
import { readError, writeError } from "./fileErrors.ts";
import type { ImportExportIO } from "./importExport.ts";

export { TRANSCRIPT_COMMANDS };

export type TranscriptsIO = Pick<ImportExportIO, "stdout" | "stderr" | "readFile" | "writeFile">;

const USAGE = `Usage:
  redpen aggregate RESPONSES.csv [--method ${AGGREGATION_METHODS.join("|")}] [--out OUT.csv] [--annotators ANNOTATORS.csv]
      merge each recording's crowd transcripts into one text: reads task,output,performer
      (or crowd-kit's task,text,worker), writes task,output, one row per task in the order of
      first appearance (standard output without --out). --method reliability (the default)
      learns each annotator's reliability; rover is the challenge's baseline, as crowd-kit computes
      it. --annotators writes each annotator's estimated error rate and vote weight
      (--workers, its name before, still works).
  redpen aggregate STUDY.json [--method ...] [--out OUT.csv] [--annotators ANNOTATORS.csv]
      the same per clip of a study: its listeners' transcripts (recognisers left out) by
      annotator id, written as task,output,transcripts (task: the clip's id) in the study's
      clip order, ready for wer --hyp
  redpen wer --ref GT.csv|STUDY.json --hyp PRED.csv [--json] [--per-task OUT.csv]
      the challenge's AWAcc (mean of max(0, 1 - WER) over the references, %), the pooled WER
      with substitutions, deletions and insertions, and the tasks missing from PRED.csv (each
      scored as an empty text); --per-task writes every task's figures.
      GT.csv and PRED.csv: a header row with a "task" column and an "output" (or "text")
      column, one row per task (other columns ignored), as aggregate writes; GT.csv holds the
      true texts. STUDY.json as --ref: each clip's text (clips[].text) is the reference of
      the task named by the clip's id.
`;

class Usage extends Error {}

interface Args {
  positional: string[];
  method?: string;
  out?: string;
  annotators?: string;
  ref?: string;
  hyp?: string;
  perTask?: string;
  json: boolean;
}

function parse(argv: readonly string[]): Args {
  const args: Args = { positional: [], json: false };
  const command = argv[0];
  const allowed =
    command === "aggregate"
      ? new Set(["--method", "--out", "--annotators", "--workers"])
      : new Set(["--ref", "--hyp", "--json", "--per-task"]);
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [name, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "" || (inline === undefined && v.startsWith("--"))) {
        throw new Usage(`${name} needs a value`);
      }
      return v;
    };
    if (name?.startsWith("-") && name !== "-" && !allowed.has(name as string)) {
      throw new Usage(`${command} takes no ${name} option`);
    }
    if (name === "--method") args.method = value();
    else if (name === "--out") args.out = value();
    // --workers: the option's name before it was --annotators (docs/cli.md), kept working.
    else if (name === "--annotators" || name === "--workers") args.annotators = value();
    else if (name === "--ref") args.ref = value();
    else if (name === "--hyp") args.hyp = value();
    else if (name === "--per-task") args.perTask = value();
    else if (name === "--json") args.json = true;
    else args.positional.push(arg);
  }
  return args;
}

/** Reads and parses a file; on failure writes its problems (`FILE: line N: …`) and returns undefined. */
function readCsv<T>(
  path: string,
  io: TranscriptsIO,
  parseText: (text: string) => CsvResult<T>,
): T | undefined {
  let text: string;
  try {
    text = io.readFile(path);
  } catch (error) {
    io.stderr(`${path}: ${readError(error)}\n`);
    return undefined;
  }
  const result = parseText(text);
  if (!result.ok) {
    io.stderr(result.errors.map((e) => `${path}: ${e}\n`).join(""));
    return undefined;
  }
  return result.value;
}

/** Writes every file or, failing that, says which could not be written. */
function writeAll(files: [string, string][], io: TranscriptsIO): boolean {
  for (const [path, data] of files) {
    try {
      io.writeFile(path, data);
    } catch (error) {
      io.stderr(`${path}: cannot write: ${writeError(error)}\n`);
      return false;
    }
  }
  return true;
}

const plural = (n: number, one: string) => `${n.toLocaleString("en")} ${n === 1 ? one : `${one}s`}`;

function aggregate(args: Args, io: TranscriptsIO): number | Promise<number> {
  const [input, ...rest] = args.positional;
  if (input === undefined) throw new Usage("aggregate needs RESPONSES.csv");
  if (rest.length > 0) throw new Usage(`unexpected argument ${JSON.stringify(rest[0])}`);
  const method = (args.method ?? DEFAULT_METHOD) as AggregationMethod;
  if (!AGGREGATION_METHODS.includes(method)) {
    throw new Usage(
      `--method needs ${AGGREGATION_METHODS.join(" or ")} (got ${JSON.stringify(args.method)})`,
    );
  }
  if (/\.json$/i.test(input)) {
    // A study file: its reader is loaded only here (the CSV path stays light).
    return import("./aggregateStudy.ts").then((m) =>
      m.aggregateStudy(
        input,
        method,
        io,
        (files) => writeAll(files, io),
        args.out,
        args.annotators,
        annotatorsCsv,
      ),
    );
  }
  // The reliability method and --annotators learn per annotator: they need the annotator column.
  const needAnnotator = method === "reliability" || args.annotators !== undefined;
  const tasks = readCsv(input, io, (text) => readResponsesCsv(text, { needAnnotator }));
  if (tasks === undefined) return EXIT_USAGE;
  // Plain ROVER loads none of the reliability method's code (nor its arithmetic library).
  if (!needAnnotator) {
    return written(args, tasks, { method, tasks: roverTasks(tasks), annotators: [] }, io);
  }
  return import("../domain/transcripts/aggregate.ts").then(({ aggregateTranscripts }) =>
    written(
      args,
      tasks,
      aggregateTranscripts(tasks, method, { annotatorFigures: args.annotators !== undefined }),
      io,
    ),
  );
}

/** Writes an aggregation's files (or standard output) and says what was written. */
function written(
  args: Args,
  tasks: readonly TaskResponses[],
  result: Aggregation,
  io: TranscriptsIO,
): number {
  const { method } = result;
  const csv = toTextsCsv(result.tasks);
  const files: [string, string][] = [];
  if (args.out !== undefined) files.push([args.out, csv]);
  if (args.annotators !== undefined) files.push([args.annotators, annotatorsCsv(result)]);
  if (!writeAll(files, io)) return EXIT_USAGE;
  if (args.out === undefined) io.stdout(csv);
  else {
    const transcripts = result.tasks.reduce((n, t) => n + t.transcripts, 0);
    const leftOut = result.annotators.filter((w) => w.weight === 0).length;
    const annotators = new Set(tasks.flatMap((t) => t.annotators)).size;
    io.stdout(
      `${args.out}: ${plural(result.tasks.length, "task")} aggregated by ${method} from ${plural(transcripts, "transcript")} of ${plural(annotators, "annotator")}` +
        (method === "reliability"
          ? ` (${plural(leftOut, "annotator")} left out as mostly wrong)`
          : "") +
        "\n",
    );
  }
  return EXIT_OK;
}

/** Each annotator's estimated reliability as CSV (--annotators). */
function annotatorsCsv(result: Aggregation): string {
  const rows = result.annotators.map((w) => [
    w.annotator,
    w.transcripts,
    w.errors,
    w.words,
    Number(w.errorRate.toFixed(6)),
    Number(w.weight.toFixed(6)),
  ]);
  return `${Papa.unparse(
    { fields: ["annotator", "transcripts", "errors", "words", "errorRate", "weight"], data: rows },
    { newline: "\n" },
  )}\n`;
}

function wer(args: Args, io: TranscriptsIO): number | Promise<number> {
  if (args.positional.length > 0) {
    throw new Usage(`unexpected argument ${JSON.stringify(args.positional[0])}`);
  }
  if (args.ref === undefined) throw new Usage("wer needs --ref GT.csv (or STUDY.json)");
  if (args.hyp === undefined) throw new Usage("wer needs --hyp PRED.csv");
  const ref = args.ref;
  if (/\.json$/i.test(ref)) {
    // A study's clip texts: its reader is loaded only here.
    return import("./aggregateStudy.ts").then((m) => {
      const refs = m.studyReferences(ref, io);
      return refs === undefined ? EXIT_USAGE : scored(args, refs, io);
    });
  }
  const refs = readCsv(ref, io, readTextsCsv);
  if (refs === undefined) return EXIT_USAGE;
  return scored(args, refs, io);
}

/** Scores --hyp against the references and writes the figures. */
function scored(args: Args, refs: Map<string, string>, io: TranscriptsIO): number {
  const hyps = readCsv(args.hyp as string, io, readTextsCsv);
  if (hyps === undefined) return EXIT_USAGE;
  const s = scoreTexts(refs, hyps);
  if (args.perTask !== undefined) {
    const csv = `${Papa.unparse(
      {
        fields: [
          "task",
          "refTokens",
          "substitutions",
          "deletions",
          "insertions",
          "errors",
          "wer",
          "accuracy",
          "missing",
        ],
        data: s.perTask.map((t) => [
          t.task,
          t.refTokens,
          t.substitutions,
          t.deletions,
          t.insertions,
          t.errors,
          Number(t.wer.toFixed(6)),
          Number(t.accuracy.toFixed(6)),
          t.missing,
        ]),
      },
      { newline: "\n" },
    )}\n`;
    if (!writeAll([[args.perTask, csv]], io)) return EXIT_USAGE;
  }
  const { perTask: _, ...summary } = s;
  if (args.json) {
    io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    return EXIT_OK;
  }
  const pct = (x: number | null) => (x === null ? "–" : `${(100 * x).toFixed(2)} %`);
  io.stdout(
    [
      `AWAcc    ${s.awacc === null ? "–" : `${s.awacc.toFixed(2)} %`} over ${plural(s.tasks, "task")}`,
      `WER      ${pct(s.wer)} (pooled: ${s.errors.toLocaleString("en")} errors = S ${s.substitutions.toLocaleString("en")} + D ${s.deletions.toLocaleString("en")} + I ${s.insertions.toLocaleString("en")}, over ${plural(s.refTokens, "reference word")})`,
      `missing  ${plural(s.missing, "task")} of ${args.ref} not in ${args.hyp} (scored as empty texts)`,
      ...(s.extra > 0
        ? [`extra    ${plural(s.extra, "task")} of ${args.hyp} not in ${args.ref} (ignored)`]
        : []),
      ...(s.emptyReferences > 0
        ? [`unscored ${plural(s.emptyReferences, "reference")} without words`]
        : []),
      "",
    ].join("\n"),
  );
  return EXIT_OK;
}

/** Runs `aggregate` or `wer`; returns the exit code. */
export function runTranscriptsCli(
  argv: readonly string[],
  io: TranscriptsIO,
): number | Promise<number> {
  try {
    if (argv.includes("-h") || argv.includes("--help")) {
      io.stdout(USAGE);
      return EXIT_OK;
    }
    const args = parse(argv);
    return argv[0] === "aggregate" ? aggregate(args, io) : wer(args, io);
  } catch (error) {
    if (error instanceof Usage) {
      io.stderr(`redpen: ${error.message}\n\n${USAGE}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
