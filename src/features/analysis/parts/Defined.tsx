import { type ReactNode, useId, useState } from "react";

/**
 * A figure's name with its definition one hover or focus away: the name is a button (so the
 * keyboard reaches it), described by a tooltip that shows on hover and focus and hides on
 * Escape. The definition is also the button's accessible description.
 */
export function Defined({ children, definition }: { children: ReactNode; definition: string }) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    <span className="group relative inline-block">
      <button
        type="button"
        aria-describedby={id}
        className="cursor-help rounded-sm text-left [text-transform:inherit] underline decoration-slate-400 decoration-dotted underline-offset-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-500"
        onKeyDown={(e) => {
          if (e.key === "Escape") setDismissed(true);
        }}
        onFocus={() => setDismissed(false)}
        onMouseEnter={() => setDismissed(false)}
      >
        {children}
      </button>
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute top-full left-0 z-20 mt-1 w-72 rounded-md bg-slate-900 px-3 py-2 text-xs leading-relaxed font-normal normal-case tracking-normal text-white shadow-lg ${
          dismissed
            ? "invisible opacity-0"
            : "invisible opacity-0 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
        }`}
      >
        {definition}
      </span>
    </span>
  );
}
