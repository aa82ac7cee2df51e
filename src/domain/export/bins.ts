// The per-bin matrix: for researchers who compute their own agreement. One row per bin of each
// annotated clip (the statistics' bins: the study's bin width, the last bin ending at the
// clip's end, a region marking every bin it overlaps, in whole microseconds), one column per
// annotator: 1 marked, 0 not marked, empty when the annotator did not annotate the clip.
import Papa from "papaparse";
import { FORMULA_START } from "../formats/csv/writeSpans.ts";
import { annotatedClips } from "../formats/names.ts";
import type { AnnotationFile } from "../interchange/types.ts";
import { binCount, markSpan, us } from "../stats/time.ts";

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** RFC 4180 CSV: `clip, bin_start, bin_end, <annotator>…` (annotators in code-unit order). */
export function toBinMatrixCsv(file: AnnotationFile): string {
  const binUs = us(file.study.binSeconds ?? 0.1);
  const key = (clipId: string, annotatorId: string) => `${clipId}\u0000${annotatorId}`;
  const annotated = new Set<string>();
  const ids = new Set<string>();
  for (const s of file.submissions) {
    annotated.add(key(s.clipId, s.annotatorId));
    ids.add(s.annotatorId);
  }
  const regions = new Map<string, AnnotationFile["regions"]>();
  for (const r of file.regions) {
    annotated.add(key(r.clipId, r.annotatorId));
    ids.add(r.annotatorId);
    const k = key(r.clipId, r.annotatorId);
    regions.set(k, [...(regions.get(k) ?? []), r]);
  }
  const annotators = [...ids].sort(byText);
  const rows: (string | number)[][] = [];
  for (const clip of annotatedClips(file)) {
    const durationUs = us(clip.duration);
    const k = durationUs > 0 ? binCount(durationUs, binUs) : 0;
    const columns = annotators.map((a) => {
      if (!annotated.has(key(clip.id, a))) return null;
      const v = new Uint8Array(k);
      for (const r of regions.get(key(clip.id, a)) ?? []) {
        markSpan(v, 0, k, us(r.start), Math.min(us(r.end), durationUs), binUs);
      }
      return v;
    });
    for (let b = 0; b < k; b++) {
      rows.push([
        clip.id,
        (b * binUs) / 1e6,
        Math.min((b + 1) * binUs, durationUs) / 1e6,
        ...columns.map((v) => (v === null ? "" : (v[b] as number))),
      ]);
    }
  }
  const body = Papa.unparse(
    { fields: ["clip", "bin_start", "bin_end", ...annotators], data: rows },
    { newline: "\r\n", header: true, escapeFormulae: FORMULA_START },
  );
  return body.endsWith("\r\n") ? body : `${body}\r\n`;
}
