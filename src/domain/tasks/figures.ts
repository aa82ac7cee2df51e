// Which of a task's figures a study shows, in its order: the analysis screen's sections and
// readable `stats`' tables both follow this (the JSON report keeps every figure).
import type { AnnotationFile } from "../interchange/types.ts";
import { transcriptionSettings } from "../stats/intelligibility.ts";
import type { Report } from "../stats/report.ts";
import { tokensOf } from "../transcripts/normalise.ts";
import type { FigureData, FigureId, TaskModule } from "./types.ts";

/**
 * What the study's data holds: spans marked by anyone, ratings, transcripts (scored, or
 * with a reason why none could be: `whyNothingScored`), and paired judgments or a pre-test.
 */
export function figureData(report: Report, whyNothingScored: string | null): FigureData {
  return {
    regions: report.annotators.some((a) => a.regions > 0),
    ratings: Object.keys(report.mos.bySystem).length > 0,
    transcripts: report.intelligibility !== null || whyNothingScored !== null,
    judgments: report.comparison !== null,
  };
}

/** The module's figures this data shows, in the module's order. */
export function shownFigures(module: TaskModule, data: FigureData): FigureId[] {
  return module.figures.filter((f) => f.when === "always" || data[f.when]).map((f) => f.id);
}

/**
 * Why a study's intelligibility is null, in a sentence (null when there is nothing to explain:
 * the study is not a transcription test and has no transcripts); `module` is the study's task.
 */
export function whyNothingScored(module: TaskModule, file: AnnotationFile): string | null {
  const transcripts = file.submissions.filter((s) => typeof s.transcript === "string").length;
  if (transcripts === 0) {
    // A task whose submissions hold transcripts (a transcription test) is waiting for them.
    return module.holds.transcript ? "no transcripts yet: nothing to score" : null;
  }
  const unit = transcriptionSettings(file).unit;
  const withText = file.clips.filter((c) => c.text !== undefined).length;
  const what = `${transcripts} transcript${transcripts === 1 ? "" : "s"}, none can be scored`;
  if (withText === 0) {
    return `${what}: no clip has a text to score against (add a text column to the clip metadata CSV, or a text per clip)`;
  }
  const scorable = file.clips.filter(
    (c) => c.text !== undefined && tokensOf(c.text, unit).length > 0,
  ).length;
  return scorable === 0
    ? `${what}: the clips' texts have no ${unit}s after normalisation`
    : `${what}: the transcribed clips have no text (${withText} other clip${withText === 1 ? " has" : "s have"} one)`;
}
