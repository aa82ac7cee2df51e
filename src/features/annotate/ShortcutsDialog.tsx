// "?" — every keyboard shortcut of the crowd screen, from the same table the keys use, its
// descriptions in the page's language.
import { Dialog } from "../../components/Dialog.tsx";
import { Table, Td, Th } from "../../components/Table.tsx";
import { type MessageId, useT } from "../../lib/i18n.tsx";
import { SHORTCUT_DOCS } from "./keys.ts";

/** keys.ts's descriptions (English, its table's words) as message ids. */
const DESCRIPTIONS: Record<string, MessageId> = {
  "Play or pause": "shortcuts.play",
  "Move the playhead 1 second back or forward": "shortcuts.seek",
  "Move the playhead 0.1 second back or forward": "shortcuts.seekFine",
  "Mark a span: first press sets its start at the playhead, second press its end": "shortcuts.mark",
  "Delete the selected span": "shortcuts.delete",
  "Loop the selected span (press again to stop)": "shortcuts.loop",
  "Zoom in or out (or the mouse wheel over the waveform)": "shortcuts.zoom",
  "Choose the overall naturalness rating": "shortcuts.rate",
  "Next clip": "shortcuts.next",
  "Previous clip": "shortcuts.previous",
  "Finish the clip": "shortcuts.finish",
  "Show this list of shortcuts": "shortcuts.help",
  "Close this list, cancel marking, or clear the selection": "shortcuts.escape",
};

export function shortcutDescriptionId(description: string): MessageId | undefined {
  return DESCRIPTIONS[description];
}

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  return (
    <Dialog
      title={t("shortcuts.title")}
      onClose={onClose}
      closeKeys={["?"]}
      closeLabel={t("dialog.close")}
    >
      <p className="mt-1 text-sm text-slate-600">{t("shortcuts.note")}</p>
      <Table
        className="mt-4 w-full text-sm"
        headClassName="sr-only"
        headRow="bare"
        th=""
        td="py-1.5 pe-4"
        head={
          <>
            <Th>{t("shortcuts.keys")}</Th>
            <Th>{t("shortcuts.action")}</Th>
          </>
        }
      >
        {SHORTCUT_DOCS.map((doc) => {
          const id = shortcutDescriptionId(doc.description);
          return (
            <tr key={doc.description} className="border-t border-slate-100">
              <Td className="align-top whitespace-nowrap" dir="ltr">
                {doc.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && <span className="px-1 text-slate-400">/</span>}
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                      {k}
                    </kbd>
                  </span>
                ))}
              </Td>
              <Td last className="text-slate-700">
                {id ? t(id) : doc.description}
              </Td>
            </tr>
          );
        })}
      </Table>
    </Dialog>
  );
}
