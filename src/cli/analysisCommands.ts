// The commands that read a study and analyse it: `validate`, `stats`, `report`, and `features`
// of a WAV file; as a function of the arguments and a little I/O, so tests run them in-process.
// main.ts wires them to the real process.

import { computeFeatures, featuresToJson } from "../domain/acoustics/features.ts";
import { featureSummary } from "../domain/acoustics/spanStats.ts";
import { wavSamples } from "../domain/clips/wav.ts";
import { binWidthFault, MIN_BIN_SECONDS_TEXT } from "../domain/interchange/binWidth.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { pageTextsFor, protocolFacts, protocolReport } from "../domain/report/protocol.ts";
import { type AnalyzeOptions, computeReport } from "../domain/stats/index.ts";
import { bootstrapMos, stimuliCurve } from "../domain/stats/resample.ts";
import { qualityView } from "../domain/study/qualityRules.ts";
import { errorMessage } from "../domain/util/errorText.ts";
import { EXIT_OK, EXIT_USAGE } from "./exitCodes.ts";
import { readError } from "./fileErrors.ts";
import { formatStats } from "./statsText.ts";
import { type CliIO, load, recordsOf } from "./studyFile.ts";
import { USAGE } from "./usage.ts";

class UsageError extends Error {}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

interface Parsed {
  command: string;
  files: string[];
  json: boolean;
  latex: boolean;
  applyRules: boolean;
  bin: number | undefined;
  help: boolean;
}

function parseArgs(argv: readonly string[]): Parsed {
  const parsed: Parsed = {
    command: "",
    files: [],
    json: false,
    latex: false,
    applyRules: false,
    bin: undefined,
    help: false,
  };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-h" || arg === "--help") parsed.help = true;
    else if (arg === "--json") parsed.json = true;
    else if (arg === "--latex") parsed.latex = true;
    else if (arg === "--apply-rules") parsed.applyRules = true;
    else if (arg === "--bin" || arg.startsWith("--bin=")) {
      const value = arg === "--bin" ? argv[++i] : arg.slice("--bin=".length);
      const seconds = Number(value);
      const fault =
        value === undefined || value.trim() === "" ? "not-a-number" : binWidthFault(seconds);
      const shown = value === undefined ? "nothing" : JSON.stringify(value);
      if (fault === "under-one-microsecond") {
        throw new UsageError(
          `--bin needs at least ${MIN_BIN_SECONDS_TEXT} seconds, one microsecond (got ${shown})`,
          { cause: "no-usage" },
        );
      }
      if (fault !== undefined) {
        throw new UsageError(`--bin needs a positive number of seconds (got ${shown})`, {
          cause: "no-usage",
        });
      }
      parsed.bin = seconds;
    } else if (arg.startsWith("-") && arg !== "-") throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  parsed.command = positional[0] ?? "";
  parsed.files = positional.slice(1);
  return parsed;
}

function oneFile(args: Parsed): string {
  const [file, ...rest] = args.files;
  if (file === undefined) throw new UsageError(`${args.command} needs a FILE`);
  if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
  return file;
}

function validate(args: Parsed, io: CliIO): number {
  if (args.json || args.latex || args.bin !== undefined) {
    throw new UsageError(
      `validate takes no ${args.json ? "--json" : args.latex ? "--latex" : "--bin"} option`,
    );
  }
  const fileName = oneFile(args);
  const file = load(fileName, io);
  if (file === undefined) return EXIT_USAGE;
  io.stdout(
    `${fileName}: valid (${plural(file.clips.length, "clip")}, ${plural(file.annotators.length, "annotator")}, ${plural(file.regions.length, "region")})\n`,
  );
  return EXIT_OK;
}

/**
 * computeReport's options for `report` and `stats`: the bin width asked for, the curve's and the
 * consensus's runners, and what reading the file resolved (used only for the file itself, not a
 * view of it).
 */
function reportOptions(args: Parsed, io: CliIO, file: AnnotationFile): AnalyzeOptions {
  return {
    ...(args.bin === undefined ? {} : { binSeconds: args.bin }),
    curveRunner: io.curveRunner,
    consensusRunner: io.consensusRunner,
    records: recordsOf(file),
  };
}

function report(args: Parsed, io: CliIO): number {
  if (args.json) throw new UsageError("report takes no --json option (try --latex)");
  const fileName = oneFile(args);
  const file = load(fileName, io);
  if (file === undefined) return EXIT_USAGE;
  // The report describes the figures as the study's quality rules make them.
  const options = reportOptions(args, io, file);
  const full = computeReport(file, options);
  const view = qualityView(file, full.annotators);
  const applied = view.excluded.length > 0;
  const figures = applied ? computeReport(view.file, options) : full;
  const facts = protocolFacts(file, { view, applied });
  const texts = io.pageMessages ? pageTextsFor(facts, io.pageMessages(facts.language)) : {};
  io.stdout(protocolReport(facts, figures, args.latex ? "latex" : "markdown", texts));
  return EXIT_OK;
}

function stats(args: Parsed, io: CliIO): number {
  if (args.latex) throw new UsageError("stats takes no --latex option (report does)");
  const fileName = oneFile(args);
  const file = load(fileName, io);
  if (file === undefined) return EXIT_USAGE;
  const options = reportOptions(args, io, file);
  let report = computeReport(file, options);
  if (args.applyRules) {
    const view = qualityView(file, report.annotators);
    if (view.excluded.length > 0) {
      report = computeReport(view.file, options);
      io.stderr(
        `${fileName}: ${view.excluded.length} rater(s) left out by the study's quality rules: ${view.excluded.map((e) => `${e.id} (${e.rules.join(", ")})`).join(", ")}\n`,
      );
    }
  }
  if (args.json) {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    return EXIT_OK;
  }
  // The text adds the resampling estimates (beyond the spec, labelled so), on the same raters.
  const rated = args.applyRules
    ? qualityView(file, computeReport(file, options).annotators).file
    : file;
  io.stdout(
    formatStats(report, file, fileName, {
      mos: bootstrapMos(rated),
      curve: stimuliCurve(rated),
    }),
  );
  return EXIT_OK;
}

function features(args: Parsed, io: CliIO): number {
  if (args.latex || args.bin !== undefined || args.applyRules) {
    throw new UsageError("features takes only --json");
  }
  const fileName = oneFile(args);
  let bytes: Uint8Array;
  try {
    if (!io.readBytes) throw new Error("reading audio is not available here");
    bytes = io.readBytes(fileName);
  } catch (error) {
    io.stderr(`${fileName}: ${readError(error)}\n`);
    return EXIT_USAGE;
  }
  let audio: ReturnType<typeof wavSamples>;
  try {
    audio = wavSamples(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch (error) {
    io.stderr(`${fileName}: ${errorMessage(error)}\n`);
    return EXIT_USAGE;
  }
  const result = computeFeatures(audio.samples, audio.sampleRate);
  if (args.json) {
    io.stdout(`${JSON.stringify(featuresToJson(result))}\n`);
    return EXIT_OK;
  }
  const summary = featureSummary(result);
  const hz = (f: number | null) => (f === null ? "–" : `${f.toFixed(1)} Hz`);
  io.stdout(
    [
      `${fileName}: ${(audio.samples.length / audio.sampleRate).toFixed(3)} s at ${audio.sampleRate} Hz, ${result.f0.length} frames every ${result.hop} s`,
      `  voiced frames   ${summary.voiced} (${Math.round((100 * summary.voiced) / Math.max(1, result.f0.length))}%)`,
      `  F0 median       ${hz(summary.medianF0)}`,
      `  F0 5th–95th     ${hz(summary.lowF0)} – ${hz(summary.highF0)}`,
      `  energy peak     ${summary.peakDb.toFixed(1)} dB (RMS over 25 ms, relative to full scale)`,
      "",
    ].join("\n"),
  );
  return EXIT_OK;
}

/** Runs `validate`, `stats`, `report` or `features`; returns the exit code. Never throws for bad input. */
export function runAnalysisCli(argv: readonly string[], io: CliIO): number {
  let args: Parsed;
  try {
    args = parseArgs(argv);
    if (args.help) {
      io.stdout(USAGE);
      return EXIT_OK;
    }
    switch (args.command) {
      case "validate":
        return validate(args, io);
      case "stats":
        return stats(args, io);
      case "report":
        return report(args, io);
      case "features":
        return features(args, io);
      case "":
        throw new UsageError("no command given");
      default:
        throw new UsageError(`unknown command ${JSON.stringify(args.command)}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      const withUsage = error.cause !== "no-usage";
      io.stderr(`redpen: ${error.message}\n${withUsage ? `\n${USAGE}` : ""}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
