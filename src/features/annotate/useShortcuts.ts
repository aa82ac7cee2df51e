// Window-level keyboard shortcuts (see keys.ts), ignored while typing in a field.
import { useEffect, useRef } from "react";
import { type ShortcutAction, shortcutFor } from "./keys.ts";

const REPEATABLE = new Set<ShortcutAction>([
  "seekBack",
  "seekForward",
  "seekBackFine",
  "seekForwardFine",
  "zoomIn",
  "zoomOut",
]);

export type ShortcutHandlers = Record<ShortcutAction, () => void>;

export function useShortcuts(enabled: boolean, handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (!action) return;
      if (event.repeat && !REPEATABLE.has(action)) return; // a held key seeks/zooms, never deletes twice
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
