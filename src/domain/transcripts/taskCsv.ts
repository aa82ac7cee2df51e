// Reading the crowd-transcription CSVs the `aggregate` and `wer` commands take: the VLDB 2021
// challenge's `task,output,performer` (crowd-kit's `task,text,worker` too) and `task,output`
// files of true or aggregated texts. RFC 4180 through papaparse (quoted fields may span lines);
// every problem names its line (the header is line 1) and the whole file is refused.
import Papa from "papaparse";

/** A physical line longer than this is refused (a CSV gone wrong, not a transcript). */
export const MAX_LINE_CHARS = 10_000;

export const TASK_COLUMN = "task";
/** The text column: the challenge's name, then crowd-kit's. */
export const TEXT_COLUMNS = ["output", "text"] as const;
/** The annotator column, as the outside tools name it: the challenge's name, then crowd-kit's. */
export const ANNOTATOR_COLUMNS = ["performer", "worker"] as const;

/** One recording's transcripts, in the order of the file's rows. */
export interface TaskResponses {
  task: string;
  texts: string[];
  /** The annotator of each text (empty when the file has no annotator column). */
  annotators: string[];
}

export type CsvResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const MAX_ERRORS = 20;

/**
 * Where each record starts (1-based line) and the first line over MAX_LINE_CHARS, in one pass
 * that follows RFC 4180's quotes as papaparse does (a quote opens a field only at its start).
 */
function scanLines(text: string): { starts: number[]; longLine?: number } {
  const starts: number[] = [1];
  let line = 1;
  let lineStart = 0;
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (i - lineStart > MAX_LINE_CHARS) return { starts, longLine: line };
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      line++;
      lineStart = i + 1;
      if (!quoted) {
        starts.push(line);
        fieldStart = true;
      }
      continue;
    }
    if (quoted) {
      if (c === 34) {
        if (text.charCodeAt(i + 1) === 34) i++;
        else quoted = false;
      }
    } else if (c === 34 && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else fieldStart = c === 44;
  }
  if (text.length - lineStart > MAX_LINE_CHARS) return { starts, longLine: line };
  return { starts };
}

export interface Table {
  header: string[];
  /** Each data record's first line (blank lines left out). */
  lines: number[];
  /** The data records' fields, record after record: record r's field c is `cells[r * header.length + c]`. */
  cells: string[];
}

/**
 * The table of a plain file in one pass, without papaparse: fields unquoted (no quote in them)
 * or quoted (`""` inside, the closing quote followed by a comma or the line's end), "\n" line
 * ends ("\r\n" only inside quotes, which is then papaparse's guess of "\n" too), every line within
 * MAX_LINE_CHARS, every record as many fields as the header. Anything else gives undefined, and papaparse reads the file, naming its problems (the same table for a file
 * both read).
 */
function plainTable(text: string): Table | undefined {
  const length = text.length;
  // The header's fields, then every record's in one array (no object or array per record).
  const cells: string[] = [];
  const lines: number[] = [];
  let width = -1;
  let recordStart = 0;
  let line = 1;
  let recordLine = 1;
  let lineStart = 0;
  let i = 0;
  const find = (c: string, from: number) => {
    const at = text.indexOf(c, from);
    return at < 0 ? length : at;
  };
  let nextComma = -1;
  let nextLine = -1;
  let nextQuote = -1;
  let nextReturn = -1;
  for (;;) {
    // One field from i.
    if (text.charCodeAt(i) === 34) {
      let value = "";
      let from = i + 1;
      let j = from;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return undefined;
        // Line breaks inside the quotes ("\n" or "\r\n", a lone "\r" is left to papaparse):
        // count the lines, check their lengths.
        for (let k = text.indexOf("\n", j); k >= 0 && k < q; k = text.indexOf("\n", k + 1)) {
          const end = text.charCodeAt(k - 1) === 13 ? k - 1 : k;
          if (end - lineStart > MAX_LINE_CHARS) return undefined;
          line++;
          lineStart = k + 1;
        }
        for (let k = text.indexOf("\r", j); k >= 0 && k < q; k = text.indexOf("\r", k + 1)) {
          if (text.charCodeAt(k + 1) !== 10) return undefined;
        }
        if (text.charCodeAt(q + 1) === 34) {
          value += text.slice(from, q + 1);
          from = q + 2;
          j = from;
          continue;
        }
        value += text.slice(from, q);
        i = q + 1;
        break;
      }
      cells.push(value);
    } else {
      // The field ends at the next comma or line end (found by indexOf, kept until passed); a
      // quote inside it is left to papaparse.
      if (nextComma < i) nextComma = find(",", i);
      if (nextLine < i) nextLine = find("\n", i);
      if (nextQuote < i) nextQuote = find('"', i);
      if (nextReturn < i) nextReturn = find("\r", i);
      const j = nextComma < nextLine ? nextComma : nextLine;
      if (nextQuote < j || nextReturn < j) return undefined;
      cells.push(text.slice(i, j));
      i = j;
    }
    const c = i < length ? text.charCodeAt(i) : -1;
    if (c === 44) {
      i++;
      continue;
    }
    if (c !== 10 && c !== -1) return undefined;
    if (i - lineStart > MAX_LINE_CHARS) return undefined;
    const fields = cells.length - recordStart;
    if (fields === 1 && cells[recordStart] === "") {
      // A blank line: left out, but not before the header.
      if (width < 0) return undefined;
      cells.pop();
    } else if (width < 0) {
      width = fields;
      recordStart = cells.length;
    } else {
      if (fields !== width) return undefined;
      lines.push(recordLine);
      recordStart = cells.length;
    }
    if (c === -1) break;
    i++;
    line++;
    lineStart = i;
    recordLine = line;
    if (i === length) break;
  }
  if (width < 0) return undefined;
  return { header: cells.slice(0, width).map((h) => h.trim()), lines, cells: cells.slice(width) };
}

/** The file's header and records; `plain: false` always reads through papaparse (for tests). */
export function readTable(raw: string, plain = true): CsvResult<Table> {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const table = plain ? plainTable(text) : undefined;
  if (table !== undefined) return { ok: true, value: table };
  const { starts, longLine } = scanLines(text);
  if (longLine !== undefined) {
    return {
      ok: false,
      errors: [
        `line ${longLine}: longer than ${MAX_LINE_CHARS.toLocaleString("en")} characters (not a transcription CSV?)`,
      ],
    };
  }
  const parsed = Papa.parse<string[]>(text, { header: false, delimiter: "," });
  const records = parsed.data;
  // papaparse and the scan count records alike; if they ever differ, say "record" not "line".
  const lineOf = (index: number) =>
    records.length <= starts.length ? `line ${starts[index] ?? index + 1}` : `record ${index + 1}`;
  const errors: string[] = [];
  for (const e of parsed.errors) {
    if (e.code === "UndetectableDelimiter") continue;
    errors.push(`${e.row === undefined ? "" : `${lineOf(e.row)}: `}${e.message}`);
  }
  const headerRecord = records[0];
  if (headerRecord === undefined || (headerRecord.length === 1 && headerRecord[0] === "")) {
    return {
      ok: false,
      errors: ["the file is empty (expected a header line such as task,output)"],
    };
  }
  const header = headerRecord.map((h) => h.trim());
  const lines: number[] = [];
  const cells: string[] = [];
  for (let r = 1; r < records.length; r++) {
    const fields = records[r] as string[];
    if (fields.length === 1 && fields[0] === "") continue; // a blank line
    if (fields.length !== header.length) {
      if (errors.length < MAX_ERRORS) {
        errors.push(
          `${lineOf(r)}: ${fields.length} field${fields.length === 1 ? "" : "s"} where the header has ${header.length} (a comma in an unquoted text?)`,
        );
      }
      continue;
    }
    lines.push(starts[r] ?? r + 1);
    for (const field of fields) cells.push(field);
  }
  if (errors.length > 0) return { ok: false, errors: capped(errors) };
  return { ok: true, value: { header, lines, cells } };
}

function capped(errors: string[]): string[] {
  return errors.length > MAX_ERRORS
    ? [...errors.slice(0, MAX_ERRORS), `… and ${errors.length - MAX_ERRORS} more problems`]
    : errors;
}

const quoteList = (names: readonly string[]) => names.map((n) => `"${n}"`).join(" or ");

function columns(
  header: readonly string[],
  needAnnotator: boolean,
): CsvResult<{ task: number; text: number; annotator: number }> {
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const i = header.indexOf(name);
      if (i >= 0) return i;
    }
    return -1;
  };
  const task = find([TASK_COLUMN]);
  const text = find(TEXT_COLUMNS);
  const annotator = find(ANNOTATOR_COLUMNS);
  const missing: string[] = [];
  if (task < 0) missing.push(`"${TASK_COLUMN}"`);
  if (text < 0) missing.push(quoteList(TEXT_COLUMNS));
  if (needAnnotator && annotator < 0) missing.push(quoteList(ANNOTATOR_COLUMNS));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: [
        `line 1: no ${missing.join(", no ")} column (the header has ${header.map((h) => JSON.stringify(h)).join(", ")})`,
      ],
    };
  }
  return { ok: true, value: { task, text, annotator } };
}

/**
 * A responses file: the transcripts grouped by task, tasks in the order of first appearance and
 * each task's transcripts in row order. An empty text is a transcript with no words.
 */
export function readResponsesCsv(
  text: string,
  options: { needAnnotator?: boolean } = {},
): CsvResult<TaskResponses[]> {
  const table = readTable(text);
  if (!table.ok) return table;
  const cols = columns(table.value.header, options.needAnnotator ?? false);
  if (!cols.ok) return cols;
  const { task, text: textCol, annotator } = cols.value;
  const { header, lines, cells } = table.value;
  const width = header.length;
  const byTask = new Map<string, TaskResponses>();
  const errors: string[] = [];
  for (let r = 0, at = 0; r < lines.length; r++, at += width) {
    const id = (cells[at + task] as string).trim();
    if (id === "") {
      errors.push(`line ${lines[r]}: the task is empty`);
      continue;
    }
    const annotatorId = annotator < 0 ? "" : (cells[at + annotator] as string).trim();
    if (annotator >= 0 && annotatorId === "") {
      errors.push(`line ${lines[r]}: the ${header[annotator]} is empty`);
      continue;
    }
    let entry = byTask.get(id);
    if (entry === undefined) {
      entry = { task: id, texts: [], annotators: [] };
      byTask.set(id, entry);
    }
    entry.texts.push(cells[at + textCol] as string);
    entry.annotators.push(annotatorId);
  }
  if (errors.length > 0) return { ok: false, errors: capped(errors) };
  return { ok: true, value: [...byTask.values()] };
}

/** A `task,output` file of one text per task (true texts, or an aggregation's output). */
export function readTextsCsv(text: string): CsvResult<Map<string, string>> {
  const table = readTable(text);
  if (!table.ok) return table;
  const cols = columns(table.value.header, false);
  if (!cols.ok) return cols;
  const out = new Map<string, string>();
  const firstLine = new Map<string, number>();
  const errors: string[] = [];
  const { header, lines, cells } = table.value;
  for (let r = 0, at = 0; r < lines.length; r++, at += header.length) {
    const line = lines[r] as number;
    const id = (cells[at + cols.value.task] as string).trim();
    if (id === "") {
      errors.push(`line ${line}: the task is empty`);
      continue;
    }
    const earlier = firstLine.get(id);
    if (earlier !== undefined) {
      errors.push(`line ${line}: task "${id}" again (first on line ${earlier})`);
      continue;
    }
    firstLine.set(id, line);
    out.set(id, cells[at + cols.value.text] as string);
  }
  if (errors.length > 0) return { ok: false, errors: capped(errors) };
  return { ok: true, value: out };
}

// A field papaparse writes as it is (no quote, comma, line break or byte order mark in it, no
// space at either end): an aggregation's words always are, and task ids almost always.
const PLAIN_FIELD = /^(?! )[^",\r\n\uFEFF]*(?<! )$/;

/** A `task,output` CSV (RFC 4180, quoted where needed), rows in the order given. */
export function toTextsCsv(rows: readonly { task: string; output: string }[]): string {
  // Plain fields joined directly: the same text papaparse writes for them, without its
  // per-field checks.
  if (
    rows.length > 0 &&
    rows.every((r) => PLAIN_FIELD.test(r.task) && PLAIN_FIELD.test(r.output))
  ) {
    let out = "task,output\n";
    for (const r of rows) out += `${r.task},${r.output}\n`;
    return out;
  }
  return `${Papa.unparse(
    { fields: ["task", "output"], data: rows.map((r) => [r.task, r.output]) },
    { newline: "\n" },
  )}\n`;
}
