// The overall rating, 1–5, in the study's wording (domain/study/ratingScale.ts: the SOMOS
// naturalness question unless the researcher changed it). The "rating required" message is
// shown by the screen under "Finish clip" (element `errorId`), so that it appearing moves
// nothing; the radio group points to it while it is shown.
import { useId } from "react";
import { DEFAULT_RATING_SCALE, type RatingScale } from "../../domain/study/ratingScale.ts";
import { useIntlShape, useT } from "../../lib/i18n.tsx";

const VALUES = [1, 2, 3, 4, 5] as const;

export function RatingGroup({
  value,
  required,
  error,
  errorId,
  onChange,
  scale = DEFAULT_RATING_SCALE,
}: {
  value: number | undefined;
  /** The question and the words of its five points. */
  scale?: RatingScale;
  required: boolean;
  error: string | null;
  /** The id of the element that shows `error`. */
  errorId: string;
  onChange(value: number): void;
}) {
  const t = useT();
  const intl = useIntlShape();
  const name = useId();
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={`${name}-title`} className="text-sm font-semibold text-slate-900">
        {scale.question}
        {required ? (
          <span className="font-normal text-slate-500"> {t("common.required")}</span>
        ) : null}
      </h3>
      <div
        role="radiogroup"
        aria-labelledby={`${name}-title`}
        aria-required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-2 grid gap-1"
      >
        {VALUES.map((v) => (
          <label
            key={v}
            className={`flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50 ${
              value === v ? "bg-slate-100 font-medium" : ""
            }`}
          >
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              className="accent-slate-900"
            />
            <span className="w-4 text-end font-semibold tabular-nums">{intl.formatNumber(v)}</span>
            <span>{scale.labels[v - 1]}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
