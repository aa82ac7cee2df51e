// The figures a computed analysis shows, in its study's task's order (domain/tasks), and each
// figure's link in the toolbar's section links.

import type { QualityRules, RuleId } from "../../domain/study/qualityRules.ts";
import {
  type DatasetRow,
  DEFAULT_TASK,
  datasetRows,
  type FigureId,
  figureData,
  moduleOf,
  offeredRules,
  shownFigures,
} from "../../domain/tasks/index.ts";
import type { Analysis, StudyInfo } from "./analysisClient.ts";

/** The figures of this analysis, in the order the study's task shows them. */
export function figuresOf(analysis: Analysis, study: StudyInfo): FigureId[] {
  return shownFigures(
    moduleOf(study.task ?? DEFAULT_TASK),
    figureData(analysis.report, study.intelligibility?.why ?? null),
  );
}

/** The Dataset figure's rows for this analysis (the span rows only where spans belong). */
export function datasetRowsOf(analysis: Analysis, study: StudyInfo): DatasetRow[] {
  return datasetRows(
    moduleOf(study.task ?? DEFAULT_TASK),
    figureData(analysis.report, study.intelligibility?.why ?? null),
  );
}

/** The quality rules the analysis screen offers this study (domain/tasks `offeredRules`). */
export function rulesOf(analysis: Analysis, study: StudyInfo, rules: QualityRules): RuleId[] {
  return offeredRules(
    moduleOf(study.task ?? DEFAULT_TASK),
    figureData(analysis.report, study.intelligibility?.why ?? null),
    rules,
  );
}

/** Each figure's anchor (its section's id) and its label among the section links. */
export const FIGURE_LINKS: Readonly<Record<FigureId, { href: string; label: string } | null>> = {
  dataset: null,
  agreement: { href: "#agreement", label: "Agreement" },
  clips: { href: "#clips", label: "Clips" },
  consensus: { href: "#consensus", label: "Consensus" },
  correlation: { href: "#correlation", label: "Score vs length" },
  mos: { href: "#listening-test", label: "MOS" },
  intelligibility: { href: "#intelligibility", label: "Intelligibility" },
  comparison: { href: "#comparison", label: "Comparison" },
  errorTypes: { href: "#error-types", label: "Error types" },
  expertAgreement: { href: "#expert-agreement", label: "Experts" },
  saliency: { href: "#model-and-listeners", label: "Model and listeners" },
  annotators: { href: "#annotators", label: "Annotators" },
};
