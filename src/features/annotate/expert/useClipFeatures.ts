// The clip's pitch and energy for the overlays and the span evidence: asked for once the
// waveform has decoded the audio, computed in the pitch worker (src/workers/features.ts) and
// kept there per clip.
import { useCallback, useState } from "react";
import type { AcousticFeatures } from "../../../domain/acoustics/features.ts";
import { errorMessage } from "../../../domain/util/errorText.ts";
import { clipFeatures } from "../../../workers/features.ts";

export interface ClipFeaturesState {
  features: AcousticFeatures | null;
  /** True from the decoded audio until the features arrive. */
  measuring: boolean;
  error: string | null;
  onDecoded(audio: AudioBuffer): void;
}

export function useClipFeatures(studyId: string, clipId: string): ClipFeaturesState {
  const [state, setState] = useState<Omit<ClipFeaturesState, "onDecoded">>({
    features: null,
    measuring: false,
    error: null,
  });
  const onDecoded = useCallback(
    (audio: AudioBuffer) => {
      // The key names the audio too, so a clip whose audio was replaced is measured again.
      const key = JSON.stringify([studyId, clipId, audio.length, audio.sampleRate]);
      setState((s) => ({ ...s, measuring: true, error: null }));
      clipFeatures(key, audio).then(
        (features) => setState({ features, measuring: false, error: null }),
        (error: unknown) =>
          setState({
            features: null,
            measuring: false,
            error: errorMessage(error),
          }),
      );
    },
    [studyId, clipId],
  );
  return { ...state, onDecoded };
}
