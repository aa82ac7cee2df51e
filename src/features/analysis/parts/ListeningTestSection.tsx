import { useMemo } from "react";
import { RowTh, Table, Td, Th } from "../../../components/Table.tsx";
import type { Report } from "../../../domain/stats/report.ts";
import { ownValue } from "../../../domain/util/idRecord.ts";
import type { StudyInfo } from "../analysisClient.ts";
import { count, fixed, pValue } from "../format.ts";
import { orderSystems } from "../palette.ts";
import { AnovaTable } from "./AnovaTable.tsx";
import {
  MosChart,
  type MosPoint,
  type PCell,
  SignificanceHeatmap,
  StimuliChart,
} from "./ListeningTestCharts.tsx";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

const ONE_RATING = "one rating: no spread";
const NO_PAIR = "no sentence rated for both, or every difference 0";

/**
 * The listening test (docs/spec/statistics.md, "Listening-test scores"): MOS per system with
 * its Student-t 95 % interval, and whether each pair of systems differs, by the Wilcoxon
 * signed-rank test on per-sentence means with Holm's correction, as a matrix and a table.
 */
export function ListeningTestSection({
  mos,
  resampling,
}: {
  mos: Report["mos"];
  /** Resampling estimates (beyond the spec), when the worker made them. */
  resampling?: StudyInfo["resampling"] | undefined;
}) {
  const systems = useMemo(() => orderSystems(Object.keys(mos.bySystem)), [mos]);
  const points = useMemo<MosPoint[]>(
    () =>
      systems.map((system) => {
        const m = ownValue(mos.bySystem, system);
        return {
          system,
          mean: m?.mean ?? 0,
          lo: m?.ci95?.[0] ?? null,
          hi: m?.ci95?.[1] ?? null,
        };
      }),
    [systems, mos],
  );
  const cells = useMemo<PCell[]>(
    () => mos.pairs.map((p) => ({ a: p.a, b: p.b, p: p.pHolm })),
    [mos],
  );
  const tested = mos.pairs.filter((p) => p.p !== null).length;
  const significant = mos.pairs.filter((p) => p.pHolm !== null && p.pHolm < 0.05).length;
  if (systems.length === 0) {
    return (
      <Section id="listening-test" title="Listening test (MOS)">
        <p className="text-sm text-slate-500">
          No ratings yet: turn on "Annotators must rate each clip" in the study's settings, or
          import files whose submissions carry a score.
        </p>
      </Section>
    );
  }
  return (
    <Section
      id="listening-test"
      title="Listening test (MOS)"
      subtitle={
        <>
          Mean opinion score per system with its 95 % interval (Student t over the ratings), and
          whether two systems differ: Wilcoxon signed-rank on per-sentence means, Holm-adjusted over
          the {count(tested)} pairs tested ({count(significant)} under 0.05).
        </>
      }
    >
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
        <figure className="min-w-0">
          <MosChart points={points} />
          <figcaption className="mt-2 text-xs text-slate-500">
            Dot = MOS; bar = 95 % interval (t), cut at the scale's ends. Ratings of one system by
            the same listeners and of the same sentences are not independent, so the t interval is
            narrower than the truth.
          </figcaption>
        </figure>
        <div className="relative overflow-x-auto">
          <Table
            caption="MOS per system (1–5)"
            captionStyle="note"
            td="py-1 pr-3"
            head={
              <>
                <Th>System</Th>
                <Th numeric>MOS</Th>
                <Th numeric last>
                  95 % CI
                </Th>
                {resampling ? (
                  <Th
                    numeric
                    last
                    className="pl-3"
                    title={`Bootstrap: ${resampling.replicates} replicates drawing raters and sentences with replacement`}
                  >
                    Bootstrap CI*
                  </Th>
                ) : null}
                <Th numeric className="pl-3">
                  SD
                </Th>
                <Th numeric>Ratings</Th>
                <Th numeric last>
                  Raters
                </Th>
              </>
            }
          >
            {systems.map((s) => {
              const m = ownValue(mos.bySystem, s);
              return (
                <tr key={s} className="border-b border-slate-100 last:border-0">
                  <RowTh>{s}</RowTh>
                  <Td className="text-right font-medium" data-figure={`mos.${s}.mean`}>
                    <Value text={fixed(m?.mean, 2)} />
                  </Td>
                  <Td last className="text-right" data-figure={`mos.${s}.ci95`}>
                    <Value
                      text={m?.ci95 ? `[${fixed(m.ci95[0], 2)}, ${fixed(m.ci95[1], 2)}]` : "—"}
                      reason={ONE_RATING}
                    />
                  </Td>
                  {resampling ? (
                    <Td last className="pl-3 text-right" data-figure={`mos.${s}.bootstrap`}>
                      <Value
                        text={(() => {
                          const b = ownValue(resampling.mos, s);
                          return b ? `[${fixed(b[0], 2)}, ${fixed(b[1], 2)}]` : "—";
                        })()}
                        reason="too few ratings to resample"
                      />
                    </Td>
                  ) : null}
                  <Td className="pl-3 text-right">
                    <Value text={fixed(m?.sd ?? null, 2)} reason={ONE_RATING} />
                  </Td>
                  <Td numeric>{count(m?.n ?? 0)}</Td>
                  <Td numeric last>
                    {count(m?.raters ?? 0)}
                  </Td>
                </tr>
              );
            })}
          </Table>
          {resampling ? (
            <p className="mt-1 text-xs text-slate-500">
              * Resampling estimate, not part of the spec: a 95 % percentile interval over{" "}
              {count(resampling.replicates)} replicates that draw raters and sentences together with
              replacement (seeded: the same data give the same interval).
            </p>
          ) : null}
        </div>
      </div>
      {resampling?.curve && resampling.curve.length > 1 ? (
        <div className="relative mt-6 flex flex-wrap items-start gap-6 overflow-x-auto">
          <StimuliChart points={resampling.curve} />
          <Table
            className="text-sm"
            caption={
              <>
                How many sentences do I need? (resampling estimate: random sets of sentences of each
                size, 20 draws; as Taylor &amp; Richmond's Figures 2 and 5)
              </>
            }
            captionStyle="note"
            th="py-2 pr-6 font-medium"
            td="py-1 pr-6"
            head={
              <>
                <Th>Sentences</Th>
                <Th numeric>Mean width of the 95 % t intervals</Th>
                <Th numeric last>
                  Norm of the Holm p matrix
                </Th>
              </>
            }
          >
            {resampling.curve.map((p) => (
              <tr key={p.sentences} className="border-b border-slate-100 last:border-0">
                <RowTh className="font-normal tabular-nums">{count(p.sentences)}</RowTh>
                <Td className="text-right">
                  <Value text={fixed(p.ciWidth, 2)} reason="no system with two ratings" />
                </Td>
                <Td last className="text-right">
                  <Value text={fixed(p.pNorm, 3)} reason="no testable pair" />
                </Td>
              </tr>
            ))}
          </Table>
        </div>
      ) : null}
      {mos.pairs.length > 0 && (
        <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
          <figure className="min-w-0">
            <SignificanceHeatmap systems={systems} cells={cells} />
            <figcaption className="mt-2 text-xs text-slate-500">
              Holm-adjusted p of each pair (symmetric); outlined cells differ at 0.05; grey: not
              testable ({NO_PAIR}). As in Taylor &amp; Richmond (Interspeech 2021), Fig. 3.
            </figcaption>
          </figure>
          <div className="relative overflow-x-auto">
            <Table
              caption="Pairs of systems (mean difference a − b over shared sentences)"
              captionStyle="note"
              td="py-1 pr-3"
              head={
                <>
                  <Th>a − b</Th>
                  <Th numeric>Sentences</Th>
                  <Th numeric>Mean diff.</Th>
                  <Th numeric>p</Th>
                  <Th numeric last>
                    p (Holm)
                  </Th>
                </>
              }
            >
              {mos.pairs.map((p) => (
                <tr key={`${p.a}\n${p.b}`} className="border-b border-slate-100 last:border-0">
                  <RowTh>
                    {p.a} − {p.b}
                  </RowTh>
                  <Td numeric>{count(p.sentences)}</Td>
                  <Td className="text-right">
                    <Value text={fixed(p.meanDiff, 2)} reason="no shared sentence" />
                  </Td>
                  <Td className="text-right">
                    <Value text={pValue(p.p)} />
                  </Td>
                  <Td
                    last
                    className={`text-right ${p.pHolm !== null && p.pHolm < 0.05 ? "font-semibold" : ""}`}
                    data-figure={`mos.${p.a}.${p.b}.pHolm`}
                  >
                    <Value text={pValue(p.pHolm)} />
                  </Td>
                </tr>
              ))}
            </Table>
          </div>
        </div>
      )}
      <AnovaTable title="Two-factor ANOVA of the ratings (Type II)" rows={mos.anova ?? []} />
    </Section>
  );
}
