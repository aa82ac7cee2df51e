// The crowd screen's waveform with the annotator's spans, or its placeholder while the audio
// loads or when it failed. Selection, zoom and the spectrogram follow the screen's store.
import type { Ref } from "react";
import { Waveform, type WaveformHandle, type WaveformSpan } from "../../audio/Waveform.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useAnnotateUi } from "../../stores/annotate.ts";
import { AudioPlaceholder } from "./AudioPlaceholder.tsx";
import type { ClipAudio } from "./useClipAudio.ts";
import type { useHeardToEnd } from "./useHeardToEnd.ts";
import { useWaveformWords } from "./waveformWords.ts";

export function ClipWaveform({
  audio,
  waveRef,
  spans,
  onCreate,
  onChange,
  onPlay,
  playback,
}: {
  audio: ClipAudio;
  waveRef: Ref<WaveformHandle>;
  spans: WaveformSpan[];
  onCreate(start: number, end: number): void;
  onChange(id: string, start: number, end: number): void;
  onPlay(): void;
  /** The playback's handlers (useHeardToEnd). */
  playback: ReturnType<typeof useHeardToEnd>["waveform"];
}) {
  const t = useT();
  const words = useWaveformWords();
  const selectedId = useAnnotateUi((s) => s.selectedId);
  const zoom = useAnnotateUi((s) => s.zoom);
  const showSpectrogram = useAnnotateUi((s) => s.showSpectrogram);
  const select = useAnnotateUi((s) => s.select);
  const setZoom = useAnnotateUi((s) => s.setZoom);
  return (
    // The waveform and its time axis run left to right, as audio does, in any page.
    <div className="mt-3" dir="ltr">
      {audio.kind === "ready" ? (
        <Waveform
          ref={waveRef}
          name={t("clip.waveform")}
          words={words}
          audio={audio.src}
          spans={spans}
          selectedId={selectedId}
          allowCreate
          onCreate={onCreate}
          onChange={onChange}
          onSelect={select}
          onPlay={onPlay}
          {...playback}
          zoom={zoom}
          onZoomChange={setZoom}
          showSpectrogram={showSpectrogram}
        />
      ) : (
        <AudioPlaceholder
          failure={audio.kind === "error" ? audio.message : undefined}
          showSpectrogram={showSpectrogram}
        />
      )}
    </div>
  );
}
