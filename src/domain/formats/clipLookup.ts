// Finding a study's clip by what an imported file calls it: its id, or its file name with or
// without the extension (case-insensitive), refusing a name that fits several clips.
import type { Clip } from "../interchange/types.ts";

function stem(name: string): string {
  return name.replace(/\.[^./\\]+$/, "");
}

/** A finder over `clips`: the clip, or the problem with the name (quoted, for messages). */
export function clipFinder(clips: readonly Clip[]): (name: string) => Clip | string {
  const byId = new Map(clips.map((c) => [c.id, c]));
  const byName = new Map<string, Clip[]>();
  for (const c of clips) {
    for (const key of new Set([c.name.toLowerCase(), stem(c.name).toLowerCase()])) {
      const list = byName.get(key) ?? [];
      list.push(c);
      byName.set(key, list);
    }
  }
  return (name) => {
    const clip = byId.get(name);
    if (clip) return clip;
    const matches = byName.get(name.toLowerCase()) ?? [];
    if (matches.length > 1) {
      return `clip "${name}" matches ${matches.length} clips by file name (${matches
        .slice(0, 3)
        .map((c) => c.id)
        .join(", ")}): name it by its id`;
    }
    return matches[0] ?? `clip "${name}" is not in the study (neither an id nor a file name)`;
  };
}
