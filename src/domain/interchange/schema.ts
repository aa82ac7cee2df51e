// Reading and writing the RedPen interchange format, version 1 (docs/spec/interchange-format.md).
//
// Reading happens in three steps, all of them reporting problems by JSON path:
//  1. the file's identity (`format`, `version`): a file that is not ours, or a newer version,
//     gets that one clear message and nothing else, since its other fields mean something else;
//  2. the structure, with zod: the top level, then every record of every array through its
//     element schema, compiled (z.compile, outside a page: zod.ts) at the first record that
//     needs it so that valid records take a generated fast path (records plainly valid, checked
//     without zod, need none). Going record by record gives exactly the issues `AnnotationFileSchema` gives,
//     and lets a record that has nothing to strip be used as it is instead of copied, which
//     matters for files of a million records (docs/benchmarks-cli.md);
//  3. the rules that span fields and records (start < end, unique ids, references), in single
//     passes over the raw input (interchange/crossfield.ts), so they are reported together
//     with the structural problems even when the structure is broken elsewhere.
// Then regions ending past their clip are clamped, with a warning each.

import { errorMessage } from "../util/errorText.ts";
import { binWidthFault, MIN_BIN_SECONDS_TEXT } from "./binWidth.ts";
import {
  ComparisonSettingsSchema,
  JudgmentSchema,
  PairSchema,
  QualificationSchema,
} from "./comparison.ts";
import { type CrossFieldFindings, checkCrossField, isRecord } from "./crossfield.ts";
import { MAX_CLIP_TEXT_LENGTH, transcriptProblem } from "./limits.ts";
import { MIGRATIONS, type MigrationStep, migrate } from "./migrate.ts";
import { PARTICIPANT_LINKS } from "./participantLinks.ts";
import {
  describeValue,
  OPTIONAL_SECTIONS,
  PROBLEM_LIMIT,
  type Problem,
  ProblemList,
  SECTIONS,
} from "./problems.ts";
import { readSaliency, SaliencySchema } from "./saliency.ts";
import type { AnnotationFile, ResolvedRecords } from "./types.ts";
import { compiled, compiledOnUse, IsoDateTimeSchema, z } from "./zod.ts";

export type { Problem } from "./problems.ts";

export type ParseResult =
  | {
      ok: true;
      file: AnnotationFile;
      warnings: Problem[];
      /** The references reading resolved (types.ts); absent where a reader did not keep them. */
      records?: ResolvedRecords;
    }
  | { ok: false; errors: Problem[] };

export const FORMAT = "redpen-annotations";
export const VERSION = 1;
export const DEFAULT_BIN_SECONDS = 0.1;
/** The tasks a study can give its participants (interchange format, "The study's task"). */
export const STUDY_TASKS = ["mark", "rate", "transcribe", "compare"] as const;

// ---------------------------------------------------------------------------------------------
// Structure

const id = z.string().min(1);
const finite = z.number(); // zod 4 numbers refuse NaN and ±Infinity

export { IsoDateTimeSchema };

const isoDate = IsoDateTimeSchema;

export const StudySchema = z.looseObject({
  id,
  name: z.string(),
  binSeconds: finite
    .positive()
    .superRefine((seconds, ctx) => {
      // 0 and below get zod's "must be greater than 0"; the rest of the rule is binWidth.ts's.
      if (binWidthFault(seconds) === "under-one-microsecond") {
        ctx.addIssue({
          code: "custom",
          input: seconds,
          message: `must be at least ${MIN_BIN_SECONDS_TEXT} (one microsecond; got ${describeValue(seconds)})`,
        });
      }
    })
    .default(DEFAULT_BIN_SECONDS),
  task: z
    .enum(STUDY_TASKS, {
      error: (issue) =>
        `unknown task ${describeValue(issue.input)}: this reader knows "mark", "rate", "transcribe" and "compare"`,
    })
    .optional(),
  transcription: z
    .object({
      unit: z.enum(["word", "character"]).optional(),
      maxPlays: z.int().min(1).optional(),
      seed: z.string().optional(),
      replicates: z.int().min(1).max(100000).optional(),
      alpha: finite.positive().max(1).optional(),
      groupBy: z.string().min(1).optional(),
    })
    .optional(),
  /** Which participant links a collection server accepts for it (collection/links.ts). */
  participantLinks: z.enum(PARTICIPANT_LINKS).optional(),
  comparison: ComparisonSettingsSchema.optional(),
  qualification: QualificationSchema.optional(),
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
  text: z.string().max(MAX_CLIP_TEXT_LENGTH).optional(),
});

/** Where a participant came from (a crowd platform, or a generic link). */
export const PlatformSchema = z.object({
  name: z.string().min(1),
  participantId: z.string().optional(),
  studyId: z.string().optional(),
  sessionId: z.string().optional(),
});

export const ScreeningSchema = z.object({
  test: z.enum(["huggins", "antiphase", "natural-pairs"]),
  trials: z.int().min(0),
  correct: z.int().min(0),
  passed: z.boolean(),
});

export const AnnotatorSchema = z.object({
  id,
  role: z.enum(["crowd", "expert", "researcher", "asr"]),
  engine: z.string().optional(),
  platform: PlatformSchema.optional(),
  /** The intake answers: open keys, any JSON value. */
  profile: z.record(z.string(), z.json()).optional(),
  screening: z.array(ScreeningSchema).optional(),
  status: z.enum(["started", "completed", "screened-out", "returned"]).optional(),
  /** When a participant arrived (the collection server), and when they completed the study. */
  arrivedAt: isoDate.optional(),
  finishedAt: isoDate.optional(),
});

export const SubmissionSchema = z.object({
  clipId: id,
  annotatorId: id,
  completedAt: isoDate.optional(),
  score: finite.optional(),
  playCount: z.int().min(0).optional(),
  seconds: finite.min(0).optional(),
  heardToEnd: z.boolean().optional(),
  transcript: z
    .string()
    .superRefine((text, ctx) => {
      const problem = transcriptProblem(text);
      if (problem !== null) ctx.addIssue({ code: "custom", input: text, message: problem });
    })
    .optional(),
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
  pairs: z.array(PairSchema).optional(),
  judgments: z.array(JudgmentSchema).optional(),
  saliency: z.array(SaliencySchema).optional(),
};

/** The whole file's structure (no cross-field rules; parseAnnotationFile adds those). */
export const AnnotationFileSchema = compiled(z.object(FileShape));

type ParsedFile = z.output<typeof AnnotationFileSchema>;
// The schema's output must be usable wherever the app expects an AnnotationFile.
const _assignable: (f: ParsedFile) => AnnotationFile = (f) => f;
void _assignable;

/** The top level without the arrays (their records are checked one by one). */
const HeadSchema = compiled(z.object({ exportedAt: FileShape.exportedAt, study: StudySchema }));

type Section = (typeof SECTIONS)[number] | (typeof OPTIONAL_SECTIONS)[number];

/** Each array's element schema, compiled when first needed, with the keys it keeps. */
const RECORDS: Record<Section, { schema: () => z.ZodType; keys: ReadonlySet<string> }> = {
  taxonomy: record(TaxonomyEntrySchema),
  clips: record(ClipSchema),
  annotators: record(AnnotatorSchema),
  submissions: record(SubmissionSchema),
  regions: record(RegionSchema),
  reasonLabels: record(ReasonLabelSchema),
  pairs: record(PairSchema),
  judgments: record(JudgmentSchema),
};

function record(schema: z.ZodObject): { schema: () => z.ZodType; keys: ReadonlySet<string> } {
  return { schema: compiledOnUse(schema), keys: new Set(Object.keys(schema.shape)) };
}

// Records plainly valid, checked without zod: every key one the schema keeps, every value of the
// type and range it asks. Such a record passes its element schema as it is, so zod is asked
// only about the others (and reports their issues, worded as ever); a file of 100,000
// transcripts spends less on validation than on JSON.parse that way. The property tests check
// that these never accept a record the schema refuses.

const isId = (v: unknown): boolean => typeof v === "string" && v.length > 0;
const isFiniteNumber = (v: unknown): boolean => typeof v === "number" && Number.isFinite(v);
const isPlainRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A submission the schema takes unchanged (the optional fields absent or plainly valid) and
 * reading leaves as it is (no -0).
 */
export function plainSubmission(item: unknown): boolean {
  if (!isPlainRecord(item)) return false;
  for (const key in item) {
    const v = item[key];
    switch (key) {
      case "clipId":
      case "annotatorId":
        if (!isId(v)) return false;
        break;
      case "completedAt":
        if (typeof v !== "string" || !IsoDateTimeSchema.safeParse(v).success) return false;
        break;
      // -0 is valid but not plain: reading turns it into 0 (normalize).
      case "score":
        if (!isFiniteNumber(v) || Object.is(v, -0)) return false;
        break;
      case "playCount":
        if (!(Number.isSafeInteger(v) && (v as number) >= 0) || Object.is(v, -0)) return false;
        break;
      case "seconds":
        if (!(isFiniteNumber(v) && (v as number) >= 0) || Object.is(v, -0)) return false;
        break;
      case "heardToEnd":
        if (typeof v !== "boolean") return false;
        break;
      case "transcript":
        if (typeof v !== "string" || transcriptProblem(v) !== null) return false;
        break;
      default:
        return false;
    }
  }
  return isId(item.clipId) && isId(item.annotatorId);
}

/** A clip the schema takes unchanged and reading leaves as it is (no -0 score). */
export function plainClip(item: unknown): boolean {
  if (!isPlainRecord(item)) return false;
  for (const key in item) {
    const v = item[key];
    switch (key) {
      case "id":
        if (!isId(v)) return false;
        break;
      case "name":
      case "system":
      case "sentence":
      case "uri":
        if (typeof v !== "string") return false;
        break;
      case "duration":
        if (!(isFiniteNumber(v) && (v as number) > 0)) return false;
        break;
      case "score":
        if (!isFiniteNumber(v) || Object.is(v, -0)) return false;
        break;
      case "isReference":
        if (typeof v !== "boolean") return false;
        break;
      case "text":
        if (typeof v !== "string" || v.length > MAX_CLIP_TEXT_LENGTH) return false;
        break;
      default:
        return false;
    }
  }
  return isId(item.id) && typeof item.name === "string" && isFiniteNumber(item.duration);
}

/** A region the schema takes unchanged. */
export function plainRegion(item: unknown): boolean {
  if (!isPlainRecord(item)) return false;
  let keys = 0;
  for (const key in item) {
    if (
      key !== "id" &&
      key !== "clipId" &&
      key !== "annotatorId" &&
      key !== "start" &&
      key !== "end"
    )
      return false;
    keys++;
  }
  const start = item.start;
  return (
    keys === 5 &&
    isId(item.id) &&
    isId(item.clipId) &&
    isId(item.annotatorId) &&
    isFiniteNumber(start) &&
    (start as number) >= 0 &&
    isFiniteNumber(item.end)
  );
}

/** A reason label the schema takes unchanged. */
export function plainReasonLabel(item: unknown): boolean {
  if (!isPlainRecord(item)) return false;
  let keys = 0;
  for (const key in item) {
    if (key !== "regionId" && key !== "annotatorId" && key !== "reasons") return false;
    keys++;
  }
  const reasons = item.reasons;
  if (keys !== 3 || !isId(item.regionId) || !isId(item.annotatorId) || !Array.isArray(reasons))
    return false;
  for (let i = 0; i < reasons.length; i++) if (!isId(reasons[i])) return false;
  return true;
}

const PLAIN: Partial<Record<Section, (item: unknown) => boolean>> = {
  clips: plainClip,
  submissions: plainSubmission,
  regions: plainRegion,
  reasonLabels: plainReasonLabel,
};

/** True if the record has a key the schema would strip. */
function hasUnknownKey(rec: object, keys: ReadonlySet<string>): boolean {
  for (const key in rec) if (!keys.has(key)) return true;
  return false;
}

const EXPECTED: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "an array",
};

/** One zod issue as a human sentence (the path is reported separately). */
export function issueMessage(issue: z.core.$ZodIssue): string {
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
      if (issue.origin === "array")
        return `must have at least ${bound} item${bound === 1 ? "" : "s"}`;
      return issue.inclusive
        ? `must be at least ${bound} (got ${describeValue(input)})`
        : `must be greater than ${bound} (got ${describeValue(input)})`;
    }
    case "invalid_value":
      // A message of our own (an unknown task) says more than the list of values.
      if (issue.message.startsWith("unknown ")) return issue.message;
      return `must be ${issue.values
        .map((v) => JSON.stringify(v))
        .join(", ")
        .replace(/, ([^,]*)$/, " or $1")} (got ${describeValue(input)})`;
    case "too_big": {
      if (issue.origin === "string") return `must be at most ${Number(issue.maximum)} characters`;
      if (issue.origin === "array") return `must have at most ${Number(issue.maximum)} items`;
      return `must be at most ${Number(issue.maximum)} (got ${describeValue(input)})`;
    }
    case "unrecognized_keys":
      return `has a field this does not take: ${issue.keys.join(", ")}`;
    case "invalid_format":
      if (issue.format === "regex") return issue.message;
      return `must be an ISO-8601 date and time such as "2026-11-21T10:00:00.000Z" (got ${describeValue(input)})`;
    default:
      return issue.message;
  }
}

// ---------------------------------------------------------------------------------------------
// Identity: format and version

function checkIdentity(data: Record<string, unknown>, problems: ProblemList): void {
  const format = data.format;
  if (format === undefined && !SECTIONS.some((section) => section in data) && !("study" in data)) {
    // Nothing of ours in it: one line that says so beats a list of missing fields.
    const keys = Object.keys(data);
    const found =
      keys.length === 0
        ? "it is an empty object"
        : `its keys: ${keys.slice(0, 8).join(", ")}${keys.length > 8 ? ", …" : ""}`;
    problems.add(
      [],
      `this is not a RedPen annotations file (no "format": "${FORMAT}" and none of study, clips, regions; ${found})`,
      0,
    );
    return;
  }
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
// Normalizing the parsed output. The output may share records with the input, so a record that
// changes is replaced by a changed copy: the caller's data is never modified.

/**
 * Clamps region ends past their clip (with a warning each), warns about regions lying wholly
 * past their clip, and turns -0 into 0.
 */
function normalize(
  file: ParsedFile,
  findings: CrossFieldFindings,
  warnings: ProblemList,
  plainSections: ReadonlySet<unknown[]>,
): void {
  let regions = file.regions;
  const copyRegions = () => {
    if (regions === file.regions) regions = file.regions.slice();
    return regions;
  };
  for (const [i, duration] of findings.clamps) {
    const r = regions[i] as (typeof regions)[number];
    warnings.add(
      ["regions", i, "end"],
      `${r.end} is past the duration of clip ${JSON.stringify(r.clipId)} (${duration}); clamped to ${duration}`,
      0,
    );
    copyRegions()[i] = { ...r, end: duration };
  }
  for (const [i, duration] of findings.outside) {
    const r = regions[i] as (typeof regions)[number];
    warnings.add(
      ["regions", i, "start"],
      `${r.start} is at or past the end of clip ${JSON.stringify(r.clipId)} (${duration}); the region marks nothing`,
      0,
    );
  }
  // -0 is a valid number that JSON writes as 0: make reading back give the same value.
  for (let i = 0; i < regions.length; i++) {
    const r = regions[i] as (typeof regions)[number];
    if (Object.is(r.start, -0)) copyRegions()[i] = { ...r, start: 0 };
  }
  file.regions = regions;
  if (!plainSections.has(file.submissions)) {
    file.submissions = withoutNegativeZero(file.submissions, ["score", "playCount", "seconds"]);
  }
  if (!plainSections.has(file.clips)) file.clips = withoutNegativeZero(file.clips, ["score"]);
  if (file.judgments !== undefined) {
    file.judgments = withoutNegativeZero(file.judgments, ["score", "seconds"]);
  }
}

function withoutNegativeZero<T extends object>(list: T[], keys: readonly (keyof T)[]): T[] {
  let out = list;
  // Key by key, so that each pass reads one property name (100,000 submissions here).
  for (const key of keys) {
    for (let i = 0; i < list.length; i++) {
      const v = (list[i] as T)[key];
      if (v !== 0 || !Object.is(v, -0)) continue;
      if (out === list) out = list.slice();
      out[i] = { ...(out[i] as T), [key]: 0 };
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Entry points

const REPORT_INPUT = { reportInput: true } as const;

/**
 * Checks every record of one array with its element schema; returns the records to keep
 * (the input array itself when no record had anything to strip), or undefined on any issue.
 */
function parseSection(
  section: Section,
  items: unknown,
  problems: ProblemList,
  /** Gets the records when every one was plain (PLAIN): nothing there for normalize to change. */
  plainSections: Set<unknown[]>,
): unknown[] | undefined {
  if (items === undefined) {
    problems.add([section], "is required", 0);
    return undefined;
  }
  if (!Array.isArray(items)) {
    problems.add([section], `must be an array (got ${describeValue(items)})`, 0);
    return undefined;
  }
  const { schema, keys } = RECORDS[section];
  const plain = PLAIN[section];
  let out: unknown[] = items;
  let failed = false;
  let allPlain = plain !== undefined;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    // Taken as it is: no issue, nothing to strip.
    if (plain?.(item)) continue;
    allPlain = false;
    const parsed = schema().safeParse(item, REPORT_INPUT);
    if (!parsed.success) {
      failed = true;
      for (const issue of parsed.error.issues) {
        problems.add([section, i, ...issue.path], issueMessage(issue), 0);
      }
    } else if (!failed && hasUnknownKey(item as object, keys)) {
      if (out === items) out = items.slice();
      out[i] = parsed.data;
    }
  }
  if (allPlain) plainSections.add(out);
  return failed ? undefined : out;
}

/**
 * Validates already-parsed JSON as an interchange file, reporting every problem by path.
 * The parsed file may share records (and arrays) with `data`, which is never modified.
 */
export function parseAnnotationFile(
  input: unknown,
  migrations: ReadonlyMap<number, MigrationStep> = MIGRATIONS,
): ParseResult {
  const problems = new ProblemList();
  if (!isRecord(input)) {
    problems.add([], `must be a JSON object (got ${describeValue(input)})`, 0);
    return { ok: false, errors: problems.list() };
  }
  // Older versions are brought up to this one first (interchange/migrate.ts).
  const data = input.format === FORMAT ? migrate(input, VERSION, migrations) : input;
  checkIdentity(data, problems);
  if (!problems.empty) return { ok: false, errors: problems.list() };

  const head = HeadSchema.safeParse(data, REPORT_INPUT);
  if (!head.success) {
    for (const issue of head.error.issues) problems.add(issue.path, issueMessage(issue), 0);
  }
  const plainSections = new Set<unknown[]>();
  const sections = SECTIONS.map((section) =>
    parseSection(section, data[section], problems, plainSections),
  );
  // The comparison's arrays are optional: absent, the file has none (and writes none).
  const optional = OPTIONAL_SECTIONS.map((section) =>
    data[section] === undefined
      ? undefined
      : parseSection(section, data[section], problems, plainSections),
  );
  const findings = checkCrossField(data, problems);
  const saliency = readSaliency(data.saliency, clipIdSet(data.clips), problems, issueMessage);
  if (!head.success || !problems.empty) return { ok: false, errors: problems.list() };

  const [taxonomy, clips, annotators, submissions, regions, reasonLabels] = sections as unknown[][];
  const file = {
    format: FORMAT,
    version: VERSION,
    ...(head.data.exportedAt === undefined ? {} : { exportedAt: head.data.exportedAt }),
    study: head.data.study,
    taxonomy,
    clips,
    annotators,
    submissions,
    regions,
    reasonLabels,
    ...(saliency === undefined ? {} : { saliency }),
  } as ParsedFile;
  const [pairs, judgments] = optional;
  if (pairs !== undefined) file.pairs = pairs as NonNullable<ParsedFile["pairs"]>;
  if (judgments !== undefined) file.judgments = judgments as NonNullable<ParsedFile["judgments"]>;
  const warnings = new ProblemList();
  normalize(file, findings, warnings, plainSections);
  return {
    ok: true,
    file,
    warnings: warnings.list("warning"),
    records: {
      clips: file.clips,
      annotators: file.annotators,
      submissions: file.submissions,
      submissionClip: findings.submissionClip,
      submissionAnnotator: findings.submissionAnnotator,
    },
  };
}

/** The clips' ids as given (undefined when `clips` is not an array: no reference is checked). */
function clipIdSet(clips: unknown): Set<string> | undefined {
  if (!Array.isArray(clips)) return undefined;
  const ids = new Set<string>();
  for (const c of clips) if (isRecord(c) && typeof c.id === "string") ids.add(c.id);
  return ids;
}

/** "… at position 12" in a JSON.parse message, turned into a line and column too. */
function jsonErrorDetail(error: unknown, text: string): string {
  // Node quotes a piece of the text in its message: keep the message on one line.
  const message = errorMessage(error).replace(/\r?\n/g, "\\n");
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
  // A byte-order mark (some Windows editors write one) is not part of the JSON.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
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

export { serializeAnnotationFile } from "./serialize.ts";

export { PROBLEM_LIMIT };
