// A CSV of transcripts (`clip,annotator,transcript`, optional `role` and `engine`), as a
// recogniser's output or a listening test run elsewhere leaves them, read into an interchange
// file of the study it is imported into: one submission per row with its `transcript`. A clip
// is named by its id or its file name (with or without the extension). Annotators not in the
// study are added with the role given (`--role asr --engine …` on the command line, or the
// file's `role` and `engine` columns); without a role, every annotator must be in the study.
// Anything wrong is refused whole, each problem naming its line (the header is line 1).
import Papa from "papaparse";
import { transcriptProblem } from "../../interchange/limits.ts";
import type { ParseResult, Problem } from "../../interchange/schema.ts";
import type { AnnotationFile, Annotator, Role, Submission } from "../../interchange/types.ts";
import type { Choice, MergePlan } from "../../merge/merge.ts";

export const TRANSCRIPT_CSV_COLUMNS = ["clip", "annotator", "transcript"] as const;
const ROLES: readonly Role[] = ["crowd", "expert", "researcher", "asr"];

export interface TranscriptImportOptions {
  /** The role of annotators the study does not have yet (overrides the file's `role` column). */
  role?: Role;
  /** The recogniser and model of new `asr` annotators (overrides the file's `engine` column). */
  engine?: string;
}

/**
 * The merge choices that take the incoming version of a submission whose only change is a
 * transcript where the stored one had none: a transcript added to a rated clip is new, not a
 * conflict to settle (a different transcript still is).
 */
export function transcriptAdditions(plan: MergePlan): Record<string, Choice> {
  const out: Record<string, Choice> = {};
  for (const c of plan.conflicts) {
    if (c.kind !== "submission") continue;
    const stored = c.current.value as Submission;
    const { transcript, ...rest } = c.incoming.value as Submission;
    if (stored.transcript !== undefined || transcript === undefined) continue;
    const same =
      JSON.stringify(Object.entries(rest).sort()) ===
      JSON.stringify(
        Object.entries(stored)
          .filter(([, v]) => v !== undefined)
          .sort(),
      );
    if (same) out[c.key] = "incoming";
  }
  return out;
}

/** True when the text's header row names the three columns (a transcripts CSV). */
export function looksLikeTranscriptsCsv(text: string): boolean {
  const first = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const columns = new Set(
    first.split(",").map((c) => c.trim().replace(/^"|"$/g, "").toLowerCase()),
  );
  return TRANSCRIPT_CSV_COLUMNS.every((c) => columns.has(c));
}

function stem(name: string): string {
  return name.replace(/\.[^./\\]+$/, "");
}

/** One transcript to import, with where it came from (for messages: "line 3", "clip c01"). */
export interface TranscriptRow {
  where: string;
  clip: string;
  annotator: string;
  transcript: string;
  role?: string;
  engine?: string;
}

/** The transcripts CSV as an interchange file of `study` (or every problem, by line). */
export function transcriptsCsvToFile(
  text: string,
  study: AnnotationFile,
  options: TranscriptImportOptions = {},
): ParseResult {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const errors: Problem[] = [];
  const fail = (line: number, message: string) => {
    errors.push({ path: `line ${line}`, message });
  };
  const fields = new Set(parsed.meta.fields ?? []);
  const missing = TRANSCRIPT_CSV_COLUMNS.filter((c) => !fields.has(c));
  if (missing.length > 0) {
    fail(
      1,
      `the header has no ${missing.map((c) => `"${c}"`).join(", ")} column (a transcripts CSV has clip,annotator,transcript)`,
    );
    return { ok: false, errors };
  }
  for (const e of parsed.errors) fail((e.row ?? 0) + 2, e.message);
  if (errors.length > 0) return { ok: false, errors };
  const rows: TranscriptRow[] = parsed.data.map((row, i) => ({
    where: `line ${i + 2}`,
    clip: row.clip ?? "",
    annotator: row.annotator ?? "",
    transcript: row.transcript ?? "",
    ...(row.role === undefined ? {} : { role: row.role }),
    ...(row.engine === undefined ? {} : { engine: row.engine }),
  }));
  return transcriptRowsToFile(rows, study, options);
}

/**
 * Transcripts as an interchange file of `study`: clips by id or file name, annotators added
 * with their role when new; every problem is reported, by the row's `where`.
 */
export function transcriptRowsToFile(
  rows: readonly TranscriptRow[],
  study: AnnotationFile,
  options: TranscriptImportOptions = {},
): ParseResult {
  const errors: Problem[] = [];
  const fail = (where: string, message: string) => {
    errors.push({ path: where, message });
  };
  if (options.role !== undefined && !ROLES.includes(options.role)) {
    return {
      ok: false,
      errors: [{ path: "", message: `unknown role "${options.role}" (${ROLES.join(", ")})` }],
    };
  }

  const byId = new Map(study.clips.map((c) => [c.id, c]));
  const byName = new Map<string, AnnotationFile["clips"][number][]>();
  for (const c of study.clips) {
    for (const key of new Set([c.name.toLowerCase(), stem(c.name).toLowerCase()])) {
      const list = byName.get(key) ?? [];
      list.push(c);
      byName.set(key, list);
    }
  }
  const known = new Map(study.annotators.map((a) => [a.id, a]));
  const added = new Map<string, Annotator>();
  const stored = new Map(study.submissions.map((s) => [`${s.clipId}\u0000${s.annotatorId}`, s]));
  const firstLine = new Map<string, string>();
  const submissions: Submission[] = [];
  const clipsUsed = new Set<string>();

  /** Reads one row; the problem with it, or null. */
  const readRow = (row: TranscriptRow): string | null => {
    const line = row.where;
    const clipName = row.clip.trim();
    const annotatorId = row.annotator.trim();
    const transcript = row.transcript;
    if (clipName === "") return "clip is empty";
    if (annotatorId === "") return "annotator is empty";
    let clip = byId.get(clipName);
    if (!clip) {
      const matches = byName.get(clipName.toLowerCase()) ?? [];
      if (matches.length > 1) {
        return `clip "${clipName}" matches ${matches.length} clips by file name (${matches
          .slice(0, 3)
          .map((c) => c.id)
          .join(", ")}): name it by its id`;
      }
      clip = matches[0];
    }
    if (!clip) return `clip "${clipName}" is not in the study (neither an id nor a file name)`;
    const problem = transcriptProblem(transcript);
    if (problem !== null) return `transcript ${problem}`;
    const rowRole = (row.role ?? "").trim();
    const role = options.role ?? (rowRole === "" ? undefined : (rowRole as Role));
    if (role !== undefined && !ROLES.includes(role)) {
      return `role "${rowRole}" is not one of ${ROLES.join(", ")}`;
    }
    const existing = known.get(annotatorId) ?? added.get(annotatorId);
    if (existing) {
      if (role !== undefined && existing.role !== role) {
        return `annotator "${annotatorId}" is ${existing.role} in the study, not ${role} (one id has one role)`;
      }
    } else if (role === undefined) {
      return `annotator "${annotatorId}" is not in the study (give a role to add new annotators: --role asr on the command line, or a role column)`;
    } else {
      const engine = options.engine ?? ((row.engine ?? "").trim() || undefined);
      added.set(annotatorId, {
        id: annotatorId,
        role,
        ...(role === "asr" && engine !== undefined ? { engine } : {}),
      });
    }
    const key = `${clip.id}\u0000${annotatorId}`;
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      return `a second transcript of clip "${clip.id}" by "${annotatorId}" (the first: ${earlier})`;
    }
    firstLine.set(key, line);
    clipsUsed.add(clip.id);
    // A submission already stored keeps its other fields (rating, times): only the transcript
    // is new, so a transcript never conflicts with what it does not change.
    submissions.push({ ...(stored.get(key) ?? { clipId: clip.id, annotatorId }), transcript });
    return null;
  };
  for (const row of rows) {
    const problem = readRow(row);
    if (problem !== null) fail(row.where, problem);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (submissions.length === 0) {
    return { ok: false, errors: [{ path: "", message: "has no transcripts (only a header)" }] };
  }
  const annotatorsUsed = new Set(submissions.map((s) => s.annotatorId));
  const file: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: study.study,
    taxonomy: study.taxonomy,
    clips: study.clips.filter((c) => clipsUsed.has(c.id)),
    annotators: [...study.annotators.filter((a) => annotatorsUsed.has(a.id)), ...added.values()],
    submissions,
    regions: [],
    reasonLabels: [],
  };
  return { ok: true, file, warnings: [] };
}
