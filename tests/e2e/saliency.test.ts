// Model saliency in Chromium: on a fresh profile's demo study, crowd annotations come in through
// the home screen's import, a model's saliency (a CSV of frames) through the study page's Model
// saliency form; the analysis screen's Model and listeners section then shows the figures
// `stats --json` prints for the study as the app exports it, its download is that very report,
// and the exported saliency is what `import --model` makes of the same CSV.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { runAnalysisCli } from "../../src/cli/analysisCommands.ts";
import { runImportExportCli } from "../../src/cli/importExport.ts";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import {
  annotationsInput,
  dismissNotices,
  type OfflineBrowser,
  offlineBrowser,
  screenshot,
} from "./chromium.ts";
import { demoDuration } from "./demoAudio.ts";

let browser: OfflineBrowser | undefined;
let dir: string;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await offlineBrowser("redpen-saliency-e2e-");
  ({ dir, page, errors } = browser);
});

afterAll(() => browser?.close());

const CLIPS = ["s01_espeak", "s01_flite", "s02_festival"];

/** Three listeners' spans and an expert's reasons on three demo clips. */
function annotations(): AnnotationFile {
  const clips = CLIPS.map((id) => ({ id, name: `${id}.wav`, duration: demoDuration(id) }));
  const regions = CLIPS.flatMap((clipId, c) =>
    ["w1", "w2", "w3"].map((annotatorId, a) => ({
      id: `${clipId}-${annotatorId}`,
      clipId,
      annotatorId,
      start: 0.2 + 0.1 * a + 0.15 * c,
      end: 0.9 + 0.2 * a,
    })),
  );
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "demo", name: "Demo: 5 sentences × 4 voices", binSeconds: 0.1 },
    taxonomy: [...DEFAULT_TAXONOMY],
    clips,
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
      { id: "w3", role: "crowd" },
      { id: "x1", role: "expert" },
    ],
    submissions: CLIPS.flatMap((clipId) =>
      ["w1", "w2", "w3"].map((annotatorId) => ({ clipId, annotatorId })),
    ),
    regions,
    reasonLabels: regions
      .filter((r) => r.annotatorId === "w1")
      .map((r, i) => ({
        regionId: r.id,
        annotatorId: "x1",
        reasons: [i % 2 === 0 ? "high_pitch" : "word_duration"],
      })),
  };
}

/** A MOS predictor's saliency, 0.02 s frames, in clip-id order (the database's order too). */
function saliencyCsv(): string {
  const rows = ["clip,time,value"];
  for (const id of [...CLIPS].sort()) {
    const frames = Math.ceil(demoDuration(id) / 0.02);
    for (let f = 0; f < frames; f++) {
      const t = Math.round(f * 0.02 * 1e6) / 1e6;
      rows.push(`${id},${t},${(Math.sin(f * 0.37 + id.length) ** 2).toFixed(6)}`);
    }
  }
  return `${rows.join("\n")}\n`;
}

function cli(run: typeof runAnalysisCli, argv: string[]): string {
  let out = "";
  let err = "";
  const code = run(argv, {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    readFile: (p) => readFileSync(p, "utf8"),
    readBytes: (p: string) => new Uint8Array(readFileSync(p)),
    writeFile: (p: string, d: string | Uint8Array) => writeFileSync(p, d),
    makeDir: () => undefined,
    exists: () => false,
  } as Parameters<typeof runAnalysisCli>[1]);
  if (code !== 0) throw new Error(`${argv.join(" ")}: exit ${code}: ${err}`);
  return out;
}

async function download(button: string): Promise<string> {
  const [dl] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  return readFileSync(await dl.path(), "utf8");
}

test("the demo study with a model's saliency shows Table 4 and Figure 1 as stats --json", async () => {
  await page.goto(inject("baseUrl"));
  await page.waitForLoadState("networkidle");
  await dismissNotices(page);
  await page.getByText("Demo: 5 sentences × 4 voices").first().waitFor();

  const annotated = path.join(dir, "annotations.json");
  writeFileSync(annotated, JSON.stringify(annotations()));
  await annotationsInput(page).setInputFiles([annotated]);
  await page.getByRole("button", { name: "Merge into study" }).click();
  await page.getByText(/Merged into/).waitFor();

  // The study page's Model saliency form.
  const csv = path.join(dir, "ssl-mos-ig.csv");
  writeFileSync(csv, saliencyCsv());
  await page.goto(`${inject("baseUrl")}/studies/demo`);
  const form = page.getByRole("form", { name: "Model saliency" });
  await form.getByLabel("Model name").fill("ssl-mos-ig");
  await form.getByLabel("Hop (seconds between frames)").fill("0.02");
  await form.getByLabel("Saliency files").setInputFiles([csv]);
  await form.getByRole("button", { name: "Import saliency" }).click();
  await form
    .getByRole("status")
    .getByText(/Saliency of model “ssl-mos-ig” stored for 3 clips/)
    .waitFor();

  // The study as the app exports it, and the command line's report of it.
  const exported = path.join(dir, "demo.json");
  writeFileSync(exported, await download("Export JSON"));
  const expected = cli(runAnalysisCli, ["stats", exported, "--json"]);
  const saliency = JSON.parse(expected).saliency["ssl-mos-ig"];
  expect(saliency.clips).toBe(3);
  // The same CSV through `import --model` gives the very records the app stored.
  const file = JSON.parse(readFileSync(exported, "utf8")) as AnnotationFile;
  const without = path.join(dir, "without.json");
  writeFileSync(without, JSON.stringify({ ...file, saliency: undefined }));
  const viaCli = path.join(dir, "via-cli.json");
  cli(runImportExportCli as unknown as typeof runAnalysisCli, [
    "import",
    csv,
    "--model",
    "ssl-mos-ig",
    "--hop",
    "0.02",
    "--into",
    without,
    "--out",
    viaCli,
  ]);
  expect(JSON.parse(readFileSync(viaCli, "utf8")).saliency).toEqual(file.saliency);

  await page.goto(`${inject("baseUrl")}/studies/demo/analysis`);
  await page.getByText(/Computed in \d+ ms with 0\.1 s bins/).waitFor({ timeout: 30_000 });
  const section = page.locator("#model-and-listeners");
  await section.waitFor();
  const three = (v: number | null) => (v === null ? "—" : v.toFixed(3));
  const cell = (type: string) =>
    section.locator(`[data-model="ssl-mos-ig"][data-type="${type}"] [data-value]`).textContent();
  await expect(cell("overall")).resolves.toBe(three(saliency.overall));
  for (const type of ["high_pitch", "word_duration"]) {
    await expect(cell(type)).resolves.toBe(three(saliency.byType[type]));
  }
  await expect(
    section.locator('[data-model="ssl-mos-ig"][data-type="counts"]').textContent(),
  ).resolves.toBe(`3, ${saliency.bins}`);
  // Figure 1: the first clip's listeners' and model's bins over its waveform.
  const figure = section.locator('[data-figure="saliency.clip"]');
  await expect(figure.getAttribute("data-clip")).resolves.toBe("s01_espeak");
  await figure.locator("canvas, wave, div[part]").first().waitFor({ state: "attached" });
  const salient = await figure.locator('[data-salient="yes"]').count();
  const marked = await figure
    .locator("[data-listeners]")
    .evaluateAll((els) => els.filter((e) => Number(e.getAttribute("data-listeners")) > 0).length);
  expect(salient).toBe(marked);
  await screenshot(page, "analysis-model-and-listeners");

  // "Download report (JSON)" saves exactly what stats --json prints.
  await expect(download("Download report (JSON)")).resolves.toBe(expected);
  expect(errors).toEqual([]);
});
