// The analysis worker's work, apart from the worker globals so that it can be tested in Node:
// read the stored study, compute every figure, report progress on the way.

import type { AnnotationFile } from "../domain/interchange/types.ts";
import { protocolFacts } from "../domain/report/protocol.ts";
import type { analyze as analyzeFn } from "../domain/stats/index.ts";
import { computeStimuliCurve, transcriptionSettings } from "../domain/stats/intelligibility.ts";
import { bootstrapErrorTypes, bootstrapMos, stimuliCurve } from "../domain/stats/resample.ts";
import { qualityView } from "../domain/study/qualityRules.ts";
import { taskModule, taskOf, whyNothingScored } from "../domain/tasks/index.ts";
import { type StudyConsensus, studyConsensus } from "../domain/transcripts/studyConsensus.ts";
import { errorMessage } from "../domain/util/errorText.ts";
import type { AnalysisRequest, AnalysisResponse } from "./analysisMessages.ts";
import { packAnalysis } from "./packAnalysis.ts";

export interface AnalysisDeps {
  studyToFile: (studyId: string) => Promise<AnnotationFile | undefined>;
  analyze: typeof analyzeFn;
  now?: () => number;
  /** Counts the rows a read of the study will bring (for the progress message). */
  countRows?: (studyId: string) => Promise<number>;
  /**
   * The last study read, for requests that may reuse it (one per worker), and its last
   * resampling estimates: they do not depend on the bin width, so a new bin width on the same
   * raters reuses them.
   */
  cache?: {
    file?: AnnotationFile;
    resampling?: { file: AnnotationFile; raters: string; value: ReturnType<typeof resampling> };
    /** The listeners' consensus does not depend on the bin width either. */
    consensus?: { file: AnnotationFile; raters: string; value: StudyConsensus | null };
  };
}

/** Above this many ratings the replicates are fewer and the stimuli curve is left out. */
const QUICK_RATINGS = 20_000;

function resampling(file: AnnotationFile) {
  const ratings = file.submissions.filter((s) => typeof s.score === "number").length;
  const replicates = ratings <= QUICK_RATINGS ? 1000 : 200;
  return {
    mos: bootstrapMos(file, { replicates }),
    errorTypes: bootstrapErrorTypes(file, { replicates }),
    replicates,
    curve: ratings <= QUICK_RATINGS ? stimuliCurve(file) : null,
  };
}

/** What the intelligibility section names besides the report's figures. */
function intelligibilityInfo(file: AnnotationFile) {
  const settings = transcriptionSettings(file);
  return {
    why: whyNothingScored(taskModule(file.study), file),
    alpha: settings.alpha,
    unit: settings.unit,
    ...(settings.groupBy === undefined ? {} : { groupBy: settings.groupBy }),
    engines: Object.fromEntries(
      file.annotators.flatMap((a) => (a.engine === undefined ? [] : [[a.id, a.engine]])),
    ),
  };
}

/** The resampling estimates of `rated` (the study, less any excluded raters), reused when unchanged. */
function cachedResampling(
  cache: AnalysisDeps["cache"],
  file: AnnotationFile,
  rated: AnnotationFile,
) {
  const raters = rated.annotators.map((a) => a.id).join("\n");
  const last = cache?.resampling;
  if (last && last.file === file && last.raters === raters) return last.value;
  const value = resampling(rated);
  if (cache) cache.resampling = { file, raters, value };
  return value;
}

/** The listeners' consensus of `rated` (the study, less any excluded raters), reused when unchanged. */
function cachedConsensus(
  cache: AnalysisDeps["cache"],
  file: AnnotationFile,
  rated: AnnotationFile,
) {
  const raters = rated.annotators.map((a) => a.id).join("\n");
  const last = cache?.consensus;
  if (last && last.file === file && last.raters === raters) return last.value;
  const value = studyConsensus(rated);
  if (cache) cache.consensus = { file, raters, value };
  return value;
}

export async function runAnalysis(
  request: AnalysisRequest,
  post: (message: AnalysisResponse, transfer?: ArrayBuffer[]) => void,
  deps: AnalysisDeps,
): Promise<void> {
  const { id, studyId } = request;
  const now = deps.now ?? (() => performance.now());
  const started = now();
  try {
    post({ id, type: "progress", stage: "loading" });
    const cached = deps.cache?.file;
    const reused = request.reuse === true && cached?.study.id === studyId;
    if (!reused && deps.countRows) {
      post({ id, type: "progress", stage: "loading", rows: await deps.countRows(studyId) });
    }
    const file = reused ? cached : await deps.studyToFile(studyId);
    const loadMillis = reused ? 0 : now() - started;
    if (deps.cache) deps.cache.file = file;
    if (!file) {
      post({ id, type: "not-found", studyId });
      return;
    }
    const rows =
      file.clips.length + file.submissions.length + file.regions.length + file.reasonLabels.length;
    post({ id, type: "progress", stage: "analysing", rows, clips: file.clips.length });
    // With transcripts, the stimuli curve (the slowest figure) follows in a message of its own.
    const curveLater = file.submissions.some((s) => typeof s.transcript === "string");
    const options = {
      ...(request.binSeconds === undefined ? {} : { binSeconds: request.binSeconds }),
      ...(curveLater ? { stimuliCurve: false } : {}),
    };
    let analysis = deps.analyze(file, options);
    // The study's quality rules: the figures leave out the raters they catch, unless asked.
    const view = qualityView(file, analysis.report.annotators);
    const applied = view.excluded.length > 0 && request.includeExcluded !== true;
    if (applied) analysis = deps.analyze(view.file, options);
    const study = {
      name: file.study.name,
      task: taskOf(file.study),
      binSeconds: file.study.binSeconds,
      taxonomy: file.taxonomy,
      nonCrowd: file.annotators.filter((a) => a.role !== "crowd").map((a) => a.id),
      protocol: protocolFacts(file, { view, applied }),
      quality: { rules: view.rules, checks: view.checks, excluded: view.excluded, applied },
      resampling: cachedResampling(deps.cache, file, applied ? view.file : file),
      intelligibility: {
        ...intelligibilityInfo(file),
        ...(curveLater && analysis.report.intelligibility ? { curvePending: true } : {}),
        ...(curveLater ? { consensusPending: true } : {}),
      },
    };
    const { packed, transfer } = packAnalysis(analysis);
    post(
      { id, type: "done", analysis: packed, study, millis: now() - started, loadMillis },
      transfer,
    );
    if (study.intelligibility.curvePending) {
      post({ id, type: "curve", stimuliCurve: computeStimuliCurve(applied ? view.file : file) });
    }
    if (curveLater) {
      // The listeners' consensus and reliability: the same code as `cli aggregate STUDY.json`.
      post({
        id,
        type: "consensus",
        consensus: cachedConsensus(deps.cache, file, applied ? view.file : file),
      });
    }
  } catch (error) {
    const message = errorMessage(error);
    post({ id, type: "error", message: `Analysis of study "${studyId}" failed: ${message}` });
  }
}
