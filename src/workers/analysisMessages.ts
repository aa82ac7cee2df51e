// The messages between the analysis screen and the analysis worker (analysis.worker.ts).
// Every message carries the request id so the client can drop answers to stale requests.

import type { StudyTask, TaxonomyEntry } from "../domain/interchange/types.ts";
import type { ProtocolFacts } from "../domain/report/protocol.ts";
import type { analyze } from "../domain/stats/index.ts";
import type { CurvePoint } from "../domain/stats/intelligibility.ts";
import type { StimuliPoint, SystemErrorBootstrap } from "../domain/stats/resample.ts";
import type { AnnotatorCheck, QualityRules, RuleId } from "../domain/study/qualityRules.ts";
import type { TokenUnit } from "../domain/transcripts/normalise.ts";
import type { StudyConsensus } from "../domain/transcripts/studyConsensus.ts";

/** Everything the analysis screen shows: the report plus per-clip figures and the scatter. */
export type Analysis = ReturnType<typeof analyze>;
export type ClipAgreement = Analysis["clips"][number];
export type ScatterPoint = Analysis["scatter"][number];

export interface AnalysisRequest {
  id: number;
  studyId: string;
  /** Bin width in seconds; omitted = the study's own binSeconds. */
  binSeconds?: number;
  /**
   * May use the study as the previous request read it (a new bin width on the same screen)
   * instead of reading every row from IndexedDB again.
   */
  reuse?: boolean;
  /** Keep the raters the study's quality rules exclude (the screen's "Include them"). */
  includeExcluded?: boolean;
}

export type AnalysisStage = "loading" | "analysing";

export type AnalysisResponse =
  | {
      id: number;
      type: "progress";
      stage: "loading";
      /** Rows about to be read (clips + submissions + regions + reason labels), once counted. */
      rows?: number;
    }
  | {
      id: number;
      type: "progress";
      stage: "analysing";
      /** Rows read from the database: clips + submissions + regions + reason labels. */
      rows: number;
      clips: number;
    }
  | {
      id: number;
      type: "done";
      /** The Analysis in columns (packAnalysis.ts); the client unpacks it. */
      analysis: PackedAnalysis;
      /** The study's name, own bin width and taxonomy (labels for the error-type chart). */
      study: StudyInfo;
      /** Whole request, and the part spent reading IndexedDB (0 when the read was reused). */
      millis: number;
      loadMillis: number;
    }
  /** After "done" when its `study.intelligibility.curvePending`: the stimuli curve. */
  | { id: number; type: "curve"; stimuliCurve: CurvePoint[] }
  /** After "done" (and the curve) when `study.intelligibility.consensusPending`. */
  | { id: number; type: "consensus"; consensus: StudyConsensus | null }
  | { id: number; type: "not-found"; studyId: string }
  | { id: number; type: "error"; message: string };

export interface StudyInfo {
  name: string;
  /** The study's task: which figures lead, and which are shown. Optional: older answers lack it. */
  task?: StudyTask;
  /**
   * Ids of the study's annotators registered as experts or researchers: the crowd-quality
   * check (reference clips marked) is not about them. Optional: older answers lack it.
   */
  nonCrowd?: string[];
  binSeconds: number;
  taxonomy: TaxonomyEntry[];
  /** What the protocol report needs (domain/report/protocol.ts). Optional: older answers lack it. */
  protocol?: ProtocolFacts;
  /**
   * Resampling estimates of the listening test (domain/stats/resample.ts; beyond the spec):
   * the two-way bootstrap interval of each MOS and the "how many sentences" curve (null when the
   * study has too many ratings for it to be quick).
   */
  resampling?: {
    mos: Record<string, [number, number] | null>;
    /** Per system: unnatural length and reasons per annotated clip, with bootstrap intervals. */
    errorTypes: Record<string, SystemErrorBootstrap>;
    replicates: number;
    curve: StimuliPoint[] | null;
  };
  /**
   * The intelligibility test's settings the screen names, the recognisers' engines, and why
   * nothing is scored when nothing is. Optional: older answers lack it.
   */
  intelligibility?: {
    why: string | null;
    alpha: number;
    groupBy?: string;
    engines: Record<string, string>;
    /** The report's stimuli curve is left empty here and follows in a "curve" message. */
    curvePending?: boolean;
    /** The study's token unit (what the transcript view aligns). */
    unit?: TokenUnit;
    /**
     * The listeners' consensus per clip and their estimated reliability (the default
     * aggregation method, as `cli aggregate STUDY.json --annotators`): it follows in a
     * "consensus" message while `consensusPending`; null without listener transcripts.
     */
    consensus?: StudyConsensus | null;
    consensusPending?: boolean;
  };
  /** The quality rules, every rater's checks, who they exclude and whether the figures do. */
  quality?: {
    rules: QualityRules;
    checks: AnnotatorCheck[];
    excluded: { id: string; rules: RuleId[] }[];
    applied: boolean;
  };
}

/** The analysis in columns, as it crosses from the worker (packAnalysis.ts makes it). */
export interface PackedAnalysis {
  report: Analysis["report"];
  fit: Analysis["fit"];
  /** Cloned as it is: a few arrays per clip with saliency. */
  saliencyClips?: Analysis["saliencyClips"];
  clips: {
    clipId: string[];
    name: string[];
    /** null where the clip has no such field. */
    system: (string | null)[];
    sentence: (string | null)[];
    isReference: Uint8Array;
    annotations: Float64Array;
    bins: Float64Array;
    /** NaN stands for null (the statistics never produce NaN). */
    meanKappa: Float64Array;
    unionFraction: Float64Array;
    overlapFraction: Float64Array;
    meanAnnotatedSeconds: Float64Array;
  };
  scatter: {
    clipId: string[];
    system: (string | null)[];
    length: Float64Array;
    score: Float64Array;
  };
}
