// On a phone (390 × 844, touch): a swipe across the waveform marks a span, as a mouse drag does
// on a laptop (issue 10, item 5). The waveform keeps its touches (touch-action: none), so the
// browser neither pans its scroll box nor cancels the drag.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { launchBrowser, screenshot, watchErrors } from "./chromium.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("a touch swipe on the waveform marks a span", async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${inject("baseUrl")}/annotate/demo?annotator=phone1&role=crowd`);
  await page.locator('section[aria-label="Waveform"][aria-busy="false"] canvas').first().waitFor({
    timeout: 30_000,
  });
  // A phone's hints say what a finger does, not which keys to press; no shortcuts button.
  expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
  await page.getByText(/^Swipe across the waveform to mark a span/).waitFor();
  await page.getByText(/^None yet\. Swipe across the waveform/).waitFor();
  expect(await page.getByText(/Press \? for keyboard shortcuts/).isVisible()).toBe(false);
  expect(await page.getByText(/press M at the start/).isVisible()).toBe(false);
  expect(await page.getByRole("button", { name: /^Keyboard shortcuts/ }).isVisible()).toBe(false);
  const box = await page.getByRole("region", { name: "Waveform" }).boundingBox();
  if (!box) throw new Error("the waveform has no box");
  const cdp = await context.newCDPSession(page);
  const y = box.y + 60;
  const from = box.x + 60;
  const to = box.x + 220;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
  for (let i = 1; i <= 10; i++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: from + ((to - from) * i) / 10, y }],
    });
    await page.waitForTimeout(25);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  const items = page.getByRole("list", { name: "Regions" }).getByRole("listitem");
  await expect.poll(() => items.count()).toBe(1);
  // The span lies where the finger went (a press of 0.1 s starts the drag: the start is where
  // the finger first touched, the end where it lifted), within the 7.1 s clip.
  const start = Number(
    await page.getByRole("spinbutton", { name: "Start of span 1 (seconds)" }).inputValue(),
  );
  const end = Number(
    await page.getByRole("spinbutton", { name: "End of span 1 (seconds)" }).inputValue(),
  );
  const secondsPerPx = 7.1 / box.width;
  expect(start).toBeCloseTo(60 * secondsPerPx, 0);
  expect(end).toBeCloseTo(220 * secondsPerPx, 0);
  expect(end).toBeGreaterThan(start);
  await screenshot(page, "touch-span");
  // Chrome's intervention notice when wavesurfer's regions plugin calls preventDefault on a
  // touchmove that the browser has made uncancelable (nothing scrolls: the waveform has
  // touch-action none); everything else must be clean.
  expect(errors.filter((e) => !e.includes("Ignored attempt to cancel a touchmove event"))).toEqual(
    [],
  );
  await context.close();
}, 60_000);
