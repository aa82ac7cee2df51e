// Which of a task's figures a study shows, in its order: the analysis screen's sections and
// readable `stats`' tables both follow this (the JSON report keeps every figure).
import type { Report } from "../stats/report.ts";
import type { FigureData, FigureId, TaskModule } from "./types.ts";

/**
 * What the study's data holds: spans marked by anyone, ratings, and transcripts (scored, or
 * with a reason why none could be: `whyNothingScored`).
 */
export function figureData(report: Report, whyNothingScored: string | null): FigureData {
  return {
    regions: report.annotators.some((a) => a.regions > 0),
    ratings: Object.keys(report.mos.bySystem).length > 0,
    transcripts: report.intelligibility !== null || whyNothingScored !== null,
  };
}

/** The module's figures this data shows, in the module's order. */
export function shownFigures(module: TaskModule, data: FigureData): FigureId[] {
  return module.figures.filter((f) => f.when === "always" || data[f.when]).map((f) => f.id);
}
