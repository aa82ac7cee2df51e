import { useId, useState } from "react";
import { binLabel, parseBinSeconds } from "../format.ts";

/**
 * The bin width, in seconds, that every agreement figure is computed with. Applying a new
 * width (Enter or the button) recomputes the whole analysis.
 */
export function BinWidthForm({
  value,
  studyDefault,
  onApply,
}: {
  /** The width the figures on screen use. */
  value: number | undefined;
  /** The study's own binSeconds, offered as the reset value. */
  studyDefault: number | undefined;
  onApply: (seconds: number) => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState(value === undefined ? "" : binLabel(value));
  const [error, setError] = useState<string | undefined>();
  // When the figures on screen switch to another width, the field follows (set during render,
  // React's pattern for state derived from a changed prop).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== undefined) setText(binLabel(value));
  }

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseBinSeconds(text);
        if (!parsed.ok) {
          setError(parsed.error);
          return;
        }
        setError(undefined);
        onApply(parsed.value);
      }}
    >
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          Bin width (seconds)
        </label>
        <input
          id={inputId}
          // Text, not type="number": a number field silently drops "abc" or "0,25", and the
          // message would then talk about an empty field the user did not leave empty.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-invalid={error !== undefined}
          aria-describedby={error ? errorId : undefined}
          className={`mt-1 w-28 rounded-md border bg-white px-2 py-1.5 text-sm tabular-nums ${
            error ? "border-red-600" : "border-slate-300"
          }`}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </div>
      <button
        type="submit"
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
      >
        Recompute
      </button>
      {studyDefault !== undefined && value !== studyDefault ? (
        <button
          type="button"
          className="rounded-md px-2 py-1.5 text-sm text-slate-600 underline hover:text-slate-900"
          onClick={() => {
            setError(undefined);
            onApply(studyDefault);
          }}
        >
          Reset to the study's {binLabel(studyDefault)} s
        </button>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="basis-full text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
