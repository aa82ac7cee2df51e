// Transport and view controls above the waveform.
import { formatTime } from "../../audio/format.ts";
import { useAnnotateUi } from "../../stores/annotate.ts";

const SECONDARY =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50";

function Playhead({ duration }: { duration: number }) {
  const t = useAnnotateUi((s) => s.currentTime);
  return (
    <span className="font-mono text-sm text-slate-700 tabular-nums">
      <span className="sr-only">Playhead </span>
      {formatTime(t)} / {formatTime(duration)}
    </span>
  );
}

export function WaveToolbar({
  duration,
  ready,
  onPlayPause,
  onZoom,
  onMark,
}: {
  duration: number;
  ready: boolean;
  onPlayPause(): void;
  onZoom(factor: number): void;
  onMark(): void;
}) {
  const playing = useAnnotateUi((s) => s.playing);
  const showSpectrogram = useAnnotateUi((s) => s.showSpectrogram);
  const setShowSpectrogram = useAnnotateUi((s) => s.setShowSpectrogram);
  const markStart = useAnnotateUi((s) => s.markStart);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={onPlayPause}
        disabled={!ready}
        aria-label={playing ? "Pause" : "Play"}
        className="w-24 rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white hover:bg-slate-700 disabled:opacity-50"
      >
        {playing ? "❚❚ Pause" : "▶ Play"}
      </button>
      <Playhead duration={duration} />
      <span className="mx-2 h-5 w-px bg-slate-200" aria-hidden="true" />
      <button type="button" onClick={onMark} disabled={!ready} className={SECONDARY}>
        {markStart === null ? "Mark span start" : "Mark span end"}
      </button>
      <div className="ml-auto flex items-center gap-2">
        <div className="flex">
          <button
            type="button"
            aria-label="Zoom out"
            onClick={() => onZoom(0.5)}
            disabled={!ready}
            className={`${SECONDARY} rounded-r-none`}
          >
            −
          </button>
          <button
            type="button"
            aria-label="Zoom in"
            onClick={() => onZoom(2)}
            disabled={!ready}
            className={`${SECONDARY} -ml-px rounded-l-none`}
          >
            +
          </button>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={showSpectrogram}
            onChange={(e) => setShowSpectrogram(e.target.checked)}
            className="accent-slate-900"
          />
          Spectrogram
        </label>
      </div>
    </div>
  );
}
