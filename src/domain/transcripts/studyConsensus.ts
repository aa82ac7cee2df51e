// A study's consensus transcripts and its listeners' estimated reliability, as the analysis
// screen shows them: the default aggregation method (the same code as `cli aggregate
// STUDY.json --workers W.csv`) over the study's listener transcripts (studyResponses.ts).
import type { AnnotationFile } from "../interchange/types.ts";
import {
  type AggregationMethod,
  aggregateTranscripts,
  DEFAULT_METHOD,
  type WorkerReliability,
} from "./aggregate.ts";
import { studyResponses } from "./studyResponses.ts";

export interface ClipConsensus {
  clip: string;
  /** The consensus: normalised words joined by one space ("" when the vote is "no words"). */
  consensus: string;
  /** How many listener transcripts it merges. */
  transcripts: number;
}

export interface StudyConsensus {
  method: AggregationMethod;
  /** Per clip with a listener transcript, in the study's clip order. */
  clips: ClipConsensus[];
  /** Every listener, most reliable first (lowest estimated error rate; ties by id). */
  workers: WorkerReliability[];
}

/** The listeners ordered by estimated reliability: error rate ascending, then id (code units). */
export function byReliability(workers: readonly WorkerReliability[]): WorkerReliability[] {
  return [...workers].sort((a, b) =>
    a.errorRate !== b.errorRate
      ? a.errorRate - b.errorRate
      : a.worker < b.worker
        ? -1
        : a.worker > b.worker
          ? 1
          : 0,
  );
}

/** The study's consensus by the default method; null when no clip has a listener transcript. */
export function studyConsensus(file: AnnotationFile): StudyConsensus | null {
  const tasks = studyResponses(file);
  if (tasks.length === 0) return null;
  const result = aggregateTranscripts(tasks, DEFAULT_METHOD, { workerFigures: true });
  return {
    method: result.method,
    clips: result.tasks.map((t) => ({
      clip: t.task,
      consensus: t.output,
      transcripts: t.transcripts,
    })),
    workers: byReliability(result.workers),
  };
}
