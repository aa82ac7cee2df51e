// `import` and `export`: the study page's import card and export buttons on the command line,
// with the same readers, merge, exporters, file names and messages (docs/cli.md).
//   import FILES... --into STUDY.json --out NEW.json [--incoming] [--remove-missing]
//   export STUDY.json --format json|csv|audacity|textgrid|eaf|bins|consensus|trn|judgments|zip --out DIR [--force]

import { toBinMatrixCsv } from "../domain/export/bins.ts";
import { buildExport } from "../domain/export/bundles.ts";
import { studyConsensus, toConsensusCsv, toConsensusJson } from "../domain/export/consensus.ts";
import { toInterchangeJson } from "../domain/export/json.ts";
import { trnFiles } from "../domain/export/trn.ts";
import { audacityFiles } from "../domain/formats/audacity/write.ts";
import { transcriptAdditions } from "../domain/formats/csv/readTranscripts.ts";
import { toJudgmentCsv } from "../domain/formats/csv/writeJudgments.ts";
import { toSpanCsv } from "../domain/formats/csv/writeSpans.ts";
import { eafFiles } from "../domain/formats/eaf/write.ts";
import { safeFileName } from "../domain/formats/names.ts";
import { foreignResult } from "../domain/formats/read.ts";
import { textGridFiles } from "../domain/formats/textgrid/write.ts";
import { problemLine } from "../domain/interchange/problems.ts";
import {
  type ParseResult,
  parseAnnotationText,
  serializeAnnotationFile,
} from "../domain/interchange/schema.ts";
import type { AnnotationFile, Role } from "../domain/interchange/types.ts";
import { ENTITY_KINDS, expandChoices, planMerge, resolveMerge } from "../domain/merge/merge.ts";
import { applyResolutionToFile } from "../domain/merge/mergeFile.ts";
import { EXIT_OK, EXIT_USAGE } from "./exitCodes.ts";
import { readError, writeError } from "./fileErrors.ts";
import { importSaliency } from "./saliencyImport.ts";
import { type CliIO, load } from "./studyFile.ts";

export interface ImportExportIO extends CliIO {
  readBytes(path: string): Uint8Array;
  writeFile(path: string, data: string | Uint8Array): void;
  /** Creates the folder (and its parents) when missing. */
  makeDir(path: string): void;
  exists(path: string): boolean;
}

export const EXPORT_FORMATS = [
  "json",
  "csv",
  "audacity",
  "textgrid",
  "eaf",
  "bins",
  "consensus",
  "trn",
  "judgments",
  "zip",
] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

const FILES_USAGE = `Usage:
  redpen import FILES... --into STUDY.json --out NEW.json [--incoming] [--remove-missing]
          [--role crowd|expert|researcher|asr] [--engine "NAME MODEL"]
      merge RedPen JSON files, Praat TextGrids, Audacity labels, ELAN .eaf files, Label
      Studio exports, transcripts CSVs (clip,annotator,transcript), webMUSHRA's
      paired_comparison.csv or the P.808 toolkit's CCR votes per worker into the study, as the
      study page's "Import annotations" does; conflicts keep the study's version unless
      --incoming; stored spans the files leave out stay unless --remove-missing; a transcripts
      CSV's annotators new to the study are added with --role (and, for asr, --engine)
  redpen import FILES... --model NAME [--hop SECONDS] --into STUDY.json --out NEW.json
      a model's saliency: a CSV of frames (clip,time,value with evenly spaced times, or
      clip,start,end,value) or NumPy .npy arrays, one per clip named after it, frames --hop
      seconds apart; a clip's saliency of that model replaces the stored one
  redpen export STUDY.json --format ${EXPORT_FORMATS.join("|")} --out DIR [--force]
      write the study page's exports into DIR (per-clip files unzipped, Audacity's per-annotator
      files in DIR/by-annotator; trn: DIR/<system>/ref.trn and hyp.trn for NIST sclite;
      judgments: a comparison test's judgments as CSV; zip: everything in one .zip); existing
      files are not overwritten without --force
`;

class FilesUsage extends Error {}

interface Args {
  positional: string[];
  into?: string;
  out?: string;
  format?: string;
  incoming: boolean;
  removeMissing: boolean;
  force: boolean;
  role?: string;
  engine?: string;
  model?: string;
  hop?: string;
}

function parse(argv: readonly string[]): Args {
  const args: Args = { positional: [], incoming: false, removeMissing: false, force: false };
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new FilesUsage(`${arg} needs a value`);
      return v;
    };
    if (arg === "--into") args.into = value();
    else if (arg === "--out") args.out = value();
    else if (arg === "--format") args.format = value();
    else if (arg === "--role") args.role = value();
    else if (arg === "--engine") args.engine = value();
    else if (arg === "--model") args.model = value();
    else if (arg === "--hop") args.hop = value();
    else if (arg === "--incoming") args.incoming = true;
    else if (arg === "--remove-missing") args.removeMissing = true;
    else if (arg === "--force") args.force = true;
    else if (arg.startsWith("-")) throw new FilesUsage(`unknown option ${arg}`);
    else args.positional.push(arg);
  }
  return args;
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
const baseName = (p: string) => p.split(/[/\\]/).pop() ?? p;

function importFiles(args: Args, io: ImportExportIO): number {
  if (!args.into) throw new FilesUsage("import needs --into STUDY.json");
  if (!args.out) throw new FilesUsage("import needs --out NEW.json (it may be STUDY.json itself)");
  if (args.positional.length === 0) throw new FilesUsage("import needs at least one FILE");
  if (args.hop !== undefined && args.model === undefined) {
    throw new FilesUsage("--hop goes with --model (the frame hop of a model's saliency)");
  }
  if (args.model !== undefined) {
    const hopSeconds = args.hop === undefined ? undefined : Number(args.hop);
    if (hopSeconds !== undefined && !(Number.isFinite(hopSeconds) && hopSeconds >= 0.000001)) {
      throw new FilesUsage(
        `--hop must be a number of seconds, at least 0.000001 (got ${JSON.stringify(args.hop)})`,
      );
    }
    if (args.model.trim() === "") throw new FilesUsage("--model needs a name");
    const study = load(args.into, io);
    if (study === undefined) return EXIT_USAGE;
    return importSaliency(
      args.positional,
      study,
      args.out,
      { model: args.model, ...(hopSeconds === undefined ? {} : { hopSeconds }) },
      io,
    );
  }
  if (args.role !== undefined && !["crowd", "expert", "researcher", "asr"].includes(args.role)) {
    throw new FilesUsage(
      `--role must be crowd, expert, researcher or asr (got ${JSON.stringify(args.role)})`,
    );
  }
  if (args.engine !== undefined && args.role !== "asr") {
    throw new FilesUsage("--engine goes with --role asr (it names the recogniser and model)");
  }
  const transcriptOptions = {
    ...(args.role === undefined ? {} : { role: args.role as Role }),
    ...(args.engine === undefined ? {} : { engine: args.engine }),
  };
  const study = load(args.into, io);
  if (study === undefined) return EXIT_USAGE;
  const incoming: { name: string; file: AnnotationFile }[] = [];
  let refused = 0;
  for (const path of args.positional) {
    let bytes: Uint8Array;
    try {
      bytes = io.readBytes(path);
    } catch (error) {
      io.stderr(`${path}: ${readError(error)}\n`);
      refused++;
      continue;
    }
    const name = baseName(path);
    const result: ParseResult =
      foreignResult(bytes, name, study, transcriptOptions) ??
      parseAnnotationText(new TextDecoder().decode(bytes), name);
    if (!result.ok) {
      io.stderr(result.errors.map((p) => `${problemLine(path, p)}\n`).join(""));
      refused++;
      continue;
    }
    if (result.file.study.id !== study.study.id) {
      io.stderr(
        `${path}: is a file of study "${result.file.study.id}", not of "${study.study.id}" (${args.into})\n`,
      );
      refused++;
      continue;
    }
    for (const w of result.warnings) io.stderr(`${problemLine(path, w)}\n`);
    incoming.push({ name: path, file: result.file });
  }
  if (refused > 0) {
    io.stderr(`${plural(refused, "file")} refused: nothing imported, ${args.out} not written\n`);
    return EXIT_USAGE;
  }
  const plan = planMerge(
    study,
    incoming.map((f) => f.file),
    incoming.map((f) => f.name),
  );
  const additions = transcriptAdditions(plan);
  const transcriptsAdded = Object.keys(additions).length;
  const conflicts = plan.conflicts.length - transcriptsAdded;
  const choices = expandChoices(plan, {
    all: args.incoming ? "incoming" : "keep",
    byKey: additions,
    removeMissing: args.removeMissing,
  });
  const merged = applyResolutionToFile(study, resolveMerge(plan, choices));
  try {
    io.writeFile(args.out, serializeAnnotationFile(merged));
  } catch (error) {
    io.stderr(`${args.out}: cannot write: ${writeError(error)} (nothing imported)\n`);
    return EXIT_USAGE;
  }
  const added = ENTITY_KINDS.filter((k) => plan.entities[k].new.length > 0).map(
    (k) =>
      `${plan.entities[k].new.length} ${k === "reasonLabel" ? "reason label" : k}${plan.entities[k].new.length === 1 ? "" : "s"}`,
  );
  io.stdout(
    `${args.out}: ${study.study.name || study.study.id} with ${plural(incoming.length, "file")} merged: ${added.length > 0 ? `new ${added.join(", ")}` : transcriptsAdded > 0 ? "" : "nothing new"}${transcriptsAdded > 0 ? `${added.length > 0 ? ", " : ""}${plural(transcriptsAdded, "transcript")} added to ${transcriptsAdded === 1 ? "a stored submission" : "stored submissions"}` : ""}; ${plural(plan.summary.unchanged, "record")} already there` +
      (conflicts > 0
        ? `; ${plural(conflicts, "conflict")}, ${args.incoming ? "the files' versions taken" : "the study's versions kept (--incoming takes the files')"}`
        : "") +
      (plan.missingRegions.length > 0
        ? `; ${plural(plan.missingRegions.length, "stored span")} the files leave out ${args.removeMissing ? "removed" : "kept (--remove-missing removes them)"}`
        : "") +
      "\n",
  );
  return EXIT_OK;
}

function exportFiles(args: Args, io: ImportExportIO): number {
  const [studyPath, ...rest] = args.positional;
  if (studyPath === undefined) throw new FilesUsage("export needs STUDY.json");
  if (rest.length > 0) throw new FilesUsage(`unexpected argument ${JSON.stringify(rest[0])}`);
  const format = args.format as ExportFormat | undefined;
  if (format === undefined || !EXPORT_FORMATS.includes(format)) {
    throw new FilesUsage(
      `export needs --format ${EXPORT_FORMATS.join("|")}${args.format === undefined ? "" : ` (got ${JSON.stringify(args.format)})`}`,
    );
  }
  if (!args.out) throw new FilesUsage("export needs --out DIR");
  const file = load(studyPath, io);
  if (file === undefined) return EXIT_USAGE;
  const id = safeFileName(file.study.id);
  let files: Record<string, string | Uint8Array>;
  switch (format) {
    case "json":
      files = { [`${id}.json`]: toInterchangeJson(file) };
      break;
    case "csv":
      files = { [`${id}-spans.csv`]: toSpanCsv(file) };
      break;
    case "audacity":
      files = audacityFiles(file);
      break;
    case "textgrid":
      files = textGridFiles(file, studyConsensus(file).clips);
      break;
    case "eaf":
      files = eafFiles(file, new Date().toISOString());
      break;
    case "bins":
      files = { [`${id}-bins.csv`]: toBinMatrixCsv(file) };
      break;
    case "consensus": {
      const consensus = studyConsensus(file);
      files = {
        [`${id}-consensus.csv`]: toConsensusCsv(file, consensus),
        [`${id}-consensus.json`]: toConsensusJson(file, consensus),
      };
      break;
    }
    case "trn":
      files = trnFiles(file);
      break;
    case "judgments":
      files = { [`${id}-judgments.csv`]: toJudgmentCsv(file) };
      break;
    case "zip": {
      const zip = buildExport("all", file);
      files = { [zip.fileName]: zip.data };
      break;
    }
  }
  const names = Object.keys(files);
  const dir = args.out.replace(/[/\\]+$/, "") || args.out;
  const target = (name: string) => `${dir}/${name}`;
  if (!args.force) {
    const there = names.filter((n) => io.exists(target(n)));
    if (there.length > 0) {
      io.stderr(
        `${target(there[0] as string)}: exists${there.length > 1 ? ` (and ${plural(there.length - 1, "other file")})` : ""}: nothing written (--force overwrites)\n`,
      );
      return EXIT_USAGE;
    }
  }
  let written = 0;
  let path = dir;
  try {
    io.makeDir(dir);
    for (const name of names) {
      const folder = name.lastIndexOf("/");
      if (folder > 0) {
        path = target(name.slice(0, folder));
        io.makeDir(path);
      }
      path = target(name);
      io.writeFile(path, files[name] as string | Uint8Array);
      written++;
    }
  } catch (error) {
    io.stderr(
      `${path}: cannot write: ${writeError(error)} (${written === 0 ? "nothing" : `${written} of ${plural(names.length, "file")}`} written)\n`,
    );
    return EXIT_USAGE;
  }
  io.stdout(
    names.length === 0
      ? `${dir}: nothing to write (no clip has an annotation)\n`
      : `${dir}: wrote ${plural(names.length, "file")} (${names.slice(0, 3).join(", ")}${names.length > 3 ? ", …" : ""})\n`,
  );
  return EXIT_OK;
}

/** Runs `import` or `export`; returns the exit code. */
export function runImportExportCli(argv: readonly string[], io: ImportExportIO): number {
  try {
    if (argv.includes("-h") || argv.includes("--help")) {
      io.stdout(FILES_USAGE);
      return EXIT_OK;
    }
    const args = parse(argv);
    return argv[0] === "import" ? importFiles(args, io) : exportFiles(args, io);
  } catch (error) {
    if (error instanceof FilesUsage) {
      io.stderr(`redpen: ${error.message}\n\n${FILES_USAGE}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
