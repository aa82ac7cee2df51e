// Why a figure is undefined (null), in words a researcher can act on. Pure functions of the
// report and the per-clip figures, following docs/spec/statistics.md's null rules.
import type { Report } from "../../domain/stats/report.ts";
import type { ClipAgreement, ScatterPoint } from "../../workers/analysisMessages.ts";

const NO_MULTI = "no clip has two or more annotations yet";

export interface DatasetReasons {
  meanDuration?: string;
  regionsPerAnnotation?: string;
  meanRegionLength?: string;
  reasonLabelsPerRegion?: string;
}

export function datasetReasons(dataset: Report["dataset"]): DatasetReasons {
  const out: DatasetReasons = {};
  if (dataset.meanDuration === null) out.meanDuration = "no clip is annotated yet";
  if (dataset.regionsPerAnnotation === null) out.regionsPerAnnotation = "no annotations yet";
  if (dataset.meanRegionLength === null) out.meanRegionLength = "no non-empty regions yet";
  if (dataset.reasonLabelsPerRegion === null) {
    out.reasonLabelsPerRegion = "no reason labels yet: experts add them on the expert screen";
  }
  return out;
}

export interface AgreementReasons {
  meanPairwiseKappa?: string;
  perClipMeanKappa?: string;
  krippendorffAlpha?: string;
  unionFraction?: string;
  overlapFraction?: string;
}

export function agreementReasons(
  agreement: Report["agreement"],
  clips: readonly ClipAgreement[],
): AgreementReasons {
  const out: AgreementReasons = {};
  const multi = clips.some((c) => c.annotations >= 2);
  if (agreement.meanPairwiseKappa === null) {
    out.meanPairwiseKappa =
      agreement.pairs.length === 0
        ? "no two annotators annotated the same clip"
        : "every pair's kappa is undefined: chance agreement is 1 (both marked every bin alike, e.g. nothing)";
  }
  if (agreement.perClipMeanKappa === null) {
    out.perClipMeanKappa = multi
      ? "on every clip with two or more annotations, chance agreement is 1 for all pairs"
      : NO_MULTI;
  }
  if (agreement.krippendorffAlpha === null) {
    out.krippendorffAlpha = multi
      ? "no variation: every bin carries the same mark, so expected disagreement is 0"
      : NO_MULTI;
  }
  if (agreement.unionFraction === null) out.unionFraction = NO_MULTI;
  if (agreement.overlapFraction === null) out.overlapFraction = NO_MULTI;
  return out;
}

/** Why one pair's kappa is undefined. */
export const PAIR_KAPPA_NULL = "chance agreement is 1";

/** Why one clip's mean kappa is undefined. */
export function clipKappaReason(clip: ClipAgreement): string | undefined {
  if (clip.meanKappa !== null) return undefined;
  if (clip.annotations < 2) return clip.annotations === 0 ? "not annotated" : "one annotation";
  return "all pairs have chance agreement 1";
}

export interface CorrelationReasons {
  pearson?: string;
  p?: string;
  ci95?: string;
  spearman?: string;
}

function hasVariance(values: readonly number[]): boolean {
  return values.some((v) => v !== values[0]);
}

export function correlationReasons(
  correlation: Report["correlation"],
  scatter: readonly ScatterPoint[],
): CorrelationReasons {
  const out: CorrelationReasons = {};
  const { n } = correlation;
  let why: string | undefined;
  if (n < 3) {
    why = `needs at least 3 annotated clips with a score; there ${n === 1 ? "is" : "are"} ${n}`;
  } else if (!hasVariance(scatter.map((p) => p.score))) {
    why = "every clip has the same score: there is no variance to correlate";
  } else if (!hasVariance(scatter.map((p) => p.length))) {
    why = "every clip has the same unnatural length: there is no variance to correlate";
  } else {
    why = "no variance to correlate";
  }
  if (correlation.pearson === null) {
    out.pearson = why;
    out.p = "r is undefined";
  } else if (correlation.p === null) {
    out.p = "not computable";
  }
  if (correlation.spearman === null) out.spearman = why;
  if (correlation.ci95 === null) {
    if (correlation.pearson === null) out.ci95 = "r is undefined";
    else if (n < 4) out.ci95 = `the Fisher-z interval needs at least 4 clips; there are ${n}`;
    else out.ci95 = "r is exactly ±1: the interval collapses to a point";
  }
  return out;
}

/** Why an error-type rate is undefined. */
export const PER_SAMPLE_NULL = "no annotated clips";

/** Why an annotator's reference share is undefined. */
export const REFERENCE_NULL = "annotated no reference clip";
