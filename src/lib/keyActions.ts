// Keyboard actions as data, after excalidraw's actions: each screen keeps one table of what its
// keys do (name, the keys as the shortcuts dialog shows them, which key presses stand for it,
// when it may run, and what it does). The screen's key handler (useKeyActions) and its
// shortcuts dialog (helpRows) both read that table, so the dialog cannot drift from the keys.
import { useEffect, useRef } from "react";

/** The part of a KeyboardEvent the actions look at (plain objects in tests). */
export interface KeyPress {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  target?: EventTarget | null;
}

/** One line of a shortcuts dialog. Actions that share a line (the five ratings) share one. */
export interface HelpRow {
  keys: readonly string[];
  description: string;
}

export interface KeyAction<Name extends string, Context> {
  name: Name;
  /** How the shortcuts dialog lists it. */
  help: HelpRow;
  /** Whether this key press stands for the action (key and Shift; other modifiers never do). */
  keyTest(press: KeyPress): boolean;
  /** Whether it may run where the key was pressed (e.g. not while typing); default: always. */
  predicate?(press: KeyPress): boolean;
  perform(context: Context, press: KeyPress): void;
  /** A held key repeats it (seeking, zooming); otherwise only the first press counts. */
  repeatable?: boolean;
}

/**
 * The action a key press stands for: the first in `actions` whose keyTest and predicate both
 * hold. Keys with Ctrl, Alt or Meta, and keys composing text, are left to the browser.
 */
export function actionFor<A extends KeyAction<string, never>>(
  actions: readonly A[],
  press: KeyPress,
): A | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return undefined;
  return actions.find((a) => a.keyTest(press) && (a.predicate?.(press) ?? true));
}

/** The dialog's lines: each action's help row once, in table order. */
export function helpRows(actions: readonly KeyAction<string, never>[]): HelpRow[] {
  return [...new Set(actions.map((a) => a.help))];
}

/**
 * Runs `actions` from keydown on the window while `enabled`, with the latest `context`. A key
 * that stands for an action does only that (its default is prevented).
 */
export function useKeyActions<Context>(
  actions: readonly KeyAction<string, Context>[],
  context: Context,
  enabled: boolean,
): void {
  const latest = useRef(context);
  latest.current = context;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = actionFor(actions as readonly KeyAction<string, never>[], event) as
        | KeyAction<string, Context>
        | undefined;
      if (!action) return;
      event.preventDefault();
      if (event.repeat && !action.repeatable) return;
      action.perform(latest.current, event);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [actions, enabled]);
}

// Where a key was pressed, for the predicates.

function tagOf(target: EventTarget | null | undefined): string {
  const el = target as { tagName?: unknown } | null | undefined;
  return typeof el?.tagName === "string" ? el.tagName.toUpperCase() : "";
}

/** The `type` of a focused <input>, lower case; "" for anything else. */
export function inputType(target: EventTarget | null | undefined): string {
  if (tagOf(target) !== "INPUT") return "";
  const type = (target as { type?: unknown }).type;
  return typeof type === "string" ? type.toLowerCase() : "";
}

const NON_TEXT_INPUTS = new Set([
  "checkbox",
  "radio",
  "button",
  "submit",
  "reset",
  "range",
  "color",
  "file",
  "image",
]);

/** True when keys pressed at `target` are text for a field (or editable text), not commands. */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  const tag = tagOf(target);
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return !NON_TEXT_INPUTS.has(inputType(target));
  const el = target as { isContentEditable?: unknown } | null | undefined;
  return el?.isContentEditable === true;
}

/** True on a focused button, link or <summary>, which Space and Enter activate. */
export function isActivatedByKey(target: EventTarget | null | undefined): boolean {
  return ["BUTTON", "A", "SUMMARY"].includes(tagOf(target));
}

/** A keyTest for these keys (as KeyboardEvent.key), whatever Shift says. */
export const keys =
  (...names: string[]) =>
  (press: KeyPress): boolean =>
    names.includes(press.key);
