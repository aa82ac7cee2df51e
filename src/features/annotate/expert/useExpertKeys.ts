// The expert screen's keyboard: one keydown listener on the window. Keys are ignored while
// the person types in a text field, and when a modifier (Ctrl, Alt, Meta) is held.
import { useEffect, useRef } from "react";
import { reasonIndexForKey } from "../../../domain/expert.ts";

export interface ExpertKeyActions {
  nextClip(): void;
  previousClip(): void;
  nextSpan(): void;
  previousSpan(): void;
  toggleReason(index: number): void;
  playPause(): void;
  loop(): void;
  showHelp(): void;
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

/** True when keys typed at `target` are text for a field, not commands. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return false;
}

/** Space toggles a focused checkbox or radio natively; only there does it not mean play/pause. */
function spaceBelongsToTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement && (target.type === "checkbox" || target.type === "radio")
  );
}

export function useExpertKeys(actions: ExpertKeyActions, enabled: boolean): void {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (isTyping(e.target)) return;
      const a = ref.current;
      const reason = reasonIndexForKey(e.key);
      if (reason !== undefined) {
        e.preventDefault();
        // A held key would tick and untick in turn: only the first press counts.
        if (!e.repeat) a.toggleReason(reason);
        return;
      }
      switch (e.key) {
        case " ":
          if (spaceBelongsToTarget(e.target)) return;
          e.preventDefault();
          if (!e.repeat) a.playPause();
          return;
        case "n":
        case "N":
          e.preventDefault();
          a.nextClip();
          return;
        case "p":
        case "P":
          e.preventDefault();
          a.previousClip();
          return;
        case "]":
          e.preventDefault();
          a.nextSpan();
          return;
        case "[":
          e.preventDefault();
          a.previousSpan();
          return;
        case "l":
        case "L":
          e.preventDefault();
          if (!e.repeat) a.loop();
          return;
        case "?":
          e.preventDefault();
          a.showHelp();
          return;
      }
    };
    // A focused button would also "click" on the keyup of the Space that just played the clip.
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === " " && !isTyping(e.target) && !spaceBelongsToTarget(e.target)) {
        e.preventDefault();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
    };
  }, [enabled]);
}
