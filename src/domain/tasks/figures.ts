// Which of a task's figures a study shows, in its order: the analysis screen's sections and
// readable `stats`' tables both follow this (the JSON report keeps every figure).
import type { AnnotationFile } from "../interchange/types.ts";
import { transcriptionSettings } from "../stats/intelligibility.ts";
import type { Report } from "../stats/report.ts";
import { type QualityRules, RULE_IDS, type RuleId } from "../study/qualityRules.ts";
import { tokensOf } from "../transcripts/normalise.ts";
import type { FigureData, FigureId, TaskModule } from "./types.ts";

/**
 * What the study's data holds: spans marked by anyone, ratings, transcripts (scored, or
 * with a reason why none could be: `whyNothingScored`), paired judgments or a pre-test, and a model's saliency.
 */
export function figureData(report: Report, whyNothingScored: string | null): FigureData {
  return {
    regions: report.annotators.some((a) => a.regions > 0),
    ratings: Object.keys(report.mos.bySystem).length > 0,
    transcripts: report.intelligibility !== null || whyNothingScored !== null,
    judgments: report.comparison !== null,
    saliency: report.saliency !== null,
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

/** A row of the Dataset figure (the RedPen paper's Table 1), as the report's `dataset` names it. */
export type DatasetRow =
  | "clips"
  | "annotatedClips"
  | "annotations"
  | "meanDuration"
  | "regionsPerAnnotation"
  | "meanRegionLength"
  | "reasonLabelsPerRegion";

const DATASET_ROWS: readonly DatasetRow[] = [
  "clips",
  "annotatedClips",
  "annotations",
  "meanDuration",
  "regionsPerAnnotation",
  "meanRegionLength",
  "reasonLabelsPerRegion",
];
const SPAN_ROWS: ReadonlySet<DatasetRow> = new Set([
  "regionsPerAnnotation",
  "meanRegionLength",
  "reasonLabelsPerRegion",
]);

/**
 * The Dataset rows the analysis screen and readable `stats` show: the span rows (regions,
 * their length, reason labels) only in a task whose listeners mark spans or where spans were
 * marked, so a rating or transcription test does not read "0 regions per annotation".
 */
export function datasetRows(module: TaskModule, data: FigureData): DatasetRow[] {
  const spans = module.holds.spans || data.regions;
  return DATASET_ROWS.filter((row) => spans || !SPAN_ROWS.has(row));
}

/** The quality rules about spans, and about ratings. */
const SPAN_RULES: ReadonlySet<RuleId> = new Set(["referenceMarked"]);
const RATING_RULES: ReadonlySet<RuleId> = new Set(["referenceRating", "lowVariance"]);

/**
 * The quality rules the analysis screen offers a study: a rule on spans only where the task
 * marks spans or spans were marked, a rule on ratings only where the task asks a rating or
 * ratings were given, and every rule that is on (so that it can be switched off).
 */
export function offeredRules(module: TaskModule, data: FigureData, rules: QualityRules): RuleId[] {
  const spans = module.holds.spans || data.regions;
  const ratings = module.holds.rating || data.ratings;
  return RULE_IDS.filter(
    (id) => rules[id].on || ((spans || !SPAN_RULES.has(id)) && (ratings || !RATING_RULES.has(id))),
  );
}
