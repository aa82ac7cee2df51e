import { useMemo } from "react";
import { RowTh, Table, Td, Th } from "../../../components/Table.tsx";
import type { Comparison } from "../../../domain/stats/comparison.ts";
import { ownValue } from "../../../domain/util/idRecord.ts";
import { count, fixed, percent, pValue } from "../format.ts";
import {
  type AccuracyBar,
  AccuracyHistogram,
  StrengthChart,
  type StrengthPoint,
} from "./ComparisonCharts.tsx";
import { Section } from "./Section.tsx";
import { Value } from "./Value.tsx";

const NO_DECISION = "every judgment a tie: no share, no test";
const ONE_JUDGMENT = "one judgment: no spread";

const interval = (ci: readonly [number, number] | null | undefined, digits = 2) =>
  ci ? `[${fixed(ci[0], digits)}, ${fixed(ci[1], digits)}]` : "—";

interface RankedStrength extends StrengthPoint {
  rank: number;
}

/**
 * The paired comparison (docs/spec/statistics.md, "Paired comparisons"): per pair of items the
 * share of judgments preferring the row's first item with its Wilson interval, the exact
 * binomial test Holm-adjusted (significant rows marked), a CCR test's mean differences, the
 * Bradley–Terry strengths with their listener-bootstrap intervals, and the natural-pairs
 * pre-test's accuracies (Chiang et al.'s Figure 1).
 */
export function ComparisonSection({ comparison }: { comparison: Comparison | null }) {
  const strengths = useMemo<RankedStrength[]>(() => {
    if (comparison === null) return [];
    return Object.keys(comparison.bradleyTerry)
      .map((item) => {
        const s = ownValue(comparison.bradleyTerry, item);
        return {
          item,
          strength: s?.strength ?? 0,
          lo: s?.ci95[0] ?? 0,
          hi: s?.ci95[1] ?? 0,
          rank: s?.rank ?? 0,
        };
      })
      .sort((x, y) => x.rank - y.rank);
  }, [comparison]);
  const bars = useMemo<AccuracyBar[]>(
    () => comparison?.qualification?.histogram ?? [],
    [comparison],
  );
  if (comparison === null) {
    return (
      <Section id="comparison" title="Paired comparison">
        <p className="text-sm text-slate-500">
          No judgments yet: import a file whose pairs[] and judgments[] hold a comparison test (an
          interchange file, webMUSHRA's CSV or the P.808 toolkit's CCR answers).
        </p>
      </Section>
    );
  }
  const { pairs, qualification } = comparison;
  const ccr = comparison.scale === "ccr";
  const significant = pairs.filter((p) => p.significant).length;
  return (
    <Section
      id="comparison"
      title={ccr ? "Paired comparison (CCR / CMOS)" : "Paired comparison (A/B preference)"}
      subtitle={
        <>
          {count(comparison.judgments)} judgments on {count(pairs.length)} pairs of items
          {comparison.sameItem > 0
            ? ` (${count(comparison.sameItem)} on pairs of one item left out)`
            : ""}
          . Share preferring the row's first item with its Wilson 95 % interval; exact two-sided
          binomial test, Holm-adjusted ({count(significant)} significant, marked *).
        </>
      }
    >
      {pairs.length > 0 ? (
        <div className="relative overflow-x-auto">
          <Table
            caption="Preference per pair of items (ties: judgments preferring neither)"
            captionStyle="note"
            td="py-1 pr-3"
            head={
              <>
                <Th>Item</Th>
                <Th>over</Th>
                <Th numeric>Judgments</Th>
                <Th numeric>Wins</Th>
                <Th numeric>Ties</Th>
                <Th numeric>Prefer item</Th>
                <Th numeric>95% CI</Th>
                <Th numeric>p (Holm)</Th>
                {ccr ? (
                  <>
                    <Th numeric>CMOS item − other</Th>
                    <Th numeric>95% CI (t)</Th>
                  </>
                ) : null}
              </>
            }
          >
            {pairs.map((p) => {
              const key = `${p.a}\u0000${p.b}`;
              return (
                <tr key={key} className="border-b border-slate-100 last:border-0">
                  <RowTh>{p.a}</RowTh>
                  <Td>{p.b}</Td>
                  <Td numeric>{count(p.judgments)}</Td>
                  <Td numeric>
                    {count(p.aWins)} : {count(p.bWins)}
                  </Td>
                  <Td numeric>{count(p.same)}</Td>
                  <Td
                    numeric
                    className="font-medium"
                    data-figure={`comparison.${p.a}.${p.b}.preferA`}
                  >
                    <Value text={percent(p.preferA)} reason={NO_DECISION} />
                  </Td>
                  <Td numeric>
                    <Value text={interval(p.ci95)} reason={NO_DECISION} />
                  </Td>
                  <Td numeric data-figure={`comparison.${p.a}.${p.b}.pHolm`}>
                    <Value text={pValue(p.pHolm)} reason={NO_DECISION} />
                    {p.significant ? (
                      <abbr title="significant after Holm's correction">{" *"}</abbr>
                    ) : null}
                  </Td>
                  {ccr ? (
                    <>
                      <Td numeric data-figure={`comparison.${p.a}.${p.b}.meanDiff`}>
                        <Value text={fixed(p.meanDiff ?? null, 2)} />
                      </Td>
                      <Td numeric>
                        <Value text={interval(p.meanDiffCi95)} reason={ONE_JUDGMENT} />
                      </Td>
                    </>
                  ) : null}
                </tr>
              );
            })}
          </Table>
        </div>
      ) : (
        <p className="text-sm text-slate-500">
          {qualification !== null
            ? "Only the pre-test's judgments: no pair of the main test was judged."
            : "No judgment of the main test yet."}
        </p>
      )}
      {strengths.length > 0 ? (
        <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
          <figure className="min-w-0">
            <StrengthChart points={strengths} />
            <figcaption className="mt-2 text-xs text-slate-500">
              Bradley–Terry strengths (log scale, centred) with 95 % intervals from resampling the
              listeners.
            </figcaption>
          </figure>
          <Table
            className="w-full self-start text-sm"
            caption="Bradley–Terry strengths, strongest first"
            captionStyle="note"
            td="py-1 pr-3"
            head={
              <>
                <Th>Rank</Th>
                <Th>Item</Th>
                <Th numeric>Strength</Th>
                <Th numeric>95% CI</Th>
              </>
            }
          >
            {strengths.map((s) => (
              <tr key={s.item} className="border-b border-slate-100 last:border-0">
                <Td className="tabular-nums">{s.rank}</Td>
                <RowTh>{s.item}</RowTh>
                <Td numeric data-figure={`comparison.bt.${s.item}`}>
                  {fixed(s.strength, 2)}
                </Td>
                <Td numeric>{interval([s.lo, s.hi])}</Td>
              </tr>
            ))}
          </Table>
        </div>
      ) : null}
      {qualification !== null ? (
        <div className="mt-6">
          <h3 className="text-sm font-semibold text-slate-900">Pre-test (natural pairs)</h3>
          <p className="mt-0.5 text-sm text-slate-500" data-figure="comparison.qualification">
            {count(qualification.passed)} of {count(qualification.participants)} participants
            preferred the natural recording on at least {percent(qualification.passAccuracy)} of the{" "}
            {count(qualification.pairs)} pairs.
          </p>
          {bars.length > 0 ? (
            <div className="mt-3 grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,16rem)]">
              <AccuracyHistogram bars={bars} passAccuracy={qualification.passAccuracy} />
              <Table
                className="w-full self-start text-sm"
                caption="Participants per accuracy"
                captionStyle="note"
                td="py-1 pr-3"
                head={
                  <>
                    <Th numeric>Accuracy</Th>
                    <Th numeric>Participants</Th>
                  </>
                }
              >
                {bars.map((b) => (
                  <tr key={b.accuracy} className="border-b border-slate-100 last:border-0">
                    <Td numeric>{percent(b.accuracy)}</Td>
                    <Td numeric>{count(b.participants)}</Td>
                  </tr>
                ))}
              </Table>
            </div>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}
