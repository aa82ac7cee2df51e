// The current clip's audio as an object URL, with the neighbouring clips loaded ahead.
import { useEffect, useState } from "react";
import type { AudioCache } from "./audioCache.ts";

export type ClipAudio =
  | { kind: "loading" }
  | { kind: "ready"; src: string }
  | { kind: "error"; message: string };

export function useClipAudio(
  cache: AudioCache | null,
  clip: { id: string; uri?: string } | undefined,
  neighbours: readonly string[],
): ClipAudio {
  const [state, setState] = useState<ClipAudio>({ kind: "loading" });
  const clipId = clip?.id;
  const uri = clip?.uri;
  const around = neighbours.join("\n");

  useEffect(() => {
    if (!cache || !clipId) return;
    let cancelled = false;
    setState({ kind: "loading" });
    const ids = around === "" ? [] : around.split("\n");
    cache.retain([clipId, ...ids]);
    cache
      .get(clipId)
      .then((audio) => {
        if (!cancelled) setState({ kind: "ready", src: audio.url });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (uri) setState({ kind: "ready", src: uri });
        else
          setState({
            kind: "error",
            message: error instanceof Error ? error.message : String(error),
          });
      })
      .finally(() => {
        // Only once the current clip is in hand, so the prefetch never delays it.
        if (!cancelled) for (const id of ids) cache.prefetch(id);
      });
    return () => {
      cancelled = true;
    };
  }, [cache, clipId, uri, around]);

  return state;
}
