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
 * The highlighted bins of a view pair's two sides, `a`'s then `b`'s (ascending), or a problem
 * naming the side: a clip or saliency record the file lacks, an unknown view, or a side that
 * highlights no bin (nothing to show a listener).
 */
export function viewPairBins(
  file: ViewFile,
  pair: Pick<Pair, "a" | "b" | "clipId">,
  binUs: number,
): { ok: true; bins: [number[], number[]] } | { ok: false; problem: string } {
  const clipId = pair.clipId as string;
  const clip = file.clips.find((c) => c.id === clipId);
  if (clip === undefined) return { ok: false, problem: `no clip with id "${clipId}"` };
  const D = us(clip.duration);
  const crowd = crowdBins(file, clipId, D, binUs);
  const regionSide = (view: string): number[] | null =>
    view === "regions:union" ? crowd.union : view === "regions:overlap" ? crowd.overlap : null;
  const salient = (view: string, count: number): number[] | string => {
    const model = saliencyModelOf(view);
    if (model === null || model === "")
      return `unknown view "${view}" (a view is ${REGION_VIEWS.map((v) => `"${v}"`).join(", ")} or "saliency:<model>")`;
    const record = (file.saliency ?? []).find((r) => r.clipId === clipId && r.model === model);
    if (record === undefined) return `no saliency of model "${model}" for clip "${clipId}"`;
    const pooled = poolFrames(record, D, binUs);
    if (pooled.every((v) => v === null))
      return `the saliency of model "${model}" has no frame within clip "${clipId}"`;
    return topBins(pooled, count);
  };
  const sides: (number[] | null)[] = [regionSide(pair.a), regionSide(pair.b)];
  const counts = sides.map((s) => s?.length ?? null);
  const out: number[][] = [];
  for (const [i, view] of [pair.a, pair.b].entries()) {
    const own = sides[i];
    if (own !== null && own !== undefined) {
      if (own.length === 0)
        return {
          ok: false,
          problem: `${i === 0 ? "a" : "b"}: "${view}" highlights no bin of clip "${clipId}" (${
            crowd.annotators === 0
              ? "no crowd annotator marked it"
              : view === "regions:overlap"
                ? "no bin every crowd annotator marked"
                : "no crowd annotator marked a region"
          }): a listener would see nothing to compare`,
        };
      out.push(own);
      continue;
    }
    const other = counts[1 - i];
    const made = salient(view, other ?? crowd.union.length);
    if (typeof made === "string") return { ok: false, problem: `${i === 0 ? "a" : "b"}: ${made}` };
    out.push(made);
  }
  return { ok: true, bins: [out[0] as number[], out[1] as number[]] };
}
