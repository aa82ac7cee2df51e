import { startTransition, useEffect, useRef, useState } from "react";
import type { Analysis, AnalysisProgress, AnalysisRunner, StudyInfo } from "./analysisClient.ts";

export type AnalysisState =
  | {
      status: "running";
      progress: AnalysisProgress;
      /** The figures of the previous run, kept on screen while recomputing. */
      previous?: { analysis: Analysis; study: StudyInfo } | undefined;
    }
  | { status: "done"; analysis: Analysis; study: StudyInfo; millis: number; loadMillis: number }
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
  /** Keep the raters the study's quality rules exclude. */
  includeExcluded = false,
): AnalysisState {
  // What the worker last read successfully: a new bin width on the same study reuses it.
  const loaded = useRef<{ studyId: string; attempt: number } | undefined>(undefined);
  const [state, setState] = useState<AnalysisState>({
    status: "running",
    progress: { stage: "loading" },
  });
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
    const reuse = loaded.current?.studyId === studyId && loaded.current.attempt === attempt;
    runner
      .run(
        {
          studyId,
          ...(binSeconds === undefined ? {} : { binSeconds }),
          ...(reuse ? { reuse: true } : {}),
          ...(includeExcluded ? { includeExcluded: true } : {}),
        },
        (progress) => {
          if (active) {
            setState((prev) => (prev.status === "running" ? { ...prev, progress } : prev));
          }
        },
        (stimuliCurve) => {
          if (!active) return;
          // The stimuli curve, computed after the rest: into the report, and no longer pending.
          setState((prev) => {
            const it = prev.status === "done" ? prev.analysis.report.intelligibility : null;
            if (prev.status !== "done" || !it) return prev;
            const info = prev.study.intelligibility;
            return {
              ...prev,
              analysis: {
                ...prev.analysis,
                report: { ...prev.analysis.report, intelligibility: { ...it, stimuliCurve } },
              },
              study: info
                ? { ...prev.study, intelligibility: { ...info, curvePending: false } }
                : prev.study,
            };
          });
        },
        (consensus) => {
          if (!active) return;
          // The listeners' consensus and reliability, computed after the rest.
          setState((prev) => {
            const info = prev.status === "done" ? prev.study.intelligibility : undefined;
            if (prev.status !== "done" || !info) return prev;
            return {
              ...prev,
              study: {
                ...prev.study,
                intelligibility: { ...info, consensus, consensusPending: false },
              },
            };
          });
        },
      )
      .then((outcome) => {
        if (!active) return;
        switch (outcome.type) {
          case "done": {
            loaded.current = { studyId, attempt };
            const next: AnalysisState = {
              status: "done",
              analysis: outcome.analysis,
              study: outcome.study,
              millis: outcome.millis,
              loadMillis: outcome.loadMillis,
            };
            // A transition lets React render the dashboard in slices, yielding to input
            // between them, instead of one long main-thread task for a large study.
            startTransition(() => setState(next));
            return;
          }
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
  }, [runner, studyId, binSeconds, attempt, includeExcluded]);
  return state;
}
