import * as Plot from "@observablehq/plot";
import { useCallback } from "react";
import { systemColors } from "../palette.ts";
import { PlotView } from "./PlotView.tsx";

export interface ErrorBar {
  type: string;
  label: string;
  system: string;
  perSample: number;
  /** Bootstrap 95 % interval (resampling estimate), when known. */
  lo?: number;
  hi?: number;
}

/** The RedPen paper's Figure 3: per error type, one bar per system, height = count per annotated clip. */
export function ErrorTypesChart({
  bars,
  typeLabels,
  systems,
}: {
  bars: readonly ErrorBar[];
  /** Error-type labels in taxonomy order. */
  typeLabels: readonly string[];
  systems: readonly string[];
}) {
  const render = useCallback(
    () =>
      Plot.plot({
        width: 680,
        height: 360,
        marginLeft: 48,
        marginBottom: 84,
        style: { fontSize: "12px", color: "#334155" },
        ariaLabel: "Grouped bar chart of error types per system, normalised per annotated clip",
        ariaDescription: "The table beside the chart lists every bar's value.",
        fx: { label: "Error type", domain: typeLabels as string[], tickRotate: -35, padding: 0.15 },
        x: { axis: null, domain: systems as string[], padding: 0.05 },
        y: { label: "↑ Count per annotated clip", grid: true, nice: true },
        color: { legend: true, domain: systems as string[], range: systemColors(systems.length) },
        marks: [
          Plot.barY(bars, {
            fx: "label",
            x: "system",
            y: "perSample",
            fill: "system",
            tip: true,
            title: (d: ErrorBar) =>
              `${d.system} · ${d.label}: ${d.perSample.toFixed(3)}${
                d.lo !== undefined && d.hi !== undefined
                  ? ` (bootstrap 95%: ${d.lo.toFixed(3)}–${d.hi.toFixed(3)})`
                  : ""
              }`,
          }),
          Plot.ruleX(
            bars.filter((b) => b.lo !== undefined && b.hi !== undefined),
            { fx: "label", x: "system", y1: "lo", y2: "hi", stroke: "#0f172a", strokeWidth: 1.5 },
          ),
          Plot.ruleY([0], { stroke: "#94a3b8" }),
        ],
      }),
    [bars, typeLabels, systems],
  );
  return <PlotView render={render} className="relative overflow-x-auto" />;
}
