import type { AnalysisProgress } from "../analysisClient.ts";
import { count } from "../format.ts";

/** What the worker is doing, with an indeterminate bar; announced politely to screen readers. */
export function ProgressBanner({
  progress,
  recomputing,
}: {
  progress: AnalysisProgress;
  recomputing: boolean;
}) {
  const text =
    progress.stage === "loading"
      ? progress.rows === undefined
        ? "Loading the study's annotations…"
        : `Loading ${count(progress.rows)} rows from this browser's storage…`
      : `Analysing ${count(progress.rows ?? 0)} rows (${count(progress.clips ?? 0)} clips)…`;
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between text-sm text-slate-700">
        <span>
          {recomputing ? "Recomputing. " : ""}
          {text}
        </span>
        <span className="text-xs text-slate-500">in a background worker</span>
      </div>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuetext={text}
      >
        <div
          className={`h-full rounded-full bg-slate-700 transition-all duration-500 ${
            progress.stage === "loading" ? "w-1/3 animate-pulse" : "w-2/3 animate-pulse"
          }`}
        />
      </div>
    </div>
  );
}
