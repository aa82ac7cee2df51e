// Performance of the expert screen on a large study, measured in Debian's Chromium against a
// build (issue: on 20,000 clips it used to load and sort every region, and re-run that on
// every write):
//   1. the generated 20,000-clip study is imported through the home screen (as bench:analysis)
//   2. opening /annotate/<id>?annotator=e1&role=expert: time from navigation to the first
//      clip's spans listed with their reasons, and to the study's progress ("… spans
//      labelled", which needs the navigation index), with the longest main-thread task
//   3. reason keys ("2", Silence, toggled on the selected span): time from the key press to
//      the checkbox showing it, and to the label being stored in IndexedDB (read back with
//      the raw IndexedDB API), with the longest main-thread task; repeated 20 times
//   4. Next clip (N): time to the next clip's heading and spans
// Usage: npx vite build --outDir /tmp/x && npx tsx scripts/bench-expert.ts [/tmp/x] [--clips N]
// (default build folder: dist/; default 20,000 clips). docs/expert.md quotes the numbers.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { preview } from "vite";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium.ts";
import { generateStudyText } from "./gen-study.ts";

const args = process.argv.slice(2);
const clipsFlag = args.indexOf("--clips");
const clipCount = clipsFlag >= 0 ? Number(args[clipsFlag + 1]) : 20_000;
const positional = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--clips");
const trace = args.includes("--trace");
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
const SILENCE = 'input[aria-labelledby="reason-1-label"]';

async function observeLongTasks(page: Page) {
  // tsx (esbuild with keepNames) wraps named functions in the scripts sent to the page in
  // __name(…); give the page a harmless one.
  await page.addInitScript("globalThis.__name = (f) => f;");
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

const longTasks = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { __longTasks: { start: number; duration: number }[] }
    ).__longTasks.slice(),
  );

function summarize(tasks: { start: number; duration: number }[], from = 0): string {
  const mine = tasks.filter((t) => t.start >= from);
  if (mine.length === 0) return "none over 50 ms";
  return `${mine.length} over 50 ms, longest ${ms(Math.max(...mine.map((t) => t.duration)))}`;
}

function stats(xs: number[]): string {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `median ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(at(1))}`;
}

/** With --trace: when the page's scripts arrived and each stage of the screen first showed. */
async function watchStages(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __stages: Record<string, number> };
    w.__stages = {};
    const stages: Record<string, string> = {
      "study loading": "main p[role=status]",
      "clip heading": "main h1",
      "spans listed": 'ul[aria-label="Regions"] li',
      "reasons shown": 'input[aria-labelledby="reason-1-label"]',
      waveform: "[data-testid=waveform] canvas, div[part=wrapper], ::part(wrapper)",
    };
    new MutationObserver(() => {
      for (const [name, selector] of Object.entries(stages)) {
        try {
          if (!(name in w.__stages) && document.querySelector(selector))
            w.__stages[name] = performance.now();
        } catch {
          // a selector this browser does not understand: that stage is not timed
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function openTimeline(page: Page): Promise<string> {
  return page.evaluate(() => {
    const w = window as unknown as { __stages: Record<string, number> };
    const lines: string[] = [];
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    lines.push(`  DOMContentLoaded ${Math.round(nav.domContentLoadedEventEnd)} ms`);
    for (const r of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
      if (/\.(js|wasm|wav)$/.test(r.name))
        lines.push(
          `  ${r.name.split("/").pop()} ${Math.round(r.startTime)}–${Math.round(r.responseEnd)} ms`,
        );
    }
    for (const [name, at] of Object.entries(w.__stages))
      lines.push(`  ${name} ${Math.round(at)} ms`);
    return lines
      .sort((a, b) => Number(a.match(/(\d+) ms$/)?.[1]) - Number(b.match(/(\d+) ms$/)?.[1]))
      .join("\n");
  });
}

async function dismissNotices(page: Page) {
  const close = page
    .getByRole("region", { name: "Notices" })
    .getByRole("button", { name: /^Dismiss/ });
  while ((await close.count()) > 0) await close.first().click();
}

/**
 * In the page: presses nothing itself, but times from now until the Silence checkbox shows
 * `checked` and until the selected span's label, read back from IndexedDB with the raw API
 * (key [studyId, regionId, "e1"]), has or lacks "silence" accordingly.
 */
function timeToggle(page: Page, studyId: string, checked: boolean) {
  return page.evaluate(
    ({ selector, studyId, checked }) =>
      new Promise<{ shown: number; stored: number }>((resolve, reject) => {
        const t0 = performance.now();
        const regionId = document
          .querySelector('li[aria-current="true"]')
          ?.getAttribute("data-span-id");
        if (!regionId) {
          reject(new Error("no selected span"));
          return;
        }
        let shown = -1;
        let stored = -1;
        const done = () => {
          if (shown >= 0 && stored >= 0) resolve({ shown, stored });
        };
        const watch = () => {
          if (document.querySelector<HTMLInputElement>(selector)?.checked === checked) {
            shown = performance.now() - t0;
            done();
          } else requestAnimationFrame(watch);
        };
        const read = () => {
          const open = indexedDB.open("redpen");
          open.onsuccess = () => {
            const db = open.result;
            const req = db
              .transaction("reasonLabels")
              .objectStore("reasonLabels")
              .get([studyId, regionId, "e1"]);
            req.onsuccess = () => {
              db.close();
              const has = (req.result?.reasons ?? []).includes("silence");
              if (has === checked) {
                stored = performance.now() - t0;
                done();
              } else setTimeout(read, 2);
            };
            req.onerror = () => reject(req.error);
          };
        };
        requestAnimationFrame(watch);
        read();
        setTimeout(() => reject(new Error("no answer in 10 s")), 10_000);
      }),
    { selector: SILENCE, studyId, checked },
  );
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), "redpen-bench-expert-"));
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
    page.setDefaultTimeout(180_000);
    await observeLongTasks(page);
    if (trace) await watchStages(page);

    const text = generateStudyText({ clips: clipCount, annotators: 3, seed: 1 });
    const file = path.join(work, "study.json");
    writeFileSync(file, text);
    const study = JSON.parse(text) as {
      study: { id: string };
      clips: unknown[];
      regions: unknown[];
      reasonLabels: unknown[];
    };
    console.log(
      `Study: ${study.clips.length} clips, ${study.regions.length} regions, ${study.reasonLabels.length} reason labels`,
    );
    await page.goto(base);
    await page.waitForLoadState("networkidle");
    await dismissNotices(page);
    await page
      .locator('input[type="file"]')
      .and(page.getByLabel("Import annotations", { exact: true }))
      .setInputFiles([file]);
    await page.getByRole("button", { name: "Merge into study" }).click();
    await page.waitForSelector('[role="status"]:has-text("Merged into")');
    console.log("Imported.");

    // 2. Open the expert screen (the second visit: the first one registers the expert).
    const url = `${base}/annotate/${encodeURIComponent(study.study.id)}?annotator=e1&role=expert`;
    const opens: number[] = [];
    const indexed: number[] = [];
    let openTasks = "";
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      await page.goto(url);
      await page.waitForSelector('ul[aria-label="Regions"] li');
      await page.waitForSelector(SILENCE);
      const tSpans = performance.now();
      await page.waitForFunction(() =>
        /[1-9]\d* spans labelled/.test(
          document.querySelector('nav[aria-label="Clips"]')?.textContent ?? "",
        ),
      );
      const tIndex = performance.now();
      if (i > 0) {
        opens.push(tSpans - t0);
        indexed.push(tIndex - t0);
      }
      await page.waitForTimeout(300);
      openTasks = summarize(await longTasks(page));
      if (trace && i === 3) console.log(await openTimeline(page));
    }
    // 3. Reason keys.
    const shown: number[] = [];
    const stored: number[] = [];
    const before = await page.evaluate(() => performance.now());
    for (let i = 0; i < 20; i++) {
      const wasChecked = await page.$eval(SILENCE, (el) => (el as HTMLInputElement).checked);
      const timing = timeToggle(page, study.study.id, !wasChecked);
      await page.keyboard.press("2");
      const t = await timing;
      shown.push(t.shown);
      stored.push(t.stored);
      await page.waitForTimeout(100);
    }
    const keyTasks = summarize(await longTasks(page), before);
    // 4. Next clip.
    const nexts: number[] = [];
    const beforeNext = await page.evaluate(() => performance.now());
    for (let i = 0; i < 10; i++) {
      const heading = await page.locator("h1").first().textContent();
      const t0 = performance.now();
      await page.keyboard.press("n");
      await page.waitForFunction(
        (h) => document.querySelector("h1")?.textContent !== h,
        heading ?? "",
      );
      nexts.push(performance.now() - t0);
      await page.waitForTimeout(100);
    }
    const nextTasks = summarize(await longTasks(page), beforeNext);

    console.log("");
    console.log(`Open (navigate → first clip's spans and reasons): ${stats(opens)}`);
    console.log(`Open (navigate → study progress shown):           ${stats(indexed)}`);
    console.log(`  main-thread long tasks while opening:           ${openTasks}`);
    console.log(`Reason key → checkbox shows it:                   ${stats(shown)}`);
    console.log(`Reason key → label stored in IndexedDB:           ${stats(stored)}`);
    console.log(`  main-thread long tasks over 20 keys:            ${keyTasks}`);
    console.log(`Next clip (N → next heading):                     ${stats(nexts)}`);
    console.log(`  main-thread long tasks over 10 clips:           ${nextTasks}`);
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
