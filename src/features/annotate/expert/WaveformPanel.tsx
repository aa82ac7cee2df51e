// The clip's waveform for the expert: read-only crowd spans (or their union), with the play,
// loop, zoom, spectrogram and union controls above it and the annotator legend below.
import type { Ref } from "react";
import { formatTime } from "../../../audio/format.ts";
import { Waveform, type WaveformHandle, type WaveformSpan } from "../../../audio/Waveform.tsx";
import { AnnotatorLegend } from "./AnnotatorLegend.tsx";
import type { LegendEntry } from "./clipView.ts";
import type { ClipAudio } from "./useExpertData.ts";

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
  union: { start: number; end: number }[];
  legend: readonly LegendEntry[];
  onToggleAnnotator(id: string): void;
}

const button =
  "inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

export function WaveformPanel(p: Props) {
  const covered = p.union.reduce((sum, s) => sum + (s.end - s.start), 0);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="inline-flex min-w-24 items-center justify-center gap-1.5 rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700"
          onClick={p.onPlayPause}
          aria-keyshortcuts="Space"
        >
          {p.playing ? "Pause" : "Play"}
          <kbd className="text-xs text-slate-400">Space</kbd>
        </button>
        <button
          type="button"
          className={button}
          onClick={p.onLoop}
          disabled={!p.canLoop}
          aria-pressed={p.looping}
          aria-keyshortcuts="L"
        >
          Loop span
          <kbd className="text-xs text-slate-400">L</kbd>
        </button>
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
        <button type="button" className={button} onClick={() => p.onZoom(1 / 1.5)}>
          Zoom out
        </button>
        <button type="button" className={button} onClick={() => p.onZoom(1.5)}>
          Zoom in
        </button>
        <label className="ml-2 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-slate-900"
            checked={p.showSpectrogram}
            onChange={(e) => p.onShowSpectrogramChange(e.currentTarget.checked)}
          />
          Spectrogram
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-slate-900"
            checked={p.showUnion}
            onChange={(e) => p.onShowUnionChange(e.currentTarget.checked)}
          />
          Show union
        </label>
        {p.showUnion && (
          <span className="text-sm text-slate-500" data-testid="union-summary">
            {p.union.length} merged {p.union.length === 1 ? "span" : "spans"}, {formatTime(covered)}{" "}
            marked
          </span>
        )}
      </div>
      {p.audio.kind === "ready" ? (
        <Waveform
          ref={p.waveformRef}
          audio={p.audio.src}
          spans={p.spans}
          selectedId={p.selectedId}
          onSelect={p.onSelect}
          onPlayingChange={p.onPlayingChange}
          showSpectrogram={p.showSpectrogram}
          height={128}
        />
      ) : (
        <div className="flex h-40 items-center justify-center rounded-md border border-slate-200 bg-slate-50 text-sm text-slate-500">
          {p.audio.kind === "loading" ? "Loading audio…" : "No audio is stored for this clip"}
        </div>
      )}
      <AnnotatorLegend entries={p.legend} onToggle={p.onToggleAnnotator} />
    </div>
  );
}
