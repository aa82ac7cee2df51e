// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { ConsensusSection } from "./ConsensusSection.tsx";
import { ExpertAgreementSection } from "./ExpertAgreementSection.tsx";

afterEach(() => cleanup());

/** An element's text without its definitions' tooltips. */
const shown = (el: Element | null | undefined) => {
  const copy = el?.cloneNode(true) as Element | undefined;
  for (const tip of copy?.querySelectorAll('[role="tooltip"]') ?? []) tip.remove();
  return copy?.textContent;
};

const summary = {
  clips: 24,
  bins: 634,
  majorityFraction: 127 / 634,
  modelFraction: 140 / 634,
  prevalence: 0.2257,
  converged: true,
  iterations: 65,
  workers: [],
};

test("the consensus figures with their shares and EM's rounds", () => {
  render(<ConsensusSection consensus={summary} binSeconds={0.1} />);
  const figure = (key: string) =>
    document.querySelector(`[data-figure="${key}"] [data-value]`)?.textContent;
  expect(figure("consensus.majority")).toBe("0.200");
  expect(figure("consensus.model")).toBe("0.221");
  expect(figure("consensus.prevalence")).toBe("0.226");
  expect(screen.getByText(/20\.0% of the bins: more than half the crowd/)).toBeTruthy();
  expect(shown(document.querySelector('[data-figure="consensus.converged"]'))).toMatch(
    /Over 24 clips \(634 bins\) and 0 crowd annotators\. EM converged in 65 rounds\./,
  );
});

test("EM that did not converge is said plainly; no consensus is said too", () => {
  render(
    <ConsensusSection
      consensus={{ ...summary, converged: false, iterations: 1000 }}
      binSeconds={0.1}
    />,
  );
  expect(screen.getByText(/stopped after 1,000 rounds without converging/).textContent).toMatch(
    /read its reliabilities with care/,
  );
  cleanup();
  render(
    <ConsensusSection
      consensus={{
        ...summary,
        clips: 0,
        bins: 0,
        majorityFraction: null,
        modelFraction: null,
        prevalence: null,
        iterations: 0,
      }}
      binSeconds={0.1}
    />,
  );
  expect(
    screen.getByText(/No consensus yet: no clip has two or more crowd annotations/),
  ).toBeTruthy();
});

test("expert agreement: a column per pair and the mean, by the study's reason labels", () => {
  render(
    <ExpertAgreementSection
      taxonomy={[
        { id: "high_pitch", label: "High pitch" },
        { id: "silence", label: "Silence" },
      ]}
      agreement={{
        pairs: [
          {
            a: "e1",
            b: "e2",
            spans: 4,
            overall: 0.5,
            byReason: { high_pitch: 0.5, silence: null },
          },
          { a: "e1", b: "e3", spans: 2, overall: 0, byReason: { high_pitch: 0, silence: null } },
        ],
        overall: 0.25,
        byReason: { high_pitch: 0.25, silence: null },
      }}
    />,
  );
  const rows = within(screen.getByRole("table")).getAllByRole("row");
  const text = rows.map((r) =>
    Array.from(r.querySelectorAll("th,td"), (c) => shown(c)?.replace("undefined", "")),
  );
  expect(text).toEqual([
    ["Reason", "e1 – e2", "e1 – e3", "Mean"],
    ["High pitch", "0.500", "0.000", "0.250"],
    ["Silence", "—", "—", "—"],
    ["All reasons", "0.500", "0.000", "0.250"],
    ["Spans both labelled", "4", "2", ""],
  ]);
  expect(document.querySelector('[data-figure="expertAgreement.mean"]')).toBeTruthy();
  expect(screen.getByText("over 2 pairs of labellers")).toBeTruthy();
});

test("no shared spans: says how to get the figure", () => {
  render(
    <ExpertAgreementSection taxonomy={[]} agreement={{ pairs: [], overall: null, byReason: {} }} />,
  );
  expect(
    screen.getByText(/No two annotators have labelled reasons on the same span yet/),
  ).toBeTruthy();
});
