// A model's saliency against the listeners' regions (docs/spec/statistics.md, "Model saliency
// against the listeners' regions", the RedPen paper's Table 4). All frame and bin arithmetic is
// in integer microseconds; a bin's model value is the greatest value of the frames overlapping
// it (max-pooling to the bin width), and Pearson's r is correlation.ts's.

import type { AnnotationFile, SaliencyRecord } from "../interchange/types.ts";
import { pearsonR } from "./correlation.ts";
import { byCodeUnit } from "./records.ts";
import { binCount, ceilDiv, clampRegion, floorDiv, markSpan, us } from "./time.ts";

/** One model's figures: the bins kept and Pearson's r overall and per taxonomy id. */
export interface SaliencyFigures {
  clips: number;
  bins: number;
  overall: number | null;
  byType: Record<string, number | null>;
}

/** One clip's bins as the spec compares them (the analysis screen draws these, as Figure 1). */
export interface SaliencyClip {
  clipId: string;
  /** Bins of the clip: ceil(D / b). */
  bins: number;
  /** Per bin, the greatest value of the frames overlapping it; null where no frame does. */
  model: (number | null)[];
  /** Per bin, the share of the clip's crowd annotations marking it. */
  annotated: number[];
  /** Per bin, the taxonomy ids of the labelled regions marking it. */
  types: string[][];
  /**
   * The model's salient bins, ascending: the bins with the highest model values (earlier bins
   * first among equal values), as many as the crowd's union marks and at least one, as the
   * interchange format's `saliency:<model>` view highlights them (the paper's Figure 1).
   */
  salient: number[];
}

/** The `count` bins of highest value (earlier first among equals; null bins never), ascending. */
export function topBins(values: readonly (number | null)[], count: number): number[] {
  const ranked: number[] = [];
  values.forEach((v, k) => {
    if (v !== null) ranked.push(k);
  });
  ranked.sort((a, b) => (values[b] as number) - (values[a] as number) || a - b);
  return ranked.slice(0, Math.max(1, count)).sort((a, b) => a - b);
}

/**
 * Per bin of a clip `durationUs` long, the greatest value of the record's frames that overlap it
 * (null where none does). Frame f covers [o + f·h, o + (f+1)·h), its end clamped to the clip;
 * frames starting at or after the clip's end are dropped.
 */
export function poolFrames(
  record: Pick<SaliencyRecord, "hopSeconds" | "offsetSeconds" | "values">,
  durationUs: number,
  binUs: number,
): (number | null)[] {
  const bins = binCount(durationUs, binUs);
  const out: (number | null)[] = new Array(bins).fill(null);
  const o = us(record.offsetSeconds ?? 0);
  const h = us(record.hopSeconds);
  const values = record.values;
  for (let f = 0; f < values.length; f++) {
    const start = o + f * h;
    if (start >= durationUs) break;
    const end = Math.min(start + h, durationUs);
    if (end <= start) continue;
    const value = values[f] as number;
    const last = Math.min(ceilDiv(end, binUs) - 1, bins - 1);
    for (let k = floorDiv(start, binUs); k <= last; k++) {
      const held = out[k];
      if (held === null || held === undefined || value > held) out[k] = value;
    }
  }
  return out;
}

/** Runs of consecutive bins as spans in seconds, the last bin ending at the clip's end. */
export function binRuns(
  bins: readonly number[],
  binUs: number,
  durationUs: number,
): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  let first = -1;
  let last = -2;
  const close = () => {
    if (first >= 0) {
      runs.push({
        start: (first * binUs) / 1e6,
        end: Math.min((last + 1) * binUs, durationUs) / 1e6,
      });
    }
  };
  for (const k of bins) {
    if (k !== last + 1) {
      close();
      first = k;
    }
    last = k;
  }
  close();
  return runs;
}

/**
 * A record's salient regions on its clip, as the analysis screen's Figure 1 draws them: its
 * highest bins (topBins), as many as `listenerSpans` (the crowd's union, in seconds) mark and
 * at least one, merged into runs.
 */
export function salientRegions(
  record: Pick<SaliencyRecord, "hopSeconds" | "offsetSeconds" | "values">,
  duration: number,
  binSeconds: number,
  listenerSpans: readonly { start: number; end: number }[],
): { start: number; end: number }[] {
  const D = us(duration);
  const b = us(binSeconds);
  const bins = binCount(D, b);
  const marked = new Uint8Array(bins);
  for (const s of listenerSpans) {
    const span = clampRegion(s.start, s.end, D);
    markSpan(marked, 0, bins, span.start, span.end, b);
  }
  const count = marked.reduce((n, v) => n + v, 0);
  return binRuns(topBins(poolFrames(record, D, b), count), b, D);
}

/** The models with saliency records, in code-unit order. */
export function saliencyModels(file: AnnotationFile): string[] {
  return [...new Set((file.saliency ?? []).map((r) => r.model))].sort(byCodeUnit);
}

/**
 * Each clip that has `model`'s saliency and at least one crowd annotation, in the order of the
 * records, with its bins' model, annotated and type values.
 */
export function saliencyClips(file: AnnotationFile, model: string, binUs: number): SaliencyClip[] {
  const crowd = new Set(file.annotators.filter((a) => a.role === "crowd").map((a) => a.id));
  const clipById = new Map(file.clips.map((c) => [c.id, c]));
  const records = (file.saliency ?? []).filter((r) => r.model === model);
  const wanted = new Set(records.map((r) => r.clipId));
  // The clips' crowd annotations (a submission or a region) and every region, by clip.
  const annotations = new Map<string, Set<string>>();
  const regionsOf = new Map<string, AnnotationFile["regions"]>();
  for (const s of file.submissions) {
    if (wanted.has(s.clipId) && crowd.has(s.annotatorId)) {
      const set = annotations.get(s.clipId) ?? new Set<string>();
      set.add(s.annotatorId);
      annotations.set(s.clipId, set);
    }
  }
  for (const r of file.regions) {
    if (!wanted.has(r.clipId)) continue;
    const list = regionsOf.get(r.clipId) ?? [];
    list.push(r);
    regionsOf.set(r.clipId, list);
    if (crowd.has(r.annotatorId)) {
      const set = annotations.get(r.clipId) ?? new Set<string>();
      set.add(r.annotatorId);
      annotations.set(r.clipId, set);
    }
  }
  const reasonsOf = new Map<string, Set<string>>();
  for (const l of file.reasonLabels) {
    const set = reasonsOf.get(l.regionId) ?? new Set<string>();
    for (const t of l.reasons) set.add(t);
    reasonsOf.set(l.regionId, set);
  }

  const out: SaliencyClip[] = [];
  for (const record of records) {
    const clip = clipById.get(record.clipId);
    const annotators = annotations.get(record.clipId);
    if (clip === undefined || annotators === undefined) continue;
    const D = us(clip.duration);
    const bins = binCount(D, binUs);
    const counts = new Array<number>(bins).fill(0);
    const types: Set<string>[] = Array.from({ length: bins }, () => new Set<string>());
    const regions = regionsOf.get(record.clipId) ?? [];
    for (const annotator of annotators) {
      const vector = new Uint8Array(bins);
      for (const r of regions) {
        if (r.annotatorId !== annotator) continue;
        const span = clampRegion(r.start, r.end, D);
        markSpan(vector, 0, bins, span.start, span.end, binUs);
      }
      for (let k = 0; k < bins; k++) counts[k] = (counts[k] as number) + (vector[k] as number);
    }
    for (const r of regions) {
      const reasons = reasonsOf.get(r.id);
      if (reasons === undefined) continue;
      const span = clampRegion(r.start, r.end, D);
      const vector = new Uint8Array(bins);
      markSpan(vector, 0, bins, span.start, span.end, binUs);
      for (let k = 0; k < bins; k++) {
        if (vector[k] === 1) for (const t of reasons) (types[k] as Set<string>).add(t);
      }
    }
    const model = poolFrames(record, D, binUs);
    out.push({
      clipId: record.clipId,
      bins,
      model,
      annotated: counts.map((c) => c / annotators.size),
      types: types.map((set) => [...set].sort(byCodeUnit)),
      salient: topBins(model, counts.filter((c) => c > 0).length),
    });
  }
  return out;
}

/** Each model's clips (saliencyClips), models in code-unit order: the analysis screen's Figure 1. */
export function saliencyDetail(
  file: AnnotationFile,
  binUs: number,
): Record<string, SaliencyClip[]> {
  const out: Record<string, SaliencyClip[]> = {};
  for (const model of saliencyModels(file)) out[model] = saliencyClips(file, model, binUs);
  return out;
}

/** The report's `saliency`: per model (code-unit order), or null when the study has none. */
export function saliencyFigures(
  file: AnnotationFile,
  binUs: number,
): Record<string, SaliencyFigures> | null {
  if (file.saliency === undefined || file.saliency.length === 0) return null;
  const taxonomy = file.taxonomy.map((t) => t.id);
  const result: Record<string, SaliencyFigures> = {};
  for (const model of saliencyModels(file)) {
    const clips = saliencyClips(file, model, binUs);
    const modelValues: number[] = [];
    const annotated: number[] = [];
    const typeValues = new Map<string, number[]>(taxonomy.map((t) => [t, []]));
    for (const clip of clips) {
      for (let k = 0; k < clip.bins; k++) {
        const value = clip.model[k];
        if (value === null || value === undefined) continue;
        modelValues.push(value);
        annotated.push(clip.annotated[k] as number);
        const types = clip.types[k] as string[];
        for (const [t, list] of typeValues) list.push(types.includes(t) ? 1 : 0);
      }
    }
    const byType: Record<string, number | null> = {};
    for (const [t, list] of typeValues) byType[t] = pearsonR(modelValues, list);
    result[model] = {
      clips: clips.length,
      bins: modelValues.length,
      overall: pearsonR(modelValues, annotated),
      byType,
    };
  }
  return result;
}
