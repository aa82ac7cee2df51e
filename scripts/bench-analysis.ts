// Performance of the analysis screen, measured in Debian's Chromium against a build:
//   1. importing a generated 20,000-clip study through the home screen ("Import annotations",
//      then "Merge into study"): time from choosing the file to the preview and to "Merged
//      into …", and the longest main-thread task in each part (the import worker does the
//      reading, checking, planning and writing; the page should stay under 100 ms per task)
//   2. opening /studies/<id>/analysis: time from navigation to every figure and chart on
//      screen, the worker's own computing time, and the longest main-thread task meanwhile
//      (PerformanceObserver 'longtask'; the goal is none over 100 ms)
//   3. the same for a recompute at a 0.25 s bin width
//   4. gzip size of the lazily loaded analysis chunk and of the analysis worker
//
// Usage: npx vite build --outDir /tmp/x && npx tsx scripts/bench-analysis.ts [/tmp/x] [--clips N]
// (default build folder: dist/; default 20,000 clips). Prints the numbers; docs/analysis.md
// quotes them. The study comes from scripts/gen-study.ts (seeded, so every run is the same).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
import { preview } from "vite";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium.ts";
import { generateStudyText } from "./gen-study.ts";

const args = process.argv.slice(2);
const clipsFlag = args.indexOf("--clips");
const clipCount = clipsFlag >= 0 ? Number(args[clipsFlag + 1]) : 20_000;
const positional = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--clips");
const dist = path.resolve(positional[0] ?? process.env.BENCH_DIST ?? "dist");
if (!existsSync(path.join(dist, "index.html"))) {
  console.error(`No build in ${dist}: run \`npx vite build --outDir ${dist}\` first.`);
  process.exit(1);
}
if (!Number.isInteger(clipCount) || clipCount < 1) {
  console.error("--clips needs a positive integer");
  process.exit(1);
}

const ms = (x: number) => `${Math.round(x)} ms`;

function chunkSize(prefix: string): { file: string; raw: number; gzip: number } {
  const assets = path.join(dist, "assets");
  const file = readdirSync(assets).find((f) => f.startsWith(prefix) && f.endsWith(".js"));
  if (!file) throw new Error(`no ${prefix}*.js in ${assets}`);
  const bytes = readFileSync(path.join(assets, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

interface LongTask {
  start: number;
  duration: number;
}

/** Records every long task of each document the page loads, into window.__longTasks. */
async function observeLongTasks(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __longTasks: { start: number; duration: number }[];
      __states: Record<string, number>;
    };
    w.__longTasks = [];
    // When the analysis screen first reaches each state ("running", "done"), by performance.now().
    w.__states = {};
    new MutationObserver(() => {
      const state = document.querySelector("main[data-analysis]")?.getAttribute("data-analysis");
      if (state && w.__states[state] === undefined) w.__states[state] = performance.now();
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-analysis"],
    });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

const states = (page: Page) =>
  page.evaluate(() => (window as unknown as { __states: Record<string, number> }).__states);

const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longTasks: LongTask[] }).__longTasks.slice());

async function dismissNotices(page: Page) {
  const close = page
    .getByRole("region", { name: "Notices" })
    .getByRole("button", { name: /^Dismiss/ });
  while ((await close.count()) > 0) await close.first().click();
}

/**
 * Waits for the figures at `binSeconds` and both charts, with plain CSS selectors: Playwright's
 * text and role selectors scan the whole page on the main thread and would show up as long
 * tasks of their own.
 */
async function waitForFigures(page: Page, binSeconds: number) {
  await page.waitForSelector(`main[data-analysis="done"][data-bin-seconds="${binSeconds}"]`);
  await page.waitForSelector("#correlation svg");
  await page.waitForSelector("#error-types svg");
}

function summarize(tasks: LongTask[], from = 0): string {
  const mine = tasks.filter((t) => t.start >= from);
  if (mine.length === 0) return "none over 50 ms";
  const longest = Math.max(...mine.map((t) => t.duration));
  const over100 = mine.filter((t) => t.duration > 100).length;
  return `${mine.length} over 50 ms, longest ${ms(longest)}, ${over100} over 100 ms`;
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), "redpen-bench-analysis-"));
  const server = await preview({
    build: { outDir: dist },
    preview: { port: 0, host: "127.0.0.1", strictPort: false },
    logLevel: "error",
  });
  const base = (server.resolvedUrls?.local[0] ?? "").replace(/\/$/, "");
  const context = await chromium.launchPersistentContext(path.join(work, "profile"), {
    executablePath: findChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  try {
    await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost))/, (route) => route.abort());
    const page = context.pages()[0] ?? (await context.newPage());
    // Generous for a 20,000-clip merge, short enough that a broken selector
    // fails the run instead of hanging it.
    page.setDefaultTimeout(180_000);
    await observeLongTasks(page);

    const started = performance.now();
    const text = generateStudyText({ clips: clipCount, annotators: 3, seed: 1 });
    const file = path.join(work, "study.json");
    writeFileSync(file, text);
    const study = JSON.parse(text) as {
      study: { id: string };
      clips: unknown[];
      regions: unknown[];
      reasonLabels: unknown[];
      submissions: unknown[];
    };
    console.log(
      `Study: ${study.clips.length} clips, ${study.submissions.length} submissions, ` +
        `${study.regions.length} regions, ${study.reasonLabels.length} reason labels ` +
        `(${(text.length / 1e6).toFixed(1)} MB, generated in ${ms(performance.now() - started)})`,
    );

    // 1. Import through the home screen.
    await page.goto(base);
    await page.waitForLoadState("networkidle");
    await dismissNotices(page);
    const t0 = performance.now();
    await page
      .locator('input[type="file"]')
      .and(page.getByLabel("Import annotations", { exact: true }))
      .setInputFiles([file]);
    const merge = page.getByRole("button", { name: "Merge into study" });
    await merge.waitFor();
    const tPreview = performance.now();
    const previewTasks = await longTasks(page);
    await dismissNotices(page);
    const tClick = performance.now();
    await merge.click();
    await page.waitForSelector('[role="status"]:has-text("Merged into")');
    const tMerged = performance.now();
    // Let the study list's live query answer the commit, then read the long tasks.
    await page.waitForTimeout(500);
    const mergeTasks = (await longTasks(page)).slice(previewTasks.length);

    // 2. Open the analysis screen.
    const analysisUrl = `${base}/studies/${encodeURIComponent(study.study.id)}/analysis`;
    const t1 = performance.now();
    await page.goto(analysisUrl);
    await waitForFigures(page, 0.1);
    const tShown = performance.now();
    const computed = await page.locator("header p").last().textContent();
    // Let anything queued behind the figures run, then read the long tasks of this document.
    await page.waitForTimeout(500);
    const analysisTasks = await longTasks(page);
    const analysisStates = await states(page);
    const asked = analysisStates.running ?? 0;
    const answered = analysisStates.done ?? 0;

    // 3. Recompute at 0.25 s.
    const before = (await longTasks(page)).length;
    const nowInPage = await page.evaluate(() => performance.now());
    const input = page.getByLabel("Bin width (seconds)");
    await input.fill("0.25");
    const t2 = performance.now();
    await input.press("Enter");
    await waitForFigures(page, 0.25);
    const tRecomputed = performance.now();
    const recomputed = await page.locator("header p").last().textContent();
    await page.waitForTimeout(500);
    const recomputeTasks = (await longTasks(page)).slice(before);

    const chunk = chunkSize("AnalysisPage-");
    const worker = chunkSize("analysis.worker-");
    console.log("");
    console.log(`Import (choose file → preview):        ${ms(tPreview - t0)}`);
    console.log(`  main-thread long tasks meanwhile:    ${summarize(previewTasks)}`);
    console.log(`Import (Merge into study → merged):    ${ms(tMerged - tClick)}`);
    console.log(`  main-thread long tasks meanwhile:    ${summarize(mergeTasks)}`);
    console.log(`Import (choose file → merged):         ${ms(tMerged - t0)}`);
    console.log(`Analysis (navigate → all on screen):   ${ms(tShown - t1)}`);
    console.log(`  worker: ${computed?.trim()}`);
    console.log(
      `  main-thread long tasks, page start-up (app bundle, first render): ${summarize(analysisTasks.filter((t) => t.start < asked))}`,
    );
    console.log(
      `  … while the worker computes: ${summarize(analysisTasks.filter((t) => t.start >= asked && t.start + t.duration < answered))}`,
    );
    console.log(
      `  … receiving and drawing the result: ${summarize(analysisTasks.filter((t) => t.start + t.duration >= answered))}`,
    );
    console.log(`Recompute at 0.25 s (Enter → shown):   ${ms(tRecomputed - t2)}`);
    console.log(`  worker: ${recomputed?.trim()}`);
    console.log(`  main-thread long tasks:              ${summarize(recomputeTasks, nowInPage)}`);
    console.log(
      `Analysis chunk ${chunk.file}: ${(chunk.raw / 1024).toFixed(1)} kB, gzip ${(chunk.gzip / 1024).toFixed(1)} kB`,
    );
    console.log(
      `Analysis worker ${worker.file}: ${(worker.raw / 1024).toFixed(1)} kB, gzip ${(worker.gzip / 1024).toFixed(1)} kB`,
    );
  } finally {
    await context.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
