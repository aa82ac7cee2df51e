// Clip audio for the crowd screen: Blobs read from the database, each with one object URL,
// loaded ahead for the next clip so "Next clip" does not wait for storage. URLs of clips that
// are no longer near the current one are revoked, and all of them when the screen closes.

export interface CachedAudio {
  blob: Blob;
  url: string;
}

export class AudioCache {
  private readonly entries = new Map<string, Promise<CachedAudio>>();
  private readonly urls = new Map<string, string>();
  private disposed = false;

  constructor(
    private readonly read: (clipId: string) => Promise<Blob | undefined>,
    private readonly createUrl: (blob: Blob) => string = (b) => URL.createObjectURL(b),
    private readonly revokeUrl: (url: string) => void = (u) => URL.revokeObjectURL(u),
  ) {}

  /** The clip's audio; rejects with a message naming the clip when none is stored. */
  get(clipId: string): Promise<CachedAudio> {
    let entry = this.entries.get(clipId);
    if (!entry) {
      entry = this.read(clipId).then((blob) => {
        if (!blob) throw new Error(`No audio is stored for clip "${clipId}".`);
        if (this.disposed || this.entries.get(clipId) !== entry) {
          // Evicted while loading: hand out a URL-less result rather than leak one.
          return { blob, url: "" };
        }
        const url = this.createUrl(blob);
        this.urls.set(clipId, url);
        return { blob, url };
      });
      entry.catch(() => {
        if (this.entries.get(clipId) === entry) this.entries.delete(clipId);
      });
      this.entries.set(clipId, entry);
    }
    return entry;
  }

  /** Starts loading a clip's audio without waiting for it. */
  prefetch(clipId: string): void {
    this.get(clipId).catch(() => undefined);
  }

  /** Keeps only these clips, revoking the object URLs of the others. */
  retain(clipIds: readonly string[]): void {
    const keep = new Set(clipIds);
    for (const id of [...this.entries.keys()]) {
      if (keep.has(id)) continue;
      this.entries.delete(id);
      const url = this.urls.get(id);
      if (url) this.revokeUrl(url);
      this.urls.delete(id);
    }
  }

  /** Revokes every object URL; the cache must not be used afterwards. */
  dispose(): void {
    this.disposed = true;
    this.retain([]);
  }

  /** The clips held now (for tests). */
  held(): string[] {
    return [...this.entries.keys()];
  }
}
