// The one labelled field of the collection card: a label, its input (or a text area), and an
// optional hint under it tied to the input (aria-describedby). Every field of the card is one.
import { useId } from "react";
import { INPUT } from "../../components/inputClass.ts";

export interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: "text" | "url" | "number" | "password";
  placeholder?: string;
  /** Under the field, in small print. */
  hint?: string;
  /** A text area of this many rows instead of one line. */
  rows?: number;
  min?: number;
  autoComplete?: string;
  /** Label style: a section's own setting (the default) or the card's headline fields. */
  strong?: boolean;
  className?: string;
}

export function Field({
  label,
  value,
  onChange,
  type = "text",
  placeholder,
  hint,
  rows,
  min,
  autoComplete,
  strong = false,
  className,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const common = {
    id,
    className: INPUT,
    placeholder,
    value,
    "aria-describedby": hint ? hintId : undefined,
  };
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={`block text-sm ${strong ? "font-medium text-slate-800" : "text-slate-700"}`}
      >
        {label}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          min={min}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
