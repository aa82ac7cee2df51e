// One row per marked span and reason, for spreadsheets, pandas and R.
import Papa from "papaparse";
import type { AnnotationFile } from "../types.ts";

export const CSV_COLUMNS = [
  "clip",
  "system",
  "sentence",
  "annotator",
  "start",
  "end",
  "reason",
  "labeller",
] as const;

type Row = Record<(typeof CSV_COLUMNS)[number], string | number>;

/**
 * A text cell a spreadsheet would run as a formula (OWASP "CSV injection"): one starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return. Such a cell is written with a `'` in front,
 * and quoted. Numbers (start, end) are never strings here, so they stay numbers. Papa's own
 * default pattern ends in `.*$`, which a cell with a line break in it slips past.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * RFC 4180 CSV (CRLF, header row, fields quoted only when needed). Rows: clips in study order;
 * within a clip, spans by annotator, start, end; a span's rows by labeller, then the labeller's
 * reasons in their order. A span no expert has labelled yet is one row with `reason` and
 * `labeller` empty. `clip` is the clip id; `start`/`end` are seconds as stored (numbers). Text
 * cells that start like a formula are neutralized (FORMULA_START).
 */
export function toSpanCsv(file: AnnotationFile): string {
  const labels = new Map<string, AnnotationFile["reasonLabels"]>();
  for (const l of file.reasonLabels) {
    const list = labels.get(l.regionId) ?? [];
    list.push(l);
    labels.set(l.regionId, list);
  }
  const clipOrder = new Map(file.clips.map((c, i) => [c.id, i]));
  const regions = [...file.regions].sort(
    (a, b) =>
      (clipOrder.get(a.clipId) ?? 0) - (clipOrder.get(b.clipId) ?? 0) ||
      byText(a.annotatorId, b.annotatorId) ||
      a.start - b.start ||
      a.end - b.end ||
      byText(a.id, b.id),
  );
  const clips = new Map(file.clips.map((c) => [c.id, c]));
  const rows: Row[] = [];
  for (const r of regions) {
    const clip = clips.get(r.clipId);
    const span = {
      clip: r.clipId,
      system: clip?.system ?? "",
      sentence: clip?.sentence ?? "",
      annotator: r.annotatorId,
      start: r.start,
      end: r.end,
    };
    const own = [...(labels.get(r.id) ?? [])].sort((a, b) => byText(a.annotatorId, b.annotatorId));
    if (own.length === 0) rows.push({ ...span, reason: "", labeller: "" });
    for (const l of own) {
      for (const reason of l.reasons) rows.push({ ...span, reason, labeller: l.annotatorId });
    }
  }
  const body = Papa.unparse(
    { fields: [...CSV_COLUMNS], data: rows.map((row) => CSV_COLUMNS.map((c) => row[c])) },
    { newline: "\r\n", header: true, escapeFormulae: FORMULA_START },
  );
  // Papa ends a header-only table with a line break and a table with rows without one.
  return body.endsWith("\r\n") ? body : `${body}\r\n`;
}
