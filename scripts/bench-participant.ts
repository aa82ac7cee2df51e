// The participant's next clip, timed as they meet it on a collection server's page
// (/p/<studyId>, a Prolific link): from pressing "Finish clip" to the next clip's waveform being
// ready to play (the `redpen:waveform-ready` mark, as bench-annotate times the local screen).
// Usage: npm run build && npx tsx scripts/bench-participant.ts [--clips N]
// Starts a collection server on a temporary PGlite serving dist/, publishes N demo clips
// (default 6) to one participant, and plays each clip to its end before finishing it (the
// participant page requires it), so it takes as long as the audio. Prints each transition and
// the median; docs/annotate.md quotes them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { createCollectionServer } from "../src/server/http.ts";
import { migrate } from "../src/server/migrations.ts";
import { publishStudy } from "../src/server/service.ts";
import { openPglite } from "../src/server/store.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium.ts";
import { storeDemoClips } from "../tests/server/fixtures.ts";
import { timeToWaveformReady } from "./waveformTiming.ts";

const args = process.argv.slice(2);
const N = args.includes("--clips") ? Number(args[args.indexOf("--clips") + 1]) : 6;
const IDS = ["s01_flite", "s02_flite", "s03_flite", "s04_flite", "s05_flite", "s02_espeak"];
if (!(N >= 2 && N <= IDS.length)) {
  console.error(`--clips: from 2 to ${IDS.length}`);
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), "redpen-bench-participant-"));
const store = await openPglite(path.join(dir, "db"));
await migrate(store);
const { audio, clips } = await storeDemoClips(store, IDS.slice(0, N));
await publishStudy(store, {
  file: {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: "bench",
      name: "Bench",
      binSeconds: 0.1,
      requireRating: true,
      instructions: "Listen to each clip to the end, rate it, then press Finish clip.",
    },
    taxonomy: [{ id: "undefined", label: "Undefined" }],
    clips,
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  },
  settings: { clipsPerParticipant: N, ratingsPerClip: 1, completionCode: "BENCH1" },
  audio,
});
// One participant's browser: the per-address limits of a public server are not what is measured.
const server = createCollectionServer({
  store,
  appDir: process.env.BENCH_DIST ?? "dist",
  rate: { perSecond: 1000, burst: 4000 },
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const times: number[] = [];
page.on("console", (m) => m.type() === "error" && console.error(`page: ${m.text()}`));
page.on("response", (r) => r.status() >= 400 && console.error(`HTTP ${r.status()} ${r.url()}`));
try {
  await page.goto(`${base}/p/bench?PROLIFIC_PID=BENCH01&STUDY_ID=s&SESSION_ID=x`);
  await page.getByRole("checkbox", { name: "I agree to take part" }).check();
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("button", { name: "Begin with the first clip" }).click();
  // The participant's clips: the assignment may give fewer than were published (one sentence each).
  const first = page.getByText(/^Clip 1 of \d+$/);
  await first.waitFor();
  const total = Number((await first.innerText()).replace(/^Clip 1 of /, ""));
  for (let i = 1; i < total; i++) {
    await page.getByText(`Clip ${i} of ${total}`, { exact: true }).waitFor();
    await page
      .locator('section[aria-label="Waveform"][aria-busy="false"] canvas')
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await page
      .getByText("Heard to the end: you can finish this clip.")
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press("3");
    const ms = await timeToWaveformReady(page, "Finish clip");
    times.push(ms);
    console.log(`clip ${i} → ${i + 1}: ${ms.toFixed(1)} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
  console.log(
    `Finish clip → next clip playable on /p/ (PGlite server, ${times.length} transitions): median ${median.toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
  );
} finally {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
