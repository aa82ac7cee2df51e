// After an in-app navigation the link or button that was used is usually gone with the old
// screen, and focus would fall back to the page body: a keyboard user then starts again from
// the top and a screen reader announces nothing. Move focus to the new screen's heading (the
// first `main h1`) once it renders, unless something already took focus (a screen that
// focuses its own control, or the user).
import { useEffect, useRef } from "react";

/** How many animation frames to wait for the new screen's heading (lazy screens, live queries). */
const MAX_FRAMES = 180;

export function useRouteFocus(location: string): void {
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return; // the first screen keeps the browser's own start
    shown.current = location;
    let frames = 0;
    let handle = 0;
    const tick = () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const heading = document.querySelector<HTMLElement>("main h1");
      if (heading) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus();
        return;
      }
      frames += 1;
      if (frames < MAX_FRAMES) handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [location]);
}
