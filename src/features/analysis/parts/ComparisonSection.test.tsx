// @vitest-environment happy-dom
// The analysis screen's Paired comparison card, from the report of the golden CCR study with a
// pre-test: the preference table (share preferring the row's item, interval, significance
// marked), the CMOS columns, the Bradley–Terry strengths strongest first, the pre-test.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { Comparison } from "../../../domain/stats/comparison.ts";
import { ComparisonSection } from "./ComparisonSection.tsx";

// Observable Plot needs a real browser's layout: the charts are drawn in Chromium (tests/e2e).
vi.mock("./ComparisonCharts.tsx", () => ({
  StrengthChart: (props: { points: { item: string }[] }) => (
    <div data-testid="strengths">{props.points.map((p) => p.item).join(",")}</div>
  ),
  AccuracyHistogram: (props: { bars: unknown[]; passAccuracy: number }) => (
    <div data-testid="histogram">{`${props.bars.length} bars, pass at ${props.passAccuracy}`}</div>
  ),
}));

afterEach(cleanup);

const ccr: Comparison = {
  scale: "ccr",
  judgments: 37,
  sameItem: 2,
  pairs: [
    {
      a: "N1",
      b: "N2",
      judgments: 18,
      aWins: 9,
      bWins: 1,
      same: 8,
      preferA: 0.9,
      ci95: [0.5958499732047614, 0.982123786904927],
      p: 0.021484375,
      pHolm: 0.064453125,
      significant: true,
      meanDiff: 0.7777777777777778,
      sd: 1.114374293206496,
      meanDiffCi95: [0.22361247915092242, 1.3319430764046332],
    },
    {
      a: "N1",
      b: "N4",
      judgments: 1,
      aWins: 0,
      bWins: 0,
      same: 1,
      preferA: null,
      ci95: null,
      p: null,
      pHolm: null,
      significant: false,
      meanDiff: 0,
      sd: null,
      meanDiffCi95: null,
    },
  ],
  bradleyTerry: {
    N1: { strength: 1.348, rank: 1, ci95: [1.22, 1.461] },
    N2: { strength: -1.5, rank: 3, ci95: [-2, -1] },
    N4: { strength: 0.152, rank: 2, ci95: [-0.3, 0.6] },
  },
  qualification: {
    pairs: 4,
    passAccuracy: 0.75,
    participants: 6,
    passed: 4,
    histogram: [
      { accuracy: 0.5, participants: 2 },
      { accuracy: 1, participants: 4 },
    ],
  },
};

test("the preference table: share preferring the row's item, its interval, Holm's p marked, CMOS", () => {
  render(<ComparisonSection comparison={ccr} />);
  expect(screen.getByRole("heading", { name: "Paired comparison (CCR / CMOS)" })).toBeTruthy();
  const table = screen.getByRole("table", { name: /Preference per pair of items/ });
  const rows = within(table).getAllByRole("row").slice(1) as HTMLTableRowElement[];
  expect(rows.map((r) => [...r.cells].map((c) => c.textContent))).toEqual([
    ["N1", "N2", "18", "9 : 1", "8", "90.0%", "[0.60, 0.98]", "0.064 *", "0.78", "[0.22, 1.33]"],
    // An undefined figure says why (a screen reader hears "undefined").
    [
      "N1",
      "N4",
      "1",
      "0 : 0",
      "1",
      "—undefined(every judgment a tie: no share, no test)",
      "—undefined(every judgment a tie: no share, no test)",
      "—undefined(every judgment a tie: no share, no test)",
      "0.00",
      "—undefined(one judgment: no spread)",
    ],
  ]);
  expect(screen.getByText(/37 judgments on 2 pairs of items/).textContent).toContain(
    "(2 on pairs of one item left out)",
  );
  expect(screen.getByText(/1 significant, marked \*/)).toBeTruthy();
});

test("Bradley–Terry strengths strongest first, and the pre-test's result and histogram", () => {
  render(<ComparisonSection comparison={ccr} />);
  expect(screen.getByTestId("strengths").textContent).toBe("N1,N4,N2");
  const bt = screen.getByRole("table", { name: /Bradley–Terry strengths, strongest first/ });
  const rows = within(bt).getAllByRole("row").slice(1) as HTMLTableRowElement[];
  expect(rows.map((r) => [...r.cells].map((c) => c.textContent))).toEqual([
    ["1", "N1", "1.35", "[1.22, 1.46]"],
    ["2", "N4", "0.15", "[-0.30, 0.60]"],
    ["3", "N2", "-1.50", "[-2.00, -1.00]"],
  ]);
  expect(screen.getByText(/participants preferred the natural recording/).textContent).toBe(
    "4 of 6 participants preferred the natural recording on at least 75.0% of the 4 pairs.",
  );
  expect(screen.getByTestId("histogram").textContent).toBe("2 bars, pass at 0.75");
});

test("an A/B test has no CMOS columns; no judgments yet says where they come from", () => {
  render(<ComparisonSection comparison={{ ...ccr, scale: "ab", qualification: null }} />);
  expect(screen.getByRole("heading", { name: "Paired comparison (A/B preference)" })).toBeTruthy();
  expect(screen.queryByText("CMOS item − other")).toBeNull();
  expect(screen.queryByText("Pre-test (natural pairs)")).toBeNull();
  cleanup();
  render(<ComparisonSection comparison={null} />);
  expect(screen.getByText(/No judgments yet/).textContent).toContain(
    "webMUSHRA's CSV or the P.808 toolkit's CCR answers",
  );
});
