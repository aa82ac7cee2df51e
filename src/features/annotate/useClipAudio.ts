// The current clip's audio as an object URL, with the neighbouring clips loaded ahead.
import { useEffect, useState } from "react";
import { clipSource, notAllowedMessage } from "../../domain/clips/clipSource.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import type { AudioCache } from "./audioCache.ts";

export type ClipAudio =
  | { kind: "loading" }
  | { kind: "ready"; src: string }
  | { kind: "error"; message: string };

export function useClipAudio(
  cache: AudioCache | null,
  clip: { id: string; uri?: string } | undefined,
  neighbours: readonly string[],
  /** Origins the researcher allowed clip audio from (StudyRecord.allowedAudioOrigins). */
  allowedOrigins: readonly string[] = [],
): ClipAudio {
  const [state, setState] = useState<ClipAudio>({ kind: "loading" });
  const clipId = clip?.id;
  const uri = clip?.uri;
  const around = neighbours.join("\n");
  const allowed = allowedOrigins.join("\n");

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
        // No stored audio: the clip's uri, if the study may fetch from there.
        const source = clipSource(uri, location.origin, allowed === "" ? [] : allowed.split("\n"));
        if (source.kind === "fetch") setState({ kind: "ready", src: source.url });
        else if (source.kind === "not-allowed")
          setState({ kind: "error", message: notAllowedMessage(source.origin) });
        else if (source.kind === "refused") setState({ kind: "error", message: source.reason });
        else
          setState({
            kind: "error",
            message: errorMessage(error),
          });
      })
      .finally(() => {
        // Only once the current clip is in hand, so the prefetch never delays it.
        if (!cancelled) for (const id of ids) cache.prefetch(id);
      });
    return () => {
      cancelled = true;
    };
  }, [cache, clipId, uri, around, allowed]);

  return state;
}
