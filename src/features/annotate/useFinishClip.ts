// "Finish clip" on the crowd screen: the rating (a draft until the clip is finished), why the
// clip cannot be finished yet, and storing the submission with the visit's plays and time.
import { type RefObject, useCallback, useState } from "react";
import type { WaveformHandle } from "../../audio/Waveform.tsx";
import { finishClip, type StudyRecord, type SubmissionRecord } from "../../db/repo.ts";
import { useT } from "../../lib/i18n.tsx";
import type { useClipSession } from "./useClipSession.ts";

export interface FinishClipArgs {
  study: StudyRecord;
  clipId: string;
  annotatorId: string;
  submission: SubmissionRecord | undefined;
  session: ReturnType<typeof useClipSession>;
  /** The clip's audio could not be loaded. */
  audioFailed: boolean;
  /** The clip can be finished only once it was played to its end. */
  requireHeardToEnd: boolean | undefined;
  waveRef: RefObject<WaveformHandle | null>;
  /** Runs a write; true when it was stored (useSpanEdits). */
  write(fn: () => Promise<unknown>): Promise<boolean>;
  setStatus(status: string): void;
  onFinished(): void;
}

export function useFinishClip({
  study,
  clipId,
  annotatorId,
  submission,
  session,
  audioFailed,
  requireHeardToEnd,
  waveRef,
  write,
  setStatus,
  onFinished,
}: FinishClipArgs) {
  const t = useT();
  const studyId = study.id;
  const [ratingError, setRatingError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const rating = session.draftRating ?? submission?.score;
  // Why the clip cannot be finished yet, if it cannot.
  const finishBlocked = audioFailed
    ? t("clip.blockedAudio")
    : requireHeardToEnd && !session.heard && !submission
      ? t("clip.playWhole")
      : null;

  const chooseRating = useCallback(
    (value: number) => {
      session.setDraftRating(value);
      setRatingError(null);
    },
    [session],
  );

  const finish = useCallback(async () => {
    if (finishing) return;
    if (finishBlocked) {
      setStatus(finishBlocked);
      return;
    }
    if (study.requireRating && rating === undefined) {
      setRatingError(t("clip.rateFirst"));
      return;
    }
    setFinishing(true);
    waveRef.current?.pause();
    const { plays, seconds } = session.totals();
    const ok = await write(() =>
      finishClip(studyId, {
        clipId,
        annotatorId,
        completedAt: new Date().toISOString(),
        ...(rating === undefined ? {} : { score: rating }),
        plays,
        seconds,
        heardToEnd: session.heard,
      }),
    );
    setFinishing(false);
    if (ok) {
      session.reset();
      onFinished();
    }
  }, [
    finishing,
    finishBlocked,
    study.requireRating,
    rating,
    session,
    write,
    studyId,
    clipId,
    annotatorId,
    onFinished,
    setStatus,
    waveRef,
    t,
  ]);

  return { rating, ratingError, chooseRating, finishing, finishBlocked, finish };
}
