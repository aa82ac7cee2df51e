import * as Plot from "@observablehq/plot";
import { useCallback } from "react";
import { NO_SYSTEM } from "../../../domain/stats/errorTypes.ts";
import type { ScatterPoint } from "../../../workers/analysisMessages.ts";
import { orderSystems, systemColors } from "../palette.ts";
import { extent, type StackedPoint, stackPoints } from "../sample.ts";
import { PlotView } from "./PlotView.tsx";

export { NO_SYSTEM };

/**
 * Score against unnatural length, one dot per clip (a sample when there are many), coloured by
 * system, with the least-squares line fitted over every clip. Clips on the same spot share one
 * dot whose area grows with their number (the tooltip says how many).
 */
export function ScatterPlot({
  points,
  allPoints,
  fit,
  systems,
}: {
  /** The dots drawn (possibly a sample of `allPoints`). */
  points: readonly ScatterPoint[];
  allPoints: readonly ScatterPoint[];
  fit: { slope: number; intercept: number } | null;
  /** Every system, in the shared chart order (colours match the error-type chart). */
  systems: readonly string[];
}) {
  const render = useCallback(() => {
    const domain = orderSystems([...systems, ...allPoints.map((p) => p.system ?? NO_SYSTEM)]);
    const xs = extent(allPoints, (p) => p.length);
    const line =
      fit && xs
        ? [
            { length: xs[0], score: fit.intercept + fit.slope * xs[0] },
            { length: xs[1], score: fit.intercept + fit.slope * xs[1] },
          ]
        : [];
    const stacked = stackPoints(points);
    const most = Math.max(1, ...stacked.map((p) => p.count));
    return Plot.plot({
      width: 620,
      height: 380,
      marginLeft: 48,
      marginBottom: 44,
      grid: true,
      inset: 8,
      style: { fontSize: "12px", color: "#334155" },
      ariaLabel: "Scatter plot of clip score against unnatural length, with a fitted line",
      ariaDescription:
        "The figures beside the chart (r, p, confidence interval, n, Spearman's rho) are its text alternative.",
      x: { label: "Unnatural length: mean annotated seconds per annotation →", nice: true },
      y: { label: "↑ Score", nice: true },
      color: { legend: true, domain, range: systemColors(domain.length) },
      // One clip: radius 3, as before; the fullest spot: 3 × sqrt(its count), at most 14.
      r: {
        type: "sqrt",
        domain: [1, Math.max(2, most)],
        range: [3, Math.max(3.01, Math.min(14, 3 * Math.sqrt(most)))],
      },
      marks: [
        // Clips on the same spot (whole-number scores, nothing marked) are one dot whose area
        // grows with their number, so a pile of 40 is not drawn as one clip.
        Plot.dot(stacked, {
          x: "length",
          y: "score",
          fill: (p: StackedPoint) => p.system ?? NO_SYSTEM,
          r: "count",
          fillOpacity: 0.75,
          stroke: "white",
          strokeWidth: 0.5,
          tip: true,
          channels: {
            clips: (p: StackedPoint) => p.count,
            "e.g.": (p: StackedPoint) =>
              p.clipIds.join(", ") + (p.count > p.clipIds.length ? ", …" : ""),
          },
        }),
        Plot.line(line, {
          x: "length",
          y: "score",
          stroke: "#0f172a",
          strokeWidth: 2,
          strokeDasharray: "6,3",
        }),
      ],
    });
  }, [points, allPoints, fit, systems]);
  return <PlotView render={render} className="relative overflow-x-auto" />;
}
