// One clip of a study whose task is "rate" (a plain MOS / ACR test: listen, rate, no spans) or
// "transcribe" (an intelligibility test: listen at most `maxPlays` times, type what was heard).
// No waveform: a Play button and an <audio> element, so nothing can be seen of the speech and
// there is no seeking; playback reaching the end is what "heard to its end" means. The
// submission carries the rating or the transcript, playCount and heardToEnd, as on the crowd
// screen (finishClip). Keys: Space plays (outside the text box), 1–5 rate, Enter finishes (in
// the text box too) when the clip may be finished. A participant of a server study with a play
// limit plays only once the server counted the play (`plays`: the limit is the server's, across
// browsers); elsewhere (the local crowd link) the plays are counted here, as before. An empty
// transcript is sent only once the listener confirmed it (they heard nothing they could type).

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { finishClip } from "../../db/repo.ts";
import { MAX_TRANSCRIPT_LENGTH, transcriptProblem } from "../../domain/interchange/limits.ts";
import { ratingScaleOf } from "../../domain/study/ratingScale.ts";
import { submissionRules, taskModule } from "../../domain/tasks/index.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { useT } from "../../lib/i18n.tsx";
import { inputType, isActivatedByKey, isTypingTarget } from "../../lib/keyActions.ts";
import { ClipTitle } from "./ClipTitle.tsx";
import type { ClipWorkspaceProps } from "./ClipWorkspace.tsx";
import { RatingGroup } from "./RatingGroup.tsx";
import { sessionKey } from "./session.ts";
import { useClipPlayer } from "./useClipPlayer.ts";
import { useClipSession } from "./useClipSession.ts";

const PRIMARY =
  "rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50";
const PLAY =
  "rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

export function ListenWorkspace(props: ClipWorkspaceProps) {
  const { study, clip, annotatorId, audio, submission } = props;
  const t = useT();
  // What the study's task asks of a clip (its module's rules): a rating, a transcript, a play
  // limit, the clip heard to its end. The screen asks these, never the task's name.
  const rules = submissionRules(study.extra);
  const asksRating = rules.rating !== "none";
  const asksTranscript = rules.transcript === "required";
  const help = taskModule(study.extra).instructionsMessage;
  const session = useClipSession(sessionKey(study.id, annotatorId, clip.id));
  const player = useClipPlayer({
    onPlayStarted: session.addPlay,
    onEnded: () => {
      if (!session.heard) {
        session.markHeard();
        setStatus(t("clip.heard"));
      }
    },
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const boxRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  /** A play being asked of the server. */
  const [asking, setAsking] = useState(false);
  /** Finish was pressed with nothing typed: the question is on screen. */
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const problemId = useId();
  const hintId = useId();
  const boxId = useId();
  const emptyId = useId();

  const maxPlays = rules.maxPlays;
  const served = maxPlays !== null ? props.plays : undefined;
  const used = served ? served.used : (submission?.playCount ?? 0) + session.plays;
  const playsLeft = maxPlays !== null ? Math.max(0, maxPlays - used) : null;
  const rating = session.draftRating ?? submission?.score;
  const transcript = session.draftTranscript ?? submission?.transcript ?? "";

  // A transcription always asks for the whole clip (its transcript is scored); a rating too
  // for a participant of a server study, as on the crowd screen.
  const mustHear = rules.heardToEnd === "always" || props.requireHeardToEnd === true;
  // Its plays spent in another browser, the clip cannot be heard here: it may be finished
  // (heardToEnd says whether this browser heard it to the end).
  const spentElsewhere = served !== undefined && playsLeft === 0 && !session.heard;
  const finishBlocked =
    audio.kind === "error"
      ? t("clip.blockedAudio")
      : mustHear && !session.heard && !submission && !spentElsewhere
        ? t("clip.playWhole")
        : null;
  const canPlay =
    audio.kind === "ready" && !player.playing && !asking && (playsLeft === null || playsLeft > 0);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const togglePlay = useCallback(() => {
    if (player.playing) {
      // A counted play is not paused: one press, one hearing.
      if (maxPlays === null) player.pause();
      return;
    }
    if (!canPlay) return;
    if (!served) {
      void player.play();
      return;
    }
    // The server counts the play first; the clip plays once it said yes.
    setAsking(true);
    void served.request().then((answer) => {
      setAsking(false);
      if (answer.ok) {
        void player.play();
        return;
      }
      if (answer.reason === "spent") setProblem(t("listen.noPlaysLeft"));
      else if (answer.reason === "offline") setProblem(t("listen.playNeedsServer"));
      else if (answer.reason === "refused") setProblem(answer.message);
    });
  }, [player, maxPlays, canPlay, served, t]);

  const chooseRating = useCallback(
    (value: number) => {
      session.setDraftRating(value);
      setProblem(null);
    },
    [session],
  );

  const finish = useCallback(
    async (emptyConfirmed = false) => {
      if (finishing) return;
      if (finishBlocked) {
        setStatus(finishBlocked);
        return;
      }
      if (rules.rating === "required" && rating === undefined) {
        setProblem(t("clip.rateFirst"));
        return;
      }
      const text = transcript.trim();
      if (asksTranscript && transcriptProblem(text) !== null) {
        setProblem(t("listen.transcriptInvalid", { max: MAX_TRANSCRIPT_LENGTH }));
        boxRef.current?.focus();
        return;
      }
      // Nothing typed: asked first (an empty answer scores every word as missed).
      if (asksTranscript && text === "" && !emptyConfirmed) {
        setConfirmEmpty(true);
        return;
      }
      setFinishing(true);
      player.pause();
      const { plays, seconds } = session.totals();
      try {
        await finishClip(study.id, {
          clipId: clip.id,
          annotatorId,
          completedAt: new Date().toISOString(),
          ...(asksRating && rating !== undefined ? { score: rating } : {}),
          ...(asksTranscript ? { transcript: text } : {}),
          plays,
          seconds,
          heardToEnd: session.heard,
        });
      } catch (error) {
        setFinishing(false);
        setProblem(errorMessage(error));
        return;
      }
      setFinishing(false);
      setConfirmEmpty(false);
      session.reset();
      props.onFinished();
    },
    [
      finishing,
      finishBlocked,
      rules.rating,
      asksRating,
      asksTranscript,
      rating,
      transcript,
      player,
      session,
      study.id,
      clip.id,
      annotatorId,
      props,
      t,
    ],
  );

  // Space plays, 1–5 rate and Enter finishes, except where the key means something else:
  // typing in the box (Enter there is handled by the box), a focused button (Space and Enter
  // press it), or Space on a focused rating.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.repeat) return;
      if (isTypingTarget(e.target) || isActivatedByKey(e.target)) return;
      if (e.key === " ") {
        // A focused rating or checkbox keeps Space: it ticks it.
        if (["radio", "checkbox"].includes(inputType(e.target))) return;
        e.preventDefault();
        togglePlay();
      } else if (e.key === "Enter") {
        e.preventDefault();
        void finish();
      } else if (asksRating && /^[1-5]$/.test(e.key)) {
        e.preventDefault();
        chooseRating(Number(e.key));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [togglePlay, finish, chooseRating, asksRating]);

  // Right under the box (or the rating), so it stays in reach with a phone's keyboard open.
  const finishBlock = (
    <div className="grid gap-2">
      <button
        type="button"
        onClick={() => void finish()}
        disabled={finishing || finishBlocked !== null}
        aria-describedby={finishBlocked ? hintId : undefined}
        className={PRIMARY}
      >
        {t("clip.finish")}
      </button>
      {finishBlocked && (
        <p id={hintId} className="text-sm text-slate-600">
          {finishBlocked}
        </p>
      )}
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      {confirmEmpty && (
        <div
          role="alertdialog"
          aria-labelledby={emptyId}
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p id={emptyId}>{t("listen.emptyConfirm")}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className={PLAY} onClick={() => void finish(true)}>
              {t("listen.emptySend")}
            </button>
            <button
              type="button"
              className={PLAY}
              onClick={() => {
                setConfirmEmpty(false);
                boxRef.current?.focus();
              }}
            >
              {t("listen.emptyBack")}
            </button>
          </div>
        </div>
      )}
    </div>
  );

  return (
    <div className="mx-auto grid max-w-2xl gap-4 *:min-w-0">
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <ClipTitle ref={headingRef} title={props.title} finished={Boolean(submission)} />
        {/* biome-ignore lint/a11y/useMediaCaption: the clip is the speech being judged; a caption would give away what it says */}
        <audio
          ref={player.ref}
          src={audio.kind === "ready" ? audio.src : undefined}
          preload="auto"
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={PLAY}
            onClick={togglePlay}
            disabled={maxPlays === null ? audio.kind !== "ready" : !canPlay}
            aria-keyshortcuts="Space"
          >
            {player.playing
              ? maxPlays === null
                ? t("listen.pause")
                : t("listen.playing")
              : t("listen.play")}
          </button>
          {playsLeft !== null && (
            <span
              className={`text-sm ${playsLeft === 0 ? "font-medium text-amber-800" : "text-slate-700"}`}
            >
              {t("listen.playsLeft", { n: playsLeft })}
            </span>
          )}
          {audio.kind === "loading" && (
            <span className="text-sm text-slate-500" aria-busy="true">
              {t("listen.loading")}
            </span>
          )}
        </div>
        {audio.kind === "error" && (
          <p role="alert" dir="auto" className="mt-2 text-sm text-red-700">
            {t("clip.audioFailed", { message: audio.message })}
          </p>
        )}
        {asksTranscript && (
          <div className="mt-4">
            <label htmlFor={boxId} className="block text-sm font-semibold text-slate-900">
              {t("listen.question")}
            </label>
            <input
              ref={boxRef}
              id={boxId}
              type="text"
              dir="auto"
              value={transcript}
              maxLength={MAX_TRANSCRIPT_LENGTH}
              spellCheck={false}
              autoCorrect="off"
              autoCapitalize="off"
              autoComplete="off"
              enterKeyHint="done"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(e) => {
                session.setDraftTranscript(e.target.value);
                setProblem(null);
                setConfirmEmpty(false);
              }}
              onKeyDown={(e) => {
                if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
                e.preventDefault();
                if (finishBlocked) setStatus(finishBlocked);
                else void finish();
              }}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900"
            />
          </div>
        )}
        <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm text-slate-700">
          {status}
        </p>
        {asksTranscript && finishBlock}
        {help && <p className="mt-3 text-sm text-slate-500">{t(help)}</p>}
      </section>
      {asksRating && (
        <RatingGroup
          value={rating}
          scale={ratingScaleOf(study.extra)}
          required={rules.rating === "required"}
          error={problem}
          errorId={problemId}
          onChange={chooseRating}
        />
      )}
      {!asksTranscript && finishBlock}
    </div>
  );
}
