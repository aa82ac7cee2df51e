// As on the crowd screen, focus moves to the clip's heading when the expert screen opens and
// when the clip changes (the focused control often went away with the old clip), so a screen
// reader announces the clip and Tab starts from the top. A reason checkbox that has focus keeps
// it: it is still there, for the same reason, on the new clip's selected span. Keys work
// wherever focus is, so 1–9, 0 and - label the new clip's span right after N or P. The page is
// not scrolled up to the heading under a keyboard labeller's feet.
import { useEffect, useRef } from "react";

export function useArrivalFocus(clipId: string) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonsRef = useRef<HTMLElement>(null);
  const arrived = useRef(false);
  useEffect(() => {
    if (!clipId) return;
    const active = document.activeElement;
    const first = !arrived.current;
    arrived.current = true;
    if (active instanceof Node && reasonsRef.current?.contains(active)) return;
    headingRef.current?.focus({ preventScroll: !first });
  }, [clipId]);
  return { headingRef, reasonsRef };
}
