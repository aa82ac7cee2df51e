// One clip on the crowd screen: waveform, spans, rating and "Finish clip". Every span edit is
// written to the database at once; the waveform and the list both read the stored spans.

import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { paletteColor } from "../../audio/colors.ts";
import { formatTime, roundSeconds } from "../../audio/format.ts";
import { waveformBoxHeight } from "../../audio/layout.ts";
import { Waveform, type WaveformHandle, type WaveformSpan } from "../../audio/Waveform.tsx";
import {
  addRegion,
  type ClipRecord,
  deleteRegion,
  finishClip,
  listRegions,
  type StudyRecord,
  type SubmissionRecord,
  updateRegion,
} from "../../db/repo.ts";
import { ratingScaleOf } from "../../domain/study/ratingScale.ts";
import { spanFromMarks } from "../../domain/study/spans.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { ownValue } from "../../domain/util/idRecord.ts";
import { useIntlShape, useT } from "../../lib/i18n.tsx";
import { useAnnotateUi } from "../../stores/annotate.ts";
import { ClipTitle } from "./ClipTitle.tsx";
import type { ClipPlays } from "./plays.ts";
import { RatingGroup } from "./RatingGroup.tsx";
import { RegionList } from "./RegionList.tsx";
import { ShortcutsDialog } from "./ShortcutsDialog.tsx";
import { PlayCoverage, sessionKey } from "./session.ts";
import type { ClipAudio } from "./useClipAudio.ts";
import { useClipSession } from "./useClipSession.ts";
import { useShortcuts } from "./useShortcuts.ts";
import { WaveToolbar } from "./WaveToolbar.tsx";
import { useWaveformWords } from "./waveformWords.ts";

export interface ClipWorkspaceProps {
  study: StudyRecord;
  clip: ClipRecord;
  annotatorId: string;
  audio: ClipAudio;
  submission: SubmissionRecord | undefined;
  onPrevious?: () => void;
  onNext?: () => void;
  /** Called after the submission is stored. */
  onFinished(): void;
  /**
   * The clip can be finished only once it was played to its end (participants of a server
   * study: their submissions carry heardToEnd).
   */
  requireHeardToEnd?: boolean;
  /** The clip's heading: its name, or "Clip 3" for a participant (who sees no names). */
  title: string;
  /**
   * A participant of a server study with a play limit: the plays the server counted, and each
   * play asked of it before it starts (the listening screen; the waveform has no limit).
   */
  plays?: ClipPlays;
}

export function ClipWorkspace(props: ClipWorkspaceProps) {
  const { study, clip, annotatorId, audio, submission } = props;
  const studyId = study.id;
  const t = useT();
  const waveformWords = useWaveformWords();
  const intl = useIntlShape();
  const waveRef = useRef<WaveformHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ui = {
    selectedId: useAnnotateUi((s) => s.selectedId),
    zoom: useAnnotateUi((s) => s.zoom),
    showSpectrogram: useAnnotateUi((s) => s.showSpectrogram),
    helpOpen: useAnnotateUi((s) => s.helpOpen),
    select: useAnnotateUi((s) => s.select),
    setPlaying: useAnnotateUi((s) => s.setPlaying),
    setCurrentTime: useAnnotateUi((s) => s.setCurrentTime),
    setZoom: useAnnotateUi((s) => s.setZoom),
    setHelpOpen: useAnnotateUi((s) => s.setHelpOpen),
    resetClip: useAnnotateUi((s) => s.resetClip),
  };
  const [duration, setDuration] = useState(clip.duration);
  const [ready, setReady] = useState(false);
  // The span being looped (L), if any: only handlers read it, nothing renders it.
  const loopingRef = useRef<string | null>(null);
  const [status, setStatus] = useState("");
  const [writeError, setWriteError] = useState<string | null>(null);
  const [ratingError, setRatingError] = useState<string | null>(null);
  const ratingErrorId = useId();
  const [finishing, setFinishing] = useState(false);
  const session = useClipSession(sessionKey(studyId, annotatorId, clip.id));
  const rating = session.draftRating ?? submission?.score;
  const coverage = useRef(new PlayCoverage(clip.duration));
  const playingRef = useRef(false);
  const audioFailed = audio.kind === "error";
  // Why the clip cannot be finished yet, if it cannot.
  const finishBlocked = audioFailed
    ? t("clip.blockedAudio")
    : props.requireHeardToEnd && !session.heard && !submission
      ? t("clip.playWhole")
      : null;
  const finishHintId = useId();

  const regions = useLiveQuery(
    () => listRegions(studyId, clip.id, annotatorId),
    [studyId, clip.id, annotatorId],
  );

  const { resetClip } = ui;
  useEffect(() => {
    resetClip();
    headingRef.current?.focus();
  }, [resetClip]);

  const spans = useMemo<WaveformSpan[]>(
    () =>
      (regions ?? []).map((r, i) => ({
        id: r.id,
        start: r.start,
        end: r.end,
        color: paletteColor(i),
        editable: true,
        label: String(i + 1),
      })),
    [regions],
  );

  const write = useCallback(async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      setWriteError(null);
      return true;
    } catch (error) {
      setWriteError(errorMessage(error));
      return false;
    }
  }, []);

  const create = useCallback(
    (start: number, end: number) =>
      write(async () => {
        const r = await addRegion(studyId, { clipId: clip.id, annotatorId, start, end });
        useAnnotateUi.getState().select(r.id);
        setStatus(t("clip.marked", { start: formatTime(r.start), end: formatTime(r.end) }));
      }),
    [write, studyId, clip.id, annotatorId, t],
  );

  // Only the bounds that differ from the span as shown are written, so an edit in another tab
  // of the other bound is not undone.
  const change = useCallback(
    (id: string, start: number, end: number) => {
      const shown = regions?.find((r) => r.id === id);
      const patch = {
        ...(shown?.start === start ? {} : { start }),
        ...(shown?.end === end ? {} : { end }),
      };
      if (patch.start === undefined && patch.end === undefined) return Promise.resolve(true);
      return write(() => updateRegion(studyId, id, patch));
    },
    [write, studyId, regions],
  );

  const remove = useCallback(
    (id: string) =>
      write(async () => {
        if (loopingRef.current === id) {
          waveRef.current?.stopLoop();
          loopingRef.current = null;
        }
        await deleteRegion(studyId, id);
        if (useAnnotateUi.getState().selectedId === id) useAnnotateUi.getState().select(null);
        setStatus(t("clip.deleted"));
      }),
    [write, studyId, t],
  );

  // Stable handlers, so the rows of a long span list re-render only when their span changes.
  const commitEdit = useCallback(
    (id: string, start: number, end: number) => void change(id, start, end),
    [change],
  );
  const playSpan = useCallback((id: string) => waveRef.current?.playSpan(id), []);
  const deleteSpan = useCallback((id: string) => void remove(id), [remove]);

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
        clipId: clip.id,
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
      props.onFinished();
    }
  }, [
    finishing,
    finishBlocked,
    study.requireRating,
    rating,
    session,
    write,
    studyId,
    clip.id,
    annotatorId,
    props,
    t,
  ]);

  const mark = useCallback(() => {
    const at = roundSeconds(waveRef.current?.getCurrentTime() ?? 0);
    const from = useAnnotateUi.getState().markStart;
    if (from === null) {
      useAnnotateUi.getState().setMarkStart(at);
      setStatus(t("clip.markStart", { time: formatTime(at) }));
      return;
    }
    const span = spanFromMarks(from, at);
    if (!span) {
      setStatus(t("clip.needsLength"));
      return;
    }
    useAnnotateUi.getState().setMarkStart(null);
    void create(span.start, span.end);
  }, [create, t]);

  const toggleLoop = useCallback(() => {
    const id = useAnnotateUi.getState().selectedId;
    if (!id) {
      setStatus(t("clip.selectToLoop"));
      return;
    }
    if (loopingRef.current === id) {
      waveRef.current?.stopLoop();
      waveRef.current?.pause();
      loopingRef.current = null;
      setStatus(t("clip.loopStopped"));
    } else {
      waveRef.current?.playSpan(id, true);
      loopingRef.current = id;
      setStatus(t("clip.looping"));
    }
  }, [t]);

  useShortcuts(!ui.helpOpen, {
    playPause: () => waveRef.current?.playPause(),
    seekBack: () => waveRef.current?.seekBy(-1),
    seekForward: () => waveRef.current?.seekBy(1),
    seekBackFine: () => waveRef.current?.seekBy(-0.1),
    seekForwardFine: () => waveRef.current?.seekBy(0.1),
    deleteSpan: () => {
      const id = useAnnotateUi.getState().selectedId;
      if (id) void remove(id);
      else setStatus(t("clip.selectToDelete"));
    },
    loopSpan: toggleLoop,
    markSpan: mark,
    nextClip: () => props.onNext?.(),
    previousClip: () => props.onPrevious?.(),
    finishClip: () => void finish(),
    zoomIn: () => waveRef.current?.zoomBy(2),
    zoomOut: () => waveRef.current?.zoomBy(0.5),
    showHelp: () => ui.setHelpOpen(true),
    escape: () => {
      if (useAnnotateUi.getState().markStart !== null) {
        useAnnotateUi.getState().setMarkStart(null);
        setStatus(t("clip.markCancelled"));
      } else {
        ui.select(null);
      }
    },
    rate1: () => chooseRating(1),
    rate2: () => chooseRating(2),
    rate3: () => chooseRating(3),
    rate4: () => chooseRating(4),
    rate5: () => chooseRating(5),
  });

  const sentence = ownValue(
    study.extra.sentences as Record<string, string> | undefined,
    clip.sentence ?? "",
  );

  // At laptop size (1280 × 720) the rating and Finish clip sit beside the waveform, in view
  // without scrolling; on narrow screens they follow the spans.
  return (
    <div className="grid gap-4 *:min-w-0 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <div className="grid gap-4 *:min-w-0">
        <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <ClipTitle ref={headingRef} title={props.title} finished={Boolean(submission)} />
            {sentence && (
              <p className="text-sm text-slate-600">
                {intl.formatMessage(
                  { id: "clip.text" },
                  { sentence: <q className="text-slate-900">{sentence}</q> },
                )}
              </p>
            )}
          </div>
          <WaveToolbar
            duration={duration}
            ready={ready}
            onPlayPause={() => waveRef.current?.playPause()}
            onZoom={(f) => waveRef.current?.zoomBy(f)}
            onMark={mark}
          />
          {/* The waveform and its time axis run left to right, as audio does, in any page. */}
          <div className="mt-3" dir="ltr">
            {audio.kind === "ready" ? (
              <Waveform
                ref={waveRef}
                name={t("clip.waveform")}
                words={waveformWords}
                audio={audio.src}
                spans={spans}
                selectedId={ui.selectedId}
                allowCreate
                onCreate={(s, e) => void create(s, e)}
                onChange={(id, s, e) => void change(id, s, e)}
                onSelect={ui.select}
                onReady={(d) => {
                  setDuration(d);
                  setReady(true);
                  coverage.current = new PlayCoverage(d);
                }}
                onPlay={session.addPlay}
                onPlayingChange={(p) => {
                  ui.setPlaying(p);
                  playingRef.current = p;
                  if (!p) loopingRef.current = null;
                }}
                onTimeUpdate={(t) => {
                  ui.setCurrentTime(t);
                  if (playingRef.current) coverage.current.at(t);
                }}
                onFinish={() => {
                  if (coverage.current.finished() && !session.heard) {
                    session.markHeard();
                    if (props.requireHeardToEnd) setStatus(t("clip.heard"));
                  }
                }}
                zoom={ui.zoom}
                onZoomChange={ui.setZoom}
                showSpectrogram={ui.showSpectrogram}
              />
            ) : audio.kind === "error" ? (
              <section
                aria-label={t("clip.waveform")}
                style={{ height: waveformBoxHeight(128, ui.showSpectrogram) }}
                className="flex items-center justify-center rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-700"
              >
                <p role="alert" dir="auto">
                  {t("clip.audioFailed", { message: audio.message })}
                </p>
              </section>
            ) : (
              <section
                aria-label={t("clip.waveform")}
                aria-busy="true"
                style={{ height: waveformBoxHeight(128, ui.showSpectrogram) }}
                className="animate-pulse rounded-md border border-slate-200 bg-slate-100"
              />
            )}
          </div>
          {/* A phone has no keyboard to speak of: its own words, without the keys. */}
          <p className="mt-2 text-sm text-slate-500 pointer-coarse:hidden">{t("clip.help")}</p>
          <p className="mt-2 hidden text-sm text-slate-500 pointer-coarse:block">
            {t("clip.help.touch")}
          </p>
          <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm text-slate-700">
            {status}
          </p>
          {writeError && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {writeError}
            </p>
          )}
        </section>
        <RegionList
          spans={regions ?? []}
          duration={duration}
          selectedId={ui.selectedId}
          onSelect={ui.select}
          onCommit={commitEdit}
          onPlay={playSpan}
          onDelete={deleteSpan}
        />
      </div>
      <div className="grid content-start gap-4 lg:sticky lg:top-4">
        <RatingGroup
          value={rating}
          scale={ratingScaleOf(study.extra)}
          required={study.requireRating}
          error={ratingError}
          errorId={ratingErrorId}
          onChange={chooseRating}
        />
        <button
          type="button"
          onClick={() => void finish()}
          disabled={finishing || finishBlocked !== null}
          aria-describedby={finishBlocked ? finishHintId : undefined}
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t("clip.finish")}
        </button>
        {finishBlocked && (
          <p id={finishHintId} className="-mt-2 text-sm text-slate-600">
            {finishBlocked}
          </p>
        )}
        {/* Under the button, so that it appearing pushes nothing down. */}
        {ratingError && (
          <p id={ratingErrorId} role="alert" className="-mt-2 text-sm text-red-600">
            {ratingError}
          </p>
        )}
      </div>
      {ui.helpOpen && <ShortcutsDialog onClose={() => ui.setHelpOpen(false)} />}
    </div>
  );
}
