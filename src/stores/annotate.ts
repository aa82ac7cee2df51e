// UI state of the crowd annotate screen: selection, playhead, zoom and the spectrogram toggle.
// The spans themselves live in IndexedDB; nothing here has to survive a reload except the
// view preferences (zoom, spectrogram), which are remembered in localStorage.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { clampZoom } from "../audio/format.ts";

export interface AnnotateUiState {
  selectedId: string | null;
  /** Playhead position in seconds. */
  currentTime: number;
  playing: boolean;
  /** Pixels per second; the waveform stretches to fit when the clip is shorter than the view. */
  zoom: number;
  showSpectrogram: boolean;
  /** Start (seconds) of a span being marked with the keyboard, or null. */
  markStart: number | null;
  helpOpen: boolean;
  select(id: string | null): void;
  setCurrentTime(t: number): void;
  setPlaying(playing: boolean): void;
  setZoom(pxPerSec: number): void;
  setShowSpectrogram(on: boolean): void;
  setMarkStart(t: number | null): void;
  setHelpOpen(open: boolean): void;
  /** Clears what belongs to one clip (selection, playhead, marking) when another opens. */
  resetClip(): void;
}

export const DEFAULT_ZOOM = 100;

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
      setZoom: (zoom) => set({ zoom: clampZoom(zoom) }),
      setShowSpectrogram: (showSpectrogram) => set({ showSpectrogram }),
      setMarkStart: (markStart) => set({ markStart }),
      setHelpOpen: (helpOpen) => set({ helpOpen }),
      resetClip: () => set({ selectedId: null, currentTime: 0, playing: false, markStart: null }),
    }),
    {
      name: "redpen.annotate-ui",
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ zoom: s.zoom, showSpectrogram: s.showSpectrogram }),
    },
  ),
);
