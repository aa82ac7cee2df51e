// Statistics of a study (docs/spec/statistics.md): the report, the analysis screen's data and
// the building blocks they are made of.
export {
  type AlphaSums,
  addUnits,
  alphaFromSums,
  emptyAlphaSums,
  krippendorffAlphaBinary,
} from "./alpha.ts";
export {
  type Analysis,
  type AnalyzeOptions,
  analyze,
  type ClipAgreement,
  computeReport,
  NO_SYSTEM,
  type ScatterPoint,
} from "./analyze.ts";
export { annotatedSeconds, binVector, type Span, unionAndOverlap, unionLengthUs } from "./bins.ts";
export {
  averageRanks,
  fisherCi95,
  leastSquares,
  type PearsonResult,
  pearson,
  pearsonR,
  pValue,
  spearman,
  Z_975,
} from "./correlation.ts";
export { DEFINITIONS, definitionOf, type FigureKey } from "./definitions.ts";
export {
  cohenKappa,
  countPair,
  kappaFromCells,
  kappaFromCounts,
  type PairCounts,
} from "./kappa.ts";
export type { ErrorTypeCounts, PairKappa, Report } from "./report.ts";
export {
  binCount,
  type ClampedSpan,
  ceilDiv,
  clampRegion,
  floorDiv,
  markSpan,
  us,
} from "./time.ts";
