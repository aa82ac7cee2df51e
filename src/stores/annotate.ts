// UI state of the crowd annotate screen: selection, playhead, zoom and the spectrogram toggle.
// The spans themselves live in IndexedDB; nothing here has to survive a reload except the
// view preferences (zoom, spectrogram), which are remembered in localStorage.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { clampZoomFactor } from "../audio/format.ts";

export interface AnnotateUiState {
  selectedId: string | null;
  /** Playhead position in seconds. */
  currentTime: number;
  playing: boolean;
  /**
   * Zoom as a factor of the level at which the whole clip fills the view (1 = all of it, 2 =
   * half at a time): relative to each clip, so a choice made on a short clip shows the same
   * share of a longer one.
   */
  zoom: number;
  showSpectrogram: boolean;
  /** Start (seconds) of a span being marked with the keyboard, or null. */
  markStart: number | null;
  helpOpen: boolean;
  select(id: string | null): void;
  setCurrentTime(t: number): void;
  setPlaying(playing: boolean): void;
  setZoom(factor: number): void;
  setShowSpectrogram(on: boolean): void;
  setMarkStart(t: number | null): void;
  setHelpOpen(open: boolean): void;
  /** Clears what belongs to one clip (selection, playhead, marking) when another opens. */
  resetClip(): void;
}

export const DEFAULT_ZOOM = 1;

export const useAnnotateUi = create<AnnotateUiState>()(
  persist(
    (set) => ({
      selectedId: null,
      currentTime: 0,
      playing: false,
      zoom: DEFAULT_ZOOM,
      showSpectrogram: false,
      markStart: null,
      helpOpen: false,
      select: (selectedId) => set({ selectedId }),
      setCurrentTime: (currentTime) => set({ currentTime }),
      setPlaying: (playing) => set({ playing }),
      setZoom: (zoom) => set({ zoom: clampZoomFactor(zoom) }),
      setShowSpectrogram: (showSpectrogram) => set({ showSpectrogram }),
      setMarkStart: (markStart) => set({ markStart }),
      setHelpOpen: (helpOpen) => set({ helpOpen }),
      resetClip: () => set({ selectedId: null, currentTime: 0, playing: false, markStart: null }),
    }),
    {
      name: "redpen.annotate-ui",
      // Version 1 stored pixels per second for every clip; version 2 a factor per clip, so a
      // stored version-1 level starts again from "whole clip".
      version: 2,
      migrate: (persisted, version) => {
        const old = (persisted ?? {}) as { zoom?: unknown; showSpectrogram?: unknown };
        return {
          showSpectrogram: old.showSpectrogram === true,
          zoom: version < 2 ? DEFAULT_ZOOM : clampZoomFactor(Number(old.zoom)),
        } as Partial<AnnotateUiState> as AnnotateUiState;
      },
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ zoom: s.zoom, showSpectrogram: s.showSpectrogram }),
    },
  ),
);
