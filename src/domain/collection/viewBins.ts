// The highlighted bins of each side of a view pair (interchange format, `pairs[]` with
// `clipId`), as a participant's screen shows them over the clip's waveform: computed by the
// server when a study is published, from the study file's own data (docs/spec, "Paired
// comparisons"):
// - `regions:union`: the bins any crowd annotator of the clip marked;
// - `regions:overlap`: the bins every crowd annotator of the clip marked (an annotation is a
//   crowd annotator with a submission or a region on the clip; none: no bins);
// - `saliency:<model>`: the clip's bins with the highest values of that model's saliency
//   (max-pooled to the bin width), earlier bins first among equals, as many as the other side
//   highlights and at least one (`regions:union`'s count when both sides are saliency): topBins.
// Bins are those of the statistics spec: width `study.binSeconds` (0.1 s by default), in
// integer microseconds, a region marking every bin it overlaps.
import { DEFAULT_BIN_SECONDS } from "../interchange/schema.ts";
import type { AnnotationFile, Pair } from "../interchange/types.ts";
import { us } from "../stats/time.ts";
import { viewSideBins } from "../stats/views.ts";

/** Each side's highlighted bins (ascending), a's then b's. */
export type ViewBins = [number[], number[]];

/**
 * The bins each side of view pair `pair` highlights in `file` (a file the interchange reader
 * accepted: its clip and saliency records resolve), as the statistics define them
 * (stats/views.ts, the one home of the rule). Null for a clip pair.
 */
export function viewBins(file: AnnotationFile, pair: Pair): ViewBins | null {
  return viewSideBins(file, pair, us(file.study.binSeconds ?? DEFAULT_BIN_SECONDS));
}
