// The expert screen's keyboard actions: one table (lib/keyActions.ts) read by the key handler
// below and by the shortcuts dialog. Keys are ignored while the person types in a text field,
// and when a modifier (Ctrl, Alt, Meta) is held.
import { useEffect } from "react";
import { REASON_KEYS, reasonIndexForKey } from "../../../domain/study/expert.ts";
import {
  type HelpRow,
  inputType,
  isTypingTarget,
  type KeyAction,
  type KeyPress,
  keys,
  useKeyActions,
} from "../../../lib/keyActions.ts";

export interface ExpertKeyActions {
  nextClip(): void;
  previousClip(): void;
  nextSpan(): void;
  previousSpan(): void;
  toggleReason(index: number): void;
  playPause(): void;
  loop(): void;
  selectOverlapping(): void;
  showHelp(): void;
}

export type ExpertActionName = keyof ExpertKeyActions;

/** True when keys typed at `target` are text for a field, not commands. */
export function isTyping(target: EventTarget | null): boolean {
  return isTypingTarget(target);
}

/** Space toggles a focused checkbox or radio natively; only there does it not mean play/pause. */
function spaceBelongsToTarget(target: EventTarget | null | undefined): boolean {
  return ["checkbox", "radio"].includes(inputType(target));
}

const notTyping = (p: KeyPress) => !isTypingTarget(p.target);

/** The reason keys' line; the dialog spells it out per reason of the study's taxonomy. */
export const REASON_HELP: HelpRow = {
  keys: [...REASON_KEYS],
  description: "Toggle the reason with that key",
};

/** The shortcuts dialog's own key, listed after the table's. */
export const CLOSE_HELP: HelpRow = { keys: ["Esc"], description: "Close this list" };

const SPANS: HelpRow = { keys: ["[", "]"], description: "Select the previous / next span" };
const CLIPS: HelpRow = { keys: ["N", "P"], description: "Next / previous clip" };

/** Every keyboard action of the expert screen, in the order the shortcuts dialog lists them. */
export const EXPERT_ACTIONS: readonly KeyAction<ExpertActionName, ExpertKeyActions>[] = [
  {
    name: "playPause",
    help: { keys: ["Space"], description: "Play or pause the clip" },
    keyTest: keys(" "),
    predicate: (p) => notTyping(p) && !spaceBelongsToTarget(p.target),
    perform: (a) => a.playPause(),
  },
  {
    name: "loop",
    help: { keys: ["L"], description: "Loop the selected span (press again to stop)" },
    keyTest: keys("l", "L"),
    predicate: notTyping,
    perform: (a) => a.loop(),
  },
  {
    name: "previousSpan",
    help: SPANS,
    keyTest: keys("["),
    predicate: notTyping,
    perform: (a) => a.previousSpan(),
    repeatable: true,
  },
  {
    name: "nextSpan",
    help: SPANS,
    keyTest: keys("]"),
    predicate: notTyping,
    perform: (a) => a.nextSpan(),
    repeatable: true,
  },
  {
    name: "selectOverlapping",
    help: {
      keys: ["O"],
      description: "Select every span overlapping the selected one, to label them at once",
    },
    keyTest: keys("o", "O"),
    predicate: notTyping,
    perform: (a) => a.selectOverlapping(),
  },
  {
    name: "nextClip",
    help: CLIPS,
    keyTest: keys("n", "N"),
    predicate: notTyping,
    perform: (a) => a.nextClip(),
    repeatable: true,
  },
  {
    name: "previousClip",
    help: CLIPS,
    keyTest: keys("p", "P"),
    predicate: notTyping,
    perform: (a) => a.previousClip(),
    repeatable: true,
  },
  {
    name: "showHelp",
    help: { keys: ["?"], description: "Show or close this list" },
    keyTest: keys("?"),
    predicate: notTyping,
    perform: (a) => a.showHelp(),
    repeatable: true,
  },
  {
    // A held key would tick and untick in turn: only the first press counts.
    name: "toggleReason",
    help: REASON_HELP,
    keyTest: (p) => reasonIndexForKey(p.key) !== undefined,
    predicate: notTyping,
    perform: (a, p) => a.toggleReason(reasonIndexForKey(p.key) ?? 0),
  },
];

export function useExpertKeys(actions: ExpertKeyActions, enabled: boolean): void {
  useKeyActions(EXPERT_ACTIONS, actions, enabled);
  // A focused button would also "click" on the keyup of the Space that just played the clip.
  useEffect(() => {
    if (!enabled) return;
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === " " && !isTyping(e.target) && !spaceBelongsToTarget(e.target)) {
        e.preventDefault();
      }
    };
    window.addEventListener("keyup", onKeyUp);
    return () => window.removeEventListener("keyup", onKeyUp);
  }, [enabled]);
}
