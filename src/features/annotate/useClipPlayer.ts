// Playing a clip without a waveform (the rate and transcribe tasks): an <audio> element the
// screen renders, played from its start. There is no seeking, so playback reaching the end
// ("ended") means the whole clip was heard. A play is counted when playback starts from the
// beginning (a resumed pause is the same play).
import { useCallback, useEffect, useRef, useState } from "react";

export interface ClipPlayer {
  /** Give this to the screen's <audio> element. */
  ref: React.RefObject<HTMLAudioElement | null>;
  playing: boolean;
  /** Starts playback (from the start unless paused midway); false when the browser refused. */
  play(): Promise<boolean>;
  pause(): void;
}

export function useClipPlayer(handlers: {
  /** Playback started from the clip's beginning: one more play. */
  onPlayStarted(): void;
  /** Playback reached the clip's end. */
  onEnded(): void;
}): ClipPlayer {
  const ref = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const onEnded = () => {
      setPlaying(false);
      el.currentTime = 0;
      latest.current.onEnded();
    };
    el.addEventListener("play", onPlay);
    el.addEventListener("pause", onPause);
    el.addEventListener("ended", onEnded);
    return () => {
      el.removeEventListener("play", onPlay);
      el.removeEventListener("pause", onPause);
      el.removeEventListener("ended", onEnded);
      el.pause();
    };
  }, []);

  const starting = useRef(false);
  const play = useCallback(async () => {
    const el = ref.current;
    // A second press while the first is starting is not a second play.
    if (!el || starting.current || !el.paused) return false;
    starting.current = true;
    const fromStart = el.currentTime === 0 || el.ended;
    if (el.ended) el.currentTime = 0;
    try {
      await el.play();
    } catch {
      return false;
    } finally {
      starting.current = false;
    }
    if (fromStart) latest.current.onPlayStarted();
    return true;
  }, []);

  const pause = useCallback(() => ref.current?.pause(), []);

  return { ref, playing, play, pause };
}
