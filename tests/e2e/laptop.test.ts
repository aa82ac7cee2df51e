// The screens at laptop size (1280 × 720): everything a clip needs is in view without
// scrolling. Crowd: the five ratings and Finish clip; expert: all eleven reasons.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { launchBrowser, screenshot, watchErrors } from "./chromium.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** True when the element is wholly inside the 1280 × 720 viewport, with the page unscrolled. */
async function inView(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  return box !== null && scrollY === 0 && box.y >= 0 && box.y + box.height <= 720;
}

test("at 1280 × 720 the ratings, Finish clip and every reason fit without scrolling", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const base = inject("baseUrl");
  await page.goto(`${base}/annotate/demo?annotator=lap1&role=crowd`);
  const wave = page.locator('section[aria-label="Waveform"][aria-busy="false"] canvas').first();
  await wave.waitFor();
  await page
    .getByRole("button", { name: "Play", exact: true })
    .and(page.locator(":enabled"))
    .waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const name of [/1\s*Bad/, /5\s*Excellent/]) {
    expect(await inView(page, page.getByRole("radio", { name }))).toBe(true);
  }
  expect(await inView(page, page.getByRole("button", { name: "Finish clip" }))).toBe(true);
  // A span for the expert to label.
  const box = await wave.boundingBox();
  if (!box) throw new Error("no waveform");
  await page.mouse.move(box.x + 150, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + 300, box.y + 60, { steps: 5 });
  await page.mouse.up();
  await page.getByRole("list", { name: "Regions" }).getByRole("listitem").first().waitFor();
  await screenshot(page, "laptop-crowd");

  await page.goto(`${base}/annotate/demo?annotator=lap-e1&role=expert`);
  await page.getByRole("checkbox", { name: "Undefined" }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const name of ["End of speech", "Background noise", "Undefined"]) {
    expect(await inView(page, page.getByRole("checkbox", { name }))).toBe(true);
  }
  // The descriptions are still there for screen readers.
  await expect
    .poll(() =>
      page
        .getByRole("checkbox", { name: "End of speech" })
        .evaluate(
          (el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent,
        ),
    )
    .toBe("Position of region is at the end of each utterance.");
  await screenshot(page, "laptop-expert");
  expect(errors.filter((e) => !/persistent storage/i.test(e))).toEqual([]);
  await context.close();
});
