// The overall naturalness rating, 1–5, with the standard MOS wording. The "rating required"
// message is shown by the screen under "Finish clip" (element `errorId`), so that it appearing
// moves nothing; the radio group points to it while it is shown.
import { useId } from "react";

export const RATING_LABELS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: "Bad – very unnatural speech",
  2: "Poor – somewhat unnatural",
  3: "Fair – neither natural nor unnatural",
  4: "Good – somewhat natural",
  5: "Excellent – completely natural speech",
};

const VALUES = [1, 2, 3, 4, 5] as const;

export function RatingGroup({
  value,
  required,
  error,
  errorId,
  onChange,
}: {
  value: number | undefined;
  required: boolean;
  error: string | null;
  /** The id of the element that shows `error`. */
  errorId: string;
  onChange(value: number): void;
}) {
  const name = useId();
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={`${name}-title`} className="text-sm font-semibold text-slate-900">
        Overall naturalness{required ? " (required)" : ""}
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
            <span className="w-4 text-right font-semibold tabular-nums">{v}</span>
            <span>{RATING_LABELS[v]}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
