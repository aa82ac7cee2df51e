// The protocol report (issue 9, item 5): the methods section of a listening test, written from
// the study and its data, every detail Chiang et al. (Interspeech 2023) found papers leave out.
// What the researcher has not given is said to be "not reported", never left out, and nothing
// is said that the study did not ask of its participants. Two steps: protocolFacts(file)
// (facts.ts) gathers what the report needs, protocolReport(facts, report, format) writes
// Markdown or LaTeX from the blocks every task shares (blocks.ts) and the task's own
// (taskReports.ts).

import type { Catalogue } from "../i18n/catalogue.ts";
import type { Report } from "../stats/report.ts";
import { type Block, sharedBlocks } from "./blocks.ts";
import type { ProtocolFacts } from "./facts.ts";
import { protocolChangesSection } from "./protocolChanges.ts";
import { TASK_REPORTS } from "./taskReports.ts";

export { type ProtocolFacts, protocolFacts, type Spread } from "./facts.ts";
export { PROTOCOL_KEYS, type ProtocolSettings, protocolOf } from "./protocolSettings.ts";

// ---------------------------------------------------------------------------------------------
// Writing it

export type ProtocolFormat = "markdown" | "latex";

/** Texts of the participants' pages a report quotes, from the catalogue of the study's language. */
export interface PageTexts {
  /** The consent page's default (facts.consentMessage's text), for a study without its own. */
  defaultConsent?: string;
}

/**
 * The page texts a report quotes, from the messages of the study's language as the participants'
 * pages have them (that language's catalogue over English).
 */
export function pageTextsFor(facts: ProtocolFacts, messages: Catalogue): PageTexts {
  return { defaultConsent: messages[facts.consentMessage] };
}

/** The report's blocks: those every task shares, then the study's task's own. */
function blocks(f: ProtocolFacts, report: Report, texts: PageTexts): Block[] {
  const task = TASK_REPORTS[f.task.task];
  const out = [...sharedBlocks(f, task.terms, texts.defaultConsent), ...task.blocks(f, report)];
  const changed = protocolChangesSection(f.protocolChanges ?? []);
  if (changed) out.push(changed);
  return out;
}

function markdown(f: ProtocolFacts, report: Report, texts: PageTexts): string {
  const out = [`# Protocol report: ${f.studyName}`, ""];
  out.push(
    'Written by RedPen Annotator from the study and its data. "not reported" marks a detail the study does not give; add it in the study\'s settings.',
    "",
  );
  const cell = (t: string) => t.replace(/\|/g, "\\|");
  for (const b of blocks(f, report, texts)) {
    out.push(`## ${b.heading}`, "");
    for (const [k, v] of b.items ?? []) out.push(`- **${k}:** ${v}`);
    if (b.quote) for (const line of b.quote) out.push(`> ${line}`, ">");
    if (b.quote) out.pop();
    if (b.table) {
      // A table right after a list would be read as part of its last item.
      if (b.items) out.push("");
      if (b.table.rows.length === 0) out.push("(none)");
      else {
        out.push(`| ${b.table.head.map(cell).join(" | ")} |`);
        out.push(`| ${b.table.align.map((x) => (x === "r" ? "---:" : "---")).join(" | ")} |`);
        for (const r of b.table.rows) out.push(`| ${r.map(cell).join(" | ")} |`);
      }
    }
    if (b.note) out.push("", b.note);
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** Escapes text for LaTeX. */
export function latexEscape(text: string): string {
  // One pass, so that what one replacement writes is not escaped again by another.
  const map: Record<string, string> = {
    "\\": "\\textbackslash{}",
    "&": "\\&",
    "%": "\\%",
    $: "\\$",
    "#": "\\#",
    _: "\\_",
    "{": "\\{",
    "}": "\\}",
    "~": "\\textasciitilde{}",
    "^": "\\textasciicircum{}",
    "−": "--",
    "–": "--",
    "÷": "$\\div$",
    "η²": "$\\eta^2$",
    α: "$\\alpha$",
    η: "$\\eta$",
    "²": "$^2$",
    "≥": "$\\geq$",
    "≤": "$\\leq$",
  };
  return text.replace(/η²|[\\&%$#_{}~^−–÷αη²≥≤]/g, (c) => map[c] ?? c);
}

function latex(f: ProtocolFacts, report: Report, texts: PageTexts): string {
  const e = latexEscape;
  const out = [
    `% Protocol report: ${f.studyName.replace(/\n/g, " ")} (written by RedPen Annotator; needs booktabs)`,
    `\\subsection*{Listening test protocol: ${e(f.studyName)}}`,
    "",
  ];
  for (const b of blocks(f, report, texts)) {
    out.push(`\\paragraph{${e(b.heading)}}`);
    if (b.items) {
      out.push("\\begin{itemize}");
      for (const [k, v] of b.items) out.push(`  \\item \\textbf{${e(k)}:} ${e(v)}`);
      out.push("\\end{itemize}");
    }
    if (b.quote) {
      out.push("\\begin{quote}");
      out.push(b.quote.map(e).join(" \\\\\n"));
      out.push("\\end{quote}");
    }
    if (b.table) {
      if (b.table.rows.length === 0) out.push("(none)");
      else {
        out.push(`\\begin{tabular}{${b.table.align.join("")}}`, "\\toprule");
        out.push(`${b.table.head.map(e).join(" & ")} \\\\`, "\\midrule");
        for (const r of b.table.rows) out.push(`${r.map(e).join(" & ")} \\\\`);
        out.push("\\bottomrule", "\\end{tabular}");
      }
    }
    if (b.note) out.push("", e(b.note));
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/**
 * The protocol report in Markdown or LaTeX; `texts`, the pages' own texts it quotes where the
 * study gives none (without them it says which default the pages showed).
 */
export function protocolReport(
  facts: ProtocolFacts,
  report: Report,
  format: ProtocolFormat,
  texts: PageTexts = {},
): string {
  return format === "latex" ? latex(facts, report, texts) : markdown(facts, report, texts);
}
