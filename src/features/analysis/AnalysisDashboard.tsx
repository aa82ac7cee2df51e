import { Fragment, memo, type ReactNode, useMemo, useState } from "react";
import { Link } from "wouter";
import { definitionOf } from "../../domain/stats/definitions.ts";
import { DEFAULT_TASK, type FigureId, moduleOf } from "../../domain/tasks/index.ts";
import { annotatePath } from "../../lib/routes.ts";
import type { Analysis, StudyInfo } from "./analysisClient.ts";
import { figuresOf } from "./figures.ts";
import { AgreementSection } from "./parts/AgreementSection.tsx";
import { AnnotatorQualitySection } from "./parts/AnnotatorQualitySection.tsx";
import { ClipDetail } from "./parts/ClipDetail.tsx";
import { ClipList } from "./parts/ClipList.tsx";
import { ComparisonSection } from "./parts/ComparisonSection.tsx";
import { ConsensusSection } from "./parts/ConsensusSection.tsx";
import { CorrelationSection } from "./parts/CorrelationSection.tsx";
import { DatasetSummary } from "./parts/DatasetSummary.tsx";
import { ErrorTypesSection } from "./parts/ErrorTypesSection.tsx";
import { ExpertAgreementSection } from "./parts/ExpertAgreementSection.tsx";
import { IntelligibilitySection } from "./parts/IntelligibilitySection.tsx";
import { ListeningTestSection } from "./parts/ListeningTestSection.tsx";
import { CARD, Section } from "./parts/Section.tsx";

/**
 * The figures of one computed analysis, as dashboard cards, in the order its study's task shows
 * them (the task's own first; span figures only where spans were marked, outside mark). Memoised: while a recompute
 * runs, the page re-renders around it but these (large) cards stay as they are.
 */
export const AnalysisDashboard = memo(function AnalysisDashboard({
  studyId,
  analysis,
  study,
}: {
  studyId: string;
  analysis: Analysis;
  study: StudyInfo;
}) {
  const { report } = analysis;
  const systems = useMemo(() => Object.keys(report.errorTypes.bySystem), [report]);
  const [openClipId, setOpenClipId] = useState<string | undefined>();
  // Looked up by id so a recomputed analysis (new bin width) shows the clip's new figures.
  const openClip = openClipId ? analysis.clips.find((c) => c.clipId === openClipId) : undefined;

  // Nothing annotated and no judgment (nor a pre-test): the empty state, in the task's words.
  if (report.dataset.annotations === 0 && report.comparison === null) {
    const module = moduleOf(study.task ?? DEFAULT_TASK);
    return (
      <div className="space-y-6">
        <DatasetSummary dataset={report.dataset} definitions={definitionOf} />
        <div className={`${CARD} p-6`}>
          <h2 className="text-base font-semibold text-slate-900">No annotations yet</h2>
          <p className="mt-1 text-sm text-slate-600">
            The study has {report.dataset.clips} clips but nobody has annotated one.{" "}
            {module.emptyAnalysis}
          </p>
          {module.collected ? (
            <Link
              href={annotatePath(studyId)}
              className="mt-3 inline-block rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700"
            >
              Open the annotation screen
            </Link>
          ) : null}
        </div>
      </div>
    );
  }

  // Each figure's section; shown in the order the study's task declares (domain/tasks).
  const sections: Record<FigureId, () => ReactNode> = {
    dataset: () => <DatasetSummary dataset={report.dataset} definitions={definitionOf} />,
    agreement: () => (
      <AgreementSection
        agreement={report.agreement}
        clips={analysis.clips}
        binSeconds={report.binSeconds}
        definitions={definitionOf}
      />
    ),
    clips: () => (
      <Section
        id="clips"
        title="Agreement per clip"
        subtitle="Open a clip to see every annotator's spans on its waveform."
      >
        {openClip ? (
          <div className="mb-4">
            <ClipDetail
              studyId={studyId}
              clip={openClip}
              onClose={() => setOpenClipId(undefined)}
            />
          </div>
        ) : null}
        <ClipList
          clips={analysis.clips}
          selectedId={openClip?.clipId}
          onOpen={(clip) => setOpenClipId(clip.clipId)}
        />
      </Section>
    ),
    consensus: () => (
      <ConsensusSection consensus={report.consensus} binSeconds={report.binSeconds} />
    ),
    correlation: () => (
      <CorrelationSection
        correlation={report.correlation}
        scatter={analysis.scatter}
        fit={analysis.fit}
        systems={systems}
        definitions={definitionOf}
      />
    ),
    comparison: () => <ComparisonSection comparison={report.comparison ?? null} />,
    mos: () => <ListeningTestSection mos={report.mos} resampling={study.resampling} />,
    intelligibility: () => (
      <IntelligibilitySection
        studyId={studyId}
        intelligibility={report.intelligibility ?? null}
        why={study.intelligibility?.why ?? null}
        alpha={study.intelligibility?.alpha ?? 0.05}
        engines={study.intelligibility?.engines ?? {}}
        groupBy={study.intelligibility?.groupBy}
        curvePending={study.intelligibility?.curvePending === true}
        unit={study.intelligibility?.unit ?? "word"}
        consensus={study.intelligibility?.consensus}
        consensusPending={study.intelligibility?.consensusPending === true}
      />
    ),
    errorTypes: () => (
      <ErrorTypesSection
        errorTypes={report.errorTypes}
        taxonomy={study.taxonomy}
        definition={definitionOf("errorTypes.perSample")}
        bootstrap={study.resampling?.errorTypes}
      />
    ),
    expertAgreement: () => (
      <ExpertAgreementSection agreement={report.expertAgreement} taxonomy={study.taxonomy} />
    ),
    annotators: () => (
      <AnnotatorQualitySection
        annotators={report.annotators}
        definition={definitionOf("annotator.referenceMarkedFraction")}
        nonCrowd={study.nonCrowd ?? []}
        reliability={report.consensus.workers}
      />
    ),
  };

  return (
    <div className="space-y-6">
      {figuresOf(analysis, study).map((id) => (
        <Fragment key={id}>{sections[id]()}</Fragment>
      ))}
    </div>
  );
});
