// Beside the crowd screen's waveform (below it on narrow screens): the rating, "Finish clip",
// why the clip cannot be finished yet, and the rating's problem.
import { useId } from "react";
import type { RatingScale } from "../../domain/study/ratingScale.ts";
import { useT } from "../../lib/i18n.tsx";
import { RatingGroup } from "./RatingGroup.tsx";

export function FinishPanel({
  rating,
  scale,
  required,
  ratingError,
  onRate,
  finishing,
  finishBlocked,
  onFinish,
}: {
  rating: number | undefined;
  scale: RatingScale;
  required: boolean;
  ratingError: string | null;
  onRate(value: number): void;
  finishing: boolean;
  /** Why the clip cannot be finished yet, or null when it can. */
  finishBlocked: string | null;
  onFinish(): void;
}) {
  const t = useT();
  const ratingErrorId = useId();
  const finishHintId = useId();
  return (
    <div className="grid content-start gap-4 lg:sticky lg:top-4">
      <RatingGroup
        value={rating}
        scale={scale}
        required={required}
        error={ratingError}
        errorId={ratingErrorId}
        onChange={onRate}
      />
      <button
        type="button"
        onClick={onFinish}
        disabled={finishing || finishBlocked !== null}
        aria-describedby={finishBlocked ? finishHintId : undefined}
        className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t("clip.finish")}
      </button>
      {finishBlocked && (
        <p id={finishHintId} className="-mt-2 text-sm text-slate-600">
          {finishBlocked}
        </p>
      )}
      {/* Under the button, so that it appearing pushes nothing down. */}
      {ratingError && (
        <p id={ratingErrorId} role="alert" className="-mt-2 text-sm text-red-600">
          {ratingError}
        </p>
      )}
    </div>
  );
}
