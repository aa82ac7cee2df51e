// The report object that `stats --json` prints and "Download report (JSON)" saves, exactly as
// docs/spec/statistics.md defines it ("The report"). Undefined figures are null, never NaN.

import type { AnnotatorQuality } from "../study/qualityRules.ts";
import type { TokenUnit } from "../transcripts/normalise.ts";
import type { AnovaRow } from "./anova.ts";
import type { ConsensusSummary } from "./consensus.ts";
import type { ExpertAgreement } from "./expertAgreement.ts";
import type { SaliencyFigures } from "./saliency.ts";

export interface PairKappa {
  a: string;
  b: string;
  /** Clips both annotators annotated. */
  clips: number;
  /** Length of the concatenated bin vectors. */
  bins: number;
  kappa: number | null;
}

export interface ErrorTypeCounts {
  /** Annotated clips in this group. */
  clips: number;
  /** Reason count divided by `clips`, for every taxonomy id (null when `clips` is 0). */
  perSample: Record<string, number | null>;
}

/** A system's listening-test scores. */
export interface SystemMos {
  n: number;
  raters: number;
  mean: number;
  sd: number | null;
  ci95: [number, number] | null;
}

/** Two systems compared on the sentences both were rated on. */
export interface MosPair {
  a: string;
  b: string;
  sentences: number;
  meanDiff: number | null;
  w: number;
  p: number | null;
  pHolm: number | null;
}

export interface Mos {
  bySystem: Record<string, SystemMos>;
  pairs: MosPair[];
  /** Two-factor ANOVAs of the ratings (system × sentence, system × listener); none without ratings. */
  anova: AnovaRow[];
}

export interface Report {
  binSeconds: number;
  dataset: {
    clips: number;
    annotatedClips: number;
    annotations: number;
    meanDuration: number | null;
    regionsPerAnnotation: number | null;
    meanRegionLength: number | null;
    reasonLabelsPerRegion: number | null;
  };
  agreement: {
    meanPairwiseKappa: number | null;
    perClipMeanKappa: number | null;
    perClipUndefined: number;
    krippendorffAlpha: number | null;
    unionFraction: number | null;
    overlapFraction: number | null;
    pairs: PairKappa[];
  };
  correlation: {
    n: number;
    pearson: number | null;
    p: number | null;
    ci95: [number, number] | null;
    spearman: number | null;
  };
  errorTypes: {
    overall: ErrorTypeCounts;
    bySystem: Record<string, ErrorTypeCounts>;
  };
  annotators: AnnotatorQuality[];
  /** Listening-test scores: MOS per system and the pairwise signed-rank tests. */
  mos: Mos;
  /** Intelligibility (WER) of the transcripts; null when none could be scored. */
  intelligibility: Intelligibility | null;
  /** Paired comparisons and the natural-pairs pre-test; null with neither (comparison.ts). */
  comparison: Comparison | null;
  /** The crowd's consensus per bin (majority and Dawid–Skene) and each crowd annotator against it. */
  consensus: ConsensusSummary;
  /** Agreement between experts on the reasons of the spans they both labelled. */
  expertAgreement: ExpertAgreement;
  /** Each model's saliency against the listeners' regions (Table 4); null without saliency. */
  saliency: Record<string, SaliencyFigures> | null;
}

// Intelligibility (the spec's "Transcriptions and intelligibility (WER)").

export interface SystemWer {
  transcripts: number;
  listeners: number;
  stimuli: number;
  refTokens: number;
  errors: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  wer: number;
  meanWer: number;
  ci95: [number, number];
}

export interface WerPair {
  a: string;
  b: string;
  stimuli: number;
  meanDiff: number | null;
  w: number;
  p: number | null;
  pHolm: number | null;
  significant: boolean;
}

export interface CurvePoint {
  k: number;
  systems: number;
  meanWidth: number;
  sdWidth: number | null;
}

export interface WerCounts {
  transcripts: number;
  refTokens: number;
  errors: number;
  wer: number;
}

export interface AsrScores {
  bySystem: Record<string, WerCounts>;
  kendallTau: number | null;
}

export interface Intelligibility {
  unit: TokenUnit;
  scored: number;
  unscored: number;
  bySystem: Record<string, SystemWer>;
  pairs: WerPair[];
  groups: string[][];
  stimuliCurve: CurvePoint[];
  asr: Record<string, AsrScores>;
  byListenerGroup?: Record<string, Record<string, WerCounts>>;
  anova: AnovaRow[];
}

// Paired comparisons (the spec's "Paired comparisons (A/B preference and CMOS)"; comparison.ts).

export interface ComparisonPair {
  a: string;
  b: string;
  judgments: number;
  aWins: number;
  bWins: number;
  same: number;
  preferA: number | null;
  ci95: [number, number] | null;
  p: number | null;
  pHolm: number | null;
  significant: boolean;
  /** A CCR test's: `a`'s mean advantage in score points, its sd and t interval. */
  meanDiff?: number;
  sd?: number | null;
  meanDiffCi95?: [number, number] | null;
}

export interface ItemStrength {
  strength: number;
  rank: number;
  ci95: [number, number];
}

export interface QualificationSummary {
  pairs: number;
  passAccuracy: number;
  participants: number;
  passed: number;
  histogram: { accuracy: number; participants: number }[];
}

export interface Comparison {
  scale: "ab" | "ccr";
  judgments: number;
  sameItem: number;
  pairs: ComparisonPair[];
  bradleyTerry: Record<string, ItemStrength>;
  qualification: QualificationSummary | null;
}
