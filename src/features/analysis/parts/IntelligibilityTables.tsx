// The intelligibility section's tables and the parts around them: WER per system, the pairs of
// systems (which differ, and the groups that cannot be told apart), the interval's width against
// the number of stimuli, and the recognisers against the listeners.

import { RowTh, Table, Td, Th } from "../../../components/Table.tsx";
import type { Report } from "../../../domain/stats/report.ts";
import { ownValue } from "../../../domain/util/idRecord.ts";
import { count, fixed, percent, pValue } from "../format.ts";
import { CurveChart } from "./IntelligibilityCharts.tsx";
import { type PCell, SignificanceHeatmap } from "./ListeningTestCharts.tsx";

type Intelligibility = NonNullable<Report["intelligibility"]>;

/** WER per system with its S/D/I counts and bootstrap interval. */
export function WerTable({ it, systems }: { it: Intelligibility; systems: readonly string[] }) {
  return (
    <Table
      caption="WER per system"
      captionStyle="note"
      head={
        <>
          <Th>System</Th>
          <Th numeric>Transcripts</Th>
          <Th numeric>Listeners</Th>
          <Th numeric>Stimuli</Th>
          <Th numeric title="Substitutions">
            S
          </Th>
          <Th numeric title="Deletions">
            D
          </Th>
          <Th numeric title="Insertions">
            I
          </Th>
          <Th numeric>WER</Th>
          <Th numeric>95 % CI</Th>
        </>
      }
    >
      {systems.map((system) => {
        const s = ownValue(it.bySystem, system);
        if (!s) return null;
        return (
          <tr key={system} className="border-b border-slate-100">
            <RowTh className="font-medium text-slate-800">{system}</RowTh>
            <Td numeric>{count(s.transcripts)}</Td>
            <Td numeric>{count(s.listeners)}</Td>
            <Td numeric>{count(s.stimuli)}</Td>
            <Td numeric>{count(s.substitutions)}</Td>
            <Td numeric>{count(s.deletions)}</Td>
            <Td numeric>{count(s.insertions)}</Td>
            <Td numeric>{percent(s.wer)}</Td>
            <Td numeric>
              [{percent(s.ci95[0])}, {percent(s.ci95[1])}]
            </Td>
          </tr>
        );
      })}
    </Table>
  );
}

/**
 * Which systems differ: the Holm-adjusted p of each pair as a heatmap (systems from lowest to
 * highest WER), the groups that cannot be told apart, and the pairs' table.
 */
export function SystemPairs({
  it,
  byWer,
  cells,
}: {
  it: Intelligibility;
  /** The systems from lowest to highest WER. */
  byWer: readonly string[];
  cells: readonly PCell[];
}) {
  return (
    <div className="mt-6 grid gap-6 xl:grid-cols-2">
      <figure className="min-w-0">
        <SignificanceHeatmap systems={byWer} cells={cells} />
        <figcaption className="mt-2 text-xs text-slate-500">
          Holm-adjusted p of each pair, systems from lowest to highest WER; outlined = under 0.05.
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
          Each group is a run of systems, in order of WER, in which no pair differs significantly
          (as Taylor &amp; Richmond's Figure 4).
        </p>
        <Table
          className="mt-4 w-full text-sm"
          caption="Pairs"
          captionStyle="note"
          head={
            <>
              <Th>Pair</Th>
              <Th numeric>Stimuli</Th>
              <Th numeric>Mean a − b</Th>
              <Th numeric>p (Holm)</Th>
            </>
          }
        >
          {it.pairs.map((p) => (
            <tr key={`${p.a}\u0000${p.b}`} className="border-b border-slate-100">
              <RowTh className="font-normal text-slate-800">
                {p.a} – {p.b}
              </RowTh>
              <Td numeric>{count(p.stimuli)}</Td>
              <Td numeric>{fixed(p.meanDiff)}</Td>
              <Td numeric className={p.significant ? "font-semibold" : ""}>
                {pValue(p.pHolm)}
              </Td>
            </tr>
          ))}
        </Table>
      </div>
    </div>
  );
}

/** How many stimuli: the bootstrap interval's width against the number drawn. */
export function StimuliCurve({
  curve,
  pending,
}: {
  curve: Intelligibility["stimuliCurve"];
  /** The curve is still being computed (the worker sends it after the rest). */
  pending: boolean;
}) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-800">How many stimuli?</h3>
      {pending ? (
        <p className="mt-2 text-sm text-slate-500" role="status">
          Computing the interval width against the number of stimuli (1,000 bootstrap replicates per
          size)…
        </p>
      ) : curve.length > 0 ? (
        <figure>
          <CurveChart curve={curve} />
          <figcaption className="mt-2 text-xs text-slate-500">
            Mean width (± sd over systems) of the bootstrap 95 % interval when k stimuli are drawn
            (as Taylor &amp; Richmond's Figure 2): where it flattens, more stimuli buy little.
          </figcaption>
        </figure>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No curve (no system has a stimulus).</p>
      )}
    </div>
  );
}

/** Each recogniser's WER per system and Kendall's tau-b against the listeners' WER. */
export function Recognisers({
  asr,
  systems,
  engines,
}: {
  asr: Intelligibility["asr"];
  systems: readonly string[];
  engines: Readonly<Record<string, string>>;
}) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-800">Recognisers against listeners</h3>
      {Object.keys(asr).length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          No recogniser's transcripts: add some with the command line's <code>asr</code> or by
          importing a transcripts CSV with the role asr.
        </p>
      ) : (
        <Table
          className="mt-2 w-full text-sm"
          head={
            <>
              <Th>Recogniser</Th>
              {systems.map((s) => (
                <Th key={s} numeric>
                  {s}
                </Th>
              ))}
              <Th numeric title="Kendall's tau-b against the listeners' WER">
                τ
              </Th>
            </>
          }
        >
          {Object.entries(asr).map(([id, r]) => (
            <tr key={id} className="border-b border-slate-100">
              <RowTh className="font-normal text-slate-800">
                {id}
                {engines[id] ? (
                  <span className="block text-xs text-slate-500">{engines[id]}</span>
                ) : null}
              </RowTh>
              {systems.map((s) => (
                <Td key={s} numeric>
                  {percent(ownValue(r.bySystem, s)?.wer ?? null)}
                </Td>
              ))}
              <Td numeric>{fixed(r.kendallTau)}</Td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
