// WaveformPanel fed with the clip's audio, its pitch and energy, the screen's view toggles
// (from the expert store) and the selected span's evidence. The screen keys it by clip, so the
// audio query and the pitch and energy are per clip.
import { type RefObject, useMemo } from "react";
import type { WaveformHandle } from "../../../audio/Waveform.tsx";
import type { ClipRecord } from "../../../db/repo.ts";
import { useExpertUi } from "../../../stores/expert.ts";
import type { ClipView, ExpertSpan } from "./clipView.ts";
import { SpanEvidence } from "./SpanEvidence.tsx";
import { useClipFeatures } from "./useClipFeatures.ts";
import { useClipAudio } from "./useExpertData.ts";
import type { useSpanPlayback } from "./useSpanPlayback.ts";
import type { useWaveSpans } from "./useWaveSpans.ts";
import { WaveformPanel } from "./WaveformPanel.tsx";

export function ClipWaveform({
  studyId,
  clip,
  allowedOrigins,
  waveformRef,
  drawn,
  view,
  selected,
  onSelect,
  playback,
  onLoop,
  onToggleAnnotator,
}: {
  studyId: string;
  clip: ClipRecord;
  allowedOrigins: readonly string[] | undefined;
  waveformRef: RefObject<WaveformHandle | null>;
  /** The spans drawn and the saliency toggle (useWaveSpans). */
  drawn: ReturnType<typeof useWaveSpans>;
  view: ClipView;
  selected: ExpertSpan | undefined;
  onSelect(id: string | null): void;
  playback: ReturnType<typeof useSpanPlayback>;
  onLoop(): void;
  onToggleAnnotator(id: string): void;
}) {
  const ui = useExpertUi();
  const audio = useClipAudio(studyId, clip, allowedOrigins);
  const features = useClipFeatures(studyId, clip.id);
  const overlay = useMemo(
    () =>
      features.features && (ui.showPitch || ui.showEnergy)
        ? { features: features.features, pitch: ui.showPitch, energy: ui.showEnergy }
        : null,
    [features.features, ui.showPitch, ui.showEnergy],
  );
  return (
    <WaveformPanel
      audio={audio}
      overlay={overlay}
      onDecoded={features.onDecoded}
      evidence={<SpanEvidence state={features} span={selected} />}
      waveformRef={waveformRef}
      spans={drawn.spans}
      selectedId={selected?.id ?? null}
      onSelect={onSelect}
      playing={playback.playing}
      onPlayingChange={playback.setPlaying}
      looping={playback.looping}
      canLoop={selected !== undefined || playback.looping}
      onPlayPause={playback.playPause}
      onLoop={onLoop}
      onZoom={(f) => waveformRef.current?.zoomBy(f)}
      showSpectrogram={ui.showSpectrogram}
      onShowSpectrogramChange={ui.setShowSpectrogram}
      showUnion={ui.showUnion}
      onShowUnionChange={ui.setShowUnion}
      showConsensus={ui.showConsensus}
      onShowConsensusChange={ui.setShowConsensus}
      consensus={view.consensus}
      saliencyModel={drawn.saliencyModel}
      showSaliency={drawn.showSaliency}
      onShowSaliencyChange={drawn.setShowSaliency}
      showPitch={ui.showPitch}
      onShowPitchChange={ui.setShowPitch}
      showEnergy={ui.showEnergy}
      onShowEnergyChange={ui.setShowEnergy}
      union={view.union}
      legend={view.legend}
      onToggleAnnotator={onToggleAnnotator}
    />
  );
}
