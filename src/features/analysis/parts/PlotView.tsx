import { useEffect, useRef } from "react";

/**
 * Hosts an Observable Plot figure: `render` builds the SVG (or figure element), which is put
 * into a ref'd div from an effect and removed again before the next render or on unmount.
 * Pass a memoised `render` so the chart is rebuilt only when its data changes.
 */
export function PlotView({ render, className }: { render: () => Element; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    // Each chart is drawn in a task of its own, after the rest of the screen is on it, so the
    // charts never add up to one long main-thread task.
    let chart: Element | undefined;
    const timer = setTimeout(() => {
      chart = render();
      // Plot names each mark's <g> with aria-label ("dot", "tip") but gives it no role, and ARIA
      // does not allow a name on a generic element: make them the groups they are.
      for (const g of chart.querySelectorAll("g[aria-label]:not([role])")) {
        g.setAttribute("role", "group");
      }
      host.replaceChildren(chart);
    }, 0);
    return () => {
      clearTimeout(timer);
      chart?.remove();
    };
  }, [render]);
  return <div ref={ref} className={className} />;
}
