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

test("the built app loads in Chromium with no console error", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(inject("baseUrl"));
  await expect(
    page.getByRole("heading", { name: "RedPen Annotator" }).first().isVisible(),
  ).resolves.toBe(true);
  await page.waitForLoadState("networkidle");
  await screenshot(page, "home");
  expect(errors).toEqual([]);
});
