// The crowd screen's playback as the waveform reports it: the clip's decoded length, whether
// the waveform is ready, and which parts were heard, so that playing the clip to its end marks
// it heard (what "Finish clip" may require).
import { type RefObject, useRef, useState } from "react";
import { useT } from "../../lib/i18n.tsx";
import { useAnnotateUi } from "../../stores/annotate.ts";
import { PlayCoverage } from "./session.ts";
import type { useClipSession } from "./useClipSession.ts";

export function useHeardToEnd({
  clipDuration,
  session,
  requireHeardToEnd,
  loopingRef,
  setStatus,
}: {
  /** The stored length, until the waveform has decoded the audio. */
  clipDuration: number;
  session: ReturnType<typeof useClipSession>;
  requireHeardToEnd: boolean | undefined;
  /** The span being looped: cleared when playing stops. */
  loopingRef: RefObject<string | null>;
  setStatus(status: string): void;
}) {
  const t = useT();
  const setPlaying = useAnnotateUi((s) => s.setPlaying);
  const setCurrentTime = useAnnotateUi((s) => s.setCurrentTime);
  const [duration, setDuration] = useState(clipDuration);
  const [ready, setReady] = useState(false);
  const coverage = useRef(new PlayCoverage(clipDuration));
  const playingRef = useRef(false);

  return {
    duration,
    ready,
    /** The waveform's handlers. */
    waveform: {
      onReady: (d: number) => {
        setDuration(d);
        setReady(true);
        coverage.current = new PlayCoverage(d);
      },
      onPlayingChange: (p: boolean) => {
        setPlaying(p);
        playingRef.current = p;
        if (!p) loopingRef.current = null;
      },
      onTimeUpdate: (time: number) => {
        setCurrentTime(time);
        if (playingRef.current) coverage.current.at(time);
      },
      onFinish: () => {
        if (coverage.current.finished() && !session.heard) {
          session.markHeard();
          if (requireHeardToEnd) setStatus(t("clip.heard"));
        }
      },
    },
  };
}
