// The clip's waveform for the expert: read-only crowd spans (or their union), with the play,
// loop, zoom, spectrogram and union controls above it and the annotator legend below.
import { type ReactNode, type Ref, useState } from "react";
import { formatTime } from "../../../audio/format.ts";
import { ENERGY_COLOR, type OverlayTracks, PITCH_COLOR } from "../../../audio/overlay.ts";
import { Waveform, type WaveformHandle, type WaveformSpan } from "../../../audio/Waveform.tsx";
import type { Span } from "../../../domain/study/spans.ts";
import { useIntlShape, useT } from "../../../lib/i18n.tsx";
import { useWaveformWords } from "../waveformWords.ts";
import { AnnotatorLegend } from "./AnnotatorLegend.tsx";
import { CONSENSUS_COLOR, type LegendEntry, SALIENCY_COLOR } from "./clipView.ts";
import type { ClipAudio } from "./useExpertData.ts";
import { seconds } from "./words.ts";

interface Props {
  waveformRef: Ref<WaveformHandle>;
  audio: ClipAudio;
  spans: WaveformSpan[];
  selectedId: string | null;
  onSelect(id: string | null): void;
  playing: boolean;
  onPlayingChange(playing: boolean): void;
  looping: boolean;
  canLoop: boolean;
  onPlayPause(): void;
  onLoop(): void;
  onZoom(factor: number): void;
  showSpectrogram: boolean;
  onShowSpectrogramChange(on: boolean): void;
  showUnion: boolean;
  onShowUnionChange(on: boolean): void;
  showConsensus: boolean;
  onShowConsensusChange(on: boolean): void;
  /** The crowd's majority consensus regions; null with fewer than two crowd annotators. */
  consensus: Span[] | null;
  /** The model whose saliency the clip has (the toggle shows only then). */
  saliencyModel?: string | undefined;
  showSaliency: boolean;
  onShowSaliencyChange(on: boolean): void;
  showPitch: boolean;
  onShowPitchChange(on: boolean): void;
  showEnergy: boolean;
  onShowEnergyChange(on: boolean): void;
  overlay: OverlayTracks | null;
  onDecoded(audio: AudioBuffer): void;
  /** Under the waveform: the selected span's pitch and energy, or why there are none. */
  evidence?: ReactNode;
  union: Span[];
  legend: readonly LegendEntry[];
  onToggleAnnotator(id: string): void;
}

const button =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50";

export function WaveformPanel(p: Props) {
  const t = useT();
  const words = useWaveformWords();
  const intl = useIntlShape();
  const covered = p.union.reduce((sum, s) => sum + (s.end - s.start), 0);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  const ready = p.audio.kind === "ready" && duration !== null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="w-24 rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white hover:bg-slate-700 disabled:opacity-50"
          onClick={p.onPlayPause}
          disabled={!ready}
          aria-keyshortcuts="Space"
        >
          <span aria-hidden="true">{p.playing ? "❚❚ " : "▶ "}</span>
          {p.playing ? t("wave.pause") : t("wave.play")}
        </button>
        <span className="font-mono text-sm tabular-nums text-slate-700" dir="ltr">
          <span className="sr-only">{t("wave.playhead")} </span>
          {formatTime(time)} / {formatTime(duration ?? 0)}
        </span>
        <span className="mx-2 h-5 w-px bg-slate-200" aria-hidden="true" />
        <button
          type="button"
          className={button}
          onClick={p.onLoop}
          disabled={!ready || !p.canLoop}
          aria-pressed={p.looping}
          aria-keyshortcuts="L"
        >
          <span aria-hidden="true">{p.looping ? "◼ " : "↻ "}</span>
          {t("expert.screen.loopSpan")}
        </button>
        <div className="ms-auto flex flex-wrap items-center gap-3">
          <div className="flex" dir="ltr">
            <button
              type="button"
              aria-label={t("wave.zoomOut")}
              onClick={() => p.onZoom(0.5)}
              disabled={!ready}
              className={`${button} rounded-r-none`}
            >
              −
            </button>
            <button
              type="button"
              aria-label={t("wave.zoomIn")}
              onClick={() => p.onZoom(2)}
              disabled={!ready}
              className={`${button} -ml-px rounded-l-none`}
            >
              +
            </button>
          </div>
          <ViewToggle
            label={t("expert.screen.pitch")}
            checked={p.showPitch}
            onChange={p.onShowPitchChange}
            swatch={<span className="h-0.5 w-3 rounded" style={{ background: PITCH_COLOR }} />}
          />
          <ViewToggle
            label={t("expert.screen.energy")}
            checked={p.showEnergy}
            onChange={p.onShowEnergyChange}
            swatch={<span className="h-0.5 w-3 rounded" style={{ background: ENERGY_COLOR }} />}
          />
          <ViewToggle
            label={t("wave.spectrogram")}
            checked={p.showSpectrogram}
            onChange={p.onShowSpectrogramChange}
          />
          <ViewToggle
            label={t("expert.screen.showUnion")}
            checked={p.showUnion}
            onChange={p.onShowUnionChange}
          />
          <ViewToggle
            label={t("expert.screen.consensus")}
            title={t("expert.screen.consensusTitle")}
            checked={p.showConsensus}
            onChange={p.onShowConsensusChange}
            swatch={
              <span className="size-2.5 rounded-sm" style={{ background: CONSENSUS_COLOR }} />
            }
          />
          {p.saliencyModel === undefined ? null : (
            <ViewToggle
              label={t("expert.screen.saliency", { model: p.saliencyModel })}
              title={t("expert.screen.saliencyTitle")}
              checked={p.showSaliency}
              onChange={p.onShowSaliencyChange}
              swatch={
                <span className="size-2.5 rounded-sm" style={{ background: SALIENCY_COLOR }} />
              }
            />
          )}
        </div>
      </div>
      {p.audio.kind === "ready" ? (
        // Audio runs left to right in every language: the waveform, its time axis and spans.
        <div dir="ltr">
          <Waveform
            ref={p.waveformRef}
            name={t("clip.waveform")}
            words={words}
            audio={p.audio.src}
            spans={p.spans}
            selectedId={p.selectedId}
            onSelect={p.onSelect}
            onReady={setDuration}
            onTimeUpdate={setTime}
            onPlayingChange={p.onPlayingChange}
            showSpectrogram={p.showSpectrogram}
            height={128}
            overlay={p.overlay}
            onDecoded={p.onDecoded}
          />
        </div>
      ) : p.audio.kind === "loading" ? (
        <div
          aria-busy="true"
          className="h-[160px] animate-pulse rounded-md border border-slate-200 bg-slate-100"
        />
      ) : p.audio.kind === "blocked" ? (
        <p
          role="alert"
          className="flex h-[160px] items-center justify-center rounded-md border border-amber-200 bg-amber-50 px-4 text-center text-sm text-amber-900"
        >
          {p.audio.origin === undefined
            ? t("clip.audioFailed", { message: p.audio.message })
            : t("expert.screen.audioNotAllowed", { origin: p.audio.origin })}
        </p>
      ) : (
        <p className="flex h-[160px] items-center justify-center rounded-md border border-slate-200 bg-slate-50 text-sm text-slate-500">
          {t("expert.screen.noAudio")}
        </p>
      )}
      {p.evidence}
      {(p.legend.length > 0 || p.showUnion || p.showConsensus) && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <AnnotatorLegend entries={p.legend} onToggle={p.onToggleAnnotator} />
          {p.showUnion && (
            <span className="text-sm text-slate-500" data-testid="union-summary">
              {t("expert.screen.unionSummary", {
                n: p.union.length,
                seconds: seconds(intl, covered),
              })}
            </span>
          )}
          {p.showConsensus && (
            <span className="text-sm text-slate-500" data-testid="consensus-summary">
              {p.consensus === null
                ? t("expert.screen.consensusNeeds")
                : t("expert.screen.consensusSummary", {
                    n: p.consensus.length,
                    seconds: seconds(
                      intl,
                      p.consensus.reduce((sum, s) => sum + (s.end - s.start), 0),
                    ),
                  })}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/** One view toggle above the waveform: a checkbox, an optional colour key, its name. */
function ViewToggle({
  label,
  checked,
  onChange,
  swatch,
  title,
}: {
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
  /** The colour the toggle draws in (decorative: the name says what it is). */
  swatch?: ReactNode;
  title?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700" title={title}>
      <input
        type="checkbox"
        className="accent-slate-900"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {swatch ? (
        <span aria-hidden="true" className="flex">
          {swatch}
        </span>
      ) : null}
      {label}
    </label>
  );
}
