// The protocol report's blocks of a paired comparison (A/B preference or CCR / CMOS): the design
// as the listeners met it (scale, question, pairs, judgments per pair, the pre-test with its
// threshold and pass rate), then the preferences per pair of items and the Bradley–Terry
// strengths (docs/spec/statistics.md, "Paired comparisons").
import type { Report } from "../stats/report.ts";
import { median } from "../util/median.ts";
import { type Block, NOT_REPORTED, num, pText, type TaskTerms } from "./blocks.ts";
import type { ProtocolFacts } from "./facts.ts";

export const COMPARE_REPORT_TERMS: TaskTerms = {
  name: "judge pairs of clips (A/B preference or CCR / CMOS)",
  people: "listeners",
  responses: "Judgments",
  asked: "the comparison question",
};

const SCALES = {
  ab: "A/B preference: which of the two sounds more natural",
  ccr: "comparison category rating (ITU-T P.800 Annex E): the second against the first, −3 (much worse) to +3 (much better)",
} as const;

/** A comparison study's own blocks, after the shared ones. */
export function compareReportBlocks(f: ProtocolFacts, report: Report): Block[] {
  const design = f.comparison;
  const c = report.comparison;
  const q = c?.qualification ?? null;
  const perPair = c?.pairs.map((p) => p.judgments) ?? [];
  const blocks: Block[] = [
    {
      heading: "Paired comparison",
      items: [
        ["Scale", design ? SCALES[design.scale] : NOT_REPORTED],
        [
          "“No difference” offered",
          design === null || design.scale === "ccr" ? "—" : design.allowSame ? "yes" : "no",
        ],
        [
          "Question (verbatim)",
          design?.question ?? "the pages' default question in the study's language",
        ],
        ["Pairs judged (the pre-test's apart)", design ? String(design.pairs) : NOT_REPORTED],
        [
          "Judgments counted (pairs of two different items)",
          c
            ? `${c.judgments}${c.sameItem > 0 ? ` (${c.sameItem} more on pairs of one item)` : ""}`
            : "0",
        ],
        [
          "Judgments per pair of items",
          perPair.length === 0
            ? NOT_REPORTED
            : `median ${median(perPair)} (${Math.min(...perPair)}–${Math.max(...perPair)})`,
        ],
        [
          "Pre-test (natural against synthetic pairs)",
          q === null
            ? "none"
            : `${q.pairs} pairs, pass at accuracy ≥ ${q.passAccuracy}; ${q.passed} of ${q.participants} passed`,
        ],
      ],
    },
  ];
  if (c && c.pairs.length > 0) {
    blocks.push({
      heading: "Preferences per pair of items",
      table: {
        head: ["a − b", "Judgments", "a wins", "b wins", "Same", "Prefer a", "p (Holm)"],
        align: ["l", "r", "r", "r", "r", "r", "r"],
        rows: c.pairs.map((p) => [
          `${p.a} − ${p.b}`,
          String(p.judgments),
          String(p.aWins),
          String(p.bWins),
          String(p.same),
          num(p.preferA, 3),
          pText(p.pHolm),
        ]),
      },
      note: "Share preferring a over the judgments that preferred a side, Wilson interval; exact two-sided binomial test at one half with Holm's correction (docs/spec/statistics.md).",
    });
  }
  return blocks;
}
