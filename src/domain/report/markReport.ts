// The protocol report's blocks of a span-marking study (RedPen's task): the rating as it was
// offered (required or optional), the experts, the MOS when clips were rated, and the
// agreement on the marked spans with its relation to the clips' scores.
import type { Report } from "../stats/report.ts";
import { type Block, mosBlocks, num, pText, ratingBlocks, type TaskTerms } from "./blocks.ts";
import type { ProtocolFacts } from "./facts.ts";

export const MARK_REPORT_TERMS: TaskTerms = {
  name: "mark the spans that sound unnatural (and rate each clip)",
  people: "annotators",
  responses: "Annotations",
  asked: "the rating question",
};

/** A mark study's own blocks, after the shared ones. */
export function markReportBlocks(f: ProtocolFacts, report: Report): Block[] {
  const a = report.agreement;
  const c = report.correlation;
  const rated = Object.values(report.mos.bySystem).some((m) => m.n > 0);
  return [
    ...ratingBlocks(f, f.requireRating),
    {
      heading: "Experts",
      items: [["Experts labelling reasons", String(f.experts)]],
    },
    ...(rated ? mosBlocks(report) : []),
    {
      heading: "Agreement and correlation",
      items: [
        [`Mean pairwise Cohen's kappa (${report.binSeconds} s bins)`, num(a.meanPairwiseKappa, 3)],
        ["Krippendorff's alpha (nominal, bins)", num(a.krippendorffAlpha, 3)],
        [
          "Pearson r, score vs unnatural length",
          c.pearson === null
            ? "—"
            : `${num(c.pearson, 3)} (p = ${pText(c.p)}, 95% CI ${c.ci95 ? `[${num(c.ci95[0], 3)}, ${num(c.ci95[1], 3)}]` : "—"}, n = ${c.n})`,
        ],
        ["Spearman rho", num(c.spearman, 3)],
      ],
    },
  ];
}
