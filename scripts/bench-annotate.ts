// Performance of the crowd annotate screen, measured in Debian's Chromium against a build:
//   1. "Next clip" → playable waveform (wavesurfer 'ready') across the 20 demo clips
//   2. long tasks (PerformanceObserver 'longtask', > 50 ms) while dragging a span on a clip
//      that carries 100 spans
//   3. gzip size of the initial JavaScript (the entry chunk and what index.html preloads)
//
// Usage: npx vite build --outDir /tmp/x && npx tsx scripts/bench-annotate.ts [/tmp/x]
// (default build folder: dist/). Prints the numbers; docs/annotate.md quotes them.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
import { preview } from "vite";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium.ts";
import { timeToWaveformReady } from "./waveformTiming.ts";

const dist = path.resolve(process.argv[2] ?? process.env.BENCH_DIST ?? "dist");
if (!existsSync(path.join(dist, "index.html"))) {
  console.error(`No build in ${dist}: run \`npx vite build --outDir ${dist}\` first.`);
  process.exit(1);
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (pos - lo);
}
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Initial JavaScript: the module entry script(s) and modulepreloads named in index.html. */
function initialJs(): { files: { file: string; raw: number; gzip: number }[]; gzip: number } {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g))
    srcs.add(m[1] ?? "");
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    srcs.add(m[1] ?? "");
  const files = [...srcs]
    .filter((s) => s.endsWith(".js"))
    .map((src) => {
      const bytes = readFileSync(path.join(dist, src.replace(/^\//, "")));
      return { file: src, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
  return { files, gzip: files.reduce((a, f) => a + f.gzip, 0) };
}

async function waitReady(page: Page) {
  await page.locator('section[aria-label="Waveform"][aria-busy="false"] canvas').first().waitFor();
}

/** Writes spans straight into IndexedDB (the app re-reads them on reload). */
function seedSpans(
  page: Page,
  clipId: string,
  annotatorId: string,
  count: number,
  duration: number,
) {
  return page.evaluate(
    ({ clipId, annotatorId, count, duration }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("redpen");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction("regions", "readwrite");
          const store = tx.objectStore("regions");
          for (let i = 0; i < count; i++) {
            const start = Math.round((i / count) * (duration - 0.4) * 1000) / 1000;
            store.put({
              studyId: "demo",
              id: `bench-${i}`,
              clipId,
              annotatorId,
              start,
              end: start + 0.35,
            });
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { clipId, annotatorId, count, duration },
  );
}

/** The start times shown in the Regions list. */
async function spanStarts(page: Page): Promise<number[]> {
  const values = await page
    .getByRole("spinbutton", { name: /^Start of span/ })
    .evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value)));
  return values;
}

async function main() {
  const server = await preview({
    root: process.cwd(),
    build: { outDir: dist },
    preview: { port: 0, host: "127.0.0.1", strictPort: false },
    logLevel: "error",
  });
  const base = server.resolvedUrls?.local[0]?.replace(/\/$/, "");
  if (!base) throw new Error("vite preview gave no URL");
  const profile = mkdtempSync(path.join(tmpdir(), "redpen-bench-annotate-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const url = `${base}/annotate/demo?annotator=bench&role=crowd`;

    // 1. Next clip → ready, over the 20 clips (19 steps forward from clip 1).
    await page.goto(url);
    await waitReady(page);
    const steps: number[] = [];
    for (let i = 1; i < 20; i++) steps.push(await timeToWaveformReady(page, "Next clip"));
    const sorted = [...steps].sort((a, b) => a - b);

    // 2. Long tasks while dragging a span on a clip with 100 spans.
    await page.goto(`${url}&clip=s01_human`);
    await waitReady(page);
    await seedSpans(page, "s01_human", "bench", 100, 7.1);
    await page.reload();
    await waitReady(page);
    await page.getByRole("list", { name: "Regions" }).getByRole("listitem").nth(99).waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: "longtask" });
    });
    const startsBefore = await spanStarts(page);
    const box = await page.getByRole("region", { name: "Waveform" }).boundingBox();
    if (!box) throw new Error("no waveform box");
    const y = box.y + 40;
    await page.waitForTimeout(1500); // let the load and first render settle
    const dragAt = await page.evaluate(() => performance.now());
    await page.mouse.move(box.x + 300, y);
    await page.mouse.down();
    for (let i = 1; i <= 40; i++) await page.mouse.move(box.x + 300 + i * 5, y);
    await page.mouse.up();
    const dropAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(1000); // the write and the re-render after the drop
    const dragMs = dropAt - dragAt;
    const moved = (await spanStarts(page)).filter((v) => !startsBefore.includes(v)).length;
    if (moved === 0) throw new Error("the drag moved no span: the measurement would be empty");
    const allLongTasks = await page.evaluate(
      () =>
        (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
    );
    // Only what overlaps the drag and the second after the drop counts.
    const longTasks = allLongTasks.filter((t) => t.start + t.duration >= dragAt);

    // 3. Initial JavaScript.
    const js = initialJs();

    console.log("RedPen annotate benchmark");
    console.log(`build: ${dist}`);
    console.log(`Chromium: ${context.browser()?.version() ?? "(persistent context)"}`);
    console.log("");
    console.log(`Next clip → waveform ready (${steps.length} steps over the 20 demo clips)`);
    console.log(
      `  median ${ms(quantile(sorted, 0.5))}  p95 ${ms(quantile(sorted, 0.95))}  max ${ms(sorted.at(-1) ?? Number.NaN)}`,
    );
    console.log("");
    console.log(
      `Dragging a span on a clip with 100 spans (40 pointer moves in ${ms(dragMs)}; ${moved} span moved)`,
    );
    console.log(`  long tasks: ${longTasks.length}; goal: none over 50 ms`);
    for (const t of longTasks) {
      const when = t.start < dropAt - 50 ? "during the drag" : "after the drop";
      console.log(`    ${ms(t.duration)} ${when} (${ms(t.start - dropAt)} from the drop)`);
    }
    console.log("");
    console.log("Initial JavaScript (entry chunk + modulepreloads), gzip -9:");
    for (const f of js.files)
      console.log(
        `  ${f.file}: ${(f.raw / 1024).toFixed(1)} KiB raw, ${(f.gzip / 1024).toFixed(1)} KiB gzip`,
      );
    console.log(`  total: ${(js.gzip / 1024).toFixed(1)} KiB gzip`);
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

await main();
