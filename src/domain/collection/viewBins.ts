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
import { poolFrames, topBins } from "../stats/saliency.ts";
import { binCount, clampRegion, markSpan, us } from "../stats/time.ts";

/** Each side's highlighted bins (ascending), a's then b's. */
export type ViewBins = [number[], number[]];

/** The bins of the regions views of clip `clipId`: any annotation's and every annotation's. */
function regionViews(file: AnnotationFile, clipId: string, D: number, b: number) {
  const bins = binCount(D, b);
  const crowd = new Set(file.annotators.filter((a) => a.role === "crowd").map((a) => a.id));
  const vectors = new Map<string, Uint8Array>();
  const vector = (annotatorId: string) => {
    let v = vectors.get(annotatorId);
    if (!v) {
      v = new Uint8Array(bins);
      vectors.set(annotatorId, v);
    }
    return v;
  };
  for (const s of file.submissions)
    if (s.clipId === clipId && crowd.has(s.annotatorId)) vector(s.annotatorId);
  for (const r of file.regions) {
    if (r.clipId !== clipId || !crowd.has(r.annotatorId)) continue;
    const span = clampRegion(r.start, r.end, D);
    markSpan(vector(r.annotatorId), 0, bins, span.start, span.end, b);
  }
  const union: number[] = [];
  const overlap: number[] = [];
  const all = [...vectors.values()];
  for (let k = 0; k < bins; k++) {
    if (all.some((v) => v[k] === 1)) union.push(k);
    if (all.length > 0 && all.every((v) => v[k] === 1)) overlap.push(k);
  }
  return { "regions:union": union, "regions:overlap": overlap };
}

/**
 * The bins each side of view pair `pair` highlights in `file` (a file the interchange reader
 * accepted: its clip and saliency records resolve). Null for a clip pair.
 */
export function viewBins(file: AnnotationFile, pair: Pair): ViewBins | null {
  if (pair.clipId === undefined) return null;
  const clip = file.clips.find((c) => c.id === pair.clipId);
  if (!clip) return null;
  const D = us(clip.duration);
  const b = us(file.study.binSeconds ?? DEFAULT_BIN_SECONDS);
  const regions = regionViews(file, clip.id, D, b);
  const regionView = (view: string) =>
    view === "regions:union" || view === "regions:overlap" ? regions[view] : null;
  const saliency = (view: string, count: number) => {
    const model = view.slice("saliency:".length);
    const record = (file.saliency ?? []).find((r) => r.clipId === clip.id && r.model === model);
    return record ? topBins(poolFrames(record, D, b), count) : [];
  };
  const a = regionView(pair.a);
  const bb = regionView(pair.b);
  const count = a !== null ? a.length : bb !== null ? bb.length : regions["regions:union"].length;
  return [a ?? saliency(pair.a, count), bb ?? saliency(pair.b, count)];
}
