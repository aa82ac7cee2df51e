// Speed of pitch and energy (issue 10's goals: F0 and energy of a 10 s clip in the worker under
// 100 ms; the overlays redraw while zooming with no main-thread task over 50 ms):
//   1. in Node, computeFeatures on a 10.0 s clip made of demo recordings (the worker runs this
//      very code in the same engine), median of 20 runs after a warm-up
//   2. in Debian's Chromium against a build: the expert screen on the demo study; for each of
//      the 20 clips, the pitch worker's time from posting the samples to having the features
//      back (performance measure "redpen:features"), then 12 zoom steps in and out with the
//      overlays on, recording every main-thread task over 50 ms
// Usage: npx vite build && npx tsx scripts/bench-features.ts [dist]. docs/expert.md quotes it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { preview } from "vite";
import { computeFeatures } from "../src/domain/acoustics/features.ts";
import { wavSamples } from "../src/domain/clips/wav.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium.ts";

const dist = path.resolve(process.argv[2] ?? "dist");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

// 1. Node: a 10 s clip from the demo's recordings, end to end.
const parts = ["s01_festival", "s02_human", "s03_flite"].map((name) => {
  const bytes = readFileSync(`public/audio/${name}.wav`);
  return wavSamples(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
});
const rate = parts[0]?.sampleRate as number;
const clip = new Float32Array(10 * rate);
let at = 0;
for (const part of parts) {
  clip.set(part.samples.subarray(0, Math.min(part.samples.length, clip.length - at)), at);
  at += part.samples.length;
  if (at >= clip.length) break;
}
computeFeatures(clip, rate); // warm-up
const times: number[] = [];
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  computeFeatures(clip, rate);
  times.push(performance.now() - t0);
}
console.log(
  `Node: 10.0 s clip at ${rate} Hz: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (20 runs)`,
);

// 2. Chromium: the worker on the demo clips, and zooming with the overlays on.
const server = await preview({
  build: { outDir: dist },
  preview: { port: 0, host: "127.0.0.1" },
  logLevel: "error",
});
const base = server.resolvedUrls?.local[0]?.replace(/\/$/, "") as string;
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript("globalThis.__name = (f) => f;");
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(`${base}/annotate/demo?annotator=bench&role=expert`);
  const measures = () =>
    page.evaluate(() =>
      performance.getEntriesByName("redpen:features").map((e) => ({
        ms: e.duration,
        seconds: (e as PerformanceMeasure).detail.seconds as number,
      })),
    );
  for (let i = 1; i <= 20; i++) {
    await page.waitForFunction(
      (n) => performance.getEntriesByName("redpen:features").length >= n,
      i,
      {
        timeout: 20_000,
      },
    );
    if (i < 20) await page.keyboard.press("n");
  }
  const clips = await measures();
  const [first, ...warm] = clips as { ms: number; seconds: number }[];
  const perSecond = warm.map((c) => c.ms / c.seconds);
  const longest = warm.reduce((x, y) => (y.seconds > x.seconds ? y : x));
  console.log(
    `Chromium worker, first clip (${first?.seconds.toFixed(2)} s, includes starting the worker): ${first?.ms.toFixed(1)} ms`,
  );
  console.log(
    `Chromium worker, the other 19 demo clips (2.2–7.4 s): median ${median(warm.map((c) => c.ms)).toFixed(1)} ms per clip, ` +
      `${median(perSecond).toFixed(1)} ms per second of audio (slowest ${Math.max(...perSecond).toFixed(1)}); the longest clip (${longest.seconds.toFixed(2)} s) ${longest.ms.toFixed(1)} ms; ` +
      `a 10 s clip at the slowest rate seen ≈ ${(10 * Math.max(...perSecond)).toFixed(0)} ms`,
  );
  await page.evaluate(() => {
    (window as unknown as { __longTasks: number[] }).__longTasks = [];
  });
  for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Zoom in" }).click();
  for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Zoom out" }).click();
  await page.waitForTimeout(500);
  const tasks = await page.evaluate(
    () => (window as unknown as { __longTasks: number[] }).__longTasks,
  );
  console.log(
    `Zooming 6 steps in and 6 out with the overlays on: ${tasks.length} main-thread task(s) over 50 ms${tasks.length ? ` (longest ${Math.max(...tasks).toFixed(0)} ms)` : ""}`,
  );
} finally {
  await browser.close();
  await server.close();
}
