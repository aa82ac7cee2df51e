// A small typed client for the analysis worker. One request runs at a time: asking again
// (the researcher changed the bin width) terminates the busy worker, so a stale computation
// stops using the CPU, and its promise settles as "cancelled" instead of with stale figures.

import type { CurvePoint } from "../../domain/stats/intelligibility.ts";
import type { StudyConsensus } from "../../domain/transcripts/studyConsensus.ts";
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
export interface WorkerLike {
  postMessage(message: AnalysisRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<AnalysisResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

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

interface Pending {
  id: number;
  resolve: (outcome: AnalysisOutcome) => void;
  onProgress: ((progress: AnalysisProgress) => void) | undefined;
}

export class AnalysisClient implements AnalysisRunner {
  private worker: WorkerLike | undefined;
  private pending: Pending | undefined;
  /** The finished request whose stimuli curve and consensus may still come, and who wants them. */
  private after:
    | {
        id: number;
        onCurve: ((curve: CurvePoint[]) => void) | undefined;
        onConsensus: ((consensus: StudyConsensus | null) => void) | undefined;
      }
    | undefined;
  private nextId = 1;

  constructor(private readonly createWorker: () => WorkerLike = createAnalysisWorker) {}

  run(
    request: RunRequest,
    onProgress?: (progress: AnalysisProgress) => void,
    onCurve?: (curve: CurvePoint[]) => void,
    onConsensus?: (consensus: StudyConsensus | null) => void,
  ): Promise<AnalysisOutcome> {
    this.cancel();
    const id = this.nextId++;
    this.after = onCurve || onConsensus ? { id, onCurve, onConsensus } : undefined;
    const worker = this.ensureWorker();
    return new Promise<AnalysisOutcome>((resolve) => {
      this.pending = { id, resolve, onProgress };
      const message: AnalysisRequest = { id, studyId: request.studyId };
      if (request.binSeconds !== undefined) message.binSeconds = request.binSeconds;
      if (request.reuse) message.reuse = true;
      if (request.includeExcluded) message.includeExcluded = true;
      worker.postMessage(message);
    });
  }

  /** Stops the running request, if any; its promise settles as "cancelled". */
  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    // The worker computes synchronously: the only way to stop it is to end it.
    this.worker?.terminate();
    this.worker = undefined;
    pending.resolve({ type: "cancelled" });
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = undefined;
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const worker = this.createWorker();
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      const pending = this.pending;
      this.pending = undefined;
      worker.terminate();
      if (this.worker === worker) this.worker = undefined;
      pending?.resolve({
        type: "error",
        message: `The analysis worker stopped: ${event.message || "it could not be started"}`,
      });
    };
    this.worker = worker;
    return worker;
  }

  private receive(message: AnalysisResponse): void {
    if (message.type === "curve") {
      if (this.after?.id === message.id) this.after.onCurve?.(message.stimuliCurve);
      return;
    }
    if (message.type === "consensus") {
      if (this.after?.id === message.id) this.after.onConsensus?.(message.consensus);
      return;
    }
    const pending = this.pending;
    if (!pending || message.id !== pending.id) return; // an answer to a request no one waits for
    switch (message.type) {
      case "progress":
        pending.onProgress?.(
          message.stage === "analysing"
            ? { stage: "analysing", rows: message.rows, clips: message.clips }
            : message.rows === undefined
              ? { stage: "loading" }
              : { stage: "loading", rows: message.rows },
        );
        return;
      case "done":
        this.pending = undefined;
        pending.resolve({
          type: "done",
          analysis: unpackAnalysis(message.analysis),
          study: message.study,
          millis: message.millis,
          loadMillis: message.loadMillis,
        });
        return;
      case "not-found":
        this.pending = undefined;
        pending.resolve({ type: "not-found", studyId: message.studyId });
        return;
      case "error":
        this.pending = undefined;
        pending.resolve({ type: "error", message: message.message });
        return;
    }
  }
}
