// The crowd screen's span edits: mark, drag, delete and loop a span, each written to the
// database at once; a failed write is kept to show, and what happened is said in `status`.
import { type RefObject, useCallback, useState } from "react";
import { formatTime, roundSeconds } from "../../audio/format.ts";
import type { WaveformHandle } from "../../audio/Waveform.tsx";
import { addRegion, deleteRegion, type RegionRecord, updateRegion } from "../../db/repo.ts";
import { spanFromMarks } from "../../domain/study/spans.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { useT } from "../../lib/i18n.tsx";
import { useAnnotateUi } from "../../stores/annotate.ts";

export interface SpanEditsArgs {
  studyId: string;
  clipId: string;
  annotatorId: string;
  /** The spans as stored, undefined while they load. */
  regions: readonly RegionRecord[] | undefined;
  waveRef: RefObject<WaveformHandle | null>;
  /** The span being looped (L), if any: only handlers read it, nothing renders it. */
  loopingRef: RefObject<string | null>;
  setStatus(status: string): void;
}

export function useSpanEdits({
  studyId,
  clipId,
  annotatorId,
  regions,
  waveRef,
  loopingRef,
  setStatus,
}: SpanEditsArgs) {
  const t = useT();
  const [writeError, setWriteError] = useState<string | null>(null);

  /** Runs a write; true when it was stored, otherwise its error is kept to show. */
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
        const r = await addRegion(studyId, { clipId, annotatorId, start, end });
        useAnnotateUi.getState().select(r.id);
        setStatus(t("clip.marked", { start: formatTime(r.start), end: formatTime(r.end) }));
      }),
    [write, studyId, clipId, annotatorId, t, setStatus],
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
    [write, studyId, t, setStatus, waveRef, loopingRef],
  );

  // Stable handlers, so the rows of a long span list re-render only when their span changes.
  const commitEdit = useCallback(
    (id: string, start: number, end: number) => void change(id, start, end),
    [change],
  );
  const playSpan = useCallback((id: string) => waveRef.current?.playSpan(id), [waveRef]);
  const deleteSpan = useCallback((id: string) => void remove(id), [remove]);

  /** The M key and button: the first press sets the start, the second makes the span. */
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
  }, [create, t, setStatus, waveRef]);

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
  }, [t, setStatus, waveRef, loopingRef]);

  return {
    writeError,
    write,
    create,
    change,
    remove,
    commitEdit,
    playSpan,
    deleteSpan,
    mark,
    toggleLoop,
  };
}
