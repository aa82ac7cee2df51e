// A crowd's consensus on the command line's second thread: this thread's side (the
// runner), and the job it sends. The report hands the consensus to its ConsensusRunner as soon
// as the study's records are read, before the intelligibility and the pass over the clips; this
// runner sends a crowd with enough votes on marked clips (crowdVotes, MIN_VOTES) to a second
// thread, and a smaller one to the thread the command started early for a large file, if there is
// one. The thread computes the summary (the Dawid–Skene EM over the vote patterns:
// consensusJob.ts) while this thread does the rest of the report, then sends it back on a
// MessagePort. The thread
// computes it with the same function as the report (consensusFromTables), so the figures are the
// same on one thread or two.
//
// The tables go over on shared memory: each typed array copied once into a SharedArrayBuffer,
// which the message shares rather than clones; the clips' records, which the summary does not
// read, stay here. The report stays one synchronous computation: when it asks for the summary,
// a job the thread has not taken yet (it has not started, or could not) is taken back with one
// atomic exchange and the report computes it itself, so a missing thread costs nothing but time;
// a job the thread is on is waited for with Atomics.wait, and its summary read with
// receiveMessageOnPort. This module loads none of the consensus's code (the report has it; the
// second thread loads consensusJob.ts only when it is sent a consensus).

import { MessageChannel, type MessagePort, receiveMessageOnPort } from "node:worker_threads";
import type {
  ConsensusSummary,
  ConsensusTables,
  SummaryTables,
} from "../domain/stats/consensus.ts";
import { type ConsensusRunner, crowdVotes } from "../domain/stats/consensusRunner.ts";

/** A consensus for the second thread. */
export interface ConsensusJob {
  /** Every typed array on shared memory. */
  tables: SummaryTables;
  binUs: number;
  /** Int32: [state] (PENDING, TAKEN, SENT, FAILED or HERE). */
  state: SharedArrayBuffer;
  /** Where the second thread sends the summary (transferred to it). */
  port: MessagePort;
}

/** The job's states (ConsensusJob.state). Waiting for a thread: */
export const PENDING = 0;
/** The second thread is computing it. */
export const TAKEN = 1;
/** Its summary is on the port. */
export const SENT = 2;
/** The second thread failed: left to the report. */
export const FAILED = 3;
/** Taken back before the second thread took it: left to the report. */
const HERE = 4;

/**
 * Below this many crowd votes on marked clips (crowdVotes) the consensus is left to the report,
 * and no thread is started for it: a crowd's consensus of this many votes takes several times
 * the CPU that starting a thread and loading its code does (docs/benchmarks-cli.md, "Fourteenth
 * round"); a smaller one is not worth a thread of its own.
 */
export const MIN_VOTES = 1_000_000;

/** A copy of `array` on shared memory (a message then shares it instead of copying it). */
function shared<T extends Int32Array | Float64Array | Uint8Array>(array: T): T {
  const make = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const copy = new make(new SharedArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

/** The tables as the second thread receives them: the typed arrays shared, the records left out. */
function sharedTables(t: ConsensusTables): SummaryTables {
  const { regions: r, submissions: s } = t;
  return {
    clipCount: t.clips.length,
    annotatorIds: t.annotatorIds,
    crowd: shared(t.crowd),
    durUs: shared(t.durUs),
    bins: shared(t.bins),
    regions: {
      clip: shared(r.clip),
      annotator: shared(r.annotator),
      start: shared(r.start),
      end: shared(r.end),
      offsets: shared(r.offsets),
      order: shared(r.order),
    },
    submissions: {
      annotator: shared(s.annotator),
      scoreSum: shared(s.scoreSum),
      scoreCount: shared(s.scoreCount),
      offsets: shared(s.offsets),
      order: shared(s.order),
    },
  };
}

/**
 * Hands a job to a second thread (curveThreads.ts: the one started early, or a new one unless
 * `onlyIfStarted`), the port in its transfer list; what lets go of the thread once the job is
 * done, or null when no thread took it.
 */
export type HandToThread = (
  job: ConsensusJob,
  transfer: MessagePort[],
  onlyIfStarted: boolean,
) => (() => void) | null;

/** Whether a crowd annotator submitted anything (else the consensus has no clip). */
function hasCrowdSubmission(t: ConsensusTables): boolean {
  const { annotator } = t.submissions;
  for (let i = 0; i < annotator.length; i++) {
    if (t.crowd[annotator[i] as number] === 1) return true;
  }
  return false;
}

/** Where a run's summary was computed (for tests and measurements). */
export type ConsensusWhere = "here" | "second thread";

/**
 * The command line's consensus runner: a large crowd's consensus on a second thread (`hand`),
 * a smaller one on the thread started early if there is one, any other left to the report. `observe` is told where each summary was computed.
 */
export function threadedConsensusRunner(
  hand: HandToThread,
  observe?: (where: ConsensusWhere) => void,
): ConsensusRunner {
  return {
    start: (tables, binUs) => {
      /** Left to the report, which computes it itself. */
      const here = () => {
        observe?.("here");
        return null;
      };
      // A large consensus goes to a second thread, started for it if need be; a smaller one only
      // to the thread the command started early, which has nothing else to do until the first
      // system's transcripts are scored.
      const large = crowdVotes(tables) >= MIN_VOTES;
      if (!large && !hasCrowdSubmission(tables)) return here;
      const channel = new MessageChannel();
      const job: ConsensusJob = {
        tables: sharedTables(tables),
        binUs,
        state: new SharedArrayBuffer(4),
        port: channel.port2,
      };
      const release = hand(job, [channel.port2], !large);
      if (release === null) {
        channel.port1.close();
        return here;
      }
      const state = new Int32Array(job.state);
      const takeSummary = (): ConsensusSummary | null => {
        let summary: ConsensusSummary | undefined;
        // A job still pending (the thread has not come to it, or never started) is taken back
        // and left to the report; one the thread has taken is waited for, and its summary read.
        if (Atomics.compareExchange(state, 0, PENDING, HERE) !== PENDING) {
          while (Atomics.load(state, 0) === TAKEN) Atomics.wait(state, 0, TAKEN);
          const sent = receiveMessageOnPort(channel.port1);
          if (Atomics.load(state, 0) === SENT && sent !== undefined) {
            summary = sent.message as ConsensusSummary;
          }
        }
        channel.port1.close();
        release();
        if (summary === undefined) return here();
        observe?.("second thread");
        return summary;
      };
      return takeSummary;
    },
  };
}
