// A comparison test's judgments as one CSV row each, for spreadsheets, pandas and R
// (docs/formats.md, "Judgments CSV"): which pair, its two sides and the items they show, who
// judged it, which side came first, the choice or the CCR score, plays of each side, time.
import Papa from "papaparse";
import type { AnnotationFile, Pair } from "../../interchange/types.ts";
import { NO_SYSTEM } from "../../stats/errorTypes.ts";
import { FORMULA_START } from "./writeSpans.ts";

export const JUDGMENT_COLUMNS = [
  "pair",
  "pretest",
  "clip",
  "a",
  "b",
  "item_a",
  "item_b",
  "annotator",
  "shown_first",
  "choice",
  "score",
  "plays_a",
  "plays_b",
  "heard_to_end",
  "seconds",
  "completed_at",
] as const;

type Row = Record<(typeof JUDGMENT_COLUMNS)[number], string | number>;

/** The items a pair's sides show: each clip's system, or the view pair's view names. */
function items(pair: Pair, systems: ReadonlyMap<string, string>): [string, string] {
  if (pair.clipId !== undefined) return [pair.a, pair.b];
  return [systems.get(pair.a) ?? NO_SYSTEM, systems.get(pair.b) ?? NO_SYSTEM];
}

/**
 * RFC 4180 CSV (CRLF, header row). One row per judgment, in the order of the pairs, then of the
 * annotators' ids. `a`/`b` are the pair's sides (clip ids, or a view pair's views, its clip in
 * `clip`); `item_a`/`item_b` what the statistics compare (the clips' systems, "(none)" without
 * one, or the views); `pretest` is true for the natural-pairs pre-test's pairs; `choice` ("a",
 * "b", "same") or `score` (−3 … 3, b against a) is filled, the other empty; empty cells where a
 * judgment does not say. Text cells that start like a formula are neutralized.
 */
export function toJudgmentCsv(file: AnnotationFile): string {
  const systems = new Map<string, string>();
  for (const c of file.clips) if (c.system !== undefined) systems.set(c.id, c.system);
  const pretest = new Set(file.study.qualification?.pairs ?? []);
  const byPair = new Map<string, NonNullable<AnnotationFile["judgments"]>>();
  for (const j of file.judgments ?? []) {
    const list = byPair.get(j.pairId) ?? [];
    list.push(j);
    byPair.set(j.pairId, list);
  }
  const rows: Row[] = [];
  for (const pair of file.pairs ?? []) {
    const [itemA, itemB] = items(pair, systems);
    const list = (byPair.get(pair.id) ?? [])
      .slice()
      .sort((x, y) => (x.annotatorId < y.annotatorId ? -1 : x.annotatorId > y.annotatorId ? 1 : 0));
    for (const j of list) {
      rows.push({
        pair: pair.id,
        pretest: pretest.has(pair.id) ? "true" : "false",
        clip: pair.clipId ?? "",
        a: pair.a,
        b: pair.b,
        item_a: itemA,
        item_b: itemB,
        annotator: j.annotatorId,
        shown_first: j.shownFirst ?? "",
        choice: j.choice ?? "",
        score: j.score ?? "",
        plays_a: j.playCounts?.[0] ?? "",
        plays_b: j.playCounts?.[1] ?? "",
        heard_to_end: j.heardToEnd === undefined ? "" : String(j.heardToEnd),
        seconds: j.seconds ?? "",
        completed_at: j.completedAt ?? "",
      });
    }
  }
  const body = Papa.unparse(
    {
      fields: [...JUDGMENT_COLUMNS],
      data: rows.map((row) => JUDGMENT_COLUMNS.map((c) => row[c])),
    },
    { newline: "\r\n", header: true, escapeFormulae: FORMULA_START },
  );
  return body.endsWith("\r\n") ? body : `${body}\r\n`;
}
