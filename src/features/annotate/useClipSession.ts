// Plays and active time on the open clip, kept in sessionStorage (see session.ts).
import { useCallback, useEffect, useRef, useState } from "react";
import { ActiveClock, type ClipSession, readSession, writeSession } from "./session.ts";

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function useClipSession(key: string) {
  const stored = useRef<ClipSession | null>(null);
  stored.current ??= readSession(tabStorage(), key);
  const clock = useRef<ActiveClock | null>(null);
  const [draftRating, setDraft] = useState<number | undefined>(stored.current.draftRating);
  const [heard, setHeard] = useState(stored.current.heard === true);
  const [plays, setPlays] = useState(stored.current.plays);
  const [draftTranscript, setTranscript] = useState<string | undefined>(
    stored.current.draftTranscript,
  );

  /** Moves the clock's time into the stored record and writes it. */
  const save = useCallback(() => {
    const s = stored.current;
    if (!s) return;
    s.seconds += clock.current?.take() ?? 0;
    writeSession(tabStorage(), key, s);
  }, [key]);

  useEffect(() => {
    const c = new ActiveClock();
    clock.current = c;
    const onActivity = () => c.activity();
    const onVisibility = () => {
      c.setVisible(document.visibilityState !== "hidden");
      if (document.visibilityState === "hidden") save();
    };
    window.addEventListener("keydown", onActivity, true);
    window.addEventListener("pointerdown", onActivity, true);
    window.addEventListener("wheel", onActivity, { capture: true, passive: true });
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", save);
    const timer = window.setInterval(save, 5000);
    return () => {
      window.removeEventListener("keydown", onActivity, true);
      window.removeEventListener("pointerdown", onActivity, true);
      window.removeEventListener("wheel", onActivity, true);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", save);
      window.clearInterval(timer);
      save();
      clock.current = null;
    };
  }, [save]);

  const addPlay = useCallback(() => {
    const s = stored.current;
    if (!s) return;
    s.plays += 1;
    setPlays(s.plays);
    clock.current?.activity();
    save();
  }, [save]);

  /** What the listener typed so far (a transcribe study), kept across a reload. */
  const setDraftTranscript = useCallback(
    (text: string) => {
      const s = stored.current;
      if (!s) return;
      s.draftTranscript = text;
      setTranscript(text);
      save();
    },
    [save],
  );

  const setDraftRating = useCallback(
    (rating: number) => {
      const s = stored.current;
      if (!s) return;
      s.draftRating = rating;
      setDraft(rating);
      save();
    },
    [save],
  );

  /** The clip was played to its end: remembered until the clip is finished. */
  const markHeard = useCallback(() => {
    const s = stored.current;
    if (!s || s.heard) return;
    s.heard = true;
    setHeard(true);
    save();
  }, [save]);

  /** What this visit adds to the submission: plays and active seconds since the last finish. */
  const totals = useCallback((): { plays: number; seconds: number } => {
    const s = stored.current ?? { plays: 0, seconds: 0 };
    return { plays: s.plays, seconds: s.seconds + (clock.current?.seconds() ?? 0) };
  }, []);

  /** After a successful finish: start counting from zero again. */
  const reset = useCallback(() => {
    clock.current?.take();
    stored.current = { plays: 0, seconds: 0 };
    setPlays(0);
    writeSession(tabStorage(), key, stored.current);
  }, [key]);

  return {
    draftRating,
    setDraftRating,
    draftTranscript,
    setDraftTranscript,
    heard,
    markHeard,
    /** Plays started in this visit (since the last finish). */
    plays,
    addPlay,
    totals,
    reset,
  };
}
