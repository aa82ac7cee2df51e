// Error types per system (docs/spec/statistics.md, the paper's Figure 3): the count of each
// reason over the reason labels of regions on a group's clips, divided by the group's number of
// annotated clips. Clips without a system are grouped under "(none)".

import type { AnnotationFile } from "../interchange/types.ts";
import { idRecord } from "../util/idRecord.ts";
import { byCodeUnit, RegionLookup } from "./records.ts";
import type { ErrorTypeCounts } from "./report.ts";

/** Where clips without a `system` are counted in the error types. */
export const NO_SYSTEM = "(none)";

export interface ErrorTypesResult {
  overall: ErrorTypeCounts;
  bySystem: Record<string, ErrorTypeCounts>;
  /** Reasons over all reason-label records. */
  reasonTotal: number;
}

/**
 * `regionClip[i]` is the clip index of regions[i]; `clipAnnotated[c]` is 1 for annotated clips.
 * Systems are listed in code-unit order; every taxonomy id appears in every group.
 */
export function errorTypes(
  file: AnnotationFile,
  regionClip: Int32Array,
  clipAnnotated: Uint8Array,
  annotatedClips: number,
): ErrorTypesResult {
  const clips = file.clips;
  const C = clips.length;
  const taxonomyIds = file.taxonomy.map((t) => t.id);
  const T = taxonomyIds.length;
  const taxonomyIndex = new Map<string, number>();
  for (let t = 0; t < T; t++) taxonomyIndex.set(taxonomyIds[t] as string, t);

  const systemNames = new Set<string>();
  for (const clip of clips) systemNames.add(clip.system ?? NO_SYSTEM);
  const systems = [...systemNames].sort(byCodeUnit);
  const G = systems.length;
  const groupIndex = new Map<string, number>();
  for (let g = 0; g < G; g++) groupIndex.set(systems[g] as string, g);
  const groupOfClip = new Int32Array(C);
  const groupClips = new Int32Array(G);
  for (let c = 0; c < C; c++) {
    const g = groupIndex.get(
      (clips[c] as AnnotationFile["clips"][number]).system ?? NO_SYSTEM,
    ) as number;
    groupOfClip[c] = g;
    if (clipAnnotated[c]) groupClips[g] = (groupClips[g] as number) + 1;
  }

  const lookup = new RegionLookup(file.regions);
  const reasonCounts = new Float64Array(G * T);
  const overallCounts = new Float64Array(T);
  const labels = file.reasonLabels;
  let reasonTotal = 0;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as AnnotationFile["reasonLabels"][number];
    const r = lookup.regionOf(label.regionId);
    if (r === undefined) {
      throw new Error(
        `reasonLabels[${i}].regionId: "${label.regionId}" is not a region of this file`,
      );
    }
    const base = (groupOfClip[regionClip[r] as number] as number) * T;
    const reasons = label.reasons;
    reasonTotal += reasons.length;
    for (let j = 0; j < reasons.length; j++) {
      const t = taxonomyIndex.get(reasons[j] as string);
      if (t === undefined) {
        throw new Error(
          `reasonLabels[${i}].reasons[${j}]: "${reasons[j]}" is not a taxonomy id of this file`,
        );
      }
      reasonCounts[base + t] = (reasonCounts[base + t] as number) + 1;
      overallCounts[t] = (overallCounts[t] as number) + 1;
    }
  }

  const perSample = (counts: Float64Array, offset: number, n: number): ErrorTypeCounts => {
    const out = idRecord<number | null>();
    for (let t = 0; t < T; t++)
      out[taxonomyIds[t] as string] = n > 0 ? (counts[offset + t] as number) / n : null;
    return { clips: n, perSample: out };
  };
  const bySystem = idRecord<ErrorTypeCounts>();
  for (let g = 0; g < G; g++)
    bySystem[systems[g] as string] = perSample(reasonCounts, g * T, groupClips[g] as number);
  return { overall: perSample(overallCounts, 0, annotatedClips), bySystem, reasonTotal };
}
