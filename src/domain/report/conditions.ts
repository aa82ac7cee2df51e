// The comparison of conditions (domain/stats/conditions.ts) as people read it: a text table and a
// LaTeX table laid out as Chiang et al.'s Tables 1–4 (systems down, conditions across, the MOS
// with the 95 % interval's half width as a subscript, best, runner-up and worst marked, raters and
// minutes per rater below), the rank changes and the significant differences in words, and a CSV
// for data frames. `compare` prints them, and the Compare screen shows and downloads them.
import Papa from "papaparse";
import { FORMULA_START } from "../formats/csv/writeSpans.ts";
import type {
  ConditionComparison,
  ConditionDifference,
  ConditionsSystem,
} from "../stats/conditions.ts";
import { CONDITIONS_ALPHA } from "../stats/conditions.ts";
import { fixed, NULL_MARK } from "../util/fixed.ts";
import { latexEscape } from "./protocol.ts";

/** Where a system stands in a condition: the paper's marks. */
export type Place = "best" | "runner-up" | "worst" | null;

/**
 * The mark of `rank` among ranks whose greatest is `last`: 1 is best; the greatest (when above 1)
 * is worst; 2 is the runner-up unless it is also the worst. Null for the others and unrated.
 */
export function placeOf(rank: number | null, last: number): Place {
  if (rank === null) return null;
  if (rank === 1) return "best";
  if (rank === last) return "worst";
  if (rank === 2) return "runner-up";
  return null;
}

/** The greatest rank in each condition (its worst system's). */
export function lastRanks(result: ConditionComparison): number[] {
  return result.conditions.map((_, c) =>
    Math.max(1, ...result.systems.map((s) => s.byCondition[c]?.rank ?? 1)),
  );
}

const ORDINALS = [
  "best",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];

/** "best", "second", … "tenth", then "11th", "12th", "21st" … */
export function ordinal(rank: number): string {
  const word = ORDINALS[rank - 1];
  return word ?? shortOrdinal(rank);
}

/** "1st", "2nd", "3rd", "11th", "22nd" … */
export function shortOrdinal(rank: number): string {
  const teen = rank % 100 >= 11 && rank % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[rank % 10] ?? "th");
  return `${rank}${suffix}`;
}

/** 'A', 'A' and 'B', 'A', 'B' and 'C'. */
function listed(labels: readonly string[]): string {
  const quoted = labels.map((l) => `'${l}'`);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
}

/**
 * One sentence per system whose rank is not the same under every condition that rated it:
 * "VITS is best under 'Pass test' and third under 'None'." Shared ranks say "(shared)".
 */
export function rankChanges(result: ConditionComparison): string[] {
  const labels = result.conditions.map((c) => c.label);
  const out: string[] = [];
  for (const s of result.systems) {
    const byRank = new Map<number, string[]>();
    s.byCondition.forEach((cell, c) => {
      if (cell.rank === null) return;
      const list = byRank.get(cell.rank) ?? [];
      list.push(labels[c] as string);
      byRank.set(cell.rank, list);
    });
    if (byRank.size < 2) continue;
    const parts = [...byRank.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([rank, under]) => {
        const shared = s.byCondition.some(
          (cell, c) =>
            cell.rank === rank &&
            under.includes(labels[c] as string) &&
            result.systems.some((o) => o !== s && o.byCondition[c]?.rank === rank),
        );
        return `${ordinal(rank)}${shared ? " (shared)" : ""} under ${listed(under)}`;
      });
    // "A and B" unless a part lists several conditions itself: then "A, and B".
    const comma = parts.length > 2 || parts.some((p) => p.includes("' and '")) ? "," : "";
    const joined = `${parts.slice(0, -1).join(", ")}${comma} and ${parts[parts.length - 1]}`;
    out.push(`${s.system} is ${joined}.`);
  }
  return out;
}

/**
 * Per system (code-unit order): the pairs of conditions that differ significantly after Holm, or
 * "no pair of conditions differs significantly for X." (only systems rated in two conditions).
 */
export function differenceSentences(result: ConditionComparison): string[] {
  const bySystem = new Map<string, ConditionDifference[]>();
  for (const d of result.differences) {
    const list = bySystem.get(d.system) ?? [];
    list.push(d);
    bySystem.set(d.system, list);
  }
  const out: string[] = [];
  for (const [system, list] of bySystem) {
    const significant = list.filter((d) => d.significant);
    if (significant.length === 0) {
      out.push(`No pair of conditions differs significantly for ${system}.`);
      continue;
    }
    const pairs = significant.map((d) => {
      const [higher, lower] = higherFirst(result, system, d);
      return `'${higher}' above '${lower}' (Holm p = ${pText(d.pHolm)})`;
    });
    out.push(`${system} differs significantly between conditions: ${pairs.join("; ")}.`);
  }
  return out;
}

/** The pair's two labels, the one with the greater mean for `system` first. */
function higherFirst(
  result: ConditionComparison,
  system: string,
  d: ConditionDifference,
): [string, string] {
  const s = result.systems.find((x) => x.system === system) as ConditionsSystem;
  const mean = (label: string) =>
    s.byCondition[result.conditions.findIndex((c) => c.label === label)]?.mean ?? 0;
  return mean(d.a) >= mean(d.b) ? [d.a, d.b] : [d.b, d.a];
}

/** A p-value: 3 significant digits, in exponent form below 0.001. */
export function pText(p: number | null): string {
  if (p === null) return NULL_MARK;
  if (p === 0) return "0";
  return p < 0.001 ? p.toExponential(2) : p.toPrecision(3);
}

/** Lines of an aligned table (the first column left, the others right). */
function aligned(rows: readonly (readonly string[])[]): string[] {
  const widths = (rows[0] ?? []).map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const rule = widths.map((w) => "-".repeat(w));
  return [rows[0] ?? [], rule, ...rows.slice(1)].map((r) =>
    `  ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join("  ")}`.trimEnd(),
  );
}

/** A cell of the text table: "4.50 ± 0.21 best", "3.00 worst", "2.67 ± 1.43 3rd", "—". */
function textCell(s: ConditionsSystem, c: number, last: number): string {
  const cell = s.byCondition[c];
  if (cell === undefined || cell.mean === null) return NULL_MARK;
  const half = cell.ci95HalfWidth === null ? "" : ` ± ${fixed(cell.ci95HalfWidth, 2)}`;
  const place = placeOf(cell.rank, last);
  return `${fixed(cell.mean, 2)}${half} ${place ?? shortOrdinal(cell.rank as number)}`;
}

/** The readable text `compare` prints. */
export function conditionsText(result: ConditionComparison): string {
  const labels = result.conditions.map((c) => c.label);
  const last = lastRanks(result);
  const lines = [
    `Comparing ${labels.length} conditions (MOS, mean ± half width of the 95 % t interval, place among the condition's systems)`,
    "",
    ...aligned([
      ["System", ...labels],
      ...result.systems.map((s) => [
        s.system,
        ...labels.map((_, c) => textCell(s, c, last[c] ?? 1)),
      ]),
      ["", ...labels.map(() => "")],
      ["Raters", ...result.conditions.map((c) => String(c.raters))],
      ["Ratings", ...result.conditions.map((c) => String(c.ratings))],
      ["Minutes per rater", ...result.conditions.map((c) => fixed(c.minutesPerRater, 1))],
    ]),
    "",
    "Rankings (Kendall's tau-b between the conditions' MOS)",
    ...aligned([
      ["Condition", "Condition", "Systems", "tau-b"],
      ...result.rankings.map((r) => [r.a, r.b, String(r.systems), fixed(r.kendallTau, 3)]),
    ]),
    "",
    "Rank changes",
  ];
  const changes = rankChanges(result);
  lines.push(
    ...(changes.length > 0
      ? changes.map((l) => `  ${l}`)
      : ["  Every system has the same place under every condition that rated it."]),
  );
  lines.push(
    "",
    `Differences between conditions (Mann–Whitney on the ratings, Holm-adjusted, significant below ${CONDITIONS_ALPHA})`,
  );
  if (result.differences.length === 0) lines.push("  (no system is rated in two conditions)");
  else {
    lines.push(
      ...aligned([
        ["System", "Condition", "Condition", "U", "p", "p (Holm)", "Significant"],
        ...result.differences.map((d) => [
          d.system,
          d.a,
          d.b,
          String(d.u),
          pText(d.p),
          pText(d.pHolm),
          d.significant ? "yes" : "no",
        ]),
      ]),
      "",
      ...differenceSentences(result).map((l) => `  ${l}`),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** A LaTeX cell: `$\mathbf{4.50}_{\pm 0.21}$` for the best, underlined runner-up, italic worst. */
function latexCell(s: ConditionsSystem, c: number, last: number): string {
  const cell = s.byCondition[c];
  if (cell === undefined || cell.mean === null) return "--";
  const place = placeOf(cell.rank, last);
  const mean = fixed(cell.mean, 2);
  const value =
    place === "best" ? `\\mathbf{${mean}}` : place === "worst" ? `\\mathit{${mean}}` : mean;
  const half = cell.ci95HalfWidth === null ? "" : `_{\\pm ${fixed(cell.ci95HalfWidth, 2)}}`;
  const math = `$${value}${half}$`;
  return place === "runner-up" ? `\\underline{${math}}` : math;
}

/** The LaTeX table (booktabs), laid out as Chiang et al.'s. */
export function conditionsLatex(result: ConditionComparison): string {
  const e = latexEscape;
  const last = lastRanks(result);
  const n = result.conditions.length;
  const row = (cells: readonly string[]) => `${cells.join(" & ")} \\\\`;
  return `${[
    "% Comparing conditions (written by RedPen Annotator; needs booktabs)",
    "\\begin{table}[t]",
    "\\centering",
    "\\caption{MOS per condition with the 95\\,\\% $t$ interval's half width as a subscript; best in bold, runner-up underlined, worst in italics.}",
    `\\begin{tabular}{l${"c".repeat(n)}}`,
    "\\toprule",
    row(["System", ...result.conditions.map((c) => e(c.label))]),
    "\\midrule",
    ...result.systems.map((s) =>
      row([e(s.system), ...result.conditions.map((_, c) => latexCell(s, c, last[c] ?? 1))]),
    ),
    "\\midrule",
    row(["Raters", ...result.conditions.map((c) => String(c.raters))]),
    row([
      "Minutes per rater",
      ...result.conditions.map((c) =>
        c.minutesPerRater === null ? "--" : fixed(c.minutesPerRater, 1),
      ),
    ]),
    "\\bottomrule",
    "\\end{tabular}",
    "\\end{table}",
  ].join("\n")}\n`;
}

export const CONDITIONS_CSV_COLUMNS = [
  "condition",
  "system",
  "n",
  "mean",
  "ci95_half_width",
  "rank",
  "condition_raters",
  "condition_ratings",
  "minutes_per_rater",
] as const;

/** RFC 4180 CSV: one row per condition and system (empty cells where undefined). */
export function conditionsCsv(result: ConditionComparison): string {
  const rows: (string | number)[][] = [];
  result.conditions.forEach((c, i) => {
    for (const s of result.systems) {
      const cell = s.byCondition[i];
      if (cell === undefined) continue;
      rows.push([
        c.label,
        s.system,
        cell.n,
        cell.mean ?? "",
        cell.ci95HalfWidth ?? "",
        cell.rank ?? "",
        c.raters,
        c.ratings,
        c.minutesPerRater ?? "",
      ]);
    }
  });
  const body = Papa.unparse(
    { fields: [...CONDITIONS_CSV_COLUMNS], data: rows },
    { newline: "\r\n", header: true, escapeFormulae: FORMULA_START },
  );
  return body.endsWith("\r\n") ? body : `${body}\r\n`;
}

/** What `compare --json` prints, and the Compare screen's JSON download: the same bytes. */
export function conditionsJson(result: ConditionComparison): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
