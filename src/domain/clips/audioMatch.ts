// Which audio file is which clip: the one rule the app ("Audio for imported clips") and the
// command line (publish --audio DIR) share. A file matches a clip when its name equals the
// clip's `name` ignoring case, or else when they are equal without extension
// ("n18_30001.WAV" and "N18_30001.flac" both match the clip "N18_30001.wav"). Exact matches
// win; a clip gets at most one file, a file at most one clip.

const lower = (s: string) => s.toLowerCase();

/** The name without folders and without its last extension. */
export function fileStem(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? name;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

export interface AudioMatch {
  fileName: string;
  clipId: string;
  clipName: string;
}

/** Pairs `fileNames` with `clips`; `unmatched` are the files that match no clip left. */
export function matchAudioFiles(
  clips: readonly { id: string; name: string }[],
  fileNames: readonly string[],
): { matched: AudioMatch[]; unmatched: string[] } {
  const taken = new Set<string>();
  const matched: AudioMatch[] = [];
  const pending = [...fileNames];
  const assign = (how: (file: string, clip: { id: string; name: string }) => boolean) => {
    for (const file of [...pending]) {
      const clip = clips.find((c) => !taken.has(c.id) && how(file, c));
      if (!clip) continue;
      taken.add(clip.id);
      pending.splice(pending.indexOf(file), 1);
      matched.push({ fileName: file, clipId: clip.id, clipName: clip.name });
    }
  };
  const base = (n: string) => n.split(/[/\\]/).pop() ?? n;
  assign((f, c) => lower(base(f)) === lower(c.name));
  assign((f, c) => lower(fileStem(f)) === lower(fileStem(c.name)));
  return { matched, unmatched: pending };
}
