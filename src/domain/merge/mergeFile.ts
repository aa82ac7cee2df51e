// A merge applied to an interchange file in memory (the command line's `import`): the same
// plan (planMerge) and resolution (resolveMerge) as the app's import, written into the study's
// file instead of IndexedDB. Records keep their place; new ones follow, in the files' order.

import type { AnnotationFile } from "../interchange/types.ts";
import { entityKey, type MergeResolution } from "./merge.ts";

function upsert<T>(list: readonly T[], changes: readonly T[], key: (x: T) => string): T[] {
  const out = [...list];
  const at = new Map(out.map((x, i) => [key(x), i]));
  for (const c of changes) {
    const i = at.get(key(c));
    if (i === undefined) {
      at.set(key(c), out.length);
      out.push(c);
    } else out[i] = c;
  }
  return out;
}

/** `file` with the resolution's records put and its deletions made. */
export function applyResolutionToFile(file: AnnotationFile, r: MergeResolution): AnnotationFile {
  const goneRegions = new Set(r.deleteRegions);
  const goneLabels = new Set(
    r.deleteReasonLabels.map((l) => entityKey("reasonLabel", { ...l, reasons: [] })),
  );
  return {
    ...file,
    study: r.study ?? file.study,
    taxonomy: r.taxonomy ?? file.taxonomy,
    clips: upsert(file.clips, r.clips, (c) => entityKey("clip", c)),
    annotators: upsert(file.annotators, r.annotators, (a) => entityKey("annotator", a)),
    submissions: upsert(file.submissions, r.submissions, (s) => entityKey("submission", s)),
    regions: upsert(
      file.regions.filter((x) => !goneRegions.has(x.id)),
      r.regions,
      (x) => entityKey("region", x),
    ),
    reasonLabels: upsert(
      file.reasonLabels.filter(
        (l) => !goneRegions.has(l.regionId) && !goneLabels.has(entityKey("reasonLabel", l)),
      ),
      r.reasonLabels,
      (l) => entityKey("reasonLabel", l),
    ),
    // A comparison's arrays only where the study has them, or gets them now.
    ...(file.pairs !== undefined || r.pairs.length > 0
      ? { pairs: upsert(file.pairs ?? [], r.pairs, (p) => entityKey("pair", p)) }
      : {}),
    ...(file.judgments !== undefined || r.judgments.length > 0
      ? { judgments: upsert(file.judgments ?? [], r.judgments, (j) => entityKey("judgment", j)) }
      : {}),
  };
}
