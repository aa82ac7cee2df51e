import * as Plot from "@observablehq/plot";
import { useCallback, useMemo } from "react";
import { Card } from "../../components/Card.tsx";
import { RowTh, Table, Td, Th } from "../../components/Table.tsx";
import {
  conditionsCsv,
  conditionsJson,
  conditionsLatex,
  differenceSentences,
  lastRanks,
  placeOf,
  pText,
  rankChanges,
  shortOrdinal,
} from "../../domain/report/conditions.ts";
import type { ConditionComparison } from "../../domain/stats/conditions.ts";
import { CONDITIONS_ALPHA } from "../../domain/stats/conditions.ts";
import { fixed, NULL_MARK } from "../../domain/util/fixed.ts";
import { downloadFile } from "../../lib/download.ts";
import { PlotView, systemColors } from "../analysis/index.ts";

interface Point {
  system: string;
  condition: string;
  mean: number;
  lo: number | null;
  hi: number | null;
}

/** Each system's mean and 95 % interval per condition: a row of systems, a dot per condition. */
function ConditionsChart({ result }: { result: ConditionComparison }) {
  const labels = useMemo(() => result.conditions.map((c) => c.label), [result]);
  const points = useMemo(
    () =>
      result.systems.flatMap((s) =>
        s.byCondition.flatMap((cell, c): Point[] =>
          cell.mean === null
            ? []
            : [
                {
                  system: s.system,
                  condition: labels[c] as string,
                  mean: cell.mean,
                  lo: cell.ci95HalfWidth === null ? null : cell.mean - cell.ci95HalfWidth,
                  hi: cell.ci95HalfWidth === null ? null : cell.mean + cell.ci95HalfWidth,
                },
              ],
        ),
      ),
    [result, labels],
  );
  const render = useCallback(
    () =>
      Plot.plot({
        width: 720,
        height: Math.max(160, result.systems.length * (18 * labels.length + 16) + 60),
        marginLeft: 110,
        marginBottom: 44,
        style: { fontSize: "12px", color: "#334155" },
        ariaLabel: "Mean opinion score of each system per condition with 95% confidence intervals",
        ariaDescription: "The table above the chart lists every value.",
        x: {
          domain: [1, 5],
          label: "MOS (1 = bad, 5 = excellent)",
          labelAnchor: "center",
          labelArrow: "none",
          grid: true,
        },
        fy: { domain: result.systems.map((s) => s.system), label: null },
        y: { domain: labels, axis: null },
        color: { domain: labels, range: systemColors(labels.length), legend: true },
        marks: [
          Plot.ruleY(
            points.filter((p) => p.lo !== null && p.hi !== null),
            {
              fy: "system",
              y: "condition",
              x1: (d: Point) => Math.max(1, d.lo as number),
              x2: (d: Point) => Math.min(5, d.hi as number),
              stroke: "condition",
              strokeWidth: 3,
              strokeOpacity: 0.55,
            },
          ),
          Plot.dot(points, {
            fy: "system",
            y: "condition",
            x: "mean",
            fill: "condition",
            r: 5,
            tip: true,
            title: (d: Point) =>
              `${d.system}, ${d.condition}: ${d.mean.toFixed(2)}${
                d.lo === null || d.hi === null
                  ? " (one rating: no interval)"
                  : ` [${d.lo.toFixed(2)}, ${d.hi.toFixed(2)}]`
              }`,
          }),
        ],
      }),
    [points, labels, result.systems],
  );
  return <PlotView render={render} className="relative overflow-x-auto" />;
}

const PLACE_CLASS = {
  best: "font-bold",
  "runner-up": "underline",
  worst: "italic",
} as const;

/** The table, the chart, the rank changes and differences in words, and the downloads. */
export function CompareResult({ result }: { result: ConditionComparison }) {
  const last = lastRanks(result);
  const changes = rankChanges(result);
  const sentences = differenceSentences(result);
  const save = (fileName: string, mimeType: string, data: string) =>
    downloadFile({ fileName, mimeType, data });
  return (
    <>
      <Card
        title="MOS per condition"
        description="Mean with the 95 % t interval's half width; best in bold, runner-up underlined, worst in italics."
        actions={
          <div className="flex flex-wrap gap-2">
            <DownloadButton
              onClick={() => save("conditions.json", "application/json", conditionsJson(result))}
            >
              Download JSON
            </DownloadButton>
            <DownloadButton
              onClick={() =>
                save("conditions.csv", "text/csv;charset=utf-8", conditionsCsv(result))
              }
            >
              Download CSV
            </DownloadButton>
            <DownloadButton
              onClick={() => save("conditions.tex", "application/x-tex", conditionsLatex(result))}
            >
              Download LaTeX
            </DownloadButton>
          </div>
        }
      >
        <div className="overflow-x-auto">
          <Table
            className="min-w-full text-sm"
            aria-label="MOS per system and condition"
            headRow="large"
            th="py-1.5 font-medium"
            td=""
            head={
              <>
                <Th className="pr-4">System</Th>
                {result.conditions.map((c) => (
                  <Th key={c.label} numeric className="px-3">
                    {c.label}
                  </Th>
                ))}
              </>
            }
          >
            {result.systems.map((s) => (
              <tr key={s.system} className="border-b border-slate-100">
                <RowTh className="py-1.5 pr-4 font-medium">{s.system}</RowTh>
                {s.byCondition.map((cell, c) => {
                  const place = placeOf(cell.rank, last[c] ?? 1);
                  return (
                    <Td key={result.conditions[c]?.label} numeric className="px-3 py-1.5">
                      {cell.mean === null ? (
                        NULL_MARK
                      ) : (
                        <>
                          <span className={place ? PLACE_CLASS[place] : undefined}>
                            {fixed(cell.mean, 2)}
                          </span>
                          {cell.ci95HalfWidth !== null && (
                            <sub className="ml-0.5 text-slate-500">
                              ±{fixed(cell.ci95HalfWidth, 2)}
                            </sub>
                          )}
                          <span className="ml-1.5 text-xs text-slate-500">
                            {place ?? shortOrdinal(cell.rank as number)}
                          </span>
                        </>
                      )}
                    </Td>
                  );
                })}
              </tr>
            ))}
            {(
              [
                ["Raters", (i: number) => String(result.conditions[i]?.raters)],
                ["Ratings", (i: number) => String(result.conditions[i]?.ratings)],
                [
                  "Minutes per rater",
                  (i: number) => fixed(result.conditions[i]?.minutesPerRater ?? null, 1),
                ],
              ] as const
            ).map(([name, value]) => (
              <tr key={name} className="text-slate-600">
                <RowTh className="py-1 pr-4 font-normal">{name}</RowTh>
                {result.conditions.map((c, i) => (
                  <Td key={c.label} numeric className="px-3 py-1">
                    {value(i)}
                  </Td>
                ))}
              </tr>
            ))}
          </Table>
        </div>
        <div className="mt-4">
          <ConditionsChart result={result} />
        </div>
      </Card>
      <Card title="Rankings and rank changes">
        <ul className="space-y-1 text-sm" aria-label="Kendall's tau-b between the conditions">
          {result.rankings.map((r) => (
            <li key={`${r.a}\u0000${r.b}`}>
              Kendall's tau-b between '{r.a}' and '{r.b}': {fixed(r.kendallTau, 3)} ({r.systems}{" "}
              {r.systems === 1 ? "system" : "systems"} in both)
            </li>
          ))}
        </ul>
        <ul className="mt-3 space-y-1 text-sm" aria-label="Rank changes">
          {changes.length === 0 ? (
            <li>Every system has the same place under every condition that rated it.</li>
          ) : (
            changes.map((line) => <li key={line}>{line}</li>)
          )}
        </ul>
      </Card>
      <Card
        title="Differences between conditions"
        description={`Mann–Whitney on each system's ratings, Holm-adjusted over all; significant below ${CONDITIONS_ALPHA}.`}
      >
        <ul className="mb-3 space-y-1 text-sm" aria-label="Differences in words">
          {sentences.length === 0 ? (
            <li>No system is rated in two conditions.</li>
          ) : (
            sentences.map((line) => <li key={line}>{line}</li>)
          )}
        </ul>
        {result.differences.length > 0 && (
          <div className="overflow-x-auto">
            <Table
              className="min-w-full text-sm"
              aria-label="Mann–Whitney tests"
              headRow="large"
              th="py-1.5 pr-4 font-medium"
              td="py-1 pr-4"
              head={(
                [
                  ["system", "System", false],
                  ["a", "Condition", false],
                  ["b", "Condition", false],
                  ["u", "U", true],
                  ["p", "p", true],
                  ["pHolm", "p (Holm)", true],
                ] as const
              ).map(([key, h, numeric]) => (
                <Th key={key} numeric={numeric}>
                  {h}
                </Th>
              ))}
            >
              {result.differences.map((d) => (
                <tr
                  key={`${d.system}\u0000${d.a}\u0000${d.b}`}
                  className={`border-b border-slate-100 ${d.significant ? "font-semibold" : ""}`}
                >
                  <Td>{d.system}</Td>
                  <Td>{d.a}</Td>
                  <Td>{d.b}</Td>
                  <Td numeric>{d.u}</Td>
                  <Td numeric>{pText(d.p)}</Td>
                  <Td numeric>{pText(d.pHolm)}</Td>
                </tr>
              ))}
            </Table>
          </div>
        )}
      </Card>
    </>
  );
}

function DownloadButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
    >
      {children}
    </button>
  );
}
