// The waveform's own texts (loading, the audio's failure, the spectrogram's, the overlay's name)
// in the page's language: one home for the crowd screen and the expert screen.
import { useMemo } from "react";
import type { WaveformWords } from "../../audio/Waveform.tsx";
import { useT } from "../../lib/i18n.tsx";

/** The <Waveform words> of the page's language. */
export function useWaveformWords(): WaveformWords {
  const t = useT();
  return useMemo(
    () => ({
      loading: t("expert.screen.audio.loading"),
      failed: t("expert.screen.audio.failed"),
      failedHint: t("expert.screen.audio.failedHint"),
      details: (message: string) => t("expert.screen.audio.details", { message }),
      spectrogramUnavailable: (message: string) =>
        t("expert.screen.audio.spectrogramUnavailable", { message }),
      overlay: t("expert.screen.audio.overlay"),
    }),
    [t],
  );
}
