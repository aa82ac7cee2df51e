import type { Worker } from "node:worker_threads";
import { expect, test } from "vitest";
import { generateStudy } from "../domain/interchange/generate.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { computeReport } from "../domain/stats/analyze.ts";
import { curveIntervals } from "../domain/stats/bootstrap.ts";
import {
  type ConsensusTables,
  computeConsensus,
  consensusFromTables,
  consensusTablesOf,
} from "../domain/stats/consensus.ts";
import { type ConsensusRunner, crowdVotes } from "../domain/stats/consensusRunner.ts";
import { us } from "../domain/stats/time.ts";
import {
  type ConsensusJob,
  type ConsensusWhere,
  MIN_VOTES,
  SENT,
  threadedConsensusRunner,
} from "./consensusThread.ts";
import { curveInput } from "./curveInput.test-data.ts";
import {
  type CurveThreadsRun,
  JOB_LATER,
  startThread,
  threadedCurveRunner,
} from "./curveThreads.ts";

// The command line's entry module from the sources (as in curveThreads.test.ts).
const entry = new URL("./main.ts", import.meta.url);

/** The tables the report prepares for the consensus (analyze.ts), of `file` at `binSeconds`. */
const tablesOf = (file: AnnotationFile, binSeconds: number): ConsensusTables =>
  consensusTablesOf(file, us(binSeconds));

// 500 clips of 30 crowd annotators at 10 ms bins: over the votes that send a consensus to the
// second thread.
const large = generateStudy({ clips: 500, annotators: 30, seed: 7 });
const BIN = 0.01;

/** Resolves once `done` holds (checked every 50 ms), as the report's other figures would take time. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The job's summary is on its port. */
const sent = (job: ConsensusJob | undefined) =>
  job !== undefined && Atomics.load(new Int32Array(job.state), 0) === SENT;

test("a large crowd's consensus on a thread started for it is the one computed here", async () => {
  const tables = tablesOf(large, BIN);
  expect(crowdVotes(tables)).toBeGreaterThanOrEqual(MIN_VOTES);
  const where: ConsensusWhere[] = [];
  let job: ConsensusJob | undefined;
  const runner = threadedConsensusRunner(
    (j, transfer) => {
      job = j;
      const thread = startThread(entry, { redpenCurve: j }, transfer);
      return () => void thread.terminate();
    },
    (w) => where.push(w),
  );
  const summary = runner.start(tables, us(BIN));
  await until(() => sent(job));
  const got = summary();
  expect(where).toEqual(["second thread"]);
  expect(got).toEqual(computeConsensus(large, BIN, false).summary);
  expect(got?.workers).toHaveLength(large.annotators.filter((a) => a.role === "crowd").length);
  expect(got?.iterations).toBeGreaterThan(1);
});

test("a thread started early takes the consensus sent to it as a message", async () => {
  const tables = tablesOf(large, BIN);
  const where: ConsensusWhere[] = [];
  let job: ConsensusJob | undefined;
  let early: Worker | null = startThread(entry, { redpenCurve: JOB_LATER });
  const runner = threadedConsensusRunner(
    (j, transfer) => {
      job = j;
      early?.postMessage(j, transfer);
      return () => {};
    },
    (w) => where.push(w),
  );
  const summary = runner.start(tables, us(BIN));
  expect(job).toBeDefined();
  await until(() => sent(job));
  expect(summary()).toEqual(consensusFromTables(tables, us(BIN), false).summary);
  expect(where).toEqual(["second thread"]);
  void early?.terminate();
  early = null;
});

test("a consensus the second thread has not taken is left to the report", () => {
  const tables = tablesOf(large, BIN);
  const where: ConsensusWhere[] = [];
  // An entry that does not exist: the thread fails to start and never takes the job.
  const missing = new URL("./no-such-entry.mjs", import.meta.url);
  const runner = threadedCurveRunner(missing, undefined, (w) => where.push(w));
  expect(runner.consensus.start(tables, us(BIN))()).toBeNull();
  expect(where).toEqual(["here"]);
  // The report then computes it itself: the same report as without a runner.
  where.length = 0;
  const withRunner = computeReport(large, { binSeconds: BIN, consensusRunner: runner.consensus });
  expect(where).toEqual(["here"]);
  expect(withRunner).toEqual(computeReport(large, { binSeconds: BIN }));
});

test("a small crowd's consensus goes only to a thread already running: with none, it is left to the report", () => {
  const small = generateStudy({ clips: 20, annotators: 3, seed: 7 });
  const tables = tablesOf(small, 0.1);
  expect(crowdVotes(tables)).toBeLessThan(MIN_VOTES);
  const where: ConsensusWhere[] = [];
  const asked: boolean[] = [];
  const runner = threadedConsensusRunner(
    (_job, _transfer, onlyIfStarted) => {
      asked.push(onlyIfStarted);
      return null;
    },
    (w) => where.push(w),
  );
  expect(runner.start(tables, us(0.1))()).toBeNull();
  expect(asked).toEqual([true]);
  expect(where).toEqual(["here"]);
  // The command line's runner, with no thread started early: none is started for it.
  where.length = 0;
  const missing = new URL("./no-such-entry.mjs", import.meta.url);
  const noEarly = threadedCurveRunner(missing, undefined, (w) => where.push(w));
  expect(noEarly.consensus.start(tables, us(0.1))()).toBeNull();
  expect(where).toEqual(["here"]);
});

test("a study without crowd submissions sends nothing, even to a thread already running", () => {
  const small = generateStudy({ clips: 20, annotators: 3, seed: 7 });
  const tables = tablesOf({ ...small, submissions: [], regions: [], reasonLabels: [] }, 0.1);
  let handed = 0;
  const runner = threadedConsensusRunner(() => {
    handed++;
    return () => {};
  });
  expect(runner.start(tables, us(0.1))()).toBeNull();
  expect(handed).toBe(0);
});

test("the thread started early takes a small consensus and then the curve, one after the other", async () => {
  // As the report does for a transcription study: the consensus (a crowd that marked nothing)
  // first, then the curve, to the one thread the command started when it read a large file.
  const small = generateStudy({ clips: 20, annotators: 3, seed: 7 });
  const tables = tablesOf(small, 0.1);
  const where: ConsensusWhere[] = [];
  const runs: CurveThreadsRun[] = [];
  const runner = threadedCurveRunner(
    entry,
    (run) => runs.push(run),
    (w) => where.push(w),
  );
  runner.fileRead(2_000_000);
  const summary = runner.consensus.start(tables, us(0.1));
  const curve = curveInput();
  const { ready, finish } = runner.start(curve);
  for (let si = 0; si < curve.systems.length; si++) ready(si);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  expect(finish()).toEqual(curveIntervals(curve));
  expect(runs[0]?.bySecondThread).toBeGreaterThan(0);
  expect(summary()).toEqual(consensusFromTables(tables, us(0.1), false).summary);
  expect(where).toEqual(["second thread"]);
});

test("the report takes a runner's summary, given the tables before the pass over the clips", () => {
  const small = generateStudy({ clips: 20, annotators: 3, seed: 7 });
  const own = computeReport(small).consensus;
  const elsewhere = { ...own, iterations: own.iterations + 1000 };
  let given: ConsensusTables | undefined;
  const runner: ConsensusRunner = {
    start: (tables) => {
      given = tables;
      return () => elsewhere;
    },
  };
  expect(computeReport(small, { consensusRunner: runner }).consensus).toBe(elsewhere);
  expect(given?.clips).toBe(small.clips);
  expect(given?.bins).toEqual(tablesOf(small, 0.1).bins);
});

test("crowdVotes: per marked clip, its crowd annotators times its runs of equal votes", () => {
  // Clip 0: 10 bins, crowd annotators 0, 1 and 2 (and expert 3), one crowd region: at most 3
  // runs, 3 × 3 votes. Clip 1: 4 bins, the same annotators, three crowd regions: at most its 4
  // bins, 3 × 4. Clip 2: 10 bins, only the expert's region: unmarked by the crowd, 0.
  const i32 = (...values: number[]) => Int32Array.from(values);
  const tables: ConsensusTables = {
    clips: [],
    annotatorIds: ["a", "b", "c", "x"],
    crowd: Uint8Array.from([1, 1, 1, 0]),
    durUs: Float64Array.from([1e6, 4e5, 1e6]),
    bins: i32(10, 4, 10),
    regions: {
      clip: i32(0, 0, 1, 1, 1, 2),
      annotator: i32(1, 3, 0, 2, 2, 3),
      start: Float64Array.from([0, 0, 0, 1e5, 2e5, 0]),
      end: Float64Array.from([2e5, 5e5, 1e5, 2e5, 3e5, 5e5]),
      offsets: i32(0, 2, 5, 6),
      order: i32(0, 1, 2, 3, 4, 5),
    },
    submissions: {
      annotator: i32(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3),
      scoreSum: new Float64Array(3),
      scoreCount: new Int32Array(3),
      offsets: i32(0, 4, 8, 12),
      order: i32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
    },
  };
  expect(crowdVotes(tables)).toBe(3 * 3 + 3 * 4);
  // A crowd that marked nothing: no votes, however many its bins.
  const unmarked = { ...large, regions: [], reasonLabels: [] };
  expect(crowdVotes(tablesOf(unmarked, BIN))).toBe(0);
});
