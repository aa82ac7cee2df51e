// The intelligibility section's charts: WER per system with its bootstrap interval, the
// interval's width against the number of stimuli, and WER per listener group.
import * as Plot from "@observablehq/plot";
import { useCallback } from "react";
import type { Report } from "../../../domain/stats/report.ts";
import { axisLabels, textMeasure } from "../axisLabels.ts";
import { systemColors } from "../palette.ts";
import { PlotView } from "./PlotView.tsx";

type Intelligibility = NonNullable<Report["intelligibility"]>;

export interface WerPoint {
  system: string;
  wer: number;
  lo: number;
  hi: number;
}

/** WER per system with its bootstrap interval. */
export function WerChart({ points }: { points: readonly WerPoint[] }) {
  const render = useCallback(() => {
    const systems = points.map((p) => p.system);
    return Plot.plot({
      width: 520,
      height: Math.max(130, 36 * points.length + 60),
      marginLeft: 90,
      marginBottom: 44,
      style: { fontSize: "12px", color: "#334155" },
      ariaLabel: "Word error rate per system with bootstrap 95% intervals",
      ariaDescription: "The table beside the chart lists every value.",
      x: {
        domain: [0, Math.max(0.05, ...points.map((p) => p.hi))],
        label: "WER (lower is more intelligible)",
        labelAnchor: "center",
        labelArrow: "none",
        tickFormat: ".0%",
        grid: true,
      },
      y: { domain: systems, label: null },
      color: { domain: systems, range: systemColors(systems.length) },
      marks: [
        Plot.ruleY(points, {
          y: "system",
          x1: "lo",
          x2: "hi",
          stroke: "system",
          strokeWidth: 3,
          strokeOpacity: 0.55,
        }),
        Plot.dot(points, {
          y: "system",
          x: "wer",
          fill: "system",
          r: 5,
          tip: true,
          title: (d: WerPoint) =>
            `${d.system}: ${(100 * d.wer).toFixed(1)}% [${(100 * d.lo).toFixed(1)}, ${(100 * d.hi).toFixed(1)}]`,
        }),
      ],
    });
  }, [points]);
  return <PlotView render={render} className="relative overflow-x-auto" />;
}

/** The bootstrap interval's mean width against the number of stimuli drawn (their Figure 2). */
export function CurveChart({ curve }: { curve: Intelligibility["stimuliCurve"] }) {
  const render = useCallback(
    () =>
      Plot.plot({
        width: 420,
        height: 220,
        marginLeft: 50,
        style: { fontSize: "12px", color: "#334155" },
        ariaLabel: "Mean width of the bootstrap 95% interval against the number of stimuli",
        ariaDescription: "The table beside the chart lists every value.",
        x: { label: "Stimuli drawn →", zero: true },
        y: { label: "↑ Mean interval width (WER)", grid: true, zero: true, tickFormat: ".0%" },
        marks: [
          Plot.ruleX(
            curve.filter((c) => c.sdWidth !== null),
            {
              x: "k",
              y1: (c: (typeof curve)[number]) => c.meanWidth - (c.sdWidth ?? 0),
              y2: (c: (typeof curve)[number]) => c.meanWidth + (c.sdWidth ?? 0),
              stroke: "#94a3b8",
            },
          ),
          Plot.line(curve, { x: "k", y: "meanWidth", stroke: "#0072B2", marker: "circle" }),
        ],
      }),
    [curve],
  );
  return <PlotView render={render} className="relative overflow-x-auto" />;
}

/**
 * WER of each system per listener group (their Figure 1). The groups are intake answers
 * ("tiếng Việt,tiếng Anh"): the margin is measured from them, and a label too wide for it
 * wraps, so none is cut.
 */
export function GroupChart({
  rows,
  systems,
}: {
  rows: readonly { group: string; system: string; wer: number }[];
  systems: readonly string[];
}) {
  const render = useCallback(() => {
    const groups = [...new Set(rows.map((r) => r.group))];
    const labels = axisLabels(groups, textMeasure(12));
    return Plot.plot({
      width: Math.max(520, labels.marginLeft + 360),
      height: Math.max(130, (16 + 14 * labels.lines) * groups.length + 70),
      marginLeft: labels.marginLeft,
      style: { fontSize: "12px", color: "#334155" },
      ariaLabel: "Word error rate per system for each listener group",
      ariaDescription: "The table under the chart lists every value.",
      x: { label: "WER", tickFormat: ".0%", grid: true, zero: true },
      y: { domain: groups, label: null, tickFormat: (g: string) => labels.text.get(g) ?? g },
      color: { domain: systems as string[], range: systemColors(systems.length), legend: true },
      marks: [Plot.dot(rows, { x: "wer", y: "group", fill: "system", r: 5, tip: true })],
    });
  }, [rows, systems]);
  return <PlotView render={render} className="relative overflow-x-auto" />;
}
