// The optional CSV of clip metadata for a new study: columns name, system, sentence, score,
// isReference, text (header row required; only `name` is required; other columns are ignored).
// Rows are numbered as in a spreadsheet: the header is row 1, the first clip row is row 2.
import Papa from "papaparse";
import { MAX_CLIP_TEXT_LENGTH } from "../interchange/limits.ts";
import type { Clip } from "../interchange/types.ts";

export type ClipMeta = Pick<Clip, "system" | "sentence" | "score" | "isReference" | "text">;

export interface CsvClipRow {
  /** Spreadsheet row number (header = 1). */
  row: number;
  name: string;
  meta: ClipMeta;
}

export interface ClipCsv {
  rows: CsvClipRow[];
  /** Problems that make the CSV unusable as it is, each naming its row. */
  errors: string[];
}

export const CSV_COLUMNS = ["name", "system", "sentence", "score", "isReference", "text"] as const;

const TRUE = new Set(["true", "yes", "1", "y"]);
const FALSE = new Set(["false", "no", "0", "n"]);

/** Parses the clip-metadata CSV; bad values are reported per row, never guessed. */
export function parseClipCsv(text: string): ClipCsv {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim(),
  });
  const errors: string[] = [];
  const fields = parsed.meta.fields ?? [];
  // Column names are matched case-insensitively ("IsReference", "Name" work too).
  const column = new Map(fields.map((f) => [f.toLowerCase(), f]));
  if (!column.has("name")) {
    return {
      rows: [],
      errors: [`row 1: the header has no "name" column (columns: ${CSV_COLUMNS.join(", ")})`],
    };
  }
  for (const e of parsed.errors) {
    errors.push(e.row === undefined ? e.message : `row ${e.row + 2}: ${e.message}`);
  }
  const get = (r: Record<string, string | undefined>, key: string) => {
    const f = column.get(key.toLowerCase());
    return f === undefined ? "" : (r[f] ?? "").trim();
  };
  const rows: CsvClipRow[] = [];
  const firstRow = new Map<string, number>();
  parsed.data.forEach((r, i) => {
    const row = i + 2;
    const name = get(r, "name");
    if (name === "") {
      errors.push(`row ${row}: name is empty`);
      return;
    }
    const earlier = firstRow.get(name);
    if (earlier !== undefined) {
      errors.push(`row ${row}: "${name}" is already described in row ${earlier}`);
      return;
    }
    firstRow.set(name, row);
    const meta: ClipMeta = {};
    const system = get(r, "system");
    const sentence = get(r, "sentence");
    if (system) meta.system = system;
    if (sentence) meta.sentence = sentence;
    const score = get(r, "score");
    if (score !== "") {
      const n = Number(score);
      if (Number.isFinite(n)) meta.score = n;
      else errors.push(`row ${row}: score "${score}" is not a number`);
    }
    const ref = get(r, "isReference").toLowerCase();
    if (ref !== "") {
      if (TRUE.has(ref)) meta.isReference = true;
      else if (FALSE.has(ref)) meta.isReference = false;
      else errors.push(`row ${row}: isReference "${ref}" is not true/false (or yes/no, 1/0)`);
    }
    const text = get(r, "text");
    if (text.length > MAX_CLIP_TEXT_LENGTH) {
      errors.push(
        `row ${row}: text is ${text.length} characters long (at most ${MAX_CLIP_TEXT_LENGTH})`,
      );
    } else if (text !== "") meta.text = text;
    rows.push({ row, name, meta });
  });
  return { rows, errors };
}

function stem(name: string): string {
  return name.replace(/\.[^./\\]+$/, "");
}

export interface CsvMatch {
  /** Metadata per audio file name. */
  byFile: Map<string, ClipMeta>;
  /** Rows that describe no given audio file, e.g. `row 4: "s09.wav" matches no audio file`. */
  unmatched: string[];
}

/**
 * Matches CSV rows to audio file names: the exact file name first, then the name without
 * its extension ("s01_human" describes "s01_human.wav"), ignoring letter case.
 */
export function matchClipCsv(rows: readonly CsvClipRow[], fileNames: readonly string[]): CsvMatch {
  const byFile = new Map<string, ClipMeta>();
  const exact = new Map(fileNames.map((f) => [f.toLowerCase(), f]));
  const byStem = new Map<string, string>();
  for (const f of fileNames) {
    const key = stem(f).toLowerCase();
    if (!byStem.has(key)) byStem.set(key, f);
  }
  const unmatched: string[] = [];
  for (const r of rows) {
    const key = r.name.toLowerCase();
    const file = exact.get(key) ?? byStem.get(stem(key)) ?? byStem.get(key);
    if (file === undefined || byFile.has(file)) {
      unmatched.push(`row ${r.row}: "${r.name}" matches no audio file`);
      continue;
    }
    byFile.set(file, r.meta);
  }
  return { byFile, unmatched };
}

/** A clip id from a file name: the name without extension; "-2", "-3"… when already taken. */
export function clipIdFor(fileName: string, taken: Set<string>): string {
  const base = stem(fileName).trim() || "clip";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}
