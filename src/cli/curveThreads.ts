// The stimuli curve on two threads (the command line's; the browser's analysis worker computes
// it after the rest of the report instead). The curve is about 300 independent bootstrap
// intervals (docs/spec/statistics.md, "stimuliCurve"), 93 million generator draws on a study of
// 10 systems × 600 stimuli. A second thread (the command line starts it as soon as it has read
// a large file) takes them one at a time from a shared counter, system by system, each system's
// as soon as this thread has scored its transcripts, while this thread scores the next systems
// and computes the rest of the report; then this thread takes whatever is left. Each interval
// is computed by the same function whichever thread takes it, so the figures are the same as
// on one thread.
//
// Everything goes through shared memory and Atomics, so this thread never waits for its event
// loop and the report stays one synchronous computation. A second thread that fails to start
// or stops leaves its intervals to this one.
//
// The same thread takes a crowd's consensus (consensusThread.ts): the thread started early
// takes every job it is sent, in the order they come (the report sends the consensus before the
// curve, so the thread computes it while it would otherwise wait for the first system's sums);
// without one, a job large enough starts a thread of its own. Either side may end up doing a
// job's work: the curve's tasks are taken from a shared counter, and a consensus the thread has
// not begun is taken back by the report.

import { type MessagePort, parentPort, Worker, workerData } from "node:worker_threads";
import {
  type CurveInput,
  type CurveRunner,
  curveInterval,
  curveTaskAt,
  curveTasks,
  curveTasksPerSystem,
} from "../domain/stats/bootstrap.ts";
import type { ConsensusRunner } from "../domain/stats/consensusRunner.ts";
import { CURVE_THREAD_ARG } from "./commandModules.ts";
import {
  type ConsensusJob,
  type ConsensusWhere,
  threadedConsensusRunner,
} from "./consensusThread.ts";

/** What the second thread receives (workerData.redpenCurve, or a message to a thread started early). */
export interface CurveJob {
  /** Its sums' arrays are on shared memory: a system's are written before it is marked ready. */
  input: CurveInput;
  /**
   * Int32: [next take, tasks done, tasks the second thread did, systems ready, then one done
   * flag per task].
   */
  control: SharedArrayBuffer;
  /** Float64: each task's lower and upper end. */
  results: SharedArrayBuffer;
}

/** workerData.redpenCurve of a thread started before its job is known: the job comes as a message. */
export const JOB_LATER = "later";

const NEXT = 0;
const DONE = 1;
const BY_WORKER = 2;
const READY = 3;
const FLAGS = 4;

/**
 * Takes tasks from the shared counter, system by system, and computes them until none is left,
 * waiting for a system's sums when they are not ready yet; how many it took.
 */
function takeTasks(job: CurveJob): number {
  const control = new Int32Array(job.control);
  const out = new Float64Array(job.results);
  const tasks = curveTasks(job.input);
  const per = curveTasksPerSystem(job.input);
  for (let taken = 0; ; taken++) {
    const q = Atomics.add(control, NEXT, 1);
    if (q >= tasks) return taken;
    const si = Math.floor(q / per);
    for (;;) {
      const ready = Atomics.load(control, READY);
      if (ready > si) break;
      Atomics.wait(control, READY, ready);
    }
    const task = curveTaskAt(job.input, q);
    curveInterval(job.input, task, out);
    Atomics.store(control, FLAGS + task, 1);
    Atomics.add(control, DONE, 1);
    Atomics.notify(control, DONE);
  }
}

/** The second thread's side: the job it was started with. */
function runCurveWorker(job: CurveJob): void {
  Atomics.store(new Int32Array(job.control), BY_WORKER, takeTasks(job));
}

/** What lets go of a second thread once a job handed to it is done (threadedCurveRunner's hand). */
export type Release = () => void;

/** A second thread's job: the curve's intervals, or a crowd's consensus. */
type Job = CurveJob | ConsensusJob;

/** The consensus's code (consensusJob.ts), loaded when called. */
type ConsensusCode = () => Promise<typeof import("./consensusJob.ts")>;

async function runJob(job: Job, consensusCode: ConsensusCode): Promise<void> {
  if ("tables" in job) (await consensusCode()).runConsensusJob(job);
  else runCurveWorker(job);
}

/**
 * A thread started early (JOB_LATER): it runs the jobs it is sent one after the other, each
 * once the one before has ended (a consensus's code is loaded asynchronously). It loads the
 * consensus's code as it starts, while the report's thread parses the file: the report sends a
 * crowd's consensus first, when a study has one.
 */
function awaitJobs(): void {
  const loading = import("./consensusJob.ts");
  // Code that failed to load fails the consensus that needs it, not the thread.
  loading.catch(() => {});
  let previous = Promise.resolve();
  parentPort?.on("message", (job: Job) => {
    // A job that fails is left to the report (which takes every job not done); the next runs.
    previous = previous.then(() => runJob(job, () => loading)).catch(() => {});
  });
}

/** The second thread's entry (the command line's entry started with CURVE_THREAD_ARG). */
export function runCurveThread(): void {
  const job = (workerData as { redpenCurve?: Job | typeof JOB_LATER } | null)?.redpenCurve;
  if (job === JOB_LATER) awaitJobs();
  // A thread started for one job loads the consensus's code only if that job is one.
  else if (job !== undefined) void runJob(job, () => import("./consensusJob.ts"));
}

/**
 * How long this thread waits for the task the second thread is on before it computes that task
 * itself too (the same numbers come out either way): three times as long as its own tasks took
 * on average, between 5 and 200 ms (on a loaded machine the second thread may not be running
 * at all).
 */
function patience(ownMs: number, ownTasks: number): number {
  if (ownTasks === 0) return 50;
  return Math.min(200, Math.max(5, (3 * ownMs) / ownTasks));
}

/**
 * Below this many generator draws in all a second thread costs more than it saves: starting
 * one costs CPU of its own (docs/benchmarks-cli.md).
 */
const MIN_DRAWS = 2_000_000;

/** The generator draws: replicates × k, over every k and system, and the ci95's. */
function draws(input: CurveInput): number {
  let sum = 0;
  for (const k of input.ks) sum += k;
  sum *= input.systems.length;
  if (input.ci95) for (const e of input.errors) sum += e.length;
  return sum * input.replicates;
}

/** What a run of the threaded runner did (for tests and measurements). */
export interface CurveThreadsRun {
  /** Whether a second thread was started. */
  started: boolean;
  /** The intervals it computed (those it finished before this thread had done the rest). */
  bySecondThread: number;
  tasks: number;
}

/**
 * A thread running `entry`. From the sources (`node --import tsx src/cli/main.ts`) the thread
 * registers tsx's loader itself, resolved as `--import tsx` resolves it (from the working
 * directory): a worker thread of Node 20 does not inherit the loader.
 */
export function startThread(entry: URL, data: unknown, transferList: MessagePort[] = []): Worker {
  const options = { workerData: data, argv: [CURVE_THREAD_ARG], transferList };
  let worker: Worker;
  if (entry.pathname.endsWith(".ts")) {
    const code = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
    worker = new Worker(code, { ...options, eval: true });
  } else {
    worker = new Worker(entry, options);
  }
  // Never keeps the process alive; an error there (it could not start) leaves its tasks to
  // this thread, which takes every task not done.
  worker.unref();
  worker.on("error", () => {});
  return worker;
}

/**
 * Study files smaller than this (in UTF-16 code units) start no thread before their job is
 * known: a small study's curve, if it has one, is too small to wait for (MIN_DRAWS), and an idle
 * thread costs CPU all the same.
 */
const EARLY_TEXT = 1_000_000;

/** The threaded runner, which can start its thread before the first job is known. */
export interface ThreadedCurveRunner extends CurveRunner {
  /** A large crowd's consensus on a second thread (consensusThread.ts). */
  consensus: ConsensusRunner;
  /**
   * Told the length of the study's text once it is read: a large study's thread starts now, so
   * that it has loaded its code while this thread parses and validates the file and scores the
   * first system. Its first large job then goes to it as a message; later ones start threads
   * of their own.
   */
  fileRead: (textLength: number) => void;
}

/**
 * A curve runner that computes the intervals on a second thread running `entry` (the command
 * line's own entry module, which hands the job to runJob) as well as this one, and a large
 * crowd's consensus there too. `observe` is told what each curve's run did, `observeConsensus`
 * where each consensus was computed.
 */
export function threadedCurveRunner(
  entry: URL,
  observe?: (run: CurveThreadsRun) => void,
  observeConsensus?: (where: ConsensusWhere) => void,
): ThreadedCurveRunner {
  let early: Worker | null = null;
  let started = false;
  /**
   * A job for a second thread: the one started early, which takes its jobs in order, or else
   * (unless `onlyIfStarted`) a new one for this job alone. Returns what lets go of the thread
   * once the job is done (it ends a thread of the job's own; the early one stays for the jobs
   * after), or null when no thread took the job.
   */
  const hand = (job: Job, transfer: MessagePort[] = [], onlyIfStarted = false): Release | null => {
    try {
      if (early !== null) {
        early.postMessage(job, transfer);
        return () => {};
      }
      if (onlyIfStarted) return null;
      started = true;
      const worker = startThread(entry, { redpenCurve: job }, transfer);
      return () => void worker.terminate();
    } catch {
      return null;
    }
  };
  return {
    consensus: threadedConsensusRunner(hand, observeConsensus),
    fileRead: (textLength) => {
      if (started || textLength < EARLY_TEXT) return;
      started = true;
      try {
        early = startThread(entry, { redpenCurve: JOB_LATER });
      } catch {
        early = null;
      }
    },
    array: (length) => new Float64Array(new SharedArrayBuffer(8 * length)),
    start: (input) => {
      const tasks = curveTasks(input);
      const job: CurveJob = {
        input,
        control: new SharedArrayBuffer(4 * (FLAGS + tasks)),
        results: new SharedArrayBuffer(8 * 2 * tasks),
      };
      const control = new Int32Array(job.control);
      const release = tasks > 1 && draws(input) >= MIN_DRAWS ? hand(job) : null;
      return {
        ready: (si) => {
          Atomics.store(control, READY, si + 1);
          Atomics.notify(control, READY);
        },
        finish: () => {
          Atomics.store(control, READY, input.systems.length);
          Atomics.notify(control, READY);
          const joined = performance.now();
          const own = takeTasks(job);
          const waitMs = patience(performance.now() - joined, own);
          const shared = new Float64Array(job.results);
          // Wait for the task(s) the second thread is still on; if it makes no progress for a
          // while, compute them here.
          for (;;) {
            const done = Atomics.load(control, DONE);
            if (done >= tasks) break;
            if (Atomics.wait(control, DONE, done, waitMs) === "timed-out") break;
          }
          observe?.({
            started: release !== null,
            bySecondThread: Atomics.load(control, BY_WORKER),
            tasks,
          });
          release?.();
          // A task's ends are read only after its done flag (the flag is stored after them).
          const out = new Float64Array(2 * tasks);
          for (let task = 0; task < tasks; task++) {
            if (Atomics.load(control, FLAGS + task) === 1) {
              out[2 * task] = shared[2 * task] as number;
              out[2 * task + 1] = shared[2 * task + 1] as number;
            } else {
              curveInterval(input, task, out);
            }
          }
          return out;
        },
      };
    },
  };
}
