// The crowd screen's keyboard shortcuts: one table that both the key handler and the "?"
// dialog read, so the dialog can never drift from what the keys do.
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

export interface ShortcutDoc {
  keys: string[];
  description: string;
}

export const SHORTCUT_DOCS: ShortcutDoc[] = [
  { keys: ["Space"], description: "Play or pause" },
  { keys: ["←", "→"], description: "Move the playhead 1 second back or forward" },
  { keys: ["Shift + ←", "Shift + →"], description: "Move the playhead 0.1 second back or forward" },
  {
    keys: ["M"],
    description: "Mark a span: first press sets its start at the playhead, second press its end",
  },
  { keys: ["Delete", "Backspace"], description: "Delete the selected span" },
  { keys: ["L"], description: "Loop the selected span (press again to stop)" },
  { keys: ["+", "−"], description: "Zoom in or out (or the mouse wheel over the waveform)" },
  { keys: ["1", "2", "3", "4", "5"], description: "Choose the overall naturalness rating" },
  { keys: ["N"], description: "Next clip" },
  { keys: ["P"], description: "Previous clip" },
  { keys: ["Enter"], description: "Finish the clip" },
  { keys: ["?"], description: "Show this list of shortcuts" },
  { keys: ["Esc"], description: "Close this list, cancel marking, or clear the selection" },
];

export interface KeyLike {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}

const TEXT_ENTRY = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const ACTIVATES_ON_KEY = new Set(["BUTTON", "A", "SUMMARY"]);

function tagOf(target: EventTarget | null | undefined): string {
  const el = target as { tagName?: unknown } | null | undefined;
  return typeof el?.tagName === "string" ? el.tagName.toUpperCase() : "";
}

/** True when the key goes to a form field (text, number, …) or editable text. */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (TEXT_ENTRY.has(tagOf(target))) return true;
  const el = target as { isContentEditable?: unknown } | null | undefined;
  return el?.isContentEditable === true;
}

function inputType(target: EventTarget | null | undefined): string {
  if (tagOf(target) !== "INPUT") return "";
  const type = (target as { type?: unknown }).type;
  return typeof type === "string" ? type.toLowerCase() : "";
}

/** The shortcut a key press stands for, or null when it should go to the page as usual. */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const choice = inputType(event.target);
  if (choice === "radio" || choice === "checkbox") {
    // A focused rating or toggle keeps the keys it needs (arrows move between radios, Space
    // ticks a checkbox); the other shortcuts still work, so a rating can be followed by Enter.
    if (event.key.startsWith("Arrow")) return null;
    if (choice === "checkbox" && (event.key === " " || event.key === "Spacebar")) return null;
    return shortcutForKey(event, false);
  }
  if (isTypingTarget(event.target)) return event.key === "Escape" ? "escape" : null;
  return shortcutForKey(event, ACTIVATES_ON_KEY.has(tagOf(event.target)));
}

function shortcutForKey(event: KeyLike, onControl: boolean): ShortcutAction | null {
  switch (event.key) {
    case " ":
    case "Spacebar":
      return onControl ? null : "playPause";
    case "Enter":
      return onControl ? null : "finishClip";
    case "ArrowLeft":
      return event.shiftKey ? "seekBackFine" : "seekBack";
    case "ArrowRight":
      return event.shiftKey ? "seekForwardFine" : "seekForward";
    case "Delete":
    case "Backspace":
      return "deleteSpan";
    case "l":
    case "L":
      return "loopSpan";
    case "m":
    case "M":
      return "markSpan";
    case "n":
    case "N":
      return "nextClip";
    case "p":
    case "P":
      return "previousClip";
    case "+":
    case "=":
      return "zoomIn";
    case "-":
    case "_":
      return "zoomOut";
    case "1":
    case "2":
    case "3":
    case "4":
    case "5":
      return `rate${event.key}` as ShortcutAction;
    case "?":
      return "showHelp";
    case "Escape":
      return "escape";
    default:
      return null;
  }
}
