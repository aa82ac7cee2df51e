// The intelligibility test's section of the analysis screen. Its parts: the charts
// (IntelligibilityCharts.tsx), the tables and the parts around them (IntelligibilityTables.tsx),
// the figures drawn from the report (useIntelligibilityFigures), each clip's transcripts
// (TranscriptView) and the listeners' reliability (ReliabilityList).
import { useMemo } from "react";
import type { Report } from "../../../domain/stats/report.ts";
import type { TokenUnit } from "../../../domain/transcripts/normalise.ts";
import type { StudyConsensus } from "../../../domain/transcripts/studyConsensus.ts";
import { ownValue } from "../../../domain/util/idRecord.ts";
import { count } from "../format.ts";
import { orderSystems } from "../palette.ts";
import { AnovaTable } from "./AnovaTable.tsx";
import { GroupChart, WerChart, type WerPoint } from "./IntelligibilityCharts.tsx";
import { Recognisers, StimuliCurve, SystemPairs, WerTable } from "./IntelligibilityTables.tsx";
import type { PCell } from "./ListeningTestCharts.tsx";
import { ReliabilityList } from "./ReliabilityList.tsx";
import { Section } from "./Section.tsx";
import { TranscriptView } from "./TranscriptView.tsx";

type Intelligibility = NonNullable<Report["intelligibility"]>;

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
  const { systems, points, byWer, cells, groupRows } = useIntelligibilityFigures(it);
  const consensusParts = (tokenUnit: TokenUnit) => (
    <>
      <TranscriptView
        studyId={studyId}
        unit={tokenUnit}
        consensus={consensus}
        consensusPending={consensusPending}
      />
      <ReliabilityList annotators={consensus?.annotators} pending={consensusPending} />
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
          <WerTable it={it} systems={systems} />
        </div>
      </div>

      {systems.length > 1 ? <SystemPairs it={it} byWer={byWer} cells={cells} /> : null}

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <StimuliCurve curve={it.stimuliCurve} pending={curvePending} />
        <Recognisers asr={it.asr} systems={systems} engines={engines} />
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

/** The figures the section draws from the report: systems in order, WER points, pairs, groups. */
function useIntelligibilityFigures(it: Intelligibility | null) {
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
  return { systems, points, byWer, cells, groupRows };
}
