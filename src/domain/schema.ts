// Reading and writing the RedPen interchange format, version 1 (docs/spec/interchange-format.md).
//
// Reading happens in three steps, all of them reporting problems by JSON path:
//  1. the file's identity (`format`, `version`): a file that is not ours, or a newer version,
//     gets that one clear message and nothing else, since its other fields mean something else;
//  2. the structure, with zod (compiled ahead of time, so valid files take a generated fast path);
//  3. the rules that span fields and records (start < end, unique ids, references), in single
//     passes with Maps and Sets over the raw input, so they are reported together with the
//     structural problems even when the structure is broken elsewhere.
// Then regions ending past their clip are clamped, with a warning each.
import { z } from "zod";
import { type CrossFieldFindings, checkCrossField, isRecord } from "./interchange/crossfield.ts";
import { describeValue, PROBLEM_LIMIT, type Problem, ProblemList } from "./interchange/problems.ts";
import type { AnnotationFile } from "./types.ts";

export type { Problem } from "./interchange/problems.ts";

export type ParseResult =
  | { ok: true; file: AnnotationFile; warnings: Problem[] }
  | { ok: false; errors: Problem[] };

export const FORMAT = "redpen-annotations";
export const VERSION = 1;
export const DEFAULT_BIN_SECONDS = 0.1;

// ---------------------------------------------------------------------------------------------
// Structure

const id = z.string().min(1);
const finite = z.number(); // zod 4 numbers refuse NaN and ±Infinity
const isoDate = z.iso.datetime({ offset: true, local: true });

export const StudySchema = z.looseObject({
  id,
  name: z.string(),
  binSeconds: finite.positive().default(DEFAULT_BIN_SECONDS),
});

export const TaxonomyEntrySchema = z.object({
  id,
  label: z.string(),
  description: z.string().optional(),
});

export const ClipSchema = z.object({
  id,
  name: z.string(),
  duration: finite.positive(),
  system: z.string().optional(),
  sentence: z.string().optional(),
  score: finite.optional(),
  isReference: z.boolean().optional(),
  uri: z.string().optional(),
});

export const AnnotatorSchema = z.object({
  id,
  role: z.enum(["crowd", "expert", "researcher"]),
});

export const SubmissionSchema = z.object({
  clipId: id,
  annotatorId: id,
  completedAt: isoDate.optional(),
  score: finite.optional(),
  playCount: z.int().min(0).optional(),
  seconds: finite.min(0).optional(),
});

export const RegionSchema = z.object({
  id,
  clipId: id,
  annotatorId: id,
  start: finite.min(0),
  end: finite,
});

export const ReasonLabelSchema = z.object({
  regionId: id,
  annotatorId: id,
  reasons: z.array(id),
});

const FileShape = {
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  exportedAt: isoDate.optional(),
  study: StudySchema,
  taxonomy: z.array(TaxonomyEntrySchema),
  clips: z.array(ClipSchema),
  annotators: z.array(AnnotatorSchema),
  submissions: z.array(SubmissionSchema),
  regions: z.array(RegionSchema),
  reasonLabels: z.array(ReasonLabelSchema),
};

/** The whole file's structure (no cross-field rules; parseAnnotationFile adds those). */
export const AnnotationFileSchema = z.compile(z.object(FileShape));

type ParsedFile = z.output<typeof AnnotationFileSchema>;
// The schema's output must be usable wherever the app expects an AnnotationFile.
const _assignable: (f: ParsedFile) => AnnotationFile = (f) => f;
void _assignable;

const EXPECTED: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "an array",
};

/** One zod issue as a human sentence (the path is reported separately). */
function issueMessage(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined) return "is required";
      const received = (issue as { received?: string }).received;
      const got = received === "NaN" || received === "Infinity" ? received : describeValue(input);
      return `must be ${EXPECTED[issue.expected] ?? issue.expected} (got ${got})`;
    }
    case "too_small": {
      if (issue.origin === "string") return "must not be empty";
      const bound = Number(issue.minimum);
      return issue.inclusive
        ? `must be at least ${bound} (got ${describeValue(input)})`
        : `must be greater than ${bound} (got ${describeValue(input)})`;
    }
    case "invalid_value":
      return `must be ${issue.values
        .map((v) => JSON.stringify(v))
        .join(", ")
        .replace(/, ([^,]*)$/, " or $1")} (got ${describeValue(input)})`;
    case "invalid_format":
      return `must be an ISO-8601 date and time such as "2026-11-21T10:00:00.000Z" (got ${describeValue(input)})`;
    default:
      return issue.message;
  }
}

// ---------------------------------------------------------------------------------------------
// Identity: format and version

function checkIdentity(data: Record<string, unknown>, problems: ProblemList): void {
  const format = data.format;
  if (format === undefined) {
    problems.add(["format"], `is required (must be "${FORMAT}")`, 0);
  } else if (format !== FORMAT) {
    problems.add(
      ["format"],
      `must be "${FORMAT}" (got ${describeValue(format)}): this is not a RedPen annotations file`,
      0,
    );
  }
  const version = data.version;
  if (version === undefined) {
    problems.add(["version"], `is required (this reader understands version ${VERSION})`, 0);
  } else if (typeof version !== "number" || !Number.isInteger(version)) {
    problems.add(["version"], `must be the integer ${VERSION} (got ${describeValue(version)})`, 0);
  } else if (version !== VERSION) {
    problems.add(
      ["version"],
      `unsupported version ${version} (this reader understands version ${VERSION})`,
      0,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Normalizing the parsed output

/** Clamps region ends past their clip (with a warning each) and turns -0 into 0. */
function normalize(file: ParsedFile, findings: CrossFieldFindings, warnings: ProblemList): void {
  const regions = file.regions;
  for (const [i, duration] of findings.clamps) {
    const r = regions[i] as (typeof regions)[number];
    warnings.add(
      ["regions", i, "end"],
      `${r.end} is past the duration of clip ${JSON.stringify(r.clipId)} (${duration}); clamped to ${duration}`,
      0,
    );
    r.end = duration;
  }
  // -0 is a valid number that JSON writes as 0: make reading back give the same value.
  for (let i = 0; i < regions.length; i++) {
    const r = regions[i] as (typeof regions)[number];
    if (r.start === 0) r.start = 0;
  }
  for (const s of file.submissions) {
    if (s.score === 0) s.score = 0;
    if (s.playCount === 0) s.playCount = 0;
    if (s.seconds === 0) s.seconds = 0;
  }
  for (const c of file.clips) if (c.score === 0) c.score = 0;
}

// ---------------------------------------------------------------------------------------------
// Entry points

/** Validates already-parsed JSON as an interchange file, reporting every problem by path. */
export function parseAnnotationFile(data: unknown): ParseResult {
  const problems = new ProblemList();
  if (!isRecord(data)) {
    problems.add([], `must be a JSON object (got ${describeValue(data)})`, 0);
    return { ok: false, errors: problems.list() };
  }
  checkIdentity(data, problems);
  if (!problems.empty) return { ok: false, errors: problems.list() };

  const parsed = AnnotationFileSchema.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.add(issue.path, issueMessage(issue), 0);
  }
  const findings = checkCrossField(data, problems);
  if (!parsed.success || !problems.empty) return { ok: false, errors: problems.list() };

  const warnings = new ProblemList();
  normalize(parsed.data, findings, warnings);
  return { ok: true, file: parsed.data, warnings: warnings.list() };
}

/** "… at position 12" in a JSON.parse message, turned into a line and column too. */
function jsonErrorDetail(error: unknown, text: string): string {
  // Node quotes a piece of the text in its message: keep the message on one line.
  const message = (error instanceof Error ? error.message : String(error)).replace(/\r?\n/g, "\\n");
  const match = /at position (\d+)/.exec(message);
  if (!match) return message;
  const position = Math.min(Number(match[1]), text.length);
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < position; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `${message} (line ${line}, column ${position - lineStart + 1})`;
}

/**
 * Reads interchange-format text. Errors about the text itself (empty, not JSON) have the path
 * "": the caller prefixes the file name. `fileName` only sharpens the not-JSON message.
 */
export function parseAnnotationText(text: string, fileName?: string): ParseResult {
  if (text.trim() === "")
    return { ok: false, errors: [{ path: "", message: "the file is empty" }] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    let message = `not valid JSON: ${jsonErrorDetail(error, text)}`;
    if (fileName !== undefined && !/\.json$/i.test(fileName)) {
      message += " (an interchange file is a .json export of RedPen Annotator)";
    }
    return { ok: false, errors: [{ path: "", message }] };
  }
  return parseAnnotationFile(data);
}

export { serializeAnnotationFile } from "./interchange/serialize.ts";

export { PROBLEM_LIMIT };
