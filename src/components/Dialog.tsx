// A modal dialog: labelled by its title, focus moved inside on open (the Close button unless
// `initialFocus` says otherwise), Tab and Shift+Tab kept inside, Escape (and any `closeKeys`)
// closes it, and focus goes back where it was on close.
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { buttonClass } from "./Button.tsx";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  /** The heading; also the dialog's accessible name. */
  title: ReactNode;
  onClose(): void;
  children?: ReactNode;
  /** Keys that close the dialog besides Escape (e.g. "?" for a list of shortcuts). */
  closeKeys?: readonly string[];
  /** Where focus goes on open; the Close button by default. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Tailwind max-width of the panel. */
  width?: "max-w-lg" | "max-w-xl" | "max-w-2xl";
  /** The close button's text ("Close"; a participant's page gives it in their language). */
  closeLabel?: string;
}

/** The elements inside `root` that Tab can reach, in document order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest("[inert]") && el.getAttribute("aria-hidden") !== "true",
  );
}

export function Dialog({
  title,
  onClose,
  children,
  closeKeys = [],
  initialFocus,
  width = "max-w-lg",
  closeLabel = "Close",
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The latest props, read by the one key listener installed on open.
  const latest = useRef({ onClose, closeKeys });
  latest.current = { onClose, closeKeys };

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? closeRef.current)?.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      const panel = panelRef.current;
      if (!panel) return;
      if (e.key === "Escape" || latest.current.closeKeys.includes(e.key)) {
        e.preventDefault();
        e.stopPropagation();
        latest.current.onClose();
        return;
      }
      if (e.key !== "Tab") return;
      const items = focusables(panel);
      e.preventDefault();
      e.stopPropagation();
      if (items.length === 0) {
        panel.focus();
        return;
      }
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey
        ? at <= 0
          ? items.length - 1
          : at - 1
        : at === -1 || at === items.length - 1
          ? 0
          : at + 1;
      items[next]?.focus();
    };
    // Capture phase: the dialog sees keys before the screen's own shortcuts do.
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      if (previous?.isConnected) previous.focus();
    };
  }, [initialFocus]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`max-h-full w-full ${width} overflow-auto rounded-lg border border-slate-200 bg-white p-6 shadow-sm focus:outline-none`}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className={buttonClass("secondary", "sm")}
          >
            {closeLabel}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
