// Where the crowd screen's waveform goes while the clip's audio loads, or when it failed: a
// box of the waveform's height, so nothing moves when the waveform arrives.
import { waveformBoxHeight } from "../../audio/layout.ts";
import { useT } from "../../lib/i18n.tsx";

export function AudioPlaceholder({
  failure,
  showSpectrogram,
}: {
  /** Why the audio could not be loaded; undefined while it loads. */
  failure: string | undefined;
  showSpectrogram: boolean;
}) {
  const t = useT();
  const height = waveformBoxHeight(128, showSpectrogram);
  return failure !== undefined ? (
    <section
      aria-label={t("clip.waveform")}
      style={{ height }}
      className="flex items-center justify-center rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-700"
    >
      <p role="alert" dir="auto">
        {t("clip.audioFailed", { message: failure })}
      </p>
    </section>
  ) : (
    <section
      aria-label={t("clip.waveform")}
      aria-busy="true"
      style={{ height }}
      className="animate-pulse rounded-md border border-slate-200 bg-slate-100"
    />
  );
}
