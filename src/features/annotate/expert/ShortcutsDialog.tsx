// The keyboard shortcuts of the expert screen, opened with "?" or the header button: the
// lines of the screen's action table (useExpertKeys.ts), the reason keys spelled out for the
// study's taxonomy, and the dialog's own Esc.
import { Dialog } from "../../../components/Dialog.tsx";
import { REASON_KEYS } from "../../../domain/expert.ts";
import type { TaxonomyEntry } from "../../../domain/types.ts";
import { helpRows } from "../../../lib/keyActions.ts";
import { EXPERT_ACTIONS, REASON_HELP } from "./useExpertKeys.ts";

const GENERAL: readonly [string, string][] = [
  ...helpRows(EXPERT_ACTIONS)
    .filter((row) => row !== REASON_HELP)
    .map((row): [string, string] => [row.keys.join("  "), row.description]),
  ["Esc", "Close this list"],
];

export function ShortcutsDialog({
  taxonomy,
  onClose,
}: {
  taxonomy: readonly TaxonomyEntry[];
  onClose(): void;
}) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} closeKeys={["?"]} width="max-w-xl">
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
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
    </Dialog>
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
