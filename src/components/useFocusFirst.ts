// Moves focus into a form that has just opened in place of the button that opened it, so a
// keyboard user continues where they were instead of on the page's body. A layout effect: the
// focus moves in the same commit that shows the form, before it is painted or anything else
// (a test, a keypress) sees it, not in a passive effect some time after (a clean-clone CI
// found the form shown with the focus still on the page's body).
import { type RefObject, useLayoutEffect } from "react";

const FOCUSABLE =
  'input:not([tabindex="-1"]):not([disabled]), textarea, select, button:not([disabled])';

export function useFocusFirst(container: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    container.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [container]);
}
