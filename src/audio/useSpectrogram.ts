// The spectrogram under the waveform: loaded (and its code fetched) only when someone asks for
// it, and removed when they no longer want it. Part of <Waveform>. Returns why it could not be
// shown, if it could not.
import { type RefObject, useEffect, useState } from "react";
import type WaveSurfer from "wavesurfer.js";
import type { GenericPlugin } from "wavesurfer.js/dist/base-plugin.js";
import { errorMessage } from "../domain/util/errorText.ts";
import { SPECTROGRAM_HEIGHT } from "./layout.ts";

export function useSpectrogram(
  wsRef: RefObject<WaveSurfer | null>,
  isLive: (gen: number) => boolean,
  readyGen: number,
  showSpectrogram: boolean,
): string | null {
  const [spectrogramError, setSpectrogramError] = useState<string | null>(null);
  useEffect(() => {
    const ws = wsRef.current;
    if (!isLive(readyGen) || !ws || !showSpectrogram) return;
    let cancelled = false;
    let plugin: GenericPlugin | null = null;
    setSpectrogramError(null);
    import("wavesurfer.js/plugins/spectrogram")
      .then(({ default: SpectrogramPlugin }) => {
        if (cancelled || wsRef.current !== ws) return;
        const created = SpectrogramPlugin.create({
          height: SPECTROGRAM_HEIGHT,
          labels: true,
          labelsBackground: "rgba(15, 23, 42, 0.55)",
          scale: "mel",
          frequencyMax: 8000,
          fftSamples: 512,
        });
        ws.registerPlugin(created);
        plugin = created;
      })
      .catch((error: unknown) => {
        if (!cancelled) setSpectrogramError(errorMessage(error));
      });
    return () => {
      cancelled = true;
      if (plugin && wsRef.current === ws) ws.unregisterPlugin(plugin);
    };
  }, [wsRef, isLive, readyGen, showSpectrogram]);
  return spectrogramError;
}
