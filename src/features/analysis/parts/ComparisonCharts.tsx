import * as Plot from "@observablehq/plot";
import { useCallback } from "react";
import { PlotView } from "./PlotView.tsx";

export interface StrengthPoint {
  item: string;
  strength: number;
  lo: number;
  hi: number;
}

/**
 * Bradley–Terry strengths (log scale, centred on the items' mean) with the listener bootstrap's
 * 95 % interval, strongest first.
 */
export function StrengthChart({ points }: { points: readonly StrengthPoint[] }) {
  const render = useCallback(
    () =>
      Plot.plot({
        width: 520,
        height: Math.max(130, 36 * points.length + 60),
        marginLeft: 130,
        marginBottom: 44,
        style: { fontSize: "12px", color: "#334155" },
        ariaLabel: "Bradley–Terry strength per item with 95% bootstrap intervals",
        ariaDescription: "The table beside the chart lists every value.",
        x: {
          label: "strength (log scale, 0 = the items' mean)",
          labelAnchor: "center",
          labelArrow: "none",
          grid: true,
        },
        y: { domain: points.map((p) => p.item), label: null },
        marks: [
          Plot.ruleX([0], { stroke: "#94a3b8" }),
          Plot.ruleY(points, {
            y: "item",
            x1: "lo",
            x2: "hi",
            stroke: "#0072B2",
            strokeWidth: 3,
            strokeOpacity: 0.55,
          }),
          Plot.dot(points, {
            y: "item",
            x: "strength",
            fill: "#0072B2",
            r: 5,
            tip: true,
            title: (d: StrengthPoint) =>
              `${d.item}: ${d.strength.toFixed(2)} [${d.lo.toFixed(2)}, ${d.hi.toFixed(2)}]`,
          }),
        ],
      }),
    [points],
  );
  return <PlotView render={render} className="relative overflow-x-auto" />;
}

export interface AccuracyBar {
  accuracy: number;
  participants: number;
}

/**
 * The pre-test's accuracies (Chiang et al.'s Figure 1): participants per accuracy, the pass
 * threshold as a dashed line.
 */
export function AccuracyHistogram({
  bars,
  passAccuracy,
}: {
  bars: readonly AccuracyBar[];
  passAccuracy: number;
}) {
  const render = useCallback(
    () =>
      Plot.plot({
        width: 520,
        height: 220,
        marginBottom: 44,
        style: { fontSize: "12px", color: "#334155" },
        ariaLabel: "Participants per pre-test accuracy",
        ariaDescription: "The table beside the chart lists every value.",
        x: {
          domain: [0, 1],
          label: "accuracy (share of pairs on which the natural recording was preferred)",
          labelAnchor: "center",
          labelArrow: "none",
        },
        y: { label: "participants", grid: true },
        marks: [
          Plot.rectY(bars, {
            x1: (d: AccuracyBar) => Math.max(0, d.accuracy - 0.02),
            x2: (d: AccuracyBar) => Math.min(1, d.accuracy + 0.02),
            y: "participants",
            fill: (d: AccuracyBar) => (d.accuracy >= passAccuracy ? "#009E73" : "#D55E00"),
            tip: true,
            title: (d: AccuracyBar) =>
              `accuracy ${d.accuracy.toFixed(2)}: ${d.participants} participant${d.participants === 1 ? "" : "s"}`,
          }),
          Plot.ruleX([passAccuracy], { stroke: "#334155", strokeDasharray: "4,3" }),
          Plot.ruleY([0]),
        ],
      }),
    [bars, passAccuracy],
  );
  return <PlotView render={render} className="relative overflow-x-auto" />;
}
