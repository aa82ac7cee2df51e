// The bins a view pair's side highlights (docs/spec/interchange-format.md, "Paired
// comparisons…", view pairs: the RedPen paper's Table 3). `regions:union`: the bins any crowd
// annotator of the clip marked; `regions:overlap`: the bins every crowd annotator of the clip
// marked (a crowd annotator of the clip: one with a submission or a region on it);
// `saliency:<model>`: the clip's bins of highest pooled saliency (topBins), as many as the other
// side highlights and at least one, `regions:union`'s count when both sides are saliency. Bins
// as everywhere (statistics.md, "Annotations and bins"): integer microseconds, markSpan.

import { REGION_VIEWS } from "../interchange/comparison.ts";
import type { AnnotationFile, Pair } from "../interchange/types.ts";
import { poolFrames, topBins } from "./saliency.ts";
import { binCount, clampRegion, markSpan, us } from "./time.ts";

export type ViewFile = Pick<
  AnnotationFile,
  "clips" | "annotators" | "submissions" | "regions" | "saliency"
>;

/** The crowd's bins of one clip: those any annotator marked, those every one did. */
export interface CrowdBins {
  /** Crowd annotators of the clip (a submission or a region on it). */
  annotators: number;
  union: number[];
  overlap: number[];
}

/** The crowd's union and overlap of a clip `durationUs` long, bins `binUs` wide. */
export function crowdBins(
  file: Pick<ViewFile, "annotators" | "submissions" | "regions">,
  clipId: string,
  durationUs: number,
  binUs: number,
): CrowdBins {
  const crowd = new Set(file.annotators.filter((a) => a.role === "crowd").map((a) => a.id));
  const bins = binCount(durationUs, binUs);
  const vectors = new Map<string, Uint8Array>();
  const vectorOf = (annotator: string) => {
    let v = vectors.get(annotator);
    if (v === undefined) {
      v = new Uint8Array(bins);
      vectors.set(annotator, v);
    }
    return v;
  };
  for (const s of file.submissions)
    if (s.clipId === clipId && crowd.has(s.annotatorId)) vectorOf(s.annotatorId);
  for (const r of file.regions) {
    if (r.clipId !== clipId || !crowd.has(r.annotatorId)) continue;
    const span = clampRegion(r.start, r.end, durationUs);
    markSpan(vectorOf(r.annotatorId), 0, bins, span.start, span.end, binUs);
  }
  const union: number[] = [];
  const overlap: number[] = [];
  if (vectors.size > 0) {
    const all = [...vectors.values()];
    for (let k = 0; k < bins; k++) {
      const marked = all.reduce((n, v) => n + (v[k] as number), 0);
      if (marked > 0) union.push(k);
      if (marked === all.length) overlap.push(k);
    }
  }
  return { annotators: vectors.size, union, overlap };
}

/** A `saliency:<model>` view's model, or null for a region view. */
export function saliencyModelOf(view: string): string | null {
  return view.startsWith("saliency:") ? view.slice("saliency:".length) : null;
}

/**
 * The highlighted bins of a view pair's two sides, `a`'s then `b`'s (ascending), in a file the
 * interchange reader accepted (its clip and saliency records resolve): a side may highlight
 * nothing (an empty overlap), and a view without its data highlights nothing. Null: the pair
 * is a clip pair, or its clip is not in the file. viewPairBins says what is missing instead.
 */
export function viewSideBins(
  file: ViewFile,
  pair: Pick<Pair, "a" | "b" | "clipId">,
  binUs: number,
): [number[], number[]] | null {
  const clip = pair.clipId === undefined ? undefined : file.clips.find((c) => c.id === pair.clipId);
  if (clip === undefined) return null;
  const D = us(clip.duration);
  const crowd = crowdBins(file, clip.id, D, binUs);
  const regionSide = (view: string): number[] | null =>
    view === "regions:union" ? crowd.union : view === "regions:overlap" ? crowd.overlap : null;
  const a = regionSide(pair.a);
  const b = regionSide(pair.b);
  // A saliency side highlights as many bins as the other side, the union's when both are models.
  const count = a?.length ?? b?.length ?? crowd.union.length;
  const salient = (view: string): number[] => {
    const model = saliencyModelOf(view);
    const record = (file.saliency ?? []).find((r) => r.clipId === clip.id && r.model === model);
    if (record === undefined) return [];
    const pooled = poolFrames(record, D, binUs);
    return pooled.every((v) => v === null) ? [] : topBins(pooled, count);
  };
  return [a ?? salient(pair.a), b ?? salient(pair.b)];
}

/**
 * The highlighted bins of a view pair's two sides (viewSideBins), or a problem naming the side:
 * a clip or saliency record the file lacks, an unknown view, or a side that highlights no bin
 * (nothing to show a listener). What publishing a view pair and New study's choice of clips ask.
 */
export function viewPairBins(
  file: ViewFile,
  pair: Pick<Pair, "a" | "b" | "clipId">,
  binUs: number,
): { ok: true; bins: [number[], number[]] } | { ok: false; problem: string } {
  const clipId = pair.clipId as string;
  const bins = viewSideBins(file, pair, binUs);
  if (bins === null) return { ok: false, problem: `no clip with id "${clipId}"` };
  for (const [i, view] of [pair.a, pair.b].entries()) {
    const side = i === 0 ? "a" : "b";
    if ((bins[i] as number[]).length > 0) continue;
    if (view === "regions:union" || view === "regions:overlap") {
      const clip = file.clips.find((c) => c.id === clipId);
      const crowd = crowdBins(file, clipId, us(clip?.duration ?? 0), binUs);
      return {
        ok: false,
        problem: `${side}: "${view}" highlights no bin of clip "${clipId}" (${
          crowd.annotators === 0
            ? "no crowd annotator marked it"
            : view === "regions:overlap"
              ? "no bin every crowd annotator marked"
              : "no crowd annotator marked a region"
        }): a listener would see nothing to compare`,
      };
    }
    const model = saliencyModelOf(view);
    if (model === null || model === "")
      return {
        ok: false,
        problem: `${side}: unknown view "${view}" (a view is ${REGION_VIEWS.map((v) => `"${v}"`).join(", ")} or "saliency:<model>")`,
      };
    const known = (file.saliency ?? []).some((r) => r.clipId === clipId && r.model === model);
    return {
      ok: false,
      problem: known
        ? `${side}: the saliency of model "${model}" has no frame within clip "${clipId}"`
        : `${side}: no saliency of model "${model}" for clip "${clipId}"`,
    };
  }
  return { ok: true, bins };
}
