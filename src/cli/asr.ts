// `asr STUDY.json --audio DIR --command 'TEMPLATE' --annotator ID --out NEW.json [--engine E]`:
// a local speech recogniser as one more "listener" (Taylor & Richmond 2021). The template runs
// once per clip through the shell with `{wav}` replaced by the clip's audio file (quoted); its
// standard output, whitespace collapsed, is the transcript. The transcripts are merged into the
// study as the recogniser's submissions (role asr), as `import --role asr` merges a CSV.

import { transcriptRowsToFile } from "../domain/formats/csv/readTranscripts.ts";
import { problemLine } from "../domain/interchange/problems.ts";
import { serializeAnnotationFile } from "../domain/interchange/schema.ts";
import { expandChoices, planMerge, resolveMerge } from "../domain/merge/merge.ts";
import { applyResolutionToFile } from "../domain/merge/mergeFile.ts";
import { errorMessage } from "../domain/util/errorText.ts";
import { EXIT_OK, EXIT_USAGE } from "./exitCodes.ts";
import { type CliIO, load } from "./studyFile.ts";

export interface AsrIO extends CliIO {
  exists(path: string): boolean;
  writeFile(path: string, data: string): void;
  /** Runs a shell command; its standard output. Throws with the command's error output. */
  exec(command: string): string;
  /** Whether stderr is a terminal (the progress line then rewrites itself). */
  interactive?: boolean;
}

export const ASR_USAGE = `Usage:
  redpen asr STUDY.json --audio DIR --command 'TEMPLATE' --annotator ID --out NEW.json
          [--engine "NAME MODEL"] [--force]
      run a local speech recogniser on every clip with a text and add its transcripts to the
      study as annotator ID (role asr). TEMPLATE is a shell command with {wav} where the clip's
      audio file goes; its standard output is the transcript. Clips whose annotator ID already
      has a transcript are skipped unless --force. Example (whisper.cpp):
        redpen asr study.json --audio audio --annotator whisper-base \\
          --engine "whisper.cpp ggml-base.en" \\
          --command 'whisper-cli -m models/ggml-base.en.bin -nt -np -f {wav}' --out study+asr.json
`;

class AsrUsage extends Error {}

/** A path quoted for a POSIX shell. */
export function shellQuote(path: string): string {
  return `'${path.replace(/'/g, "'\\''")}'`;
}

/** A recogniser's output as one line: whitespace (line breaks included) collapsed. */
export function transcriptFromOutput(output: string): string {
  return output.replace(/\s+/g, " ").trim();
}

interface AsrArgs {
  positional: string[];
  force: boolean;
  values: Partial<Record<"audio" | "command" | "annotator" | "out" | "engine", string>>;
}

function parse(argv: readonly string[]): AsrArgs {
  const args: AsrArgs = { force: false, positional: [], values: {} };
  const options = new Set(["--audio", "--command", "--annotator", "--out", "--engine"]);
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (options.has(arg)) {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new AsrUsage(`${arg} needs a value`);
      args.values[arg.slice(2) as keyof AsrArgs["values"]] = v;
    } else if (arg === "--force") args.force = true;
    else if (arg.startsWith("-")) throw new AsrUsage(`unknown option ${arg}`);
    else args.positional.push(arg);
  }
  return args;
}

/** Runs `asr`; returns the exit code. */
export function runAsrCli(argv: readonly string[], io: AsrIO): number {
  try {
    if (argv.includes("-h") || argv.includes("--help")) {
      io.stdout(ASR_USAGE);
      return EXIT_OK;
    }
    return asr(parse(argv), io);
  } catch (error) {
    if (error instanceof AsrUsage) {
      io.stderr(`redpen: ${error.message}\n\n${ASR_USAGE}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

function asr(args: AsrArgs, io: AsrIO): number {
  const [studyPath, ...rest] = args.positional;
  if (studyPath === undefined) throw new AsrUsage("asr needs STUDY.json");
  if (rest.length > 0) throw new AsrUsage(`unexpected argument ${JSON.stringify(rest[0])}`);
  const { audio, command, annotator, out, engine } = args.values;
  if (!audio) throw new AsrUsage("asr needs --audio DIR (where the clips' files are)");
  if (!command) throw new AsrUsage("asr needs --command 'TEMPLATE' (with {wav})");
  if (!command.includes("{wav}")) {
    throw new AsrUsage("the --command template has no {wav} (where the clip's audio file goes)");
  }
  if (!annotator) throw new AsrUsage("asr needs --annotator ID (the recogniser's annotator id)");
  if (!out) throw new AsrUsage("asr needs --out NEW.json (it may be STUDY.json itself)");
  const study = load(studyPath, io);
  if (study === undefined) return EXIT_USAGE;
  const existing = study.annotators.find((a) => a.id === annotator);
  if (existing && existing.role !== "asr") {
    io.stderr(
      `${studyPath}: annotator "${annotator}" is ${existing.role} in the study, not a recogniser (asr): choose another --annotator\n`,
    );
    return EXIT_USAGE;
  }
  const done = new Set(
    study.submissions
      .filter((s) => s.annotatorId === annotator && typeof s.transcript === "string")
      .map((s) => s.clipId),
  );
  const dir = audio.replace(/[/\\]+$/, "") || audio;
  const clips = study.clips.filter((c) => c.text !== undefined && (args.force || !done.has(c.id)));
  const missing = clips.filter((c) => !io.exists(`${dir}/${c.name}`));
  if (missing.length > 0) {
    io.stderr(
      `${dir}: no audio file for ${missing.length} of ${clips.length} clips (${missing
        .slice(0, 3)
        .map((c) => c.name)
        .join(", ")}${missing.length > 3 ? ", …" : ""}): nothing run, ${out} not written\n`,
    );
    return EXIT_USAGE;
  }
  if (clips.length === 0) {
    io.stdout(
      `${studyPath}: no clip to transcribe (${study.clips.some((c) => c.text !== undefined) ? `"${annotator}" has transcribed every clip with a text; --force runs them again` : "no clip has a text to score against"}); ${out} not written\n`,
    );
    return EXIT_OK;
  }
  const rows = [];
  for (const [i, clip] of clips.entries()) {
    const progress = `asr: ${i + 1}/${clips.length} ${clip.name}`;
    io.stderr(io.interactive ? `\r${progress}\u001b[K` : `${progress}\n`);
    let output: string;
    try {
      output = io.exec(command.replaceAll("{wav}", shellQuote(`${dir}/${clip.name}`)));
    } catch (error) {
      if (io.interactive) io.stderr("\n");
      const detail =
        error instanceof Error
          ? error.message.trim().split("\n").slice(-3).join(" / ")
          : String(error);
      io.stderr(
        `${clip.name}: the recogniser failed: ${detail}\nnothing imported, ${out} not written\n`,
      );
      return EXIT_USAGE;
    }
    rows.push({
      where: `clip ${clip.id}`,
      clip: clip.id,
      annotator,
      transcript: transcriptFromOutput(output),
    });
  }
  if (io.interactive) io.stderr("\n");
  const result = transcriptRowsToFile(rows, study, {
    role: "asr",
    ...(engine === undefined ? {} : { engine }),
  });
  if (!result.ok) {
    io.stderr(result.errors.map((p) => `${problemLine("asr", p)}\n`).join(""));
    io.stderr(`nothing imported, ${out} not written\n`);
    return EXIT_USAGE;
  }
  const plan = planMerge(study, [result.file], ["asr"]);
  const merged = applyResolutionToFile(
    study,
    resolveMerge(plan, expandChoices(plan, { all: "incoming", byKey: {}, removeMissing: false })),
  );
  try {
    io.writeFile(out, serializeAnnotationFile(merged));
  } catch (error) {
    io.stderr(`${out}: cannot write: ${errorMessage(error)}\n`);
    return EXIT_USAGE;
  }
  io.stdout(
    `${out}: ${rows.length} transcript${rows.length === 1 ? "" : "s"} by ${annotator} (asr${engine ? `, ${engine}` : ""}) added\n`,
  );
  return EXIT_OK;
}
