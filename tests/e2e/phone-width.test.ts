// At 390 px (a phone) the researcher's pages never scroll sideways: wide tables scroll inside
// their cards. (The analysis screen has the same check in analysis.test.ts.) A visually hidden
// text inside a scrolling table once stuck out of it and widened the study page to 480 px.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { launchBrowser, watchErrors } from "./chromium.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("home and the demo study's page fit a 390 px phone", async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = watchErrors(page);
  const base = inject("baseUrl");
  const widths: Record<string, number> = {};
  await page.goto(base);
  await page.getByRole("link", { name: /Demo/ }).first().waitFor();
  widths.home = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.goto(`${base}/studies/demo`);
  await page.getByRole("table").first().waitFor();
  widths.study = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widths).toEqual({ home: 390, study: 390 });
  expect(errors).toEqual([]);
  await page.close();
});
