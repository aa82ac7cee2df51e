// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnnotationFile } from "../../domain/interchange/types.ts";
import { analyze } from "../../domain/stats/analyze.ts";
import { DEFINITIONS } from "../../domain/stats/definitions.ts";
import type { Report } from "../../domain/stats/report.ts";
import { AnalysisPage } from "./AnalysisPage.tsx";
import type { Analysis, AnalysisOutcome, AnalysisRunner } from "./analysisClient.ts";

// wavesurfer.js needs a real browser: the waveform is tested in Chromium (tests/e2e).
vi.mock("../../audio/Waveform.tsx", () => ({
  Waveform: (props: { spans: { id: string; label?: string }[] }) => (
    <div data-testid="waveform">{props.spans.map((s) => s.label).join(",")}</div>
  ),
}));

function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    binSeconds: 0.1,
    dataset: {
      clips: 4,
      annotatedClips: 3,
      annotations: 6,
      meanDuration: 2.5,
      regionsPerAnnotation: 1.5,
      meanRegionLength: 0.4567,
      reasonLabelsPerRegion: null,
    },
    agreement: {
      meanPairwiseKappa: 0.41234,
      perClipMeanKappa: 0.3,
      perClipUndefined: 1,
      krippendorffAlpha: 0.39876,
      unionFraction: 0.25,
      overlapFraction: 0.1,
      pairs: [
        { a: "w1", b: "w2", clips: 3, bins: 75, kappa: 0.41234 },
        { a: "w1", b: "w3", clips: 1, bins: 25, kappa: null },
      ],
    },
    correlation: { n: 3, pearson: -0.8766, p: 0.00012, ci95: null, spearman: -0.5 },
    errorTypes: {
      overall: { clips: 3, perSample: { silence: 2 / 3, end_of_speech: 0 } },
      bySystem: {
        A: { clips: 2, perSample: { silence: 0.5, end_of_speech: 0 } },
        B: { clips: 1, perSample: { silence: 1, end_of_speech: 0 } },
      },
    },
    annotators: [
      { id: "w1", annotations: 3, regions: 5, referenceMarkedFraction: 0.35 },
      { id: "w2", annotations: 2, regions: 3, referenceMarkedFraction: 0.1 },
      { id: "w3", annotations: 1, regions: 1, referenceMarkedFraction: null },
    ],
    mos: { bySystem: {}, pairs: [], anova: [] },
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
    ...overrides,
  };
}

const clip = (
  clipId: string,
  name: string,
  meanKappa: number | null,
  annotations = 2,
  system = "A",
) => ({
  clipId,
  name,
  system,
  isReference: false,
  annotations,
  bins: 25,
  meanKappa,
  unionFraction: annotations >= 2 ? 0.3 : null,
  overlapFraction: annotations >= 2 ? 0.1 : null,
  meanAnnotatedSeconds: 0.5,
});

function makeAnalysis(report: Report = makeReport()): Analysis {
  return {
    report,
    clips: [
      clip("c1", "mid.wav", 0.5),
      clip("c2", "low.wav", -0.2),
      clip("c3", "undef.wav", null, 1),
      clip("c4", "high.wav", 0.9, 2, "B"),
    ],
    scatter: [
      { clipId: "c1", system: "A", length: 0.2, score: 4 },
      { clipId: "c2", system: "A", length: 0.8, score: 2 },
      { clipId: "c4", system: "B", length: 0.5, score: 3 },
    ],
    fit: { slope: -3.2, intercept: 4.5 },
  };
}

const taxonomy = [
  { id: "end_of_speech", label: "End of speech" },
  { id: "silence", label: "Silence" },
];

/** A runner whose answers the test hands out one by one. */
function fakeRunner(outcomes: AnalysisOutcome[]) {
  const calls: { studyId: string; binSeconds?: number }[] = [];
  const runner: AnalysisRunner = {
    run: vi.fn(async (request: { studyId: string; binSeconds?: number }) => {
      calls.push(request);
      return outcomes.shift() ?? ({ type: "cancelled" } as const);
    }),
    dispose: vi.fn(),
  };
  return { runner, calls };
}

const done = (analysis: Analysis = makeAnalysis()): AnalysisOutcome => ({
  type: "done",
  analysis,
  study: { name: "Pilot study", binSeconds: 0.1, taxonomy },
  millis: 12,
  loadMillis: 7,
});

function figure(key: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-figure="${key}"]`);
  if (!el) throw new Error(`no figure ${key}`);
  return el;
}

beforeEach(() => {
  document.title = "";
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("AnalysisPage", () => {
  it("shows the headline figures at 3 decimals, p in scientific notation, and the study's bin width", async () => {
    const { runner, calls } = fakeRunner([done()]);
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    expect(await screen.findAllByText("0.412")).not.toHaveLength(0);
    expect(calls).toEqual([{ studyId: "pilot" }]);
    expect(figure("agreement.meanPairwiseKappa")).toHaveTextContent("0.412");
    expect(figure("agreement.krippendorffAlpha")).toHaveTextContent("0.399");
    expect(figure("agreement.perClipMeanKappa")).toHaveTextContent("0.300");
    expect(figure("agreement.perClipMeanKappa")).toHaveTextContent(
      "1 of 3 clips with 2+ annotations undefined",
    );
    expect(figure("correlation.pearson")).toHaveTextContent("-0.877");
    expect(figure("correlation.p")).toHaveTextContent("1.20e-4");
    expect(figure("correlation.spearman")).toHaveTextContent("-0.500");
    expect(figure("correlation.n")).toHaveTextContent("3");
    expect(figure("dataset.meanRegionLength")).toHaveTextContent("0.457");
    expect(screen.getByLabelText("Bin width (seconds)")).toHaveValue("0.1");
    expect(screen.getByRole("heading", { name: "Analysis" })).toBeInTheDocument();
    // The title is set in an effect, which may run after the figures are already in the DOM.
    await waitFor(() => expect(document.title).toBe("Analysis · Pilot study · RedPen Annotator"));
  });

  it("shows undefined figures as — with the reason", async () => {
    const { runner } = fakeRunner([done()]);
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    await screen.findAllByText("0.412");
    expect(figure("correlation.ci95")).toHaveTextContent(
      "—undefined(the Fisher-z interval needs at least 4 clips; there are 3)",
    );
    expect(figure("dataset.reasonLabelsPerRegion")).toHaveTextContent("no reason labels yet");
    const pairs = screen.getByRole("table", { name: /each annotator pair/ });
    const w3 = within(pairs).getByText("w3").closest("tr") as HTMLElement;
    expect(w3).toHaveTextContent("—undefined(chance agreement is 1)");
  });

  it("explains a null correlation: fewer than 3 clips, and zero variance", async () => {
    const few = makeAnalysis(
      makeReport({ correlation: { n: 2, pearson: null, p: null, ci95: null, spearman: null } }),
    );
    few.scatter = few.scatter.slice(0, 2);
    few.fit = null;
    const { runner } = fakeRunner([done(few)]);
    const { unmount } = render(<AnalysisPage studyId="pilot" runner={runner} />);
    await screen.findAllByText("0.412");
    expect(figure("correlation.pearson")).toHaveTextContent(
      "needs at least 3 annotated clips with a score; there are 2",
    );
    expect(figure("correlation.p")).toHaveTextContent("r is undefined");
    expect(screen.getByText(/No fitted line/)).toBeInTheDocument();
    unmount();

    const flat = makeAnalysis(
      makeReport({ correlation: { n: 3, pearson: null, p: null, ci95: null, spearman: null } }),
    );
    flat.scatter = flat.scatter.map((p) => ({ ...p, score: 3 }));
    flat.fit = null;
    const second = fakeRunner([done(flat)]);
    render(<AnalysisPage studyId="pilot" runner={second.runner} />);
    await screen.findAllByText("0.412");
    expect(figure("correlation.spearman")).toHaveTextContent("every clip has the same score");
  });

  it("gives every figure a definition one focus away", async () => {
    const { runner } = fakeRunner([done()]);
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    await screen.findAllByText("0.412");
    const term = screen.getByRole("button", { name: "Mean pairwise Cohen's kappa" });
    expect(term).toHaveAccessibleDescription(DEFINITIONS["agreement.meanPairwiseKappa"]);
    const tooltip = document.getElementById(term.getAttribute("aria-describedby") ?? "");
    expect(tooltip).toHaveAttribute("role", "tooltip");
    for (const key of ["dataset.clips", "correlation.ci95", "agreement.krippendorffAlpha"]) {
      const button = within(figure(key)).getByRole("button");
      expect(button).toHaveAccessibleDescription(DEFINITIONS[key as keyof typeof DEFINITIONS]);
    }
  });

  it("flags annotators above the threshold, in words, and follows the threshold input", async () => {
    const user = userEvent.setup();
    const { runner } = fakeRunner([done()]);
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    await screen.findAllByText("0.412");
    const table = screen.getByRole("table", { name: /reference marked share/ });
    const row = (id: string) => within(table).getByText(id).closest("tr") as HTMLElement;
    expect(row("w1")).toHaveTextContent("Flagged: above 0.20");
    expect(row("w2")).toHaveTextContent("OK");
    expect(row("w3")).toHaveTextContent("annotated no reference clip");
    expect(screen.getByText(/annotators flagged/)).toHaveTextContent("1 of 3 annotators flagged");

    const input = screen.getByLabelText("Flag above reference share");
    await user.clear(input);
    await user.type(input, "0.05");
    expect(row("w2")).toHaveTextContent("Flagged: above 0.05");
    expect(row("w3")).not.toHaveTextContent("Flagged");

    await user.clear(input);
    await user.type(input, "0.35");
    expect(row("w1")).toHaveTextContent("OK"); // 0.35 is not above 0.35

    await user.clear(input);
    await user.type(input, "2");
    expect(screen.getByText("The threshold must be between 0 and 1.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(row("w1")).toHaveTextContent("OK"); // the last valid threshold still applies
  });

  it("sorts the clip list by agreement, undefined last, and by name", async () => {
    const user = userEvent.setup();
    const { runner } = fakeRunner([done()]);
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    await screen.findAllByText("0.412");
    const table = screen.getByRole("table", { name: "Agreement per clip" });
    const names = () =>
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.querySelector("td")?.textContent);
    expect(names()).toEqual(["low.wav", "mid.wav", "high.wav", "undef.wav"]);
    const kappaHeader = within(table).getByRole("button", { name: /Mean kappa/ });
    await user.click(kappaHeader);
    expect(names()).toEqual(["high.wav", "mid.wav", "low.wav", "undef.wav"]);
    expect(kappaHeader.closest("th")).toHaveAttribute("aria-sort", "descending");
    await user.click(within(table).getByRole("button", { name: /Clip/ }));
    expect(names()).toEqual(["high.wav", "low.wav", "mid.wav", "undef.wav"]);
    await user.selectOptions(screen.getByLabelText("System"), "B");
    expect(names()).toEqual(["high.wav"]);
    expect(screen.getByText(/1 of 4 annotated clips \(system B\)/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("System"), "all systems");
    expect(names()).toHaveLength(4);
  });

  it("opens a clip with every annotator's spans on the waveform", async () => {
    const user = userEvent.setup();
    const { runner } = fakeRunner([done()]);
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    await screen.findAllByText("0.412");
    await user.click(screen.getByRole("button", { name: "Open low.wav" }));
    expect(await screen.findByRole("heading", { name: "low.wav" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open low.wav" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(screen.getByRole("button", { name: "Close clip" }));
    expect(screen.queryByRole("heading", { name: "low.wav" })).not.toBeInTheDocument();
  });

  it("validates the bin width and recomputes with a valid one", async () => {
    const user = userEvent.setup();
    const { runner, calls } = fakeRunner([
      done(),
      done(makeAnalysis(makeReport({ binSeconds: 0.25 }))),
      done(makeAnalysis(makeReport({ binSeconds: 0.25 }))),
    ]);
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    await screen.findAllByText("0.412");
    const input = screen.getByLabelText("Bin width (seconds)");

    for (const [text, message] of [
      ["0", "The bin width must be greater than 0 seconds."],
      ["0.0001", "The bin width must be at least 0.001 s (1 ms)."],
      // What was typed stays in the field and the message names it.
      ["abc", '"abc" is not a number: enter the bin width in seconds, e.g. 0.1.'],
    ] as const) {
      await user.clear(input);
      await user.type(input, `${text}{Enter}`);
      expect(screen.getByRole("alert")).toHaveTextContent(message);
      expect(input).toHaveAttribute("aria-invalid", "true");
    }
    await user.clear(input);
    await user.click(screen.getByRole("button", { name: "Recompute" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a bin width in seconds");
    expect(calls).toHaveLength(1);

    await user.type(input, "0.25{Enter}");
    expect(await screen.findByText(/with 0\.25 s bins/)).toBeInTheDocument();
    // The new width reuses the study the worker read; "Re-read study" reads it again.
    expect(calls).toEqual([
      { studyId: "pilot" },
      { studyId: "pilot", binSeconds: 0.25, reuse: true },
    ]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reset to the study's 0.1 s" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Re-read study" }));
    await screen.findAllByText("0.412");
    expect(calls.at(-1)).toEqual({ studyId: "pilot", binSeconds: 0.25 });
  });

  it("shows progress while the worker runs, keeping the previous figures", async () => {
    let release: (o: AnalysisOutcome) => void = () => {};
    const runner: AnalysisRunner = {
      run: vi.fn((_request, onProgress) => {
        onProgress?.({ stage: "analysing", rows: 1234, clips: 20 });
        return new Promise<AnalysisOutcome>((resolve) => {
          release = resolve;
        });
      }),
      dispose: vi.fn(),
    };
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    expect(await screen.findByRole("status")).toHaveTextContent("Analysing 1,234 rows (20 clips)");
    expect(screen.getByRole("button", { name: "Download report (JSON)" })).toBeDisabled();
    await act(async () => release(done()));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download report (JSON)" })).toBeEnabled();
  });

  it("downloads exactly the report object as stats --json prints it", async () => {
    const user = userEvent.setup();
    const report = makeReport();
    const { runner } = fakeRunner([done(makeAnalysis(report))]);
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return "blob:report";
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    await screen.findAllByText("0.412");
    await user.click(screen.getByRole("button", { name: "Download report (JSON)" }));
    expect(clicked).toEqual(["pilot-report-bin0.1.json"]);
    const text = await (saved as Blob).text();
    expect(text).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(JSON.parse(text)).toEqual(report);
  });

  it("says when the study does not exist", async () => {
    const { runner } = fakeRunner([{ type: "not-found", studyId: "ghost" }]);
    render(<AnalysisPage studyId="ghost" runner={runner} />);
    expect(await screen.findByRole("heading", { name: "Study not found" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("ghost");
  });

  it("shows a worker error and can try again", async () => {
    const user = userEvent.setup();
    const { runner, calls } = fakeRunner([
      { type: "error", message: "Analysis failed: boom" },
      done(),
    ]);
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Analysis failed: boom");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findAllByText("0.412")).not.toHaveLength(0);
    expect(calls).toHaveLength(2);
  });

  it("shows an empty state when nothing is annotated", async () => {
    const empty = makeAnalysis(
      makeReport({
        dataset: {
          clips: 4,
          annotatedClips: 0,
          annotations: 0,
          meanDuration: null,
          regionsPerAnnotation: null,
          meanRegionLength: null,
          reasonLabelsPerRegion: null,
        },
      }),
    );
    const { runner } = fakeRunner([done(empty)]);
    render(<AnalysisPage studyId="pilot" runner={runner} />);
    expect(await screen.findByRole("heading", { name: "No annotations yet" })).toBeInTheDocument();
    expect(figure("dataset.meanDuration")).toHaveTextContent("no clip is annotated yet");
    expect(screen.queryByRole("heading", { name: "Agreement" })).not.toBeInTheDocument();
  });

  it("ends its worker when it goes away", async () => {
    const { runner } = fakeRunner([done()]);
    const { unmount } = render(<AnalysisPage studyId="pilot" runner={runner} />);
    await screen.findAllByText("0.412");
    unmount();
    expect(runner.dispose).toHaveBeenCalled();
  });
});

describe("ids that are Object.prototype names", () => {
  it("shows systems, reasons and annotators named __proto__, constructor, toString", async () => {
    // Hand-worked: clip k1 (system "__proto__") has one annotation, a region labelled
    // "toString" by one expert and "toString" + "constructor" by another: 2 and 1 per clip.
    // Clip k2 (system "constructor") is annotated with nothing marked: 0 and 0.
    const file: AnnotationFile = {
      format: "redpen-annotations",
      version: 1,
      study: { id: "s", name: "s", binSeconds: 0.1 },
      taxonomy: [
        { id: "toString", label: "toString" },
        { id: "constructor", label: "constructor" },
      ],
      clips: [
        { id: "k1", name: "k1.wav", duration: 1, system: "__proto__" },
        { id: "k2", name: "k2.wav", duration: 1, system: "constructor" },
      ],
      annotators: [
        { id: "__proto__", role: "crowd" },
        { id: "valueOf", role: "expert" },
        { id: "hasOwnProperty", role: "expert" },
      ],
      submissions: [{ clipId: "k2", annotatorId: "__proto__" }],
      regions: [{ id: "r1", clipId: "k1", annotatorId: "__proto__", start: 0, end: 0.5 }],
      reasonLabels: [
        { regionId: "r1", annotatorId: "valueOf", reasons: ["toString"] },
        { regionId: "r1", annotatorId: "hasOwnProperty", reasons: ["toString", "constructor"] },
      ],
    };
    // The worker posts the analysis: structured cloning gives its objects a prototype again.
    const analysis = structuredClone(analyze(file));
    const { runner } = fakeRunner([
      {
        type: "done",
        analysis,
        study: { name: "Odd ids", binSeconds: 0.1, taxonomy: file.taxonomy },
        millis: 1,
        loadMillis: 1,
      },
    ]);
    render(<AnalysisPage studyId="s" runner={runner} />);
    const table = await screen.findByRole("table", { name: /Reasons per annotated clip/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Error type", "__proto__ (1)", "constructor (1)", "All (2)"]);
    const row = (name: string) =>
      within(within(table).getByRole("rowheader", { name }).closest("tr") as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(row("toString")).toEqual(["2.000", "0.000", "1.000"]);
    expect(row("constructor")).toEqual(["1.000", "0.000", "0.500"]);
  });
});
