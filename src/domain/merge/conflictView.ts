// How a conflict is shown: the record's kind in words and the fields whose values differ.
import type { Conflict, EntityKind } from "./merge.ts";

export const KIND_LABEL: Record<EntityKind, { one: string; many: string }> = {
  study: { one: "Study settings", many: "Study settings" },
  taxonomy: { one: "Reason type", many: "Reason types" },
  clip: { one: "Clip", many: "Clips" },
  annotator: { one: "Annotator", many: "Annotators" },
  submission: { one: "Submission", many: "Submissions" },
  region: { one: "Region", many: "Regions" },
  reasonLabel: { one: "Reason label", many: "Reason labels" },
  pair: { one: "Pair", many: "Pairs" },
  judgment: { one: "Judgment", many: "Judgments" },
};

/** A span as people name it: "s01_human · w1 · 1.42–3.23 s" (clip, annotator, times). */
export function spanTitle(r: { clipId: string; annotatorId: string; start: number; end: number }) {
  return `${r.clipId} · ${r.annotatorId} · ${r.start.toFixed(2)}–${r.end.toFixed(2)} s`;
}

/**
 * "Clip c2", "Submission c1 / w3", "Study settings"; a span by its clip, annotator and (stored)
 * times, "Span s01_human · w1 · 1.42–3.23 s", not by its id.
 */
export function conflictTitle(c: Conflict): string {
  if (c.kind === "study") return KIND_LABEL.study.one;
  if (c.kind === "region") {
    return `Span ${spanTitle(c.current.value as unknown as Parameters<typeof spanTitle>[0])}`;
  }
  return `${KIND_LABEL[c.kind].one} ${c.id}`;
}

function show(value: unknown): string {
  if (value === undefined) return "—";
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(", ");
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** The fields whose values differ, in the order they first appear. */
export function differingFields(
  c: Conflict,
): { field: string; current: string; incoming: string }[] {
  const a = c.current.value as unknown as Record<string, unknown>;
  const b = c.incoming.value as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys
    .filter((k) => show(a[k]) !== show(b[k]) || JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => ({ field: k, current: show(a[k]), incoming: show(b[k]) }));
}

/** "stored" or the file's name. */
export function sourceLabel(c: Conflict["current"]): string {
  return c.stored ? "stored" : c.source;
}
