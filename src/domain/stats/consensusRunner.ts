// Who else may compute a report's consensus summary (analyze.ts), and the measure of its work a
// runner decides by. Kept apart from consensus.ts and free of its code (types only), so that a
// runner (the command line's second thread: src/cli/consensusThread.ts) loads none of the
// consensus's own code on the thread that runs the report, which has it already.

import type { ConsensusSummary, ConsensusTables, SummaryTables } from "./consensus.ts";

/**
 * Computes a report's consensus summary elsewhere, or declines. `start` receives the prepared
 * tables as soon as they are read and returns the function the report calls once its other
 * figures are done: the summary computed elsewhere, or null for one the runner did not compute
 * (the report then computes it itself, as it does without a runner). The figures are the same
 * whoever computes them.
 */
export interface ConsensusRunner {
  start: (tables: ConsensusTables, binUs: number) => () => ConsensusSummary | null;
}

/**
 * A measure of a consensus's work, for a runner: per clip the crowd marked, its crowd annotators
 * (by submission) times its runs of bins with the same votes, counted as at most its bins and at
 * most twice its crowd regions plus one (the votes change only where a region starts or ends).
 * The pattern table looks each run up, and the EM passes over the distinct patterns' votes twice
 * a round: a large crowd's marks make nearly every bin a pattern of its own, a few annotators'
 * repeat a few patterns, and a crowd that marked nothing has one pattern per set of annotators.
 */
export function crowdVotes(t: ConsensusTables | SummaryTables): number {
  const { regions, submissions, crowd, bins } = t;
  let votes = 0;
  for (let c = 0; c < bins.length; c++) {
    let marks = 0;
    const r1 = regions.offsets[c + 1] as number;
    for (let i = regions.offsets[c] as number; i < r1; i++) {
      marks += crowd[regions.annotator[regions.order[i] as number] as number] as number;
    }
    if (marks === 0) continue;
    let voters = 0;
    const s1 = submissions.offsets[c + 1] as number;
    for (let i = submissions.offsets[c] as number; i < s1; i++) {
      voters += crowd[submissions.annotator[submissions.order[i] as number] as number] as number;
    }
    votes += voters * Math.min(bins[c] as number, 2 * marks + 1);
  }
  return votes;
}
