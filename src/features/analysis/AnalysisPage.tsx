import { useEffect, useState } from "react";
import { Link } from "wouter";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import type { FigureId } from "../../domain/tasks/index.ts";
import { studyPath } from "../../lib/routes.ts";
import { AnalysisDashboard } from "./AnalysisDashboard.tsx";
import { AnalysisClient, type AnalysisRunner } from "./analysisClient.ts";
import { FIGURE_LINKS, figuresOf } from "./figures.ts";
import { binLabel } from "./format.ts";
import { BinWidthForm } from "./parts/BinWidthForm.tsx";
import { DownloadReportButton } from "./parts/DownloadReportButton.tsx";
import { ProgressBanner } from "./parts/ProgressBanner.tsx";
import { ProtocolReportButtons } from "./parts/ProtocolReportButtons.tsx";
import { ExclusionBanner, QualityRulesSection } from "./parts/QualityRulesSection.tsx";
import { CARD } from "./parts/Section.tsx";
import { useAnalysis } from "./useAnalysis.ts";

/**
 * The researcher's analysis of one study: agreement, score vs unnatural length, error types
 * per system and annotator quality, all computed in a Web Worker.
 */
export function AnalysisPage({ studyId, runner }: { studyId: string; runner?: AnalysisRunner }) {
  const [client] = useState<AnalysisRunner>(() => runner ?? new AnalysisClient());
  useEffect(() => () => client.dispose(), [client]);
  const [binSeconds, setBinSeconds] = useState<number | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const [includeExcluded, setIncludeExcluded] = useState(false);
  const state = useAnalysis(client, studyId, binSeconds, attempt, includeExcluded);

  const shown =
    state.status === "done"
      ? { analysis: state.analysis, study: state.study }
      : state.status === "running"
        ? state.previous
        : undefined;

  useDocumentTitle("Analysis", shown?.study.name);

  return (
    <main
      className="mx-auto max-w-6xl space-y-6 p-6"
      data-analysis={state.status}
      data-bin-seconds={state.status === "done" ? state.analysis.report.binSeconds : undefined}
    >
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
            <Link href="/" className="hover:text-slate-900 hover:underline">
              Studies
            </Link>{" "}
            <span aria-hidden="true">/</span>{" "}
            <Link href={studyPath(studyId)} className="hover:text-slate-900 hover:underline">
              {shown?.study.name ?? studyId}
            </Link>
          </nav>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Analysis</h1>
        </div>
        {state.status === "done" ? (
          <p className="text-xs text-slate-500">
            Computed in {Math.round(state.millis)} ms with{" "}
            {binLabel(state.analysis.report.binSeconds)} s bins
            {state.loadMillis > 0
              ? ` (reading the study: ${Math.round(state.loadMillis)} ms)`
              : " (study as read when this screen opened)"}
          </p>
        ) : null}
      </header>

      {state.status === "not-found" ? (
        <div className={`${CARD} p-6`} role="alert">
          <h2 className="text-base font-semibold text-slate-900">Study not found</h2>
          <p className="mt-1 text-sm text-slate-600">
            There is no study with the id “{studyId}” in this browser. It may have been deleted, or
            it lives in another browser profile.
          </p>
          <Link href="/" className="mt-3 inline-block text-sm text-slate-900 underline">
            Back to the studies
          </Link>
        </div>
      ) : state.status === "error" ? (
        <div className={`${CARD} border-red-200 p-6`} role="alert">
          <h2 className="text-base font-semibold text-red-600">The analysis failed</h2>
          <p className="mt-1 text-sm text-slate-700">{state.message}</p>
          <button
            type="button"
            className="mt-3 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          <div className={`${CARD} flex flex-wrap items-end justify-between gap-4 p-4`}>
            <BinWidthForm
              value={shown?.analysis.report.binSeconds}
              studyDefault={shown?.study.binSeconds}
              onApply={setBinSeconds}
            />
            <div className="flex flex-wrap items-center gap-3">
              <SectionLinks figures={shown ? figuresOf(shown.analysis, shown.study) : []} />
              <button
                type="button"
                className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
                title="Read the study from this browser's storage again (after new annotations)"
                onClick={() => setAttempt((n) => n + 1)}
              >
                Re-read study
              </button>
              <DownloadReportButton
                studyId={studyId}
                report={state.status === "done" ? state.analysis.report : undefined}
                // The report is whole only once the stimuli curve has come.
                disabled={
                  state.status === "done" && state.study.intelligibility?.curvePending === true
                }
              />
              <ProtocolReportButtons
                studyId={studyId}
                report={state.status === "done" ? state.analysis.report : undefined}
                facts={state.status === "done" ? state.study.protocol : undefined}
              />
            </div>
          </div>
          {state.status === "running" ? (
            <ProgressBanner progress={state.progress} recomputing={shown !== undefined} />
          ) : null}
          {shown ? (
            <div
              className={state.status === "running" ? "opacity-60 transition-opacity" : ""}
              aria-busy={state.status === "running"}
            >
              {shown.study.quality ? (
                <ExclusionBanner
                  excluded={shown.study.quality.excluded}
                  rules={shown.study.quality.rules}
                  applied={shown.study.quality.applied}
                  included={includeExcluded}
                  onInclude={setIncludeExcluded}
                />
              ) : null}
              <AnalysisDashboard studyId={studyId} analysis={shown.analysis} study={shown.study} />
              {shown.study.quality ? (
                <div className="mt-6">
                  <QualityRulesSection
                    studyId={studyId}
                    rules={shown.study.quality.rules}
                    checks={shown.study.quality.checks}
                    onSaved={() => setAttempt((n) => n + 1)}
                  />
                </div>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </main>
  );
}

/** Links to the sections shown, in their order, then the quality rules. */
function SectionLinks({ figures }: { figures: readonly FigureId[] }) {
  const links = [
    ...figures.flatMap((id) => {
      const link = FIGURE_LINKS[id];
      return link ? [[link.href, link.label] as const] : [];
    }),
    ["#quality-rules", "Rules"] as const,
  ];
  return (
    <nav aria-label="Sections" className="hidden text-sm md:block">
      <ul className="flex flex-wrap gap-3 text-slate-600">
        {links.map(([href, label]) => (
          <li key={href}>
            <a href={href} className="hover:text-slate-900 hover:underline">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
