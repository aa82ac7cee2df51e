// The rating question and the words of its five points, in the study settings form. The
// standard (SOMOS) wording is one click away; what is saved is what participants see and what
// the protocol report quotes.
import { useId } from "react";
import { Button } from "../../components/Button.tsx";
import { INPUT } from "../../components/inputClass.ts";
import {
  DEFAULT_RATING_SCALE,
  defaultRatingScale,
  type RatingScale,
} from "../../domain/study/ratingScale.ts";
import { FieldError } from "./fields.tsx";

export function RatingScaleFields({
  scale,
  onChange,
  error,
  language = "en",
}: {
  /** The study's language: "Use the standard wording" gives the SOMOS wording in it. */
  language?: string;
  scale: RatingScale;
  onChange(scale: RatingScale): void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Rating question</legend>
      <label htmlFor={`${id}-q`} className="block text-sm text-slate-700">
        Question
      </label>
      <input
        id={`${id}-q`}
        className={INPUT}
        value={scale.question}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : `${id}-h`}
        onChange={(e) => onChange({ ...scale, question: e.target.value })}
      />
      <div className="mt-2 grid gap-2 sm:grid-cols-5">
        {scale.labels.map((label, i) => (
          <div key={DEFAULT_RATING_SCALE.labels[i]}>
            <label htmlFor={`${id}-${i}`} className="block text-xs text-slate-600">
              Point {i + 1}
            </label>
            <input
              id={`${id}-${i}`}
              className={`${INPUT} text-xs`}
              value={label}
              onChange={(e) => {
                const labels = [...scale.labels] as RatingScale["labels"];
                labels[i] = e.target.value;
                onChange({ ...scale, labels });
              }}
            />
          </div>
        ))}
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-h`} className="text-xs text-slate-500">
          Shown with every clip; the protocol report quotes it. Wording changes results, so keep it
          fixed during a study.
        </p>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => onChange(defaultRatingScale(language))}
        >
          Use the standard wording
        </Button>
      </div>
      <FieldError id={`${id}-e`} message={error} />
    </fieldset>
  );
}
