// "?" — every keyboard shortcut of the crowd screen, from the same table the keys use.
import { Dialog } from "../../components/Dialog.tsx";
import { SHORTCUT_DOCS } from "./keys.ts";

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} closeKeys={["?"]}>
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
    </Dialog>
  );
}
