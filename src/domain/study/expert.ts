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
 * The reason that means "none of the others": ticking it takes every other reason away, and
 * ticking another reason takes it away (the RedPen taxonomy's "Undefined").
 */
export const EXCLUSIVE_REASON = "undefined";

/**
 * `current` with `reasonId` given (`present`) or taken away. Giving the exclusive reason leaves
 * it alone; giving any other takes the exclusive one away. The result has no duplicates and
 * follows `taxonomyOrder` (ids not in the taxonomy keep their place at the end). The one rule
 * for the expert screen's toggles and for the stored label (db/annotations.ts setReason).
 */
export function withReason(
  current: readonly string[],
  reasonId: string,
  present: boolean,
  taxonomyOrder: readonly string[],
): string[] {
  let set = new Set(current);
  if (!present) set.delete(reasonId);
  else if (reasonId === EXCLUSIVE_REASON) set = new Set([reasonId]);
  else {
    set.delete(EXCLUSIVE_REASON);
    set.add(reasonId);
  }
  const rank = (id: string) => {
    const i = taxonomyOrder.indexOf(id);
    return i === -1 ? taxonomyOrder.length : i;
  };
  return [...set].sort((a, b) => rank(a) - rank(b));
}

/** `current` with `reasonId` added if absent or removed if present (see withReason). */
export function toggleReason(
  current: readonly string[],
  reasonId: string,
  taxonomyOrder: readonly string[],
): string[] {
  return withReason(current, reasonId, !current.includes(reasonId), taxonomyOrder);
}

/**
 * The reasons several spans get when a reason is toggled for all of them at once: given to
 * every span unless every one already has it, in which case it is taken from all.
 */
export function toggleReasonOnAll(
  spans: readonly (readonly string[])[],
  reasonId: string,
  taxonomyOrder: readonly string[],
): { present: boolean; reasons: string[][] } {
  const present = !spans.every((r) => r.includes(reasonId));
  return { present, reasons: spans.map((r) => withReason(r, reasonId, present, taxonomyOrder)) };
}

export interface LabelProgress {
  labelled: number;
  total: number;
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

/** A clip's crowd spans and how many of them the expert has labelled. */
export interface ClipCounts {
  spans: number;
  labelled: number;
}

export interface StudyLabelState {
  progress: LabelProgress;
  /** The clips that still have at least one span without this expert's reasons. */
  open: Set<string>;
}

/**
 * The study's progress and its open clips from per-clip counts (`spans[i]`, `labelled[i]` for
 * `clipIds[i]`), with `overrides` replacing the counts of the clips they name (the clips seen
 * live since the counts were read).
 */
export function studyLabelState(
  clipIds: readonly string[],
  spans: ArrayLike<number>,
  labelled: ArrayLike<number>,
  overrides: ReadonlyMap<string, ClipCounts> = new Map(),
): StudyLabelState {
  let total = 0;
  let done = 0;
  const open = new Set<string>();
  clipIds.forEach((id, i) => {
    const counts = overrides.get(id) ?? { spans: spans[i] ?? 0, labelled: labelled[i] ?? 0 };
    total += counts.spans;
    done += counts.labelled;
    if (counts.labelled < counts.spans) open.add(id);
  });
  return { progress: { labelled: done, total }, open };
}
