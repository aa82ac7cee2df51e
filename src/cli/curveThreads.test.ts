import { expect, test } from "vitest";
import { type CurveInput, curveIntervals, curveTasks } from "../domain/stats/bootstrap.ts";
import { curveInput } from "./curveInput.test-data.ts";
import { type CurveThreadsRun, threadedCurveRunner } from "./curveThreads.ts";

// The command line's entry module from the sources (the runner registers tsx's loader in the
// thread, as `node --import tsx src/cli/main.ts` needs).
const entry = new URL("./main.ts", import.meta.url);

test("the curve's intervals on two threads are those computed on one, and the second thread takes some", async () => {
  const job = curveInput();
  const expected = curveIntervals(job);
  // The second thread starts while this one waits (as the report's other sections would
  // keep it busy), so that it takes tasks before this one joins.
  const runs: CurveThreadsRun[] = [];
  const { ready, finish } = threadedCurveRunner(entry, (run) => runs.push(run)).start(job);
  for (let si = 0; si < job.systems.length; si++) ready(si);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const got = finish();
  expect(got).toEqual(expected);
  expect(got.length).toBe(2 * curveTasks(job));
  expect(runs).toHaveLength(1);
  expect(runs[0]?.started).toBe(true);
  expect(runs[0]?.bySecondThread).toBeGreaterThan(0);
});

test("the curve's intervals are all computed here when the second thread cannot start", () => {
  const job = curveInput();
  const runs: CurveThreadsRun[] = [];
  const missing = new URL("./no-such-entry.mjs", import.meta.url);
  const { finish } = threadedCurveRunner(missing, (run) => runs.push(run)).start(job);
  expect(finish()).toEqual(curveIntervals(job));
  expect(runs[0]?.bySecondThread).toBe(0);
});

test("a small curve starts no second thread", () => {
  const small = { ...curveInput(), ks: [20], replicates: 100 };
  // 3 ci95 and 3 curve intervals of 100 replicates: 78,000 draws.
  const runs: CurveThreadsRun[] = [];
  const { finish } = threadedCurveRunner(entry, (run) => runs.push(run)).start(small);
  expect(finish()).toEqual(curveIntervals(small));
  expect(runs).toEqual([{ started: false, bySecondThread: 0, tasks: 6 }]);
});

test("a thread started early takes each system's intervals once its sums are written", async () => {
  // As the command line does: the thread starts once a large file is read; the input comes with its sums still
  // zero, in the runner's shared arrays, and each system's are written before ready(si).
  const filled = curveInput();
  const runs: CurveThreadsRun[] = [];
  const runner = threadedCurveRunner(entry, (run) => runs.push(run));
  runner.fileRead(2_000_000);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const array = runner.array ?? ((length: number) => new Float64Array(length));
  const job: CurveInput = {
    ...filled,
    errors: filled.errors.map((e) => array(e.length)),
    refTokens: filled.refTokens.map((r) => array(r.length)),
  };
  const { ready, finish } = runner.start(job);
  for (let si = 0; si < job.systems.length; si++) {
    // The thread waits for this system's sums meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    (job.errors[si] as Float64Array).set(filled.errors[si] as Float64Array);
    (job.refTokens[si] as Float64Array).set(filled.refTokens[si] as Float64Array);
    ready(si);
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(finish()).toEqual(curveIntervals(filled));
  expect(runs[0]?.started).toBe(true);
  expect(runs[0]?.bySecondThread).toBeGreaterThan(0);
});
