// The analysis screen in Chromium, against figures computed independently in Node: a known
// study is imported through the home screen ("Import annotations" + "Merge into study"), the
// figures read off the screen must equal computeReport's at the shown precision, at the
// study's bin width and at 0.25 s (and the command line's report must agree), and "Download
// report (JSON)" must save byte for byte what `stats FILE --json --bin 0.25` prints.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { generateStudy } from "../../src/domain/interchange/generate.ts";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { computeReport } from "../../src/domain/stats/index.ts";
import type { Report } from "../../src/domain/stats/report.ts";
import { bootstrapMos } from "../../src/domain/stats/resample.ts";
import { withoutAnnotators } from "../../src/domain/study/qualityRules.ts";
import {
  dismissNotices,
  importThroughHome,
  type OfflineBrowser,
  offlineBrowser,
  SCREENSHOT_DIR,
  screenshot,
} from "./chromium.ts";
import { cliStdout } from "./cli.ts";
import { demoDuration } from "./demoAudio.ts";

let browser: OfflineBrowser | undefined;
let dir: string;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await offlineBrowser("redpen-analysis-e2e-");
  ({ dir, page, errors } = browser);
});

afterAll(() => browser?.close());

// The screen's formatting, written out again here from the brief (not imported from the app).
const three = (v: number | null) => {
  if (v === null) return "—";
  const t = v.toFixed(3);
  return /^-0\.0+$/.test(t) ? t.slice(1) : t;
};
const digits = (v: number | null, n: number) => (v === null ? "—" : v.toFixed(n));
const pText = (p: number | null) =>
  p === null ? "—" : p === 0 ? "0" : p < 0.001 ? p.toExponential(2) : p.toFixed(3);
const whole = (v: number) => v.toLocaleString("en-US");

function expectedFigures(report: Report): Record<string, string> {
  const { dataset: d, agreement: a, correlation: c } = report;
  return {
    "dataset.clips": whole(d.clips),
    "dataset.annotatedClips": whole(d.annotatedClips),
    "dataset.annotations": whole(d.annotations),
    "dataset.meanDuration": digits(d.meanDuration, 2),
    "dataset.regionsPerAnnotation": digits(d.regionsPerAnnotation, 2),
    "dataset.meanRegionLength": digits(d.meanRegionLength, 3),
    "dataset.reasonLabelsPerRegion": digits(d.reasonLabelsPerRegion, 2),
    "agreement.meanPairwiseKappa": three(a.meanPairwiseKappa),
    "agreement.perClipMeanKappa": three(a.perClipMeanKappa),
    "agreement.krippendorffAlpha": three(a.krippendorffAlpha),
    "agreement.unionFraction": three(a.unionFraction),
    "agreement.overlapFraction": three(a.overlapFraction),
    "correlation.pearson": three(c.pearson),
    "correlation.p": pText(c.p),
    "correlation.ci95": c.ci95 ? `[${three(c.ci95[0])}, ${three(c.ci95[1])}]` : "—",
    "correlation.n": whole(c.n),
    "correlation.spearman": three(c.spearman),
    "consensus.majority": three(report.consensus.majorityFraction),
    "consensus.model": three(report.consensus.modelFraction),
    "consensus.prevalence": three(report.consensus.prevalence),
    // The listening test: MOS and its interval to 2 decimals, Holm's p as p-values are shown.
    ...Object.fromEntries(
      Object.entries(report.mos.bySystem).flatMap(([s, m]) => [
        [`mos.${s}.mean`, digits(m.mean, 2)],
        [`mos.${s}.ci95`, m.ci95 ? `[${digits(m.ci95[0], 2)}, ${digits(m.ci95[1], 2)}]` : "—"],
      ]),
    ),
    ...Object.fromEntries(report.mos.pairs.map((p) => [`mos.${p.a}.${p.b}.pHolm`, pText(p.pHolm)])),
  };
}

async function figuresOnScreen(keys: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    out[key] = (
      (await page.locator(`[data-figure="${key}"] [data-value]`).first().textContent()) ?? ""
    ).trim();
  }
  return out;
}

async function waitForAnalysis(binLabel: string) {
  await page
    .getByText(new RegExp(`Computed in \\d+ ms with ${binLabel.replace(".", "\\.")} s bins`))
    .waitFor({ timeout: 30_000 });
}

async function importFile(file: AnnotationFile): Promise<void> {
  const target = path.join(dir, `${file.study.id}.json`);
  writeFileSync(target, JSON.stringify(file));
  await importThroughHome(page, inject("baseUrl"), target);
}

/** What `stats FILE --json [--bin SECONDS]` prints for the file as imported (the command line, in-process). */
function cliReport(file: AnnotationFile, binSeconds?: number): string {
  const target = path.join(dir, `${file.study.id}.json`);
  return cliStdout([
    "stats",
    target,
    "--json",
    ...(binSeconds ? ["--bin", String(binSeconds)] : []),
  ]);
}

async function downloadReport(): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download report (JSON)" }).click(),
  ]);
  const saved = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(saved, "utf8") };
}

describe("a generated 300-clip study", () => {
  const file = generateStudy({ clips: 300, annotators: 3, seed: 7 });
  const studyId = file.study.id;

  test("shows computeReport's figures at the study's 0.1 s bins", async () => {
    await importFile(file);
    await page.goto(`${inject("baseUrl")}/studies/${studyId}/analysis`);
    await waitForAnalysis("0.1");
    const expected = expectedFigures(computeReport(file));
    expect(await figuresOnScreen(Object.keys(expected))).toEqual(expected);
    // The bootstrap intervals (resampling estimates) equal the domain's for the same file.
    const boot = bootstrapMos(file, { replicates: 1000 });
    const bootExpected = Object.fromEntries(
      Object.entries(boot).map(([s, b]) => [
        `mos.${s}.bootstrap`,
        b ? `[${digits(b[0], 2)}, ${digits(b[1], 2)}]` : "—",
      ]),
    );
    expect(await figuresOnScreen(Object.keys(bootExpected))).toEqual(bootExpected);
    // …and the command line's report for the same file says the same.
    expect(expectedFigures(JSON.parse(cliReport(file)) as Report)).toEqual(expected);
    await expect(page.getByLabel("Bin width (seconds)").inputValue()).resolves.toBe("0.1");
    await page.locator("#correlation svg").first().waitFor();
    await page.locator("#error-types svg").first().waitFor();
    await dismissNotices(page);
    await screenshot(page, "analysis");
    // Each figure's definition is one focus away: the tooltip shows and describes the name.
    const term = page.getByRole("button", { name: "Mean pairwise Cohen's kappa" });
    const tooltip = page.locator(`[id="${await term.getAttribute("aria-describedby")}"]`);
    await expect(tooltip.isVisible()).resolves.toBe(false);
    await term.focus();
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    await expect(tooltip.textContent()).resolves.toMatch(/^Headline agreement: for each pair/);
    await page.locator("#dataset").screenshot({
      path: path.join(SCREENSHOT_DIR, "analysis-tooltip.png"),
    });
    await page.locator("#agreement").screenshot({
      path: path.join(SCREENSHOT_DIR, "analysis-tooltip-agreement.png"),
    });
    await page.keyboard.press("Escape");
    await expect.poll(() => tooltip.isVisible()).toBe(false);
    // Hidden tooltips take no room: the page never scrolls sideways. A term at the right
    // edge opens its tooltip leftwards, inside the window.
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    const last = page.getByRole("button", { name: "Reason labels per region" });
    await last.focus();
    const lastTip = page.locator(`[id="${await last.getAttribute("aria-describedby")}"]`);
    await expect.poll(() => lastTip.isVisible()).toBe(true);
    const box = await lastTip.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await page.keyboard.press("Escape");
    await page.locator("#listening-test svg").first().waitFor();
    for (const id of [
      "agreement",
      "clips",
      "correlation",
      "listening-test",
      "error-types",
      "annotators",
    ]) {
      await page
        .locator(`#${id}`)
        .screenshot({ path: path.join(SCREENSHOT_DIR, `analysis-${id}.png`) });
    }
  });

  test("recomputes at 0.25 s and downloads exactly the report stats --json prints", async () => {
    const input = page.getByLabel("Bin width (seconds)");
    await input.fill("0.25");
    await input.press("Enter");
    await waitForAnalysis("0.25");
    const report = computeReport(file, { binSeconds: 0.25 });
    const expected = expectedFigures(report);
    expect(await figuresOnScreen(Object.keys(expected))).toEqual(expected);
    // The bin width changes agreement, so the two checks are not the same check twice.
    expect(expected["agreement.meanPairwiseKappa"]).not.toBe(
      expectedFigures(computeReport(file))["agreement.meanPairwiseKappa"],
    );

    const { name, text } = await downloadReport();
    expect(name).toBe(`${studyId}-report-bin0.25.json`);
    expect(JSON.parse(text)).toEqual(report);
    // byte for byte what the command line prints for the same file and bin width
    expect(text).toBe(cliReport(file, 0.25));
    // The protocol report, Markdown and LaTeX: what `report FILE [--latex] --bin 0.25` writes.
    for (const [button, extension, flags] of [
      ["Protocol report (Markdown)", "md", []],
      ["Protocol report (LaTeX)", "tex", ["--latex"]],
    ] as const) {
      const [saved] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: button, exact: true }).click(),
      ]);
      expect(saved.suggestedFilename()).toBe(`${studyId}-protocol.${extension}`);
      expect(readFileSync(await saved.path(), "utf8")).toBe(
        cliStdout(["report", path.join(dir, `${studyId}.json`), "--bin", "0.25", ...flags]),
      );
    }
  });

  test("refuses a bin width of 0 with a message and keeps the figures", async () => {
    const input = page.getByLabel("Bin width (seconds)");
    await input.fill("0");
    await input.press("Enter");
    await expect(page.getByRole("alert").textContent()).resolves.toBe(
      "The bin width must be greater than 0 seconds.",
    );
    await expect(input.getAttribute("aria-invalid")).resolves.toBe("true");
    await waitForAnalysis("0.25");
    expect(errors).toEqual([]);
  });

  test("on a 390 px phone the page never scrolls sideways: wide tables and charts scroll in their cards", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${inject("baseUrl")}/studies/${studyId}/analysis`);
      await waitForAnalysis("0.1");
      await page.locator("#listening-test svg").first().waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // Each headline figure is on screen, whole.
      const box = await page.locator('[data-figure="agreement.meanPairwiseKappa"]').boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      // The listening test's figures come first in its table: the MOS and both intervals (the
      // bootstrap's included) are on screen; the SD and the counts may scroll in the card.
      const firstSystem = page.locator('#listening-test [data-figure$=".bootstrap"]').first();
      await firstSystem.waitFor();
      // (Measured against the table's scrolling card, whose right edge hides what overflows.)
      const card = await firstSystem
        .locator("xpath=ancestor::div[contains(@class, 'overflow-x-auto')][1]")
        .boundingBox();
      if (!card) throw new Error("the MOS table has no scrolling card");
      for (const figure of ["mean", "ci95", "bootstrap"]) {
        const cell = page.locator(`#listening-test [data-figure$=".${figure}"]`).first();
        const b = await cell.boundingBox();
        expect(
          b && b.x >= card.x && b.x + b.width <= card.x + card.width,
          `${figure} in view`,
        ).toBe(true);
      }
      await screenshot(page, "analysis-phone");
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test("a quality rule on leaves the raters it catches out of every figure; Include them brings them back", async () => {
    await page.goto(`${inject("baseUrl")}/studies/${studyId}/analysis`);
    await waitForAnalysis("0.1");
    const rules = page.locator("#quality-rules");
    const rule = "Reference clips marked (RedPen's filter): share of bins above";
    await rules.getByRole("checkbox", { name: rule }).check();
    await rules.getByLabel(`${rule}: value`).fill("0.06");
    await rules.getByRole("button", { name: "Save rules and recompute" }).click();
    // w02 marked 0.071 and w09 0.067 of their reference bins (computeReport's figures).
    await page.getByText("2 raters excluded by the quality rules").waitFor();
    await waitForAnalysis("0.1");
    const left = withoutAnnotators(file, new Set(["w02", "w09"]));
    const expected = expectedFigures(computeReport(left));
    expect(await figuresOnScreen(Object.keys(expected))).toEqual(expected);
    await page.getByText("2 raters excluded by the quality rules").click(); // (why)
    await page.getByText("w02: marked more than 0.06 of the reference clips' bins").waitFor();
    await page.locator("#quality-rules").scrollIntoViewIfNeeded();
    await screenshot(page, "analysis-quality-rules");
    await page.getByRole("checkbox", { name: "Include them" }).check();
    await page.getByText("2 raters the quality rules would exclude are included").waitFor();
    await waitForAnalysis("0.1");
    const all = expectedFigures(computeReport(file));
    expect(await figuresOnScreen(Object.keys(all))).toEqual(all);
    expect(errors).toEqual([]);
  });
});

describe("a small study with audio", () => {
  const ids = ["s01_human", "s01_espeak", "s01_flite", "s01_festival"];
  const names = ids.map((id) => `${id}.wav`);
  const [human, espeak, flite, festival] = ids.map(demoDuration) as [
    number,
    number,
    number,
    number,
  ];
  const file: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: { id: "e2e-analysis-audio", name: "Analysis with audio", binSeconds: 0.1 },
    taxonomy: [...DEFAULT_TAXONOMY],
    clips: [
      {
        id: "h",
        name: "s01_human.wav",
        duration: human,
        system: "human",
        sentence: "s01",
        score: 4.6,
        isReference: true,
      },
      {
        id: "e",
        name: "s01_espeak.wav",
        duration: espeak,
        system: "espeak",
        sentence: "s01",
        score: 1.4,
      },
      {
        id: "f",
        name: "s01_flite.wav",
        duration: flite,
        system: "flite",
        sentence: "s01",
        score: 2.1,
      },
      {
        id: "v",
        name: "s01_festival.wav",
        duration: festival,
        system: "festival",
        sentence: "s01",
      },
    ],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
      { id: "w3", role: "crowd" },
      { id: "x1", role: "expert" },
    ],
    submissions: [
      { clipId: "h", annotatorId: "w1" },
      { clipId: "h", annotatorId: "w2" },
    ],
    regions: [
      { id: "r1", clipId: "h", annotatorId: "w3", start: 0.2, end: 0.2 + human / 2 },
      { id: "r2", clipId: "e", annotatorId: "w1", start: 0.3, end: 1.1 },
      { id: "r3", clipId: "e", annotatorId: "w2", start: 0.5, end: 1.2 },
      { id: "r4", clipId: "e", annotatorId: "w3", start: 0.4, end: 0.9 },
      { id: "r5", clipId: "e", annotatorId: "w3", start: espeak - 0.6, end: espeak },
      { id: "r6", clipId: "f", annotatorId: "w1", start: 0.1, end: 0.4 },
      { id: "r7", clipId: "f", annotatorId: "w2", start: 0.2, end: 0.5 },
      { id: "r8", clipId: "v", annotatorId: "w1", start: 1, end: 1.3 },
    ],
    reasonLabels: [
      { regionId: "r2", annotatorId: "x1", reasons: ["word_duration", "flat_pitch"] },
      { regionId: "r3", annotatorId: "x1", reasons: ["word_duration"] },
      { regionId: "r5", annotatorId: "x1", reasons: ["end_of_speech"] },
      { regionId: "r6", annotatorId: "x1", reasons: ["accuracy"] },
      { regionId: "r8", annotatorId: "x1", reasons: ["spacing"] },
    ],
  };

  test("opens a clip with every annotator's spans on its waveform, flags an annotator and explains nulls", async () => {
    await importFile(file);
    await page.goto(`${inject("baseUrl")}/studies/${file.study.id}`);
    await page
      .locator('input[type="file"]')
      .and(page.getByLabel("Add audio", { exact: true }))
      .setInputFiles(names.map((n) => `public/audio/${n}`));
    await page.getByText("Added audio to 4 clips.").waitFor();

    await page.goto(`${inject("baseUrl")}/studies/${file.study.id}/analysis`);
    await waitForAnalysis("0.1");
    const report = computeReport(file);
    const expected = expectedFigures(report);
    expect(await figuresOnScreen(Object.keys(expected))).toEqual(expected);
    // n = 3 clips with a score: r is defined, its Fisher-z interval is not.
    expect(report.correlation.n).toBe(3);
    await expect(page.locator('[data-figure="correlation.ci95"]').textContent()).resolves.toContain(
      "the Fisher-z interval needs at least 4 clips; there are 3",
    );

    // w3 marked half of the natural reference clip: flagged at the default 0.2, in words.
    const quality = page.getByRole("table", { name: /reference marked share/ });
    const w3 = quality.getByRole("row").filter({ hasText: "w3" });
    await expect(w3.textContent()).resolves.toContain("Flagged: above 0.20");
    const w1 = quality.getByRole("row").filter({ hasText: "w1" });
    await expect(w1.textContent()).resolves.toContain("OK");

    await page.getByRole("button", { name: "Open s01_espeak.wav" }).click();
    const waveform = page.getByRole("region", { name: "Waveform" });
    await waveform.waitFor();
    await expect.poll(() => waveform.getAttribute("aria-busy"), { timeout: 15_000 }).toBe("false");
    // One drawn span per stored region of the clip (r2–r5), from three annotators.
    await expect.poll(() => waveform.locator("[data-span-id]").count()).toBe(4);
    const legend = page.getByRole("list", { name: "Annotator colours" });
    await expect(legend.getByRole("listitem").allTextContents()).resolves.toEqual([
      "w1",
      "w2",
      "w3",
    ]);
    await page.locator("#clips").scrollIntoViewIfNeeded();
    await dismissNotices(page);
    await screenshot(page, "analysis-clip");
    expect(errors).toEqual([]);
  });
});

describe("a crowd of five and three experts (tests/golden/experts.input.json)", () => {
  const file = JSON.parse(
    readFileSync(path.join("tests", "golden", "experts.input.json"), "utf8"),
  ) as AnnotationFile;
  // Figures computed independently by scripts/golden/reference.py (NumPy, scikit-learn).
  const golden = JSON.parse(
    readFileSync(path.join("tests", "golden", "experts.expected.json"), "utf8"),
  ) as Report;

  test("shows the consensus, each crowd annotator's reliability and the experts' kappa per reason", async () => {
    await importFile(file);
    await page.goto(`${inject("baseUrl")}/studies/${file.study.id}/analysis`);
    await waitForAnalysis("0.1");
    const keys = ["consensus.majority", "consensus.model", "consensus.prevalence"];
    expect(await figuresOnScreen(keys)).toEqual(
      Object.fromEntries(keys.map((k) => [k, expectedFigures(golden)[k]])),
    );
    await expect(page.locator('[data-figure="consensus.converged"]').innerText()).resolves.toMatch(
      /EM converged in 65 rounds/,
    );
    // Annotator quality: w1's row, sensitivity to κ majority, as the golden figures.
    const w1 = golden.consensus.workers.find((w) => w.id === "w1");
    const row = page.locator("#annotators tr", { hasText: /^w1/ });
    const cells = await Promise.all(
      ["sensitivity", "specificity", "kappaModel", "kappaMajority"].map((c) =>
        row.locator(`[data-column="${c}"] [data-value]`).textContent(),
      ),
    );
    expect(cells).toEqual([
      three(w1?.sensitivity ?? null),
      three(w1?.specificity ?? null),
      three(w1?.kappaModel ?? null),
      three(w1?.kappaMajority ?? null),
    ]);
    // Expert agreement: the "All reasons" row, a column per pair then the mean.
    const all = page.locator("#expert-agreement tr", { hasText: "All reasons" });
    await expect(all.locator("[data-value]").allTextContents()).resolves.toEqual([
      ...golden.expertAgreement.pairs.map((p) => three(p.overall)),
      three(golden.expertAgreement.overall),
    ]);
    await dismissNotices(page);
    for (const id of ["consensus", "expert-agreement", "annotators"]) {
      await page.locator(`#${id}`).screenshot({
        path: path.join(SCREENSHOT_DIR, `analysis-${id}.png`),
      });
    }
    expect(errors).toEqual([]);
  });
});

describe("errors and empty states", () => {
  test("an unknown study id says so", async () => {
    await page.goto(`${inject("baseUrl")}/studies/no-such-study/analysis`);
    await page.getByRole("heading", { name: "Study not found" }).waitFor();
    expect(errors).toEqual([]);
  });

  test("a study nobody annotated yet: undefined figures explained, every value on one line", async () => {
    const empty: AnnotationFile = {
      format: "redpen-annotations",
      version: 1,
      study: { id: "e2e-empty", name: "Nobody annotated", binSeconds: 0.1 },
      taxonomy: [...DEFAULT_TAXONOMY],
      clips: [
        { id: "a", name: "a.wav", duration: 2.4 },
        { id: "b", name: "b.wav", duration: 3.1 },
      ],
      annotators: [],
      submissions: [],
      regions: [],
      reasonLabels: [],
    };
    await importFile(empty);
    await page.goto(`${inject("baseUrl")}/studies/e2e-empty/analysis`);
    await waitForAnalysis("0.1");
    await page.getByRole("heading", { name: "No annotations yet" }).waitFor();
    await expect(
      page.locator('[data-figure="dataset.meanDuration"]').textContent(),
    ).resolves.toContain("no clip is annotated yet");
    // Values with and without a note start on the same line (they used to rise by the note).
    const tops = await page
      .locator('#dataset [data-figure^="dataset."] dd')
      .evaluateAll((dds) => dds.map((dd) => Math.round(dd.getBoundingClientRect().top)));
    expect(tops).toHaveLength(7);
    expect(new Set(tops).size).toBe(1);
    expect(errors).toEqual([]);
  });
});
