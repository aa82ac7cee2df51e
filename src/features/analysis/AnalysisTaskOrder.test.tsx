// @vitest-environment happy-dom
// The analysis screen leads with the study's task's own figures (issue 36, problem 5): a SUS
// study opened on Dataset, Agreement (every kappa undefined), the clip table, Consensus and MOS
// before Intelligibility, whose link was missing; a rate study leads with the MOS. Span figures
// appear outside a mark study only when someone marked spans.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { StudyTask } from "../../domain/interchange/types.ts";
import type { Report } from "../../domain/stats/report.ts";
import { AnalysisPage } from "./AnalysisPage.tsx";
import type { Analysis, AnalysisRunner } from "./analysisClient.ts";

vi.mock("../../audio/Waveform.tsx", () => ({ Waveform: () => <div data-testid="waveform" /> }));

afterEach(cleanup);

/** A study of four clips, six finished; spans marked or not, rated or not. */
function report(regions: number, ratings: boolean): Report {
  return {
    binSeconds: 0.1,
    dataset: {
      clips: 4,
      annotatedClips: 3,
      annotations: 6,
      meanDuration: 2.5,
      regionsPerAnnotation: regions / 6,
      meanRegionLength: regions > 0 ? 0.4 : null,
      reasonLabelsPerRegion: null,
    },
    agreement: {
      meanPairwiseKappa: null,
      perClipMeanKappa: null,
      perClipUndefined: 3,
      krippendorffAlpha: null,
      unionFraction: 0,
      overlapFraction: 0,
      pairs: [],
    },
    correlation: { n: 0, pearson: null, p: null, ci95: null, spearman: null },
    errorTypes: { overall: { clips: 3, perSample: {} }, bySystem: {} },
    annotators: [
      { id: "w1", annotations: 3, regions, referenceMarkedFraction: null },
      { id: "w2", annotations: 3, regions: 0, referenceMarkedFraction: null },
    ],
    mos: {
      bySystem: ratings ? { A: { n: 6, raters: 2, mean: 3.5, sd: 0.5, ci95: [3, 4] } } : {},
      pairs: [],
      anova: [],
    },
    intelligibility: null,
    comparison: null,
    consensus: {
      clips: 0,
      bins: 0,
      majorityFraction: null,
      modelFraction: null,
      prevalence: null,
      converged: true,
      iterations: 0,
      workers: [],
    },
    expertAgreement: { pairs: [], overall: null, byReason: {} },
  };
}

function open(task: StudyTask | undefined, r: Report, why: string | null = null) {
  const analysis: Analysis = { report: r, clips: [], scatter: [], fit: null };
  const runner: AnalysisRunner = {
    run: async () => ({
      type: "done",
      analysis,
      study: {
        name: "Study",
        binSeconds: 0.1,
        taxonomy: [],
        ...(task ? { task } : {}),
        intelligibility: { why, alpha: 0.05, engines: {} },
      },
      millis: 1,
      loadMillis: 1,
    }),
    dispose: () => {},
  };
  render(<AnalysisPage studyId="s" runner={runner} />);
}

/** The sections' ids in the order the screen shows them. */
const sections = () => [...document.querySelectorAll("section[id]")].map((s) => s.id);
const links = () =>
  within(screen.getByRole("navigation", { name: "Sections" }))
    .getAllByRole("link")
    .map((a) => a.textContent);

const WHY = "6 transcripts, none can be scored: no clip has a text to score against";

test("a transcription test opens on Intelligibility, with its link; no span figures without spans", async () => {
  open("transcribe", report(0, false), WHY);
  await screen.findByRole("heading", { name: "Intelligibility (WER)" });
  expect(sections()).toEqual(["intelligibility", "dataset"]);
  expect(links()).toEqual(["Intelligibility", "Rules"]);
});

test("a transcription test with ratings and spans: WER, MOS, then the dataset and span figures", async () => {
  open("transcribe", report(4, true), WHY);
  await screen.findByRole("heading", { name: "Intelligibility (WER)" });
  expect(sections().slice(0, 4)).toEqual([
    "intelligibility",
    "listening-test",
    "dataset",
    "agreement",
  ]);
  expect(links().slice(0, 3)).toEqual(["Intelligibility", "MOS", "Agreement"]);
});

test("a rate study leads with the MOS", async () => {
  open("rate", report(0, true));
  await screen.findByRole("heading", { name: "Listening test (MOS)" });
  expect(sections()).toEqual(["listening-test", "dataset"]);
  expect(links()).toEqual(["MOS", "Rules"]);
});

test("a mark study keeps RedPen's order, span figures first, even with no span marked", async () => {
  open(undefined, report(0, true));
  await screen.findByRole("heading", { name: "Listening test (MOS)" });
  expect(sections().slice(0, 6)).toEqual([
    "dataset",
    "agreement",
    "clips",
    "consensus",
    "correlation",
    "listening-test",
  ]);
  expect(links()).toEqual([
    "Agreement",
    "Clips",
    "Consensus",
    "Score vs length",
    "MOS",
    "Error types",
    "Experts",
    "Annotators",
    "Rules",
  ]);
});
