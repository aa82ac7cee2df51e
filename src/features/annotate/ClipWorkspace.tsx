// One clip on the crowd screen: waveform, spans, rating and "Finish clip". Every span edit is
// written to the database at once; the waveform and the list both read the stored spans.
// Its parts: the span edits (useSpanEdits), finishing (useFinishClip, FinishPanel), playback
// heard to the end (useHeardToEnd), the keys (useClipKeys), the stored spans (useStoredSpans),
// the card's header, waveform and status.

import { useEffect, useRef, useState } from "react";
import type { WaveformHandle } from "../../audio/Waveform.tsx";
import type { ClipRecord, StudyRecord, SubmissionRecord } from "../../db/repo.ts";
import { ratingScaleOf } from "../../domain/study/ratingScale.ts";
import { useAnnotateUi } from "../../stores/annotate.ts";
import { ClipHeader } from "./ClipHeader.tsx";
import { ClipStatus } from "./ClipStatus.tsx";
import { ClipWaveform } from "./ClipWaveform.tsx";
import { FinishPanel } from "./FinishPanel.tsx";
import type { ClipPlays } from "./plays.ts";
import { RegionList } from "./RegionList.tsx";
import { ShortcutsDialog } from "./ShortcutsDialog.tsx";
import { sessionKey } from "./session.ts";
import type { ClipAudio } from "./useClipAudio.ts";
import { useClipKeys } from "./useClipKeys.ts";
import { useClipSession } from "./useClipSession.ts";
import { useFinishClip } from "./useFinishClip.ts";
import { useHeardToEnd } from "./useHeardToEnd.ts";
import { useSpanEdits } from "./useSpanEdits.ts";
import { useStoredSpans } from "./useStoredSpans.ts";
import { WaveToolbar } from "./WaveToolbar.tsx";

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
  const waveRef = useRef<WaveformHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ui = {
    selectedId: useAnnotateUi((s) => s.selectedId),
    helpOpen: useAnnotateUi((s) => s.helpOpen),
    select: useAnnotateUi((s) => s.select),
    setHelpOpen: useAnnotateUi((s) => s.setHelpOpen),
    resetClip: useAnnotateUi((s) => s.resetClip),
  };
  // The span being looped (L), if any: only handlers read it, nothing renders it.
  const loopingRef = useRef<string | null>(null);
  const [status, setStatus] = useState("");
  const session = useClipSession(sessionKey(studyId, annotatorId, clip.id));

  const { regions, spans } = useStoredSpans(studyId, clip.id, annotatorId);
  const edits = useSpanEdits({
    studyId,
    clipId: clip.id,
    annotatorId,
    regions,
    waveRef,
    loopingRef,
    setStatus,
  });
  const finisher = useFinishClip({
    study,
    clipId: clip.id,
    annotatorId,
    submission,
    session,
    audioFailed: audio.kind === "error",
    requireHeardToEnd: props.requireHeardToEnd,
    waveRef,
    write: edits.write,
    setStatus,
    onFinished: props.onFinished,
  });
  const playback = useHeardToEnd({
    clipDuration: clip.duration,
    session,
    requireHeardToEnd: props.requireHeardToEnd,
    loopingRef,
    setStatus,
  });
  useClipKeys({
    waveRef,
    edits,
    onRate: finisher.chooseRating,
    onFinish: () => void finisher.finish(),
    onNext: props.onNext,
    onPrevious: props.onPrevious,
    setStatus,
  });

  const { resetClip } = ui;
  useEffect(() => {
    resetClip();
    headingRef.current?.focus();
  }, [resetClip]);

  // At laptop size (1280 × 720) the rating and Finish clip sit beside the waveform, in view
  // without scrolling; on narrow screens they follow the spans.
  return (
    <div className="grid gap-4 *:min-w-0 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <div className="grid gap-4 *:min-w-0">
        <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <ClipHeader
            study={study}
            clip={clip}
            title={props.title}
            finished={Boolean(submission)}
            headingRef={headingRef}
          />
          <WaveToolbar
            duration={playback.duration}
            ready={playback.ready}
            onPlayPause={() => waveRef.current?.playPause()}
            onZoom={(f) => waveRef.current?.zoomBy(f)}
            onMark={edits.mark}
          />
          <ClipWaveform
            audio={audio}
            waveRef={waveRef}
            spans={spans}
            onCreate={(s, e) => void edits.create(s, e)}
            onChange={(id, s, e) => void edits.change(id, s, e)}
            onPlay={session.addPlay}
            playback={playback.waveform}
          />
          <ClipStatus status={status} error={edits.writeError} />
        </section>
        <RegionList
          spans={regions ?? []}
          duration={playback.duration}
          selectedId={ui.selectedId}
          onSelect={ui.select}
          onCommit={edits.commitEdit}
          onPlay={edits.playSpan}
          onDelete={edits.deleteSpan}
        />
      </div>
      <FinishPanel
        rating={finisher.rating}
        scale={ratingScaleOf(study.extra)}
        required={study.requireRating}
        ratingError={finisher.ratingError}
        onRate={finisher.chooseRating}
        finishing={finisher.finishing}
        finishBlocked={finisher.finishBlocked}
        onFinish={() => void finisher.finish()}
      />
      {ui.helpOpen && <ShortcutsDialog onClose={() => ui.setHelpOpen(false)} />}
    </div>
  );
}
