// File names for exports: per-clip files are named after the clip's audio file (so that
// `N18_30001.txt` sits beside `N18_30001.wav`), made safe for every file system.
import type { AnnotationFile, Clip } from "../types.ts";

/** Characters no common file system accepts, control characters included. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/** `name` without directories and without its last extension ("a/b.x.wav" → "b.x"). */
export function stripExtension(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? name;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

/** Replaces characters that file systems refuse with "_"; never empty. */
export function safeFileName(text: string): string {
  const safe = text.replace(UNSAFE, "_").trim().replace(/^\.+/, "_");
  return safe || "_";
}

/**
 * Each clip's file stem: its name without extension, made safe; when two clips would share a
 * stem (case-insensitively), every one of them gets its id appended ("take-c2").
 */
export function clipFileStems(clips: readonly Clip[]): Map<string, string> {
  const stems = clips.map((c) => safeFileName(stripExtension(c.name)));
  const counts = new Map<string, number>();
  for (const s of stems) counts.set(s.toLowerCase(), (counts.get(s.toLowerCase()) ?? 0) + 1);
  const result = new Map<string, string>();
  clips.forEach((clip, i) => {
    const stem = stems[i] ?? clip.id;
    const clash = (counts.get(stem.toLowerCase()) ?? 0) > 1;
    result.set(clip.id, clash ? `${stem}-${safeFileName(clip.id)}` : stem);
  });
  return result;
}

/** Ids of the annotators with an annotation (a submission or a region) on the clip, sorted. */
export function annotatorsOfClip(file: AnnotationFile, clipId: string): string[] {
  const ids = new Set<string>();
  for (const s of file.submissions) if (s.clipId === clipId) ids.add(s.annotatorId);
  for (const r of file.regions) if (r.clipId === clipId) ids.add(r.annotatorId);
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Clips with at least one annotation, in file order. */
export function annotatedClips(file: AnnotationFile): Clip[] {
  const ids = new Set<string>();
  for (const s of file.submissions) ids.add(s.clipId);
  for (const r of file.regions) ids.add(r.clipId);
  return file.clips.filter((c) => ids.has(c.id));
}

/** Integer microseconds, the time base of the statistics (docs/spec/statistics.md). */
export const us = (seconds: number): number => Math.round(seconds * 1e6);

/**
 * The reasons given to each region, over all its labellers, deduplicated: taxonomy order
 * first, then any id the taxonomy does not list, alphabetically.
 */
export function reasonsByRegion(file: AnnotationFile): Map<string, string[]> {
  const rank = new Map(file.taxonomy.map((t, i) => [t.id, i]));
  const sets = new Map<string, Set<string>>();
  for (const l of file.reasonLabels) {
    const set = sets.get(l.regionId) ?? new Set<string>();
    for (const r of l.reasons) set.add(r);
    sets.set(l.regionId, set);
  }
  const result = new Map<string, string[]>();
  for (const [regionId, set] of sets) {
    result.set(
      regionId,
      [...set].sort((a, b) => {
        const ra = rank.get(a) ?? Number.POSITIVE_INFINITY;
        const rb = rank.get(b) ?? Number.POSITIVE_INFINITY;
        return ra !== rb ? ra - rb : a < b ? -1 : a > b ? 1 : 0;
      }),
    );
  }
  return result;
}
