// Transport and view controls above the waveform.
import { formatTime } from "../../audio/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { useAnnotateUi } from "../../stores/annotate.ts";

const SECONDARY =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50";

function Playhead({ duration }: { duration: number }) {
  const time = useAnnotateUi((s) => s.currentTime);
  const t = useT();
  // Time runs left to right as audio does, in a right-to-left page too.
  return (
    <span dir="ltr" className="font-mono text-sm text-slate-700 tabular-nums">
      <span className="sr-only">{t("wave.playhead")} </span>
      {formatTime(time)} / {formatTime(duration)}
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
  const t = useT();
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
        aria-label={t(playing ? "wave.pause" : "wave.play")}
        className="min-w-24 rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white hover:bg-slate-700 disabled:opacity-50"
      >
        <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>{" "}
        {t(playing ? "wave.pause" : "wave.play")}
      </button>
      <Playhead duration={duration} />
      <span className="mx-2 h-5 w-px bg-slate-200" aria-hidden="true" />
      <button type="button" onClick={onMark} disabled={!ready} className={SECONDARY}>
        {t(markStart === null ? "wave.markStart" : "wave.markEnd")}
      </button>
      <div className="ms-auto flex items-center gap-2">
        <div dir="ltr" className="flex">
          <button
            type="button"
            aria-label={t("wave.zoomOut")}
            onClick={() => onZoom(0.5)}
            disabled={!ready}
            className={`${SECONDARY} rounded-r-none`}
          >
            −
          </button>
          <button
            type="button"
            aria-label={t("wave.zoomIn")}
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
          {t("wave.spectrogram")}
        </label>
      </div>
    </div>
  );
}
