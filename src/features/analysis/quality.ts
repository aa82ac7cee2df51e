import type { AnnotatorQuality } from "../../domain/stats/report.ts";

/** Default share of reference bins marked above which an annotator is flagged. */
export const DEFAULT_THRESHOLD = 0.2;

/**
 * Whether an annotator is flagged: they marked more than `threshold` of the bins of the
 * reference (natural) clips they annotated. No reference clip annotated = not flagged.
 */
export function isFlagged(annotator: AnnotatorQuality, threshold: number): boolean {
  const share = annotator.referenceMarkedFraction;
  return share !== null && share > threshold;
}
