// The crowd screen's keyboard actions: one table (lib/keyActions.ts) that both the key
// handler (useShortcuts) and the "?" dialog read, so the dialog can never drift from the keys.
import {
  actionFor,
  type HelpRow,
  helpRows,
  inputType,
  isActivatedByKey,
  isTypingTarget,
  type KeyAction,
  type KeyPress,
  keys,
} from "../../lib/keyActions.ts";

export type ShortcutAction =
  | "playPause"
  | "seekBack"
  | "seekForward"
  | "seekBackFine"
  | "seekForwardFine"
  | "deleteSpan"
  | "loopSpan"
  | "markSpan"
  | "nextClip"
  | "previousClip"
  | "finishClip"
  | "zoomIn"
  | "zoomOut"
  | "showHelp"
  | "escape"
  | "rate1"
  | "rate2"
  | "rate3"
  | "rate4"
  | "rate5";

export type ShortcutHandlers = Record<ShortcutAction, () => void>;
export type { HelpRow as ShortcutDoc, KeyPress as KeyLike } from "../../lib/keyActions.ts";
export { isTypingTarget };

const row = (keys: string[], description: string): HelpRow => ({ keys, description });
const HELP = {
  play: row(["Space"], "Play or pause"),
  seek: row(["←", "→"], "Move the playhead 1 second back or forward"),
  seekFine: row(["Shift + ←", "Shift + →"], "Move the playhead 0.1 second back or forward"),
  mark: row(["M"], "Mark a span: first press sets its start at the playhead, second press its end"),
  delete: row(["Delete", "Backspace"], "Delete the selected span"),
  loop: row(["L"], "Loop the selected span (press again to stop)"),
  zoom: row(["+", "−"], "Zoom in or out (or the mouse wheel over the waveform)"),
  rate: row(["1", "2", "3", "4", "5"], "Choose the overall naturalness rating"),
  next: row(["N"], "Next clip"),
  previous: row(["P"], "Previous clip"),
  finish: row(["Enter"], "Finish the clip"),
  help: row(["?"], "Show this list of shortcuts"),
  escape: row(["Esc"], "Close this list, cancel marking, or clear the selection"),
};

// Where a key may act. While typing in a field only Esc does; on a focused button or link
// Space and Enter press it; a focused rating keeps the arrow keys (they move between ratings)
// and a focused checkbox keeps Space (it ticks it).
const notTyping = (p: KeyPress) => !isTypingTarget(p.target);
const notOnChoice = (p: KeyPress) =>
  notTyping(p) && !["radio", "checkbox"].includes(inputType(p.target));
const notOnControl = (p: KeyPress) => notTyping(p) && !isActivatedByKey(p.target);
const spaceIsFree = (p: KeyPress) => notOnControl(p) && inputType(p.target) !== "checkbox";
const withShift =
  (shift: boolean, key: string) =>
  (p: KeyPress): boolean =>
    p.key === key && Boolean(p.shiftKey) === shift;

function action(
  name: ShortcutAction,
  help: HelpRow,
  keyTest: (p: KeyPress) => boolean,
  /** null: anywhere, even while typing. */
  predicate: ((p: KeyPress) => boolean) | null = notTyping,
  repeatable = false,
): KeyAction<ShortcutAction, ShortcutHandlers> {
  const a: KeyAction<ShortcutAction, ShortcutHandlers> = {
    name,
    help,
    keyTest,
    perform: (handlers) => handlers[name](),
    repeatable,
  };
  if (predicate) a.predicate = predicate;
  return a;
}

/** Every keyboard action of the crowd screen, in the order the shortcuts dialog lists them. */
export const CROWD_ACTIONS: readonly KeyAction<ShortcutAction, ShortcutHandlers>[] = [
  action("playPause", HELP.play, keys(" ", "Spacebar"), spaceIsFree),
  action("seekBack", HELP.seek, withShift(false, "ArrowLeft"), notOnChoice, true),
  action("seekForward", HELP.seek, withShift(false, "ArrowRight"), notOnChoice, true),
  action("seekBackFine", HELP.seekFine, withShift(true, "ArrowLeft"), notOnChoice, true),
  action("seekForwardFine", HELP.seekFine, withShift(true, "ArrowRight"), notOnChoice, true),
  action("markSpan", HELP.mark, keys("m", "M")),
  action("deleteSpan", HELP.delete, keys("Delete", "Backspace")),
  action("loopSpan", HELP.loop, keys("l", "L")),
  action("zoomIn", HELP.zoom, keys("+", "="), notTyping, true),
  action("zoomOut", HELP.zoom, keys("-", "_"), notTyping, true),
  action("rate1", HELP.rate, keys("1")),
  action("rate2", HELP.rate, keys("2")),
  action("rate3", HELP.rate, keys("3")),
  action("rate4", HELP.rate, keys("4")),
  action("rate5", HELP.rate, keys("5")),
  action("nextClip", HELP.next, keys("n", "N")),
  action("previousClip", HELP.previous, keys("p", "P")),
  action("finishClip", HELP.finish, keys("Enter"), notOnControl),
  action("showHelp", HELP.help, keys("?")),
  action("escape", HELP.escape, keys("Escape"), null),
];

/** The dialog's lines, from the table. */
export const SHORTCUT_DOCS: HelpRow[] = helpRows(CROWD_ACTIONS);

/** The shortcut a key press stands for, or null when it should go to the page as usual. */
export function shortcutFor(event: KeyPress): ShortcutAction | null {
  return actionFor(CROWD_ACTIONS, event)?.name ?? null;
}
