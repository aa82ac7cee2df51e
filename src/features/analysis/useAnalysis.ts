import { useEffect, useState } from "react";
import type { Analysis, AnalysisProgress, AnalysisRunner, StudyInfo } from "./analysisClient.ts";

export type AnalysisState =
  | {
      status: "running";
      progress: AnalysisProgress;
      /** The figures of the previous run, kept on screen while recomputing. */
      previous?: { analysis: Analysis; study: StudyInfo } | undefined;
    }
  | { status: "done"; analysis: Analysis; study: StudyInfo; millis: number }
  | { status: "not-found" }
  | { status: "error"; message: string };

/**
 * Runs the analysis of `studyId` at `binSeconds` (undefined = the study's own) in the worker
 * and follows its progress. A new bin width cancels the computation in flight.
 */
export function useAnalysis(
  runner: AnalysisRunner,
  studyId: string,
  binSeconds: number | undefined,
  /** Bumped to run the same request again (after an error). */
  attempt = 0,
): AnalysisState {
  const [state, setState] = useState<AnalysisState>({
    status: "running",
    progress: { stage: "loading" },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` runs the same request again
  useEffect(() => {
    let active = true;
    setState((prev) => ({
      status: "running",
      progress: { stage: "loading" },
      previous:
        prev.status === "done"
          ? { analysis: prev.analysis, study: prev.study }
          : prev.status === "running"
            ? prev.previous
            : undefined,
    }));
    runner
      .run({ studyId, ...(binSeconds === undefined ? {} : { binSeconds }) }, (progress) => {
        if (active) {
          setState((prev) => (prev.status === "running" ? { ...prev, progress } : prev));
        }
      })
      .then((outcome) => {
        if (!active) return;
        switch (outcome.type) {
          case "done":
            setState({
              status: "done",
              analysis: outcome.analysis,
              study: outcome.study,
              millis: outcome.millis,
            });
            return;
          case "not-found":
            setState({ status: "not-found" });
            return;
          case "error":
            setState({ status: "error", message: outcome.message });
            return;
          case "cancelled":
            return;
        }
      });
    return () => {
      active = false;
    };
  }, [runner, studyId, binSeconds, attempt]);
  return state;
}
