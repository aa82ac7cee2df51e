// Audacity label tracks (File > Import > Labels…): one text file per clip, a line per span:
// `start<TAB>end<TAB>label`, seconds with 6 decimals, label "annotator: reason+reason".
import type { AnnotationFile } from "../types.ts";
import { annotatedClips, clipFileStems, reasonsByRegion, us } from "./names.ts";

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The clip's label file. Spans are clamped to the clip (empty ones left out) and sorted by
 * start, end, annotator. The label is the annotator id, then ": " and the reasons every
 * expert gave the span joined with "+" (taxonomy order); just the annotator id when no expert
 * has labelled it. Lines end with "\n"; an annotated clip with no spans gives an empty file.
 */
export function toAudacityLabels(file: AnnotationFile, clipId: string): string {
  const clip = file.clips.find((c) => c.id === clipId);
  if (!clip) throw new Error(`no clip with id "${clipId}"`);
  const reasons = reasonsByRegion(file);
  const duration = us(clip.duration);
  const lines = file.regions
    .filter((r) => r.clipId === clipId)
    .map((r) => ({ r, s: Math.max(0, us(r.start)), e: Math.min(us(r.end), duration) }))
    .filter(({ s, e }) => e > s)
    .sort((a, b) => a.s - b.s || a.e - b.e || byText(a.r.annotatorId, b.r.annotatorId))
    .map(({ r, s, e }) => {
      const why = reasons.get(r.id) ?? [];
      const label = why.length > 0 ? `${r.annotatorId}: ${why.join("+")}` : r.annotatorId;
      return `${(s / 1e6).toFixed(6)}\t${(e / 1e6).toFixed(6)}\t${label.replace(/[\t\r\n]+/g, " ")}\n`;
    });
  return lines.join("");
}

/** `<clip name without extension>.txt` → label file, for every annotated clip. */
export function audacityFiles(file: AnnotationFile): Record<string, string> {
  const stems = clipFileStems(file.clips);
  const out: Record<string, string> = {};
  for (const clip of annotatedClips(file)) {
    out[`${stems.get(clip.id)}.txt`] = toAudacityLabels(file, clip.id);
  }
  return out;
}
