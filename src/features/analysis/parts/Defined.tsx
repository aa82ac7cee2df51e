import { type ReactNode, useId, useState } from "react";

/**
 * A figure's name with its definition one hover or focus away: the name is a button (so the
 * keyboard reaches it), described by a tooltip that shows on hover and focus and hides on
 * Escape. The definition is also the button's accessible description.
 */
/** The tooltip's width: Tailwind's w-72. */
const TOOLTIP_PX = 288;

export function Defined({ children, definition }: { children: ReactNode; definition: string }) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  // A term near the right edge opens its tooltip leftwards, so it never runs off the window.
  const [alignEnd, setAlignEnd] = useState(false);
  const show = (button: HTMLElement) => {
    setDismissed(false);
    setAlignEnd(button.getBoundingClientRect().left + TOOLTIP_PX + 16 > window.innerWidth);
  };
  return (
    <span className="group relative inline-block">
      <button
        type="button"
        aria-describedby={id}
        className="cursor-help rounded-sm text-left [text-transform:inherit] underline decoration-slate-400 decoration-dotted underline-offset-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-500"
        onKeyDown={(e) => {
          if (e.key === "Escape") setDismissed(true);
        }}
        onFocus={(e) => show(e.currentTarget)}
        onMouseEnter={(e) => show(e.currentTarget)}
      >
        {children}
      </button>
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute top-full ${alignEnd ? "right-0" : "left-0"} z-20 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-md bg-slate-900 px-3 py-2 text-xs leading-relaxed font-normal normal-case tracking-normal text-white shadow-lg ${
          // Hidden tooltips are display: none, not just invisible: an invisible one still
          // widens the page (a horizontal scrollbar) when its term sits near the right edge.
          dismissed ? "hidden" : "hidden group-focus-within:block group-hover:block"
        }`}
      >
        {definition}
      </span>
    </span>
  );
}
