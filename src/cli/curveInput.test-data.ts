// A stimuli curve for the tests of the command line's second thread (curveThreads.test.ts,
// consensusThread.test.ts).
import type { CurveInput } from "../domain/stats/bootstrap.ts";

/**
 * Three systems of 200 stimuli: their ci95 and 10 k's × 3 systems, 33 intervals, 3.9 million
 * draws (enough for the runner to start a second thread).
 */
export function curveInput(): CurveInput {
  const m = 200;
  const systems = ["A", "B", "C"];
  return {
    seed: "threads",
    replicates: 1000,
    ci95: true,
    ks: Array.from({ length: 10 }, (_, i) => 20 * (i + 1)),
    systems,
    errors: systems.map((_, s) => Float64Array.from({ length: m }, (_, i) => (i * (s + 3)) % 17)),
    refTokens: systems.map(() => Float64Array.from({ length: m }, (_, i) => 6 + (i % 6))),
  };
}
