import * as Plot from "@observablehq/plot";
import { useCallback } from "react";
import { pValue } from "../format.ts";
import { systemColors } from "../palette.ts";
import { PlotView } from "./PlotView.tsx";

export interface MosPoint {
  system: string;
  mean: number;
  lo: number | null;
  hi: number | null;
}

/** MOS per system with its 95 % interval (a bar from lo to hi), on the 1–5 scale. */
export function MosChart({ points }: { points: readonly MosPoint[] }) {
  const systems = points.map((p) => p.system);
  const render = useCallback(
    () =>
      Plot.plot({
        width: 520,
        height: Math.max(130, 36 * points.length + 60),
        marginLeft: 90,
        marginBottom: 44,
        style: { fontSize: "12px", color: "#334155" },
        ariaLabel: "Mean opinion score per system with 95% confidence intervals",
        ariaDescription: "The table beside the chart lists every value.",
        x: {
          domain: [1, 5],
          label: "MOS (1 = bad, 5 = excellent)",
          labelAnchor: "center",
          labelArrow: "none",
          grid: true,
        },
        y: { domain: systems, label: null },
        color: { domain: systems, range: systemColors(systems.length) },
        marks: [
          Plot.ruleY(
            points.filter((p) => p.lo !== null && p.hi !== null),
            {
              y: "system",
              x1: (d: MosPoint) => Math.max(1, d.lo as number),
              x2: (d: MosPoint) => Math.min(5, d.hi as number),
              stroke: "system",
              strokeWidth: 3,
              strokeOpacity: 0.55,
            },
          ),
          Plot.dot(points, {
            y: "system",
            x: "mean",
            fill: "system",
            r: 5,
            tip: true,
            title: (d: MosPoint) =>
              `${d.system}: ${d.mean.toFixed(2)}${
                d.lo === null || d.hi === null
                  ? " (one rating: no interval)"
                  : ` [${d.lo.toFixed(2)}, ${d.hi.toFixed(2)}]`
              }`,
          }),
        ],
      }),
    [points, systems],
  );
  return <PlotView render={render} className="relative overflow-x-auto" />;
}

export interface PCell {
  a: string;
  b: string;
  p: number | null;
}

/**
 * The pairwise significance matrix (as Taylor & Richmond's Figure 3): Holm-adjusted p of each
 * pair of systems, both halves filled, darker = smaller p; cells under 0.05 are outlined.
 */
export function SignificanceHeatmap({
  systems,
  cells,
}: {
  systems: readonly string[];
  cells: readonly PCell[];
}) {
  const render = useCallback(() => {
    const both = cells.flatMap((c) => [c, { a: c.b, b: c.a, p: c.p }]);
    const size = Math.max(34, Math.min(64, 420 / Math.max(1, systems.length)));
    return Plot.plot({
      width: 110 + size * systems.length,
      height: 60 + size * systems.length,
      marginLeft: 100,
      marginBottom: 50,
      style: { fontSize: "12px", color: "#334155" },
      ariaLabel: "Matrix of Holm-adjusted p-values between every pair of systems",
      ariaDescription: "The table under the matrix lists every pair.",
      x: { domain: systems as string[], label: null, tickRotate: -30 },
      // The legend's ramp starts at 0.0001 (and darker cells are clamped to it).
      y: { domain: systems as string[], label: null },
      color: {
        type: "log",
        domain: [1e-4, 1],
        range: ["#1e3a8a", "#eff6ff"],
        clamp: true,
        legend: true,
        label: "p (Holm)",
        ticks: [1e-3, 1e-2, 0.05, 0.2, 1],
        tickFormat: (d: number) => String(d),
      },
      marks: [
        Plot.cell(
          both.filter((c) => c.p !== null),
          { x: "a", y: "b", fill: (d: PCell) => Math.max(d.p as number, 1e-4), inset: 1 },
        ),
        Plot.cell(
          both.filter((c) => c.p === null),
          { x: "a", y: "b", fill: "#f1f5f9", inset: 1 },
        ),
        Plot.cell(
          both.filter((c) => c.p !== null && c.p < 0.05),
          { x: "a", y: "b", stroke: "#0f172a", strokeWidth: 2, inset: 1.5 },
        ),
        Plot.text(both, {
          x: "a",
          y: "b",
          text: (d: PCell) => pValue(d.p),
          fill: (d: PCell) => (d.p !== null && d.p < 0.01 ? "white" : "#0f172a"),
          fontSize: 11,
        }),
      ],
    });
  }, [systems, cells]);
  return <PlotView render={render} className="relative overflow-x-auto" />;
}

/** "How many sentences": one line per measure against the number of sentences (log x). */
export function StimuliChart({
  points,
}: {
  points: readonly { sentences: number; ciWidth: number | null; pNorm: number | null }[];
}) {
  const render = useCallback(() => {
    const rows = points.flatMap((p) => [
      ...(p.ciWidth === null
        ? []
        : [{ n: p.sentences, value: p.ciWidth, measure: "mean 95% t-interval width" }]),
      ...(p.pNorm === null
        ? []
        : [{ n: p.sentences, value: p.pNorm, measure: "norm of the Holm p matrix" }]),
    ]);
    return Plot.plot({
      width: 420,
      height: 220,
      marginLeft: 44,
      style: { fontSize: "12px", color: "#334155" },
      ariaLabel: "Interval width and p-value matrix norm against the number of sentences",
      ariaDescription: "The table beside the chart lists every value.",
      x: { type: "log", label: "Sentences →", ticks: points.map((p) => p.sentences) },
      y: { label: "↑ Value", grid: true, zero: true },
      color: { legend: true, range: ["#0072B2", "#D55E00"] },
      marks: [Plot.line(rows, { x: "n", y: "value", stroke: "measure", marker: "circle" })],
    });
  }, [points]);
  return <PlotView render={render} className="relative overflow-x-auto" />;
}
