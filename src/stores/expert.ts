// UI state of the expert screen that outlives a clip change or a reload: view toggles and,
// per study and expert, the clip last open. Labels themselves live in IndexedDB, not here.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export interface ExpertUiState {
  /** Draw the merged union of the visible annotators' spans instead of each span. */
  showUnion: boolean;
  /** Draw the crowd's majority consensus regions over the spans. */
  showConsensus: boolean;
  /** Next/Previous skip clips whose spans all carry this expert's reasons. */
  onlyUnlabelled: boolean;
  showSpectrogram: boolean;
  /** The F0 contour and the energy over the waveform. */
  showPitch: boolean;
  showEnergy: boolean;
  /** Last open clip id, keyed by `positionKey(studyId, expertId)`. */
  positions: Record<string, string>;
  setShowUnion(on: boolean): void;
  setShowConsensus(on: boolean): void;
  setOnlyUnlabelled(on: boolean): void;
  setShowSpectrogram(on: boolean): void;
  setShowPitch(on: boolean): void;
  setShowEnergy(on: boolean): void;
  setPosition(studyId: string, expertId: string, clipId: string): void;
}

export function positionKey(studyId: string, expertId: string): string {
  return JSON.stringify([studyId, expertId]);
}

const initial = {
  showUnion: false,
  showConsensus: false,
  onlyUnlabelled: false,
  showSpectrogram: false,
  showPitch: true,
  showEnergy: true,
  positions: {},
};

export const useExpertUi = create<ExpertUiState>()(
  persist(
    (set) => ({
      ...initial,
      setShowUnion: (showUnion) => set({ showUnion }),
      setShowConsensus: (showConsensus) => set({ showConsensus }),
      setOnlyUnlabelled: (onlyUnlabelled) => set({ onlyUnlabelled }),
      setShowSpectrogram: (showSpectrogram) => set({ showSpectrogram }),
      setShowPitch: (showPitch) => set({ showPitch }),
      setShowEnergy: (showEnergy) => set({ showEnergy }),
      setPosition: (studyId, expertId, clipId) =>
        set((s) => ({ positions: { ...s.positions, [positionKey(studyId, expertId)]: clipId } })),
    }),
    { name: "redpen.expert-ui", version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);

/** Back to the defaults (tests, and a fresh start). */
export function resetExpertUi(): void {
  useExpertUi.setState(initial);
}
