// The crowd screen's keys (keys.ts) bound to one clip's player, span edits, rating and finish.
import type { RefObject } from "react";
import type { WaveformHandle } from "../../audio/Waveform.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useAnnotateUi } from "../../stores/annotate.ts";
import { useShortcuts } from "./useShortcuts.ts";

export function useClipKeys({
  waveRef,
  edits,
  onRate,
  onFinish,
  onNext,
  onPrevious,
  setStatus,
}: {
  waveRef: RefObject<WaveformHandle | null>;
  edits: { remove(id: string): Promise<boolean>; toggleLoop(): void; mark(): void };
  onRate(value: number): void;
  onFinish(): void;
  onNext: (() => void) | undefined;
  onPrevious: (() => void) | undefined;
  setStatus(status: string): void;
}): void {
  const t = useT();
  const helpOpen = useAnnotateUi((s) => s.helpOpen);
  const setHelpOpen = useAnnotateUi((s) => s.setHelpOpen);
  const select = useAnnotateUi((s) => s.select);
  useShortcuts(!helpOpen, {
    playPause: () => waveRef.current?.playPause(),
    seekBack: () => waveRef.current?.seekBy(-1),
    seekForward: () => waveRef.current?.seekBy(1),
    seekBackFine: () => waveRef.current?.seekBy(-0.1),
    seekForwardFine: () => waveRef.current?.seekBy(0.1),
    deleteSpan: () => {
      const id = useAnnotateUi.getState().selectedId;
      if (id) void edits.remove(id);
      else setStatus(t("clip.selectToDelete"));
    },
    loopSpan: edits.toggleLoop,
    markSpan: edits.mark,
    nextClip: () => onNext?.(),
    previousClip: () => onPrevious?.(),
    finishClip: onFinish,
    zoomIn: () => waveRef.current?.zoomBy(2),
    zoomOut: () => waveRef.current?.zoomBy(0.5),
    showHelp: () => setHelpOpen(true),
    escape: () => {
      if (useAnnotateUi.getState().markStart !== null) {
        useAnnotateUi.getState().setMarkStart(null);
        setStatus(t("clip.markCancelled"));
      } else {
        select(null);
      }
    },
    rate1: () => onRate(1),
    rate2: () => onRate(2),
    rate3: () => onRate(3),
    rate4: () => onRate(4),
    rate5: () => onRate(5),
  });
}
