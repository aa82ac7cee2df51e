// One row per marked span and reason, and one per finished clip with no span, for
// spreadsheets, pandas and R.
import Papa from "papaparse";
import type { AnnotationFile } from "../../interchange/types.ts";
import { transcriptionSettings } from "../../stats/intelligibility.ts";
import { errorCounts } from "../../transcripts/align.ts";
import { tokensOf } from "../../transcripts/normalise.ts";

export const CSV_COLUMNS = [
  "clip",
  "system",
  "sentence",
  "annotator",
  "start",
  "end",
  "reason",
  "labeller",
  "rating",
  "row",
  "transcript",
  "wer",
  "S",
  "D",
  "I",
] as const;

/** The `row` column: a span (with a reason, or without one yet), or a clip finished unmarked. */
export const ROW_SPAN = "span";
export const ROW_NO_SPAN = "no span";

type Row = Record<(typeof CSV_COLUMNS)[number], string | number>;

/**
 * A text cell a spreadsheet would run as a formula (OWASP "CSV injection"): one starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return. Such a cell is written with a `'` in front,
 * and quoted. Numbers (start, end) are never strings here, so they stay numbers. Papa's own
 * default pattern ends in `.*$`, which a cell with a line break in it slips past.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type TranscriptCells = Pick<Row, "transcript" | "wer" | "S" | "D" | "I">;
const NO_TRANSCRIPT: TranscriptCells = { transcript: "", wer: "", S: "", D: "", I: "" };

/** Each transcript's cells, by clip and annotator. */
function transcriptCells(file: AnnotationFile): Map<string, TranscriptCells> {
  const { unit } = transcriptionSettings(file);
  const refs = new Map(
    file.clips.map((c) => [c.id, c.text === undefined ? [] : tokensOf(c.text, unit)]),
  );
  const out = new Map<string, TranscriptCells>();
  for (const s of file.submissions) {
    if (typeof s.transcript !== "string") continue;
    const ref = refs.get(s.clipId) ?? [];
    const cells: TranscriptCells = { ...NO_TRANSCRIPT, transcript: s.transcript };
    if (ref.length > 0) {
      const c = errorCounts(ref, tokensOf(s.transcript, unit));
      Object.assign(cells, {
        wer: c.errors / c.refTokens,
        S: c.substitutions,
        D: c.deletions,
        I: c.insertions,
      });
    }
    out.set(`${s.clipId}\u0000${s.annotatorId}`, cells);
  }
  return out;
}

/**
 * RFC 4180 CSV (CRLF, header row, fields quoted only when needed). Rows: clips in study order;
 * within a clip, by annotator, then spans by start, end; a span's rows by labeller, then the
 * labeller's reasons in their order. A span no expert has labelled yet is one row with `reason`
 * and `labeller` empty. An annotator who finished a clip (a submission) without marking a span
 * gets one row with `row` = "no span" and start, end, reason and labeller empty, so "heard
 * nothing wrong" is not lost. `rating` is the annotator's rating of the clip (empty without
 * one). `clip` is the clip id; `start`/`end` are seconds as stored (numbers). Text cells that
 * start like a formula are neutralized (FORMULA_START). `rating` and `row` came after the other
 * columns, at the end, so readers by position keep working; so did `transcript` (what the
 * annotator typed they heard) and its `wer`, `S`, `D` and `I` against the clip's text, as the
 * report scores it (empty when the clip has no text with tokens).
 */
export function toSpanCsv(file: AnnotationFile): string {
  const labels = new Map<string, AnnotationFile["reasonLabels"]>();
  for (const l of file.reasonLabels) {
    const list = labels.get(l.regionId) ?? [];
    list.push(l);
    labels.set(l.regionId, list);
  }
  const clipOrder = new Map(file.clips.map((c, i) => [c.id, i]));
  const key = (clipId: string, annotatorId: string) => `${clipId}\u0000${annotatorId}`;
  const ratings = new Map<string, number | undefined>();
  for (const s of file.submissions) ratings.set(key(s.clipId, s.annotatorId), s.score);
  const transcripts = transcriptCells(file);
  const marked = new Set(file.regions.map((r) => key(r.clipId, r.annotatorId)));
  // Spans, and the clips finished without one (start -1: before any span).
  type Entry = { clipId: string; annotatorId: string; start: number; end: number; id: string };
  const entries: Entry[] = [
    ...file.regions,
    ...file.submissions
      .filter((s) => !marked.has(key(s.clipId, s.annotatorId)))
      .map((s) => ({ clipId: s.clipId, annotatorId: s.annotatorId, start: -1, end: -1, id: "" })),
  ].sort(
    (a, b) =>
      (clipOrder.get(a.clipId) ?? 0) - (clipOrder.get(b.clipId) ?? 0) ||
      byText(a.annotatorId, b.annotatorId) ||
      a.start - b.start ||
      a.end - b.end ||
      byText(a.id, b.id),
  );
  const clips = new Map(file.clips.map((c) => [c.id, c]));
  const rows: Row[] = [];
  for (const r of entries) {
    const clip = clips.get(r.clipId);
    const base = {
      clip: r.clipId,
      system: clip?.system ?? "",
      sentence: clip?.sentence ?? "",
      annotator: r.annotatorId,
      rating: ratings.get(key(r.clipId, r.annotatorId)) ?? "",
      ...(transcripts.get(key(r.clipId, r.annotatorId)) ?? NO_TRANSCRIPT),
    };
    if (r.start < 0) {
      rows.push({ ...base, start: "", end: "", reason: "", labeller: "", row: ROW_NO_SPAN });
      continue;
    }
    const span = { ...base, start: r.start, end: r.end, row: ROW_SPAN };
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
