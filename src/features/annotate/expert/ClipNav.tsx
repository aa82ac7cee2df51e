// Clip navigation for the expert: Previous/Next (keys P/N), where we are, the
// "Only clips with unlabelled spans" filter and the labelling progress.
import type { LabelProgress } from "../../../domain/study/expert.ts";
import { useT } from "../../../lib/i18n.tsx";

interface Props {
  /** The clip's position; undefined while the clip list is read. */
  position: number | undefined;
  /** How many clips the study has; undefined while the clip list is read. */
  clipCount: number | undefined;
  onPrevious(): void;
  onNext(): void;
  canPrevious: boolean;
  canNext: boolean;
  onlyUnlabelled: boolean;
  onOnlyUnlabelledChange(on: boolean): void;
  /** Clips that still have spans without this expert's reasons; undefined while counted. */
  openClips: number | undefined;
  /** The study's progress; undefined while counted. */
  study: LabelProgress | undefined;
  /** Why the clip list and progress could not be read. */
  indexError?: string | undefined;
  clip: LabelProgress;
}

const secondary =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

export function ClipNav(p: Props) {
  const t = useT();
  const percent =
    !p.study || p.study.total === 0 ? 0 : Math.round((100 * p.study.labelled) / p.study.total);
  return (
    <nav
      aria-label={t("crowd.clipsNav")}
      className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondary}
          onClick={p.onPrevious}
          disabled={!p.canPrevious}
        >
          {t("crowd.previous")}
          <kbd className="ms-2 text-xs text-slate-400">{"P"}</kbd>
        </button>
        <span className="min-w-24 text-center text-sm tabular-nums text-slate-700">
          {p.position === undefined || p.clipCount === undefined
            ? "…"
            : t("expert.screen.clipOf", { n: p.position + 1, total: p.clipCount })}
        </span>
        <button type="button" className={secondary} onClick={p.onNext} disabled={!p.canNext}>
          {t("crowd.next")}
          <kbd className="ms-2 text-xs text-slate-400">{"N"}</kbd>
        </button>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 shrink-0 accent-slate-900"
          checked={p.onlyUnlabelled}
          onChange={(e) => p.onOnlyUnlabelledChange(e.currentTarget.checked)}
        />
        <span>
          {t("expert.screen.onlyUnlabelled")}
          {p.openClips !== undefined && (
            <span className="text-slate-500">
              {" "}
              {t("expert.screen.clipsLeft", { n: p.openClips })}
            </span>
          )}
        </span>
      </label>
      <div className="ms-auto flex min-w-56 flex-col gap-1">
        <p className="text-sm text-slate-700" aria-live="polite">
          {p.indexError ? (
            <span className="text-red-700">
              {t("expert.screen.countFailed", { message: p.indexError })}
            </span>
          ) : p.study ? (
            <span className="font-medium tabular-nums">
              {t("expert.screen.studyProgress", {
                labelled: p.study.labelled,
                total: p.study.total,
              })}
            </span>
          ) : (
            <span className="text-slate-500">{t("expert.screen.counting")}</span>
          )}
          <span className="text-slate-500">
            {" · "}
            {t("expert.screen.thisClip", { labelled: p.clip.labelled, total: p.clip.total })}
          </span>
        </p>
        <div
          className="h-1.5 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label={t("expert.screen.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div
            className="h-full bg-slate-900 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    </nav>
  );
}
