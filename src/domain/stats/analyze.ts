// The whole analysis of one interchange file (docs/spec/statistics.md): records are read into
// typed arrays (records.ts), one pass over the clips gathers every per-clip figure and the sums
// of the pooled ones (clipPass.ts), and the report is assembled here. Bin vectors are packed
// 32 bins to a word and pair agreement is accumulated as cell counts, never as concatenated
// vectors: 100,000 clips × 3 annotators take well under half a second in Node.

import { binWidthFault, MIN_BIN_SECONDS_TEXT } from "../interchange/binWidth.ts";
import type { AnnotationFile, ResolvedRecords } from "../interchange/types.ts";
import type { AnnotatorQuality } from "../study/qualityRules.ts";
import { alphaFromSums } from "./alpha.ts";
import { type ClipAgreement, passOverClips, type ScatterPoint } from "./clipPass.ts";
import { computeComparison } from "./comparison.ts";
import { type ConsensusTables, consensusFromTables } from "./consensus.ts";
import type { ConsensusRunner } from "./consensusRunner.ts";
import { leastSquares, pearson, spearman } from "./correlation.ts";
import { errorTypes } from "./errorTypes.ts";
import { expertAgreement } from "./expertAgreement.ts";
import { type CurveRunner, startIntelligibility } from "./intelligibility.ts";
import { kappaFromCells } from "./kappa.ts";
import { computeMos } from "./mos.ts";
import {
  byCodeUnit,
  clipGrid,
  IdLookup,
  readRegions,
  readSubmissions,
  resolvedFor,
} from "./records.ts";
import type { PairKappa, Report } from "./report.ts";
import { type SaliencyClip, saliencyDetail, saliencyFigures } from "./saliency.ts";
import { us } from "./time.ts";

export type { ClipAgreement, ScatterPoint } from "./clipPass.ts";
export { NO_SYSTEM } from "./errorTypes.ts";

export interface AnalyzeOptions {
  /** Bin width in seconds; overrides `study.binSeconds`. */
  binSeconds?: number;
  /** Compute the intelligibility's stimuli curve (the slowest figure); default true. */
  stimuliCurve?: boolean;
  /**
   * Who computes the stimuli curve's intervals (default: here, after the other figures). The
   * command line hands them to a second thread, which works on them while the rest of the
   * report is computed here.
   */
  curveRunner?: CurveRunner;
  /**
   * Who else may compute the crowd's consensus summary (default: none, it is computed here
   * after the other figures). The command line hands a large crowd's to a second thread, which
   * works on it while the rest of the report is computed here.
   */
  consensusRunner?: ConsensusRunner;
  /**
   * What reading this file resolved (parseAnnotationText's `records`): used while the file
   * holds the same arrays (records.ts's resolvedFor), so that ids are not looked up again.
   */
  records?: ResolvedRecords;
}

export interface Analysis {
  report: Report;
  clips: ClipAgreement[];
  scatter: ScatterPoint[];
  /** Least-squares line of score on length; null when pearson is null. */
  fit: { slope: number; intercept: number } | null;
  /** Per model, its clips' bins against the listeners' (Figure 1); empty without saliency or detail. */
  saliencyClips?: Record<string, SaliencyClip[]>;
}

function mean(sum: number, count: number): number | null {
  return count > 0 ? sum / count : null;
}

/** Every figure of docs/spec/statistics.md plus the per-clip table and scatter of the analysis screen. */
export function analyze(file: AnnotationFile, options: AnalyzeOptions = {}): Analysis {
  return run(file, options, true);
}

/** The report object of docs/spec/statistics.md ("The report"); the same as `analyze(...).report`. */
export function computeReport(file: AnnotationFile, options: AnalyzeOptions = {}): Report {
  return run(file, options, false).report;
}

/** The analysis; without `detail` the per-clip rows, scatter points and fit are not built. */
function run(file: AnnotationFile, options: AnalyzeOptions, detail: boolean): Analysis {
  const binSeconds = options.binSeconds ?? file.study.binSeconds ?? 0.1;
  if (binWidthFault(binSeconds) !== undefined) {
    throw new Error(
      `binSeconds must be a positive number of seconds, at least ${MIN_BIN_SECONDS_TEXT} (got ${binSeconds})`,
    );
  }
  const binUs = us(binSeconds);
  const resolved = resolvedFor(file, options.records);
  const clips = file.clips;
  const grid = clipGrid(clips, binUs);
  const annotatorIds = file.annotators.map((a) => a.id).sort(byCodeUnit);
  const A = annotatorIds.length;
  const lookup = new IdLookup(clips, annotatorIds);
  const regions = readRegions(file.regions, lookup, grid.durUs);
  const submissions = readSubmissions(file.submissions, lookup, clips.length, resolved);
  const consensusTables: ConsensusTables = {
    clips,
    annotatorIds,
    crowd: crowdMask(file, annotatorIds),
    durUs: grid.durUs,
    bins: grid.bins,
    regions,
    submissions,
  };
  // Handed to a runner as soon as its tables are read, before the intelligibility and the pass
  // over the clips, so that it has them while those are computed; asked for once every other
  // figure is computed.
  const consensusElsewhere = options.consensusRunner?.start(consensusTables, binUs);
  // Before the rest, so that a curve runner has the curve's intervals while the rest is computed.
  const intelligibility = startIntelligibility(file, {
    stimuliCurve: options.stimuliCurve !== false,
    curveRunner: options.curveRunner,
    records: resolved,
  });
  const pass = passOverClips(clips, grid.bins, binUs, A, regions, submissions, detail);

  const pairList: PairKappa[] = [];
  let pairKappaSum = 0;
  let pairKappaCount = 0;
  for (const p of pass.pairs) {
    const kappa = kappaFromCells(p.n11, p.n10, p.n01, p.n - p.n11 - p.n10 - p.n01);
    if (kappa !== null) {
      pairKappaSum += kappa;
      pairKappaCount++;
    }
    pairList.push({
      a: annotatorIds[p.a] as string,
      b: annotatorIds[p.b] as string,
      clips: p.clips,
      bins: p.n,
      kappa,
    });
  }

  const pr = pearson(pass.lengths, pass.scores);
  const rho = spearman(pass.lengths, pass.scores);
  const fit = pr === null || !detail ? null : leastSquares(pass.lengths, pass.scores);
  const types = errorTypes(file, regions.clip, pass.clipAnnotated, pass.annotatedClips);

  const annotatorRows: AnnotatorQuality[] = [];
  for (let a = 0; a < A; a++) {
    const bins = pass.referenceBins[a] as number;
    annotatorRows.push({
      id: annotatorIds[a] as string,
      annotations: pass.annotatorAnnotations[a] as number,
      regions: pass.annotatorRegions[a] as number,
      referenceMarkedFraction: bins > 0 ? (pass.referenceMarked[a] as number) / bins : null,
    });
  }

  const expert = expertAgreement(file);
  const saliency = saliencyFigures(file, binUs);
  const report: Report = {
    binSeconds,
    dataset: {
      clips: clips.length,
      annotatedClips: pass.annotatedClips,
      annotations: pass.annotations,
      meanDuration: mean(pass.durationSum, pass.annotatedClips),
      regionsPerAnnotation: mean(pass.nonEmptyRegions, pass.annotations),
      meanRegionLength:
        pass.nonEmptyRegions > 0 ? pass.regionUsSum / 1e6 / pass.nonEmptyRegions : null,
      reasonLabelsPerRegion: mean(types.reasonTotal, file.reasonLabels.length),
    },
    agreement: {
      meanPairwiseKappa: mean(pairKappaSum, pairKappaCount),
      perClipMeanKappa: mean(pass.clipKappaSum, pass.clipKappaCount),
      perClipUndefined: pass.perClipUndefined,
      krippendorffAlpha: alphaFromSums(pass.alpha),
      unionFraction: pass.multiBins > 0 ? pass.unionBins / pass.multiBins : null,
      overlapFraction: pass.multiBins > 0 ? pass.overlapBins / pass.multiBins : null,
      pairs: pairList,
    },
    correlation: {
      n: pass.lengths.length,
      pearson: pr?.r ?? null,
      p: pr?.p ?? null,
      ci95: pr?.ci95 ?? null,
      spearman: rho,
    },
    errorTypes: { overall: types.overall, bySystem: types.bySystem },
    annotators: annotatorRows,
    mos: computeMos(file),
    intelligibility: intelligibility.value,
    comparison: computeComparison(file),
    // After every other figure (the curve's intervals aside, which `finish` puts in place): a
    // runner computing it elsewhere has had their time. Here when no runner computed it.
    consensus: consensusElsewhere?.() ?? consensusFromTables(consensusTables, binUs, false).summary,
    expertAgreement: expert,
    saliency,
  };
  intelligibility.finish();
  return {
    report,
    clips: pass.rows,
    scatter: pass.scatter,
    fit,
    saliencyClips: detail ? saliencyDetail(file, binUs) : {},
  };
}

/** 1 at the index of each crowd annotator (ids in code-unit order). */
function crowdMask(file: AnnotationFile, annotatorIds: readonly string[]): Uint8Array {
  const roles = new Map(file.annotators.map((a) => [a.id, a.role]));
  return Uint8Array.from(annotatorIds, (id) => (roles.get(id) === "crowd" ? 1 : 0));
}
