// A small typed client for the analysis worker, one request at a time: asking again (the
// researcher changed the bin width) ends the busy worker and settles the stale request as
// "cancelled" (src/lib/latestRequestWorker.ts). After "done", the stimuli curve and the
// listeners' consensus may follow for that request.
import type { CurvePoint } from "../../domain/stats/intelligibility.ts";
import type { StudyConsensus } from "../../domain/transcripts/studyConsensus.ts";
import {
  LatestRequestWorker,
  type Waiting,
  type WorkerLike as WorkerOf,
} from "../../lib/latestRequestWorker.ts";
import type {
  Analysis,
  AnalysisRequest,
  AnalysisResponse,
  AnalysisStage,
  StudyInfo,
} from "../../workers/analysisMessages.ts";
import { unpackAnalysis } from "../../workers/packAnalysis.ts";

export type {
  Analysis,
  ClipAgreement,
  ScatterPoint,
  StudyInfo,
} from "../../workers/analysisMessages.ts";

/** The part of a Worker the client uses (a fake one in component tests). */
export type WorkerLike = WorkerOf<AnalysisRequest, AnalysisResponse>;

export interface AnalysisProgress {
  stage: AnalysisStage;
  /** Rows read from the database, once loaded. */
  rows?: number;
  clips?: number;
}

export type AnalysisOutcome =
  | { type: "done"; analysis: Analysis; study: StudyInfo; millis: number; loadMillis: number }
  | { type: "not-found"; studyId: string }
  | { type: "error"; message: string }
  | { type: "cancelled" };

export interface RunRequest {
  studyId: string;
  /** Omitted: the study's own bin width. */
  binSeconds?: number;
  /** The worker may reuse the study it read for the previous request (same screen). */
  reuse?: boolean;
  /** Keep the raters the quality rules exclude. */
  includeExcluded?: boolean;
}

export interface AnalysisRunner {
  run(
    request: RunRequest,
    onProgress?: (progress: AnalysisProgress) => void,
    /** After "done": the intelligibility's stimuli curve, when it was left for later. */
    onCurve?: (curve: CurvePoint[]) => void,
    /** After "done": the listeners' consensus and reliability, when left for later. */
    onConsensus?: (consensus: StudyConsensus | null) => void,
  ): Promise<AnalysisOutcome>;
  dispose(): void;
}

export function createAnalysisWorker(): WorkerLike {
  return new Worker(new URL("../../workers/analysis.worker.ts", import.meta.url), {
    type: "module",
    name: "redpen-analysis",
  }) as unknown as WorkerLike;
}

export class AnalysisClient implements AnalysisRunner {
  private readonly requests: LatestRequestWorker<
    AnalysisRequest,
    AnalysisResponse,
    AnalysisOutcome
  >;
  /** Who wants the running request's progress. */
  private onProgress: ((progress: AnalysisProgress) => void) | undefined;
  /** The request whose stimuli curve and consensus may still come, and who wants them. */
  private after:
    | {
        id: number;
        onCurve: ((curve: CurvePoint[]) => void) | undefined;
        onConsensus: ((consensus: StudyConsensus | null) => void) | undefined;
      }
    | undefined;

  constructor(createWorker: () => WorkerLike = createAnalysisWorker) {
    this.requests = new LatestRequestWorker({
      create: createWorker,
      name: "analysis",
      receive: (message, waiting) => this.receive(message, waiting),
    });
  }

  run(
    request: RunRequest,
    onProgress?: (progress: AnalysisProgress) => void,
    onCurve?: (curve: CurvePoint[]) => void,
    onConsensus?: (consensus: StudyConsensus | null) => void,
  ): Promise<AnalysisOutcome> {
    const message: Omit<AnalysisRequest, "id"> = { studyId: request.studyId };
    if (request.binSeconds !== undefined) message.binSeconds = request.binSeconds;
    if (request.reuse) message.reuse = true;
    if (request.includeExcluded) message.includeExcluded = true;
    this.after = undefined;
    const { id, outcome } = this.requests.send(message);
    this.onProgress = onProgress;
    if (onCurve || onConsensus) this.after = { id, onCurve, onConsensus };
    return outcome;
  }

  /** Stops the running request, if any; its promise settles as "cancelled". */
  cancel(): void {
    this.requests.cancel();
  }

  dispose(): void {
    this.requests.dispose();
  }

  private receive(message: AnalysisResponse, waiting: Waiting<AnalysisOutcome> | undefined) {
    if (message.type === "curve") {
      if (this.after?.id === message.id) this.after.onCurve?.(message.stimuliCurve);
      return;
    }
    if (message.type === "consensus") {
      if (this.after?.id === message.id) this.after.onConsensus?.(message.consensus);
      return;
    }
    if (!waiting) return; // an answer to a request no one waits for
    switch (message.type) {
      case "progress":
        this.onProgress?.(
          message.stage === "analysing"
            ? { stage: "analysing", rows: message.rows, clips: message.clips }
            : message.rows === undefined
              ? { stage: "loading" }
              : { stage: "loading", rows: message.rows },
        );
        return;
      case "done":
        waiting.settle({
          type: "done",
          analysis: unpackAnalysis(message.analysis),
          study: message.study,
          millis: message.millis,
          loadMillis: message.loadMillis,
        });
        return;
      case "not-found":
        waiting.settle({ type: "not-found", studyId: message.studyId });
        return;
      case "error":
        waiting.settle({ type: "error", message: message.message });
        return;
    }
  }
}
