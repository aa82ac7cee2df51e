// Audacity label tracks (File > Import > Labels…): one text file per clip with every
// annotator's spans, and one per clip and annotator; a line per span:
// `start<TAB>end<TAB>label`, seconds with 6 decimals, label "annotator: reason+reason", or
// "annotator: unlabelled" for a span no expert has labelled yet (so the importer,
// domain/formats/audacity/read.ts, reads every line back to its annotator).

import type { AnnotationFile } from "../../interchange/types.ts";
import {
  annotatedClips,
  annotatorsOfClip,
  clipFileStems,
  reasonsByRegion,
  safeFileName,
  us,
} from "../names.ts";

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The label of a span without reasons (as in the TextGrids). */
export const AUDACITY_UNLABELLED = "unlabelled";

/**
 * The clip's label file (only `annotatorId`'s spans when given). Spans are clamped to the clip
 * (empty ones left out) and sorted by start, end, annotator. The label is the annotator id,
 * ": " and the reasons every expert gave the span joined with "+" (taxonomy order), or
 * "unlabelled". Lines end with "\n"; an annotated clip with no spans gives an empty file.
 */
export function toAudacityLabels(
  file: AnnotationFile,
  clipId: string,
  annotatorId?: string,
): string {
  const clip = file.clips.find((c) => c.id === clipId);
  if (!clip) throw new Error(`no clip with id "${clipId}"`);
  const reasons = reasonsByRegion(file);
  const duration = us(clip.duration);
  const lines = file.regions
    .filter(
      (r) => r.clipId === clipId && (annotatorId === undefined || r.annotatorId === annotatorId),
    )
    .map((r) => ({ r, s: Math.max(0, us(r.start)), e: Math.min(us(r.end), duration) }))
    .filter(({ s, e }) => e > s)
    .sort((a, b) => a.s - b.s || a.e - b.e || byText(a.r.annotatorId, b.r.annotatorId))
    .map(({ r, s, e }) => {
      const why = reasons.get(r.id) ?? [];
      const label = `${r.annotatorId}: ${why.length > 0 ? why.join("+") : AUDACITY_UNLABELLED}`;
      return `${(s / 1e6).toFixed(6)}\t${(e / 1e6).toFixed(6)}\t${label.replace(/[\t\r\n]+/g, " ")}\n`;
    });
  return lines.join("");
}

/**
 * `<clip name without extension>.txt` → label file with every annotator, for every annotated
 * clip, and `by-annotator/<clip>.<annotator>.txt` → that annotator's spans only (a file for
 * each annotator of the clip, empty when they finished it without a span).
 */
export function audacityFiles(file: AnnotationFile): Record<string, string> {
  const stems = clipFileStems(file.clips);
  const out: Record<string, string> = {};
  for (const clip of annotatedClips(file)) {
    out[`${stems.get(clip.id)}.txt`] = toAudacityLabels(file, clip.id);
  }
  for (const clip of annotatedClips(file)) {
    for (const annotatorId of annotatorsOfClip(file, clip.id)) {
      out[`by-annotator/${stems.get(clip.id)}.${safeFileName(annotatorId)}.txt`] = toAudacityLabels(
        file,
        clip.id,
        annotatorId,
      );
    }
  }
  return out;
}
