// Readable `stats`: the paired comparison's tables (docs/spec/statistics.md, "Paired
// comparisons"): the preference per pair of items, a CCR test's mean differences, the
// Bradley–Terry strengths, and the natural-pairs pre-test's accuracies.
import type { Comparison } from "../domain/stats/comparison.ts";
import { ownValue } from "../domain/util/idRecord.ts";
import { fixed, pValue, table } from "./tables.ts";

const interval = (ci: readonly [number, number] | null | undefined, digits = 3) =>
  ci ? `[${fixed(ci[0], digits)}, ${fixed(ci[1], digits)}]` : "—";

/** The comparison's sections as text lines; one line saying so when the study has none. */
export function comparisonSection(comparison: Comparison | null, alpha: number): string[] {
  if (comparison === null) return ["Paired comparison", "  (no judgments)"];
  const { scale, pairs, bradleyTerry, qualification } = comparison;
  // A study with only a pre-test (any task) shows the pre-test alone.
  const main = comparison.judgments > 0 || comparison.sameItem > 0;
  const lines = main
    ? [
        `Paired comparison (${scale === "ccr" ? "CCR / CMOS, −3 … 3" : "A/B preference"}): ${comparison.judgments} judgments${
          comparison.sameItem > 0
            ? `, ${comparison.sameItem} on pairs of the same item left out`
            : ""
        }`,
      ]
    : [];
  if (pairs.length > 0) {
    lines.push(
      ...table(
        [
          "a",
          "b",
          "judgments",
          "a wins",
          "b wins",
          "same",
          "prefer a",
          "95% CI (Wilson)",
          "p",
          "p (Holm)",
          "",
        ],
        pairs.map((p) => [
          p.a,
          p.b,
          String(p.judgments),
          String(p.aWins),
          String(p.bWins),
          String(p.same),
          fixed(p.preferA),
          interval(p.ci95),
          pValue(p.p),
          pValue(p.pHolm),
          p.significant ? "*" : "",
        ]),
        [
          "left",
          "left",
          "right",
          "right",
          "right",
          "right",
          "right",
          "right",
          "right",
          "right",
          "left",
        ],
      ),
      `  * Holm-adjusted p below ${alpha} (exact two-sided binomial test of a's wins against one half)`,
    );
  }
  if (scale === "ccr" && pairs.length > 0) {
    lines.push(
      "",
      "CMOS: how much better a sounds than b (score points, −3 … 3)",
      ...table(
        ["a", "b", "judgments", "mean a − b", "sd", "95% CI (t)"],
        pairs.map((p) => [
          p.a,
          p.b,
          String(p.judgments),
          fixed(p.meanDiff ?? null),
          fixed(p.sd ?? null),
          interval(p.meanDiffCi95),
        ]),
        ["left", "left", "right", "right", "right", "right"],
      ),
    );
  }
  const items = Object.keys(bradleyTerry);
  if (items.length > 0) {
    lines.push(
      "",
      "Bradley–Terry strengths (log scale, centred; 95% listener bootstrap)",
      ...table(
        ["item", "rank", "strength", "95% CI"],
        items
          .map((item) => [item, ownValue(bradleyTerry, item)] as const)
          .sort((x, y) => (x[1]?.rank ?? 0) - (y[1]?.rank ?? 0))
          .map(([item, s]) => [
            item,
            String(s?.rank ?? ""),
            fixed(s?.strength ?? null),
            interval(s?.ci95),
          ]),
        ["left", "right", "right", "right"],
      ),
    );
  }
  if (qualification !== null) {
    if (lines.length > 0) lines.push("");
    lines.push(
      `Pre-test (natural pairs): ${qualification.pairs} pairs, pass at ${qualification.passAccuracy}; ${qualification.passed} of ${qualification.participants} participants passed`,
    );
    if (qualification.histogram.length > 0) {
      lines.push(
        ...table(
          ["accuracy", "participants"],
          qualification.histogram.map((h) => [fixed(h.accuracy), String(h.participants)]),
          ["right", "right"],
        ),
      );
    }
  }
  return lines;
}
