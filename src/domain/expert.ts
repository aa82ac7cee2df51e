// Pure rules of the expert screen: which key toggles which reason, how a toggle changes a
// span's reasons, what counts as labelled, and where Next/Previous clip lead.

/** The keys that toggle the taxonomy's first eleven entries, in taxonomy order. */
export const REASON_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-"] as const;

/** The taxonomy position a key toggles (0-based), or undefined for any other key. */
export function reasonIndexForKey(key: string): number | undefined {
  const index = (REASON_KEYS as readonly string[]).indexOf(key);
  return index === -1 ? undefined : index;
}

/** The key shown beside the taxonomy entry at `index`, or undefined past the eleventh. */
export function keyForReasonIndex(index: number): string | undefined {
  return REASON_KEYS[index];
}

/**
 * `current` with `reasonId` added if absent or removed if present. The result has no
 * duplicates and follows `taxonomyOrder` (ids not in the taxonomy keep their place at the end).
 */
export function toggleReason(
  current: readonly string[],
  reasonId: string,
  taxonomyOrder: readonly string[],
): string[] {
  const set = new Set(current);
  if (set.has(reasonId)) set.delete(reasonId);
  else set.add(reasonId);
  const rank = (id: string) => {
    const i = taxonomyOrder.indexOf(id);
    return i === -1 ? taxonomyOrder.length : i;
  };
  return [...set].sort((a, b) => rank(a) - rank(b));
}

export interface RegionRef {
  id: string;
  clipId: string;
}

export interface LabelRef {
  regionId: string;
  annotatorId: string;
  reasons: readonly string[];
}

/** Ids of the regions that `expertId` has given at least one reason. */
export function labelledRegionIds(labels: readonly LabelRef[], expertId: string): Set<string> {
  const ids = new Set<string>();
  for (const l of labels)
    if (l.annotatorId === expertId && l.reasons.length > 0) ids.add(l.regionId);
  return ids;
}

export interface LabelProgress {
  labelled: number;
  total: number;
}

/** How many of `regions` are in `labelled`. */
export function labelProgress(
  regions: readonly { id: string }[],
  labelled: ReadonlySet<string>,
): LabelProgress {
  let count = 0;
  for (const r of regions) if (labelled.has(r.id)) count++;
  return { labelled: count, total: regions.length };
}

/** The clips that still have at least one span without this expert's reasons. */
export function clipsWithUnlabelledSpans(
  regions: readonly RegionRef[],
  labelled: ReadonlySet<string>,
): Set<string> {
  const clips = new Set<string>();
  for (const r of regions) if (!labelled.has(r.id)) clips.add(r.clipId);
  return clips;
}

/**
 * The index Next (`direction` 1) or Previous (-1) leads to from `current` in `clipIds`,
 * skipping clips for which `include` is false; undefined when there is none that way.
 */
export function stepClip(
  clipIds: readonly string[],
  current: number,
  direction: 1 | -1,
  include: (clipId: string) => boolean = () => true,
): number | undefined {
  for (let i = current + direction; i >= 0 && i < clipIds.length; i += direction) {
    const id = clipIds[i];
    if (id !== undefined && include(id)) return i;
  }
  return undefined;
}
