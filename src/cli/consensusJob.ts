// The second thread's side of a crowd's consensus (consensusThread.ts has this side's runner and
// the job's states). Loaded by the second thread only when it is sent a consensus: it carries
// the consensus's code, which neither the report's thread (it has its own) nor a thread computing
// only the stimuli curve needs.

import { summaryFromTables } from "../domain/stats/consensus.ts";
import { type ConsensusJob, FAILED, PENDING, SENT, TAKEN } from "./consensusThread.ts";

/**
 * Computes the job's summary, unless the report's thread has already taken the job back, and
 * sends it on the job's port before its state says so.
 */
export function runConsensusJob(job: ConsensusJob): void {
  const state = new Int32Array(job.state);
  if (Atomics.compareExchange(state, 0, PENDING, TAKEN) !== PENDING) return;
  let outcome = SENT;
  try {
    job.port.postMessage(summaryFromTables(job.tables, job.binUs));
  } catch {
    outcome = FAILED;
  }
  Atomics.store(state, 0, outcome);
  Atomics.notify(state, 0);
}
