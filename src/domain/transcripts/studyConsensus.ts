// A study's consensus transcripts and its listeners' estimated reliability, as the analysis
// screen shows them: the default aggregation method (the same code as `cli aggregate
// STUDY.json --annotators W.csv`) over the study's listener transcripts (studyResponses.ts).
import type { AnnotationFile } from "../interchange/types.ts";
import {
  type AggregationMethod,
  type AnnotatorReliability,
  aggregateTranscripts,
  DEFAULT_METHOD,
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
  /** Each listener's estimated reliability, most reliable first. */
  annotators: AnnotatorReliability[];
}

/** The listeners ordered by estimated reliability: error rate ascending, then id (code units). */
export function byReliability(annotators: readonly AnnotatorReliability[]): AnnotatorReliability[] {
  return [...annotators].sort((a, b) =>
    a.errorRate !== b.errorRate
      ? a.errorRate - b.errorRate
      : a.annotator < b.annotator
        ? -1
        : a.annotator > b.annotator
          ? 1
          : 0,
  );
}

/** The study's consensus by the default method; null when no clip has a listener transcript. */
export function studyConsensus(file: AnnotationFile): StudyConsensus | null {
  const tasks = studyResponses(file);
  if (tasks.length === 0) return null;
  const result = aggregateTranscripts(tasks, DEFAULT_METHOD, { annotatorFigures: true });
  return {
    method: result.method,
    clips: result.tasks.map((t) => ({
      clip: t.task,
      consensus: t.output,
      transcripts: t.transcripts,
    })),
    annotators: byReliability(result.annotators),
  };
}
