// The protocol report's blocks of a transcription study (an intelligibility test, SUS, as
// Taylor & Richmond report one): what listeners were asked and how their transcripts were
// scored, then WER per system, and only the analyses the data gave: the pairs, the groups of
// systems not told apart, WER by listener group and the ANOVAs. No rating: none was asked.
import type { Report } from "../stats/report.ts";
import { anovaBlock, type Block, NOT_REPORTED, pText, type TaskTerms } from "./blocks.ts";
import type { ProtocolFacts } from "./facts.ts";

export const TRANSCRIBE_REPORT_TERMS: TaskTerms = {
  name: "transcribe what was heard (intelligibility, SUS)",
  people: "listeners",
  responses: "Transcripts",
  asked: "the transcription prompt",
};

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** A transcription study's own blocks, after the shared ones. */
export function transcribeReportBlocks(f: ProtocolFacts, report: Report): Block[] {
  const t = f.task;
  const it = report.intelligibility;
  const unit = it?.unit ?? t.unit;
  const out: Block[] = [
    {
      heading: "Transcription",
      items: [
        [
          "Prompt on screen",
          f.ownQuestion === null
            ? `the pages' own prompt in the test's language (English: “What did you hear?”), a text box with spell check, autocorrect and autocomplete off`
            : `“${f.ownQuestion}” (worded by the researchers), a text box with spell check, autocorrect and autocomplete off`,
        ],
        ["Finishing a clip", "only after it was heard to its end"],
        [
          "Unit and normalisation",
          `${unit === "word" ? "words (space-separated)" : "characters (code points, spaces left out)"}; Unicode NFC, lower case, ’ and ʼ as ', every character other than a letter, mark, number or ' as a space`,
        ],
        [
          "Transcripts scored",
          it
            ? `${it.scored} (${it.unscored} not scored: no text with tokens)`
            : "none (no clip text)",
        ],
        [
          "Recognisers (role asr, never counted as listeners)",
          t.recognisers.length === 0
            ? "none"
            : t.recognisers.map((r) => (r.engine ? `${r.id} (${r.engine})` : r.id)).join(", "),
        ],
      ],
    },
  ];
  if (!it) return out;
  out.push({
    heading: "WER per system",
    table: {
      head: ["System", "Stimuli", "Listeners", "Transcripts", "WER", "95% CI (bootstrap)"],
      align: ["l", "r", "r", "r", "r", "r"],
      rows: Object.entries(it.bySystem).map(([name, s]) => [
        name,
        String(s.stimuli),
        String(s.listeners),
        String(s.transcripts),
        pct(s.wer),
        `[${pct(s.ci95[0])}, ${pct(s.ci95[1])}]`,
      ]),
    },
    note: "WER pooled per system (errors over reference tokens, as sclite's Err); 95% interval by the bootstrap over stimuli (docs/spec/statistics.md).",
  });
  if (it.pairs.length > 0) {
    out.push({
      heading: "Pairwise differences (WER)",
      table: {
        head: ["a − b", "Stimuli", "Mean diff. (WER)", "p", "p (Holm)", `Differ at α = ${t.alpha}`],
        align: ["l", "r", "r", "r", "r", "l"],
        rows: it.pairs.map((p) => [
          `${p.a} − ${p.b}`,
          String(p.stimuli),
          p.meanDiff === null ? "—" : `${(100 * p.meanDiff).toFixed(1)} points`,
          pText(p.p),
          pText(p.pHolm),
          p.significant ? "yes" : "no",
        ]),
      },
      note: "Wilcoxon signed-rank test on per-stimulus WER, two-sided; Holm's correction over all tested pairs.",
    });
  }
  if (it.groups.length > 0) {
    out.push({
      heading: "Systems that cannot be told apart",
      items: it.groups.map((g, i) => [`Group ${i + 1}`, g.join(", ")]),
      note: `Each group is a run of systems, in order of WER, in which no pair differs at α = ${t.alpha} (Holm).`,
    });
  }
  const byGroup = it.byListenerGroup;
  if (byGroup && Object.keys(byGroup).length > 0) {
    out.push({
      heading: `WER by listener group (${t.groupBy ?? NOT_REPORTED})`,
      table: {
        head: ["Group", "System", "Transcripts", "WER"],
        align: ["l", "l", "r", "r"],
        rows: Object.entries(byGroup).flatMap(([group, per]) =>
          Object.entries(per).map(([system, c]) => [
            group,
            system,
            String(c.transcripts),
            pct(c.wer),
          ]),
        ),
      },
    });
  }
  const anova = anovaBlock("Two-factor ANOVAs of the transcripts' WER", it.anova);
  if (anova) out.push(anova);
  return out;
}
