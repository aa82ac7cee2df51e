// The analysis worker's work, apart from the worker globals so that it can be tested in Node:
// read the stored study, compute every figure, report progress on the way.
import type { analyze as analyzeFn } from "../domain/stats/index.ts";
import type { AnnotationFile } from "../domain/types.ts";
import type { AnalysisRequest, AnalysisResponse } from "./protocol.ts";

export interface AnalysisDeps {
  studyToFile: (studyId: string) => Promise<AnnotationFile | undefined>;
  analyze: typeof analyzeFn;
  now?: () => number;
}

export async function runAnalysis(
  request: AnalysisRequest,
  post: (message: AnalysisResponse) => void,
  deps: AnalysisDeps,
): Promise<void> {
  const { id, studyId } = request;
  const now = deps.now ?? (() => performance.now());
  const started = now();
  try {
    post({ id, type: "progress", stage: "loading" });
    const file = await deps.studyToFile(studyId);
    if (!file) {
      post({ id, type: "not-found", studyId });
      return;
    }
    const rows =
      file.clips.length + file.submissions.length + file.regions.length + file.reasonLabels.length;
    post({ id, type: "progress", stage: "analysing", rows, clips: file.clips.length });
    const options = request.binSeconds === undefined ? {} : { binSeconds: request.binSeconds };
    const analysis = deps.analyze(file, options);
    const study = {
      name: file.study.name,
      binSeconds: file.study.binSeconds,
      taxonomy: file.taxonomy,
    };
    post({ id, type: "done", analysis, study, millis: now() - started });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    post({ id, type: "error", message: `Analysis of study "${studyId}" failed: ${message}` });
  }
}
