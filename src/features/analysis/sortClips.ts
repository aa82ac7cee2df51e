// Ordering the per-clip agreement list. Undefined agreement always goes last, whichever the
// direction, so "lowest agreement first" starts with the clips that have a figure.
import type { ClipAgreement } from "../../workers/analysisMessages.ts";

export type ClipSortKey = "agreement" | "name" | "system" | "annotations";
export type SortDirection = "ascending" | "descending";

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// One collator for every comparison: String#localeCompare with options builds a new one per
// call, which a large study's sort would pay for at every comparison.
const natural = new Intl.Collator("en", { numeric: true }).compare;

function compareBy(key: ClipSortKey, a: ClipAgreement, b: ClipAgreement): number {
  switch (key) {
    case "agreement":
      return (a.meanKappa ?? 0) - (b.meanKappa ?? 0);
    case "name":
      return natural(a.name, b.name);
    case "system":
      return natural(a.system ?? "", b.system ?? "");
    case "annotations":
      return a.annotations - b.annotations;
  }
}

/** A new array, sorted; ties broken by name, then id, so the order is stable and total. */
export function sortClips(
  clips: readonly ClipAgreement[],
  key: ClipSortKey,
  direction: SortDirection,
): ClipAgreement[] {
  const sign = direction === "ascending" ? 1 : -1;
  return [...clips].sort((a, b) => {
    if (key === "agreement") {
      const an = a.meanKappa === null;
      const bn = b.meanKappa === null;
      if (an !== bn) return an ? 1 : -1;
    }
    const primary = compareBy(key, a, b);
    if (primary !== 0) return sign * primary;
    const byName = natural(a.name, b.name);
    if (byName !== 0) return byName;
    return text(a.clipId, b.clipId);
  });
}
