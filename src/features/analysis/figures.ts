// The figures a computed analysis shows, in its study's task's order (domain/tasks), and each
// figure's link in the toolbar's section links.
import {
  DEFAULT_TASK,
  type FigureId,
  figureData,
  moduleOf,
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
  annotators: { href: "#annotators", label: "Annotators" },
};
