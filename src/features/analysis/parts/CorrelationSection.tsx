import { useMemo } from "react";
import type { FigureKey } from "../../../domain/stats/definitions.ts";
import type { Report } from "../../../domain/stats/report.ts";
import type { ScatterPoint } from "../../../workers/analysisMessages.ts";
import { correlationReasons } from "../explain.ts";
import { count, fixed, pValue } from "../format.ts";
import { evenSample } from "../sample.ts";
import { Defined } from "./Defined.tsx";
import { ScatterPlot } from "./ScatterPlot.tsx";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

/** Dots drawn at most; the fit and the figures always use every clip. */
export const MAX_DOTS = 2000;

/** Does a clip's score go down as more of it is marked unnatural? */
export function CorrelationSection({
  correlation,
  scatter,
  fit,
  systems,
  definitions,
}: {
  systems: readonly string[];
  correlation: Report["correlation"];
  scatter: readonly ScatterPoint[];
  fit: { slope: number; intercept: number } | null;
  definitions: (key: FigureKey) => string;
}) {
  const why = correlationReasons(correlation, scatter);
  const dots = useMemo(() => evenSample(scatter, MAX_DOTS), [scatter]);
  const ci = correlation.ci95;
  const rows: { key: FigureKey; label: string; text: string; reason?: string | undefined }[] = [
    {
      key: "correlation.pearson",
      label: "Pearson's r",
      text: fixed(correlation.pearson),
      reason: why.pearson,
    },
    { key: "correlation.p", label: "p (two-sided)", text: pValue(correlation.p), reason: why.p },
    {
      key: "correlation.ci95",
      label: "95% CI of r",
      text: ci ? `[${fixed(ci[0])}, ${fixed(ci[1])}]` : "—",
      reason: why.ci95,
    },
    { key: "correlation.n", label: "n (clips)", text: count(correlation.n) },
    {
      key: "correlation.spearman",
      label: "Spearman's rho",
      text: fixed(correlation.spearman),
      reason: why.spearman,
    },
  ];
  return (
    <Section
      id="correlation"
      title="Score vs unnatural length"
      subtitle="Each annotated clip with a score: its score against how many seconds an annotation marks on it, on average."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <figure className="min-w-0">
          {scatter.length > 0 ? (
            <ScatterPlot points={dots} allPoints={scatter} fit={fit} systems={systems} />
          ) : (
            <p className="flex h-48 items-center justify-center rounded-md bg-slate-50 text-sm text-slate-500">
              No annotated clip has a score yet, so there is nothing to plot.
            </p>
          )}
          <figcaption className="mt-2 text-xs text-slate-500">
            {dots.length < scatter.length
              ? `Showing ${count(dots.length)} of ${count(scatter.length)} clips, evenly sampled; the dashed line and the figures use all of them.`
              : `${count(scatter.length)} clips.`}{" "}
            Clips at the same spot share a larger dot (hover it for how many).{" "}
            {fit
              ? `Dashed line: least-squares fit, score = ${fixed(fit.intercept)} ${fit.slope < 0 ? "−" : "+"} ${fixed(Math.abs(fit.slope))} × length.`
              : "No fitted line: it needs at least two clips whose lengths differ."}
          </figcaption>
        </figure>
        <dl className="space-y-3 self-start rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
          {rows.map((row) => (
            <div key={row.key} data-figure={row.key}>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                <Defined definition={definitions(row.key)}>{row.label}</Defined>
              </dt>
              <dd className="text-lg font-semibold text-slate-900">
                <Value text={row.text} reason={row.reason} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}
