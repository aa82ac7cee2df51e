// `aggregate STUDY.json`: each clip's listener transcripts merged into one text, written as
// task,output,transcripts (task: the clip's id), the columns `wer --hyp` reads; and the study's
// side of `wer --ref STUDY.json`: each clip's text as the reference. Loaded only for a study
// file, so the CSV paths do not pay for the interchange reader.
import Papa from "papaparse";
import { problemLine } from "../domain/interchange/problems.ts";
import { parseAnnotationText } from "../domain/interchange/schema.ts";
import { type AggregationMethod, aggregateTranscripts } from "../domain/transcripts/aggregate.ts";
import { studyResponses } from "../domain/transcripts/studyResponses.ts";
import { EXIT_OK, EXIT_USAGE } from "./exitCodes.ts";
import { readError } from "./fileErrors.ts";

/** What it reads and says through (the transcripts commands' IO). */
interface StudyIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): string;
}

export function aggregateStudy(
  input: string,
  method: AggregationMethod,
  io: StudyIO,
  write: (files: [string, string][]) => boolean,
  out: string | undefined,
  annotators: string | undefined,
  annotatorsCsv: (result: ReturnType<typeof aggregateTranscripts>) => string,
): number {
  let text: string;
  try {
    text = io.readFile(input);
  } catch (error) {
    io.stderr(`${input}: ${readError(error)}\n`);
    return EXIT_USAGE;
  }
  const parsed = parseAnnotationText(text, input);
  if (!parsed.ok) {
    io.stderr(parsed.errors.map((p) => `${problemLine(input, p)}\n`).join(""));
    return EXIT_USAGE;
  }
  const tasks = studyResponses(parsed.file);
  if (tasks.length === 0) {
    io.stderr(`${input}: no clip has a listener's transcript: nothing to aggregate\n`);
    return EXIT_USAGE;
  }
  const result = aggregateTranscripts(tasks, method, {
    annotatorFigures: annotators !== undefined,
  });
  const csv = `${Papa.unparse(
    {
      fields: ["task", "output", "transcripts"],
      data: result.tasks.map((t) => [t.task, t.output, t.transcripts]),
    },
    { newline: "\n" },
  )}\n`;
  const files: [string, string][] = [];
  if (out !== undefined) files.push([out, csv]);
  if (annotators !== undefined) files.push([annotators, annotatorsCsv(result)]);
  if (!write(files)) return EXIT_USAGE;
  if (out === undefined) io.stdout(csv);
  else io.stdout(`${out}: ${result.tasks.length} clips aggregated by ${method}\n`);
  return EXIT_OK;
}

/**
 * `wer --ref STUDY.json`: each clip's text (`clips[].text`) by clip id, the references the
 * aggregated consensus is scored against; clips without a text are not references. Problems
 * as the other readers give them (`FILE: …`), or undefined after saying them.
 */
export function studyReferences(
  input: string,
  io: Pick<StudyIO, "stderr" | "readFile">,
): Map<string, string> | undefined {
  let text: string;
  try {
    text = io.readFile(input);
  } catch (error) {
    io.stderr(`${input}: ${readError(error)}\n`);
    return undefined;
  }
  const parsed = parseAnnotationText(text, input);
  if (!parsed.ok) {
    io.stderr(parsed.errors.map((p) => `${problemLine(input, p)}\n`).join(""));
    return undefined;
  }
  const refs = new Map<string, string>();
  for (const clip of parsed.file.clips) if (clip.text !== undefined) refs.set(clip.id, clip.text);
  if (refs.size === 0) {
    io.stderr(`${input}: no clip has a text (clips[].text): nothing to score against\n`);
    return undefined;
  }
  return refs;
}
