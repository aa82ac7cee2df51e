// Annotations of other tools into a study, in Chromium: on the demo study's page, a TextGrid
// written by Praat and a Label Studio export go through the import card's preview and merge,
// and the expert screen then shows their spans.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { appPage, dismissNotices, screenshot } from "./chromium.ts";

let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ browser, page, errors } = await appPage(inject("baseUrl"), { width: 1280, height: 900 }));
});
afterAll(async () => {
  await browser?.close();
});

test("a Praat TextGrid and a Label Studio export become spans of the demo study", async () => {
  await page.goto(`${inject("baseUrl")}/`);
  await page.getByText("Demo: 5 sentences × 4 voices").first().waitFor();
  await page.goto(`${inject("baseUrl")}/studies/demo`);
  const card = page.getByRole("region", { name: "Import annotations" });
  // The annotation files' input (the card also has the model saliency form's).
  await card
    .locator('input[type="file"]')
    .and(card.getByLabel("Import annotations", { exact: true }))
    .setInputFiles([
      path.join("tests", "formats", "s01_espeak.TextGrid"),
      path.join("tests", "formats", "label-studio-export.json"),
    ]);
  const merge = page.getByRole("button", { name: "Merge into study" });
  await merge.waitFor();
  // What was left out is said under the preview's warnings, named by file.
  await card.getByText(/^\d+ warnings \(the files are still imported\)/).click();
  await card.getByText(/s01_espeak\.TextGrid: tier "events" is a point tier/).waitFor();
  await dismissNotices(page);
  await card.screenshot({ path: "test-results/screenshots/import-other-tools.png" });
  await merge.click();
  await page.getByText(/Merged into Demo/).waitFor();

  // The expert screen lists the imported spans of s01_espeak: w1's two and w2's two from
  // Praat, ls-2's two and rater5's one from Label Studio.
  await page.goto(`${inject("baseUrl")}/annotate/demo?annotator=e9&role=expert`);
  await page.getByRole("heading", { name: "s01_human.wav" }).waitFor();
  const heading = page.getByRole("heading", { level: 1 });
  for (let i = 0; i < 20 && (await heading.textContent()) !== "s01_espeak.wav"; i++) {
    const before = await heading.textContent();
    // The button (enabled once the clip index is read) rather than N, which does nothing before.
    await page.getByRole("button", { name: /^Next clip/ }).click();
    await expect.poll(() => heading.textContent()).not.toBe(before);
  }
  await page.getByRole("heading", { name: "s01_espeak.wav" }).waitFor();
  const rows = page.getByRole("list", { name: "Regions" }).getByRole("listitem");
  await expect.poll(() => rows.count()).toBe(7);
  const texts = await rows.allTextContents();
  expect(texts.filter((t) => t.startsWith("w1"))).toHaveLength(2);
  expect(texts.filter((t) => t.startsWith("rater5@example.org"))).toHaveLength(1);
  await screenshot(page, "import-other-tools-expert");
  expect(errors).toEqual([]);
});
