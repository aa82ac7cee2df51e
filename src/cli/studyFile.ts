// A command's I/O, and reading a study file for it: the file validated whole, its problems
// written one a line naming the file and JSON path.

import type { Catalogue } from "../domain/i18n/catalogue.ts";
import { problemLine } from "../domain/interchange/problems.ts";
import { type ParseResult, parseAnnotationText } from "../domain/interchange/schema.ts";
import type { AnnotationFile, ResolvedRecords } from "../domain/interchange/types.ts";
import type { ConsensusRunner } from "../domain/stats/consensusRunner.ts";
import type { CurveRunner } from "../domain/stats/intelligibility.ts";
import { readError } from "./fileErrors.ts";

export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The file's text (UTF-8); throws Node-style errors (`code` ENOENT, EISDIR, EACCES …). */
  readFile(path: string): string;
  /** The file's bytes (for audio); same errors as readFile. */
  readBytes?(path: string): Uint8Array;
  /** Who computes the stimuli curve's intervals (main.ts: a second thread; default: here). */
  curveRunner?: CurveRunner;
  /** Who computes a large crowd's consensus (main.ts: a second thread; default: here). */
  consensusRunner?: ConsensusRunner;
  /**
   * The participants' pages' messages in a language (main.ts gives them to `report` alone, whose
   * protocol report quotes the pages' default consent): without them the report names it.
   */
  pageMessages?: (language: string) => Catalogue;
}

/** Reads and validates FILE; on failure writes the problems and returns undefined. */
export function load(fileName: string, io: CliIO): AnnotationFile | undefined {
  let text: string;
  try {
    text = io.readFile(fileName);
  } catch (error) {
    io.stderr(`${fileName}: ${readError(error)}\n`);
    return undefined;
  }
  const result: ParseResult = parseAnnotationText(text, fileName);
  if (!result.ok) {
    io.stderr(result.errors.map((p) => `${problemLine(fileName, p)}\n`).join(""));
    return undefined;
  }
  if (result.warnings.length > 0) {
    io.stderr(result.warnings.map((p) => `${problemLine(fileName, p)}\n`).join(""));
  }
  if (result.records !== undefined) records.set(result.file, result.records);
  return result.file;
}

/** What reading each loaded file resolved, for its figures (computeReport's `records`). */
const records = new WeakMap<AnnotationFile, ResolvedRecords>();

/** What reading `file` resolved, when `load` read it. */
export function recordsOf(file: AnnotationFile): ResolvedRecords | undefined {
  return records.get(file);
}
