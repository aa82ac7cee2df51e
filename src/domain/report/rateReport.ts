// The protocol report's blocks of a rate-only study (a plain ACR / MOS test): the rating every
// clip required and its question verbatim, the MOS per system, the pairs and the ANOVAs.
import type { Report } from "../stats/report.ts";
import { type Block, mosBlocks, ratingBlocks, type TaskTerms } from "./blocks.ts";
import type { ProtocolFacts } from "./facts.ts";

export const RATE_REPORT_TERMS: TaskTerms = {
  name: "rate each clip (ACR / MOS)",
  people: "raters",
  responses: "Ratings",
  asked: "the rating question",
};

/** A rate study's own blocks, after the shared ones: a rating is required to finish a clip. */
export function rateReportBlocks(f: ProtocolFacts, report: Report): Block[] {
  return [...ratingBlocks(f, true), ...mosBlocks(report)];
}
