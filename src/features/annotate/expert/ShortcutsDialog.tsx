// The keyboard shortcuts of the expert screen, opened with "?" or the header button.
import { useEffect, useRef } from "react";
import { REASON_KEYS } from "../../../domain/expert.ts";
import type { TaxonomyEntry } from "../../../domain/types.ts";

const GENERAL: readonly [string, string][] = [
  ["Space", "Play or pause the clip"],
  ["L", "Loop the selected span (press again to stop)"],
  ["[  ]", "Select the previous / next span"],
  ["N  P", "Next / previous clip"],
  ["?", "Show or close this list"],
  ["Esc", "Close this list"],
];

export function ShortcutsDialog({
  taxonomy,
  onClose,
}: {
  taxonomy: readonly TaxonomyEntry[];
  onClose(): void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    // Modal: Escape (or "?" again) closes, and focus stays on the one button inside.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === "Escape" || e.key === "?") {
        e.preventDefault();
        onCloseRef.current();
      } else if (e.key === "Tab") {
        e.preventDefault();
        closeRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      previous?.focus?.();
    };
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="expert-shortcuts-title"
        className="max-h-full w-full max-w-xl overflow-auto rounded-lg border border-slate-200 bg-white p-6 shadow-lg"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 id="expert-shortcuts-title" className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-50"
          >
            Close
          </button>
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-2 text-sm">
            {GENERAL.map(([key, what]) => (
              <Row key={key} keys={key} what={what} />
            ))}
          </dl>
          <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-2 text-sm">
            {taxonomy.slice(0, REASON_KEYS.length).map((t, i) => (
              <Row key={t.id} keys={REASON_KEYS[i] ?? ""} what={`Toggle “${t.label}”`} />
            ))}
          </dl>
        </div>
        <p className="mt-4 text-xs text-slate-500">
          Keys do nothing while you type in a text field. Reasons are saved as you tick them.
        </p>
      </div>
    </div>
  );
}

function Row({ keys, what }: { keys: string; what: string }) {
  return (
    <>
      <dt className="flex items-start gap-1">
        {keys.split(/\s+/).map((k) => (
          <kbd
            key={k}
            className="min-w-6 rounded border border-slate-300 bg-slate-50 px-1.5 text-center font-mono text-xs leading-5 text-slate-700"
          >
            {k}
          </kbd>
        ))}
      </dt>
      <dd className="text-slate-700">{what}</dd>
    </>
  );
}
