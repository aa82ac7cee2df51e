// The keyboard shortcuts of the expert screen, opened with "?" or the header button: the
// lines of the screen's action table (useExpertKeys.ts), the reason keys spelled out for the
// study's taxonomy, and the dialog's own Esc; the descriptions in the page's language.
import { Dialog } from "../../../components/Dialog.tsx";
import type { TaxonomyEntry } from "../../../domain/interchange/types.ts";
import { REASON_KEYS } from "../../../domain/study/expert.ts";
import { type MessageId, useT } from "../../../lib/i18n.tsx";
import { helpRows } from "../../../lib/keyActions.ts";
import { CLOSE_HELP, EXPERT_ACTIONS, REASON_HELP } from "./useExpertKeys.ts";

/** useExpertKeys.ts's descriptions (English, its table's words) as message ids. */
const DESCRIPTIONS: Record<string, MessageId> = {
  "Play or pause the clip": "expert.screen.keys.play",
  "Loop the selected span (press again to stop)": "shortcuts.loop",
  "Select the previous / next span": "expert.screen.keys.spans",
  "Select every span overlapping the selected one, to label them at once":
    "expert.screen.keys.overlapping",
  "Next / previous clip": "expert.screen.keys.clips",
  "Show or close this list": "expert.screen.keys.help",
  "Toggle the reason with that key": "expert.screen.keys.reason",
  "Close this list": "expert.screen.keys.close",
};

/** The message id of a line of the expert's key table (undefined: not in the catalogue). */
export function expertShortcutId(description: string): MessageId | undefined {
  return DESCRIPTIONS[description];
}

const GENERAL = [...helpRows(EXPERT_ACTIONS).filter((row) => row !== REASON_HELP), CLOSE_HELP];

export function ShortcutsDialog({
  taxonomy,
  onClose,
}: {
  taxonomy: readonly TaxonomyEntry[];
  onClose(): void;
}) {
  const t = useT();
  const rows = GENERAL.map((row): [string, string] => {
    const id = expertShortcutId(row.description);
    return [row.keys.join("  "), id ? t(id) : row.description];
  });
  return (
    <Dialog
      title={t("shortcuts.title")}
      onClose={onClose}
      closeKeys={["?"]}
      closeLabel={t("dialog.close")}
      width="max-w-xl"
    >
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-2 text-sm">
          {rows.map(([key, what]) => (
            <Row key={key} keys={key} what={what} />
          ))}
        </dl>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-2 text-sm">
          {taxonomy.slice(0, REASON_KEYS.length).map((entry, i) => (
            <Row
              key={entry.id}
              keys={REASON_KEYS[i] ?? ""}
              what={t("expert.screen.keys.toggle", { reason: entry.label })}
            />
          ))}
        </dl>
      </div>
      <p className="mt-4 text-xs text-slate-500">{t("expert.screen.keys.note")}</p>
    </Dialog>
  );
}

function Row({ keys, what }: { keys: string; what: string }) {
  return (
    <>
      <dt className="flex items-start gap-1" dir="ltr">
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
