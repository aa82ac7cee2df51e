// Moves focus into a form that has just opened in place of the button that opened it, so a
// keyboard user continues where they were instead of on the page's body.
import { type RefObject, useEffect } from "react";

const FOCUSABLE =
  'input:not([tabindex="-1"]):not([disabled]), textarea, select, button:not([disabled])';

export function useFocusFirst(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    container.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [container]);
}
