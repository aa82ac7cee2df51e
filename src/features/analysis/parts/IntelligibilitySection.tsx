import * as Plot from "@observablehq/plot";
import { useCallback, useMemo } from "react";
import type { Report } from "../../../domain/stats/report.ts";
import type { TokenUnit } from "../../../domain/transcripts/normalise.ts";
import type { StudyConsensus } from "../../../domain/transcripts/studyConsensus.ts";
import { ownValue } from "../../../domain/util/idRecord.ts";
import { axisLabels, textMeasure } from "../axisLabels.ts";
import { count, fixed, percent, pValue } from "../format.ts";
import { orderSystems, systemColors } from "../palette.ts";
import { AnovaTable } from "./AnovaTable.tsx";
import { type PCell, SignificanceHeatmap } from "./ListeningTestCharts.tsx";
import { PlotView } from "./PlotView.tsx";
import { ReliabilityList } from "./ReliabilityList.tsx";
import { Section } from "./Section.tsx";
import { TranscriptView } from "./TranscriptView.tsx";

type Intelligibility = NonNullable<Report["intelligibility"]>;

interface WerPoint {
  system: string;
  wer: number;
  lo: number;
  hi: number;
}

/** WER per system with its bootstrap interval. */
function WerChart({ points }: { points: readonly WerPoint[] }) {
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
function CurveChart({ curve }: { curve: Intelligibility["stimuliCurve"] }) {
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

const TH = "py-2 pr-3 font-medium";
const THR = `${TH} text-right`;
const TD = "py-1.5 pr-3 tabular-nums text-right";

/**
 * The intelligibility test (docs/spec/statistics.md, "Transcriptions and intelligibility"): WER
 * per system with its bootstrap interval and S/D/I, which systems differ (signed-rank on
 * per-stimulus WER, Holm) and the groups that cannot be told apart, the interval's width against
 * the number of stimuli, recognisers against listeners, WER by listener group, the ANOVAs, and
 * each clip's transcripts aligned with its text.
 */
export function IntelligibilitySection({
  studyId,
  intelligibility: it,
  why,
  alpha,
  engines,
  groupBy,
  curvePending,
  unit: studyUnit = "word",
  consensus,
  consensusPending = false,
}: {
  studyId: string;
  intelligibility: Intelligibility | null;
  /** Why nothing is scored, when nothing is. */
  why: string | null;
  alpha: number;
  engines: Readonly<Record<string, string>>;
  groupBy: string | undefined;
  /** The stimuli curve is still being computed (the worker sends it after the rest). */
  curvePending: boolean;
  /** The study's token unit (the report's, when something is scored). */
  unit?: TokenUnit;
  /** The listeners' consensus and reliability (the worker sends it after the rest). */
  consensus?: StudyConsensus | null | undefined;
  consensusPending?: boolean;
}) {
  const systems = useMemo(() => (it ? orderSystems(Object.keys(it.bySystem)) : []), [it]);
  const points = useMemo<WerPoint[]>(
    () =>
      it
        ? systems.map((system) => {
            const s = ownValue(it.bySystem, system);
            return { system, wer: s?.wer ?? 0, lo: s?.ci95[0] ?? 0, hi: s?.ci95[1] ?? 0 };
          })
        : [],
    [it, systems],
  );
  const byWer = useMemo(
    () => [...points].sort((x, y) => x.wer - y.wer).map((p) => p.system),
    [points],
  );
  const cells = useMemo<PCell[]>(
    () => (it ? it.pairs.map((p) => ({ a: p.a, b: p.b, p: p.pHolm })) : []),
    [it],
  );
  const groupRows = useMemo(
    () =>
      it?.byListenerGroup
        ? Object.entries(it.byListenerGroup).flatMap(([group, per]) =>
            Object.entries(per).map(([system, c]) => ({ group, system, wer: c.wer })),
          )
        : [],
    [it],
  );
  const consensusParts = (tokenUnit: TokenUnit) => (
    <>
      <TranscriptView
        studyId={studyId}
        unit={tokenUnit}
        consensus={consensus}
        consensusPending={consensusPending}
      />
      <ReliabilityList workers={consensus?.workers} pending={consensusPending} />
    </>
  );
  if (it === null) {
    if (why === null) return null;
    return (
      <Section id="intelligibility" title="Intelligibility (WER)">
        <p className="text-sm text-slate-600">Nothing can be scored yet: {why}.</p>
        {consensusParts(studyUnit)}
      </Section>
    );
  }
  const unit = it.unit === "word" ? "word" : "character";
  const significant = it.pairs.filter((p) => p.significant).length;
  return (
    <Section
      id="intelligibility"
      title="Intelligibility (WER)"
      subtitle={
        <>
          {unit === "word" ? "Word" : "Character"} error rate of {count(it.scored)} listener
          transcripts against the clips' texts
          {it.unscored > 0 ? ` (${count(it.unscored)} not scored: no text with ${unit}s)` : ""}:
          pooled per system (errors over reference {unit}s) with a 95 % bootstrap interval over the
          stimuli; two systems differ when the Wilcoxon signed-rank test on per-stimulus WER,
          Holm-adjusted, is under {alpha} ({count(significant)} of {count(it.pairs.length)} pairs).
        </>
      }
    >
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,34rem)]">
        <figure className="min-w-0">
          <WerChart points={points} />
          <figcaption className="mt-2 text-xs text-slate-500">
            Dot = WER; bar = bootstrap 95 % interval (stimuli drawn with replacement).
          </figcaption>
        </figure>
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="mb-1 text-left text-xs text-slate-500">WER per system</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                <th scope="col" className={TH}>
                  System
                </th>
                <th scope="col" className={THR}>
                  Transcripts
                </th>
                <th scope="col" className={THR}>
                  Listeners
                </th>
                <th scope="col" className={THR}>
                  Stimuli
                </th>
                <th scope="col" className={THR} title="Substitutions">
                  S
                </th>
                <th scope="col" className={THR} title="Deletions">
                  D
                </th>
                <th scope="col" className={THR} title="Insertions">
                  I
                </th>
                <th scope="col" className={THR}>
                  WER
                </th>
                <th scope="col" className={THR}>
                  95 % CI
                </th>
              </tr>
            </thead>
            <tbody>
              {systems.map((system) => {
                const s = ownValue(it.bySystem, system);
                if (!s) return null;
                return (
                  <tr key={system} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 pr-3 text-left font-medium text-slate-800">
                      {system}
                    </th>
                    <td className={TD}>{count(s.transcripts)}</td>
                    <td className={TD}>{count(s.listeners)}</td>
                    <td className={TD}>{count(s.stimuli)}</td>
                    <td className={TD}>{count(s.substitutions)}</td>
                    <td className={TD}>{count(s.deletions)}</td>
                    <td className={TD}>{count(s.insertions)}</td>
                    <td className={TD}>{percent(s.wer)}</td>
                    <td className={TD}>
                      [{percent(s.ci95[0])}, {percent(s.ci95[1])}]
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>

      {systems.length > 1 ? (
        <div className="mt-6 grid gap-6 xl:grid-cols-2">
          <figure className="min-w-0">
            <SignificanceHeatmap systems={byWer} cells={cells} />
            <figcaption className="mt-2 text-xs text-slate-500">
              Holm-adjusted p of each pair, systems from lowest to highest WER; outlined = under
              0.05.
            </figcaption>
          </figure>
          <div>
            <h3 className="text-sm font-medium text-slate-800">Groups that cannot be told apart</h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
              {it.groups.map((g) => (
                <li key={g.join("\u0000")}>{g.join(", ")}</li>
              ))}
            </ol>
            <p className="mt-2 text-xs text-slate-500">
              Each group is a run of systems, in order of WER, in which no pair differs
              significantly (as Taylor &amp; Richmond's Figure 4).
            </p>
            <table className="mt-4 w-full text-sm">
              <caption className="mb-1 text-left text-xs text-slate-500">Pairs</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                  <th scope="col" className={TH}>
                    Pair
                  </th>
                  <th scope="col" className={THR}>
                    Stimuli
                  </th>
                  <th scope="col" className={THR}>
                    Mean a − b
                  </th>
                  <th scope="col" className={THR}>
                    p (Holm)
                  </th>
                </tr>
              </thead>
              <tbody>
                {it.pairs.map((p) => (
                  <tr key={`${p.a}\u0000${p.b}`} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-800">
                      {p.a} – {p.b}
                    </th>
                    <td className={TD}>{count(p.stimuli)}</td>
                    <td className={TD}>{fixed(p.meanDiff)}</td>
                    <td className={`${TD} ${p.significant ? "font-semibold" : ""}`}>
                      {pValue(p.pHolm)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <div>
          <h3 className="text-sm font-medium text-slate-800">How many stimuli?</h3>
          {curvePending ? (
            <p className="mt-2 text-sm text-slate-500" role="status">
              Computing the interval width against the number of stimuli (1,000 bootstrap replicates
              per size)…
            </p>
          ) : it.stimuliCurve.length > 0 ? (
            <figure>
              <CurveChart curve={it.stimuliCurve} />
              <figcaption className="mt-2 text-xs text-slate-500">
                Mean width (± sd over systems) of the bootstrap 95 % interval when k stimuli are
                drawn (as Taylor &amp; Richmond's Figure 2): where it flattens, more stimuli buy
                little.
              </figcaption>
            </figure>
          ) : (
            <p className="mt-2 text-sm text-slate-500">No curve (no system has a stimulus).</p>
          )}
        </div>
        <div>
          <h3 className="text-sm font-medium text-slate-800">Recognisers against listeners</h3>
          {Object.keys(it.asr).length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">
              No recogniser's transcripts: add some with the command line's <code>asr</code> or by
              importing a transcripts CSV with the role asr.
            </p>
          ) : (
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                  <th scope="col" className={TH}>
                    Recogniser
                  </th>
                  {systems.map((s) => (
                    <th key={s} scope="col" className={THR}>
                      {s}
                    </th>
                  ))}
                  <th
                    scope="col"
                    className={THR}
                    title="Kendall's tau-b against the listeners' WER"
                  >
                    τ
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(it.asr).map(([id, r]) => (
                  <tr key={id} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-800">
                      {id}
                      {engines[id] ? (
                        <span className="block text-xs text-slate-500">{engines[id]}</span>
                      ) : null}
                    </th>
                    {systems.map((s) => (
                      <td key={s} className={TD}>
                        {percent(ownValue(r.bySystem, s)?.wer ?? null)}
                      </td>
                    ))}
                    <td className={TD}>{fixed(r.kendallTau)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>

      {it.byListenerGroup ? (
        <div className="mt-6">
          <h3 className="text-sm font-medium text-slate-800">WER by listener group ({groupBy})</h3>
          <GroupChart rows={groupRows} systems={systems} />
        </div>
      ) : null}

      <AnovaTable title="Two-factor ANOVA of the transcripts' WER (Type II)" rows={it.anova} />
      {consensusParts(it.unit)}
    </Section>
  );
}
