// "?" — every keyboard shortcut of the crowd screen, from the same table the keys use.
import { useEffect, useId, useRef } from "react";
import { SHORTCUT_DOCS } from "./keys.ts";

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        onClose();
      } else if (e.key === "Tab") {
        e.preventDefault(); // one control inside: keep focus in the dialog
        closeRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      previous?.focus?.();
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
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
        <p className="mt-1 text-sm text-slate-600">
          Shortcuts do nothing while you type in a field (Esc leaves it). On a focused rating the
          arrow keys move between ratings.
        </p>
        <table className="mt-4 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th>Keys</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUT_DOCS.map((doc) => (
              <tr key={doc.description} className="border-t border-slate-100">
                <td className="py-1.5 pr-4 align-top whitespace-nowrap">
                  {doc.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && <span className="px-1 text-slate-400">/</span>}
                      <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                        {k}
                      </kbd>
                    </span>
                  ))}
                </td>
                <td className="py-1.5 text-slate-700">{doc.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
