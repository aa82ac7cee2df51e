import { useEffect, useRef } from "react";

/**
 * Hosts an Observable Plot figure: `render` builds the SVG (or figure element), which is put
 * into a ref'd div in an effect and removed again before the next render or on unmount.
 * Pass a memoised `render` so the chart is rebuilt only when its data changes.
 */
export function PlotView({ render, className }: { render: () => Element; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    const chart = render();
    host.replaceChildren(chart);
    return () => chart.remove();
  }, [render]);
  return <div ref={ref} className={className} />;
}
