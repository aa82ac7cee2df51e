// One plain-English definition per figure, for hover help in the analysis screen and the CLI's
// --help. Each names the choice we made where the RedPen paper leaves one open; the exact
// definitions are in docs/spec/statistics.md and docs/statistics.md.

export const DEFINITIONS = {
  annotation:
    "An annotation is one annotator's work on one clip: a submission, or at least one marked region. A submission with no regions counts (the annotator found nothing unnatural).",
  bins: "Clips are cut into bins of the study's bin width (0.1 s by default), the last one partial. Times are compared in whole microseconds, so a region ending exactly on a bin boundary does not mark the next bin. A region marks every bin it overlaps; ends past the clip are clamped to it.",
  annotatedSeconds:
    "Annotated seconds of an annotation: the length of the union of its regions, clamped to the clip, so overlapping regions of one annotator count once.",
  binSeconds: "Bin width in seconds used for every agreement figure.",

  "dataset.clips": "Number of clips in the study.",
  "dataset.annotatedClips": "Clips with at least one annotation.",
  "dataset.annotations":
    "Number of annotations: (clip, annotator) pairs with a submission or a region.",
  "dataset.meanDuration": "Mean duration, in seconds, of the annotated clips.",
  "dataset.regionsPerAnnotation":
    "Regions per annotation: regions that are not empty after clamping to the clip, divided by the number of annotations.",
  "dataset.meanRegionLength":
    "Mean length, in seconds, of the non-empty regions after clamping to the clip.",
  "dataset.reasonLabelsPerRegion":
    "Mean number of reasons an expert ticked per labelled region (per reason-label record).",

  "agreement.meanPairwiseKappa":
    "Headline agreement: for each pair of annotators who share clips, Cohen's kappa on their bin marks pooled over all the clips both annotated (the bin vectors concatenated); then the plain mean of the pairs' kappas. Pairs whose kappa is undefined are left out.",
  "agreement.perClipMeanKappa":
    "Per-clip kappa: for each clip with two or more annotations, the mean Cohen's kappa of its annotator pairs on that clip's bins alone; then the mean over clips. Clips where no pair's kappa is defined are left out.",
  "agreement.perClipUndefined":
    "Clips with two or more annotations where per-clip kappa is undefined, typically because nobody marked anything (kappa is undefined when both annotators are constant).",
  "agreement.krippendorffAlpha":
    "Krippendorff's alpha (nominal): each bin of a clip with two or more annotations is a unit, each annotator's mark (0/1) a value; alpha = 1 − observed/expected disagreement from the coincidence matrix. Undefined when every value is the same.",
  "agreement.unionFraction":
    "Over the clips with two or more annotations: the share of their bins marked by at least one annotator.",
  "agreement.overlapFraction":
    "Over the clips with two or more annotations: the share of their bins marked by every annotator of the clip.",
  "agreement.pairs":
    "One row per pair of annotators who annotated at least one clip in common, ordered by id.",
  "pair.clips": "Clips both annotators of the pair annotated.",
  "pair.bins": "Bins compared for the pair: the total bin count of their shared clips.",
  "pair.kappa":
    "Cohen's kappa of the pair, pooled over the bins of all their shared clips: (po − pe)/(1 − pe). Undefined when pe = 1 (both constant, e.g. neither marked anything).",

  "correlation.n":
    "Clips in the score–length correlation: annotated clips with a score (the clip's own score, else the mean of its annotators' submission scores).",
  "correlation.pearson":
    "Pearson's r between a clip's length of unnatural regions (mean annotated seconds over its annotations) and its score. Undefined with fewer than 3 clips or when either side is constant.",
  "correlation.p":
    "Two-sided p-value of Pearson's r from Student's t with n − 2 degrees of freedom (0 when |r| = 1).",
  "correlation.ci95":
    "95% confidence interval of Pearson's r by the Fisher z-transformation; undefined with fewer than 4 clips or when |r| = 1.",
  "correlation.spearman":
    "Spearman's rank correlation: Pearson's r on average ranks (ties share their mean rank).",

  "errorTypes.overall": "Error types over all clips.",
  "errorTypes.bySystem":
    "Error types per system; clips without a system are grouped under “(none)”.",
  "errorTypes.clips": "Annotated clips in the group.",
  "errorTypes.perSample":
    "For each error type: how many times experts ticked it on regions of the group's clips, divided by the group's number of annotated clips. Undefined for a group with no annotated clip.",

  "annotator.annotations": "Clips this annotator annotated (submitted or marked).",
  "annotator.regions": "Non-empty regions this annotator marked (after clamping to the clip).",
  "annotator.referenceMarkedFraction":
    "Share of bins this annotator marked on reference (natural) clips, pooled over all their reference annotations. A natural recording should be marked little: a high share flags an annotator to check. Undefined without a reference clip.",

  "clip.annotations": "Annotations of this clip.",
  "clip.bins": "Bins of this clip at the study's bin width.",
  "clip.meanKappa":
    "Mean Cohen's kappa of this clip's annotator pairs on its bins alone; undefined with fewer than two annotations or when no pair's kappa is defined.",
  "clip.unionFraction":
    "Share of this clip's bins marked by at least one annotator (two or more annotations needed).",
  "clip.overlapFraction":
    "Share of this clip's bins marked by every annotator (two or more annotations needed).",
  "clip.meanAnnotatedSeconds":
    "Mean annotated seconds over this clip's annotations (the length used in the correlation).",
  "consensus.clips":
    "Clips in the consensus: clips with two or more crowd annotations (experts and researchers do not vote).",
  "consensus.majority":
    "Majority consensus: a bin is in it when more than half of the clip's crowd annotators marked it (a tie, e.g. 1 of 2, is not). Regions are runs of such bins.",
  "consensus.model":
    "Model consensus: a two-class Dawid–Skene model over the bins, fitted by EM from the soft majority: each crowd annotator has a sensitivity and a specificity, the study a prevalence; a bin is in the consensus when its posterior probability of being unnatural exceeds 0.5.",
  "consensus.prevalence":
    "The model's estimate of the share of bins that are unnatural (before seeing any marks).",
  "consensus.converged":
    "Whether EM stopped because the log-likelihood per bin gained less than 1e-10 in a round; otherwise it stopped after 1000 rounds, which happens when the crowd's marks barely determine the model (read its reliabilities with care).",
  "consensus.sensitivity":
    "The model's P(marks a bin | the bin is unnatural) for this crowd annotator: how much of the real problems they catch.",
  "consensus.specificity":
    "The model's P(leaves a bin unmarked | the bin is natural) for this crowd annotator: how rarely they mark what is fine.",
  "consensus.kappaMajority":
    "Cohen's kappa of this annotator's bins against the majority consensus, pooled over their clips in the consensus. Their own vote is part of the majority, which flatters small crowds.",
  "consensus.kappaModel":
    "Cohen's kappa of this annotator's bins against the model consensus, pooled over their clips in the consensus.",
  "expertAgreement.pair":
    "For two annotators who labelled reasons on some of the same spans: Cohen's kappa over those spans of 'reason ticked' (yes/no), per reason and overall over every (span, reason) cell. Undefined when both are constant (e.g. neither ever ticked the reason).",
  "expertAgreement.mean":
    "The mean over expert pairs of their defined kappas (overall, or for one reason); pairs whose kappa is undefined are left out.",
  fit: "Least-squares line of score on length over the clips in the correlation; shown when Pearson's r is defined.",
} as const satisfies Record<string, string>;

export type FigureKey = keyof typeof DEFINITIONS;

/** The definition of a figure, for a tooltip or --help. */
export function definitionOf(key: FigureKey): string {
  return DEFINITIONS[key];
}
