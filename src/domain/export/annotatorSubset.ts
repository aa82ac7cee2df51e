// One annotator's own work out of a study, as an interchange file they can send to the
// researcher (docs/annotate.md, "Sending your work"). It keeps the study's id, so importing it
// on the researcher's machine merges into the same study, and it is a complete file on its
// own: every reference resolves, so it passes parseAnnotationFile.
//
// Kept: the study header, the taxonomy, every clip (metadata only: interchange files never
// carry audio), the annotator, their submissions and regions, and their reason labels. Labels
// of an expert refer to other annotators' regions, so those regions and their annotators come
// along too (unchanged, so merging them back finds nothing new).
import type { AnnotationFile } from "../interchange/types.ts";

/**
 * The part of `file` that is `annotatorId`'s work. Records keep the file's order. Throws when
 * the file has no such annotator, or one of their labels points at a region the file lacks.
 */
export function annotatorSubset(file: AnnotationFile, annotatorId: string): AnnotationFile {
  if (!file.annotators.some((a) => a.id === annotatorId)) {
    throw new Error(`study "${file.study.id}" has no annotator "${annotatorId}"`);
  }
  const reasonLabels = file.reasonLabels.filter((l) => l.annotatorId === annotatorId);
  const labelledRegions = new Set(reasonLabels.map((l) => l.regionId));
  const regions = file.regions.filter(
    (r) => r.annotatorId === annotatorId || labelledRegions.has(r.id),
  );
  const found = new Set(regions.map((r) => r.id));
  for (const id of labelledRegions) {
    if (!found.has(id)) {
      throw new Error(
        `reason label of annotator "${annotatorId}" points at region "${id}", which study "${file.study.id}" does not have`,
      );
    }
  }
  const annotatorIds = new Set([annotatorId, ...regions.map((r) => r.annotatorId)]);
  return {
    format: file.format,
    version: file.version,
    ...(file.exportedAt === undefined ? {} : { exportedAt: file.exportedAt }),
    study: { ...file.study },
    taxonomy: file.taxonomy.map((t) => ({ ...t })),
    clips: file.clips.map((c) => ({ ...c })),
    annotators: file.annotators.filter((a) => annotatorIds.has(a.id)).map((a) => ({ ...a })),
    submissions: file.submissions
      .filter((s) => s.annotatorId === annotatorId)
      .map((s) => ({ ...s })),
    regions: regions.map((r) => ({ ...r })),
    reasonLabels: reasonLabels.map((l) => ({ ...l, reasons: [...l.reasons] })),
  };
}
