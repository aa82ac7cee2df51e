// Playback on the expert screen: play/pause, play one span, loop the selected span. A span is
// played only once the waveform draws it (it may just have been selected, e.g. in union view).
import { type RefObject, useEffect, useState } from "react";
import type { WaveformHandle, WaveformSpan } from "../../../audio/Waveform.tsx";

export function useSpanPlayback(
  waveform: RefObject<WaveformHandle | null>,
  drawnSpans: readonly WaveformSpan[],
  clipId: string,
) {
  const [playing, setPlaying] = useState(false);
  const [looping, setLooping] = useState(false);
  const [request, setRequest] = useState<{ id: string; loop: boolean } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new clip starts stopped
  useEffect(() => {
    setLooping(false);
    setPlaying(false);
    setRequest(null);
  }, [clipId]);

  useEffect(() => {
    if (!request || !drawnSpans.some((s) => s.id === request.id)) return;
    waveform.current?.playSpan(request.id, request.loop);
    setRequest(null);
  }, [request, drawnSpans, waveform]);

  return {
    playing,
    setPlaying,
    looping,
    playPause() {
      setLooping(false);
      waveform.current?.playPause();
    },
    /** Starts looping `spanId`, or stops the loop that runs. */
    toggleLoop(spanId: string | undefined) {
      if (looping) {
        setLooping(false);
        waveform.current?.stopLoop();
        waveform.current?.pause();
      } else if (spanId !== undefined) {
        setLooping(true);
        setRequest({ id: spanId, loop: true });
      }
    },
    playSpan(spanId: string) {
      setLooping(false);
      setRequest({ id: spanId, loop: false });
    },
  };
}
