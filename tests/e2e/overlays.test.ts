// The expert's pitch and energy overlays in Chromium: a crowd span on the demo's first clip, the
// expert screen draws the F0 contour and the energy over the waveform (computed in the pitch
// worker from the decoded audio), says how the selected span's pitch and energy compare with the
// rest of the clip, follows the zoom, and fits at 1440 × 900 and at laptop size (1280 × 720).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { appPage, dismissNotices, markFirstClip, screenshot, waitForWaveform } from "./chromium.ts";

let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ browser, page, errors } = await appPage(inject("baseUrl"), { width: 1440, height: 900 }));
});
afterAll(async () => {
  await browser?.close();
});

/** Pixels of the overlay canvas in each track's colour (sky-700 pitch, amber-700 energy). */
function overlayPixels(p: Page) {
  return p.getByTestId("feature-overlay").evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext("2d");
    if (!ctx || canvas.width === 0) return { pitch: 0, energy: 0 };
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let pitch = 0;
    let energy = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]] as number[];
      if ((a as number) < 200) continue;
      if (
        Math.abs((r as number) - 3) < 30 &&
        Math.abs((g as number) - 105) < 30 &&
        Math.abs((b as number) - 161) < 30
      )
        pitch++;
      if (
        Math.abs((r as number) - 180) < 30 &&
        Math.abs((g as number) - 83) < 30 &&
        Math.abs((b as number) - 9) < 30
      )
        energy++;
    }
    return { pitch, energy };
  });
}

test("F0 and energy over the waveform, the span's evidence, zoom, two screen sizes", async () => {
  // A crowd annotator marks 0.30–0.60 of the first clip (s01_human.wav, 7.1 s).
  await markFirstClip(page, inject("baseUrl"), "w1", 0.3, 0.6);

  await page.goto(`${inject("baseUrl")}/annotate/demo?annotator=e1&role=expert`);
  await page.getByRole("heading", { name: "s01_human.wav" }).waitFor();
  await waitForWaveform(page);
  // The span is selected on arrival; its evidence names F0 in Hz and semitones, and energy.
  const evidence = page.getByTestId("span-evidence");
  await expect
    .poll(() => evidence.textContent(), { timeout: 15_000 })
    .toMatch(
      /F0 \d+ Hz, [+−±]\d+\.\d semitones (above|below) the rest of the clip \(median \d+ Hz\)/,
    );
  const text = (await evidence.textContent()) ?? "";
  expect(text).toMatch(/F0 range \d+\.\d semitones \(rest of the clip \d+\.\d\)/);
  expect(text).toMatch(/Energy −\d+\.\d dB, ([+−]\d+\.\d dB against the rest|level with the rest)/);
  // The reader's F0 (a man, about 80–130 Hz in Praat) is what the evidence reports.
  const hz = Number(/F0 (\d+) Hz/.exec(text)?.[1]);
  expect(hz).toBeGreaterThan(75);
  expect(hz).toBeLessThan(150);

  await expect.poll(async () => (await overlayPixels(page)).pitch).toBeGreaterThan(200);
  expect((await overlayPixels(page)).energy).toBeGreaterThan(200);
  await dismissNotices(page);
  await screenshot(page, "expert-overlays-1440");

  // Turning a track off clears it; the choice is kept.
  await page.getByRole("checkbox", { name: "Energy (dB)" }).uncheck();
  await expect.poll(async () => (await overlayPixels(page)).energy).toBe(0);
  expect((await overlayPixels(page)).pitch).toBeGreaterThan(200);
  await page.getByRole("checkbox", { name: "Energy (dB)" }).check();

  // Zoomed in, the contour is redrawn for the part in view (not stretched from the whole clip),
  // and the card keeps its width: the waveform scrolls inside it (the card once grew with it).
  const scroller = () =>
    page.evaluate(() => {
      const host = document.querySelector('[data-testid="waveform-canvas"] > div');
      const box = host?.shadowRoot?.querySelector(".scroll") as HTMLElement;
      const card = document.querySelector('section[aria-label="Clip"]') as HTMLElement;
      return { client: box.clientWidth, scroll: box.scrollWidth, card: card.clientWidth };
    });
  const unzoomed = await scroller();
  const before = await overlayPixels(page);
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(async () => (await scroller()).scroll).toBeGreaterThan(unzoomed.client * 7);
  expect(await scroller()).toMatchObject({ client: unzoomed.client, card: unzoomed.card });
  await expect.poll(async () => (await overlayPixels(page)).pitch).not.toBe(before.pitch);
  // Scrolling the zoomed waveform redraws the overlay for the new part.
  const atStart = await overlayPixels(page);
  await page.evaluate(() => {
    const host = document.querySelector('[data-testid="waveform-canvas"] > div');
    const box = host?.shadowRoot?.querySelector(".scroll") as HTMLElement;
    box.scrollLeft = box.scrollWidth / 2;
  });
  await expect.poll(async () => (await overlayPixels(page)).pitch).not.toBe(atStart.pitch);
  await page.screenshot({ path: "test-results/screenshots/expert-overlays-zoomed.png" });

  // Laptop size: the overlays, the evidence and the reasons are all on screen.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();
  await waitForWaveform(page);
  await expect.poll(() => evidence.textContent(), { timeout: 15_000 }).toMatch(/F0 \d+ Hz/);
  await expect.poll(async () => (await overlayPixels(page)).pitch).toBeGreaterThan(200);
  const reasons = page.getByRole("checkbox", { name: "Undefined" });
  const reasonsBox = await reasons.boundingBox();
  expect(reasonsBox && reasonsBox.y + reasonsBox.height).toBeLessThanOrEqual(720);
  const evidenceBox = await evidence.boundingBox();
  expect(evidenceBox && evidenceBox.y + evidenceBox.height).toBeLessThanOrEqual(720);
  await dismissNotices(page);
  await page.screenshot({ path: "test-results/screenshots/expert-overlays-1280.png" });
  expect(errors).toEqual([]);
});
