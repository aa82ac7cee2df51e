import type { AnnotatorQuality } from "../../domain/study/qualityRules.ts";
import { REFERENCE_FLAG_THRESHOLD } from "../../domain/study/referenceCheck.ts";

/** Default share of reference bins marked above which an annotator is flagged. */
export const DEFAULT_THRESHOLD = REFERENCE_FLAG_THRESHOLD;

/**
 * Whether an annotator is flagged: a crowd annotator who marked more than `threshold` of the
 * bins of the reference (natural) clips they annotated. No reference clip annotated = not
 * flagged; experts and researchers (`nonCrowd`) are never flagged: the check is about the crowd.
 */
export function isFlagged(
  annotator: AnnotatorQuality,
  threshold: number,
  nonCrowd: ReadonlySet<string> = new Set(),
): boolean {
  if (nonCrowd.has(annotator.id)) return false;
  const share = annotator.referenceMarkedFraction;
  return share !== null && share > threshold;
}
