// The expert screen in Chromium, on spans made through the crowd screen: two crowd annotators
// each drag out a span on the demo's first clip and finish it; an expert then sees both spans in
// two colours, tags one with "End of speech", reloads, and finds the tag stored.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { appPage, dismissNotices, markFirstClip, screenshot, waitForWaveform } from "./chromium.ts";

let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ browser, page, errors } = await appPage(inject("baseUrl"), { width: 1280, height: 900 }));
});
afterAll(async () => {
  await browser?.close();
});

/** The waveform's drawn regions (wavesurfer's shadow DOM is open, so locators reach inside). */
const drawnSpans = (p: Page) => p.locator('section[aria-label="Waveform"] [data-span-id]');

test("crowd spans from two annotators are shown in two colours; a reason survives a reload", async () => {
  await markFirstClip(page, inject("baseUrl"), "w1", 0.15, 0.4);
  await markFirstClip(page, inject("baseUrl"), "w2", 0.5, 0.8);

  await page.goto(`${inject("baseUrl")}/annotate/demo?annotator=e1&role=expert`);
  await page.getByRole("heading", { name: "s01_human.wav" }).waitFor();
  await waitForWaveform(page);
  const items = page.getByRole("list", { name: "Regions" }).getByRole("listitem");
  await expect.poll(() => items.count()).toBe(2);
  await expect.poll(() => drawnSpans(page).count()).toBe(2);
  expect(await items.nth(0).textContent()).toContain("w1");
  expect(await items.nth(1).textContent()).toContain("w2");
  // Two annotators, two border colours on the waveform, matching the legend.
  const colors = await drawnSpans(page).evaluateAll((els) =>
    els.map((el) => getComputedStyle(el).borderLeftColor),
  );
  expect(new Set(colors).size).toBe(2);
  await page.getByRole("button", { name: "w1: 1 span, shown" }).waitFor();
  await page.getByRole("button", { name: "w2: 1 span, shown" }).waitFor();
  await page.getByText("0 of 2 spans labelled").waitFor();
  // Focus is on the clip's heading from the start (as on the crowd screen).
  const focused = () =>
    page.evaluate(
      () =>
        `${document.activeElement?.outerHTML.slice(0, 40)}|${document.activeElement?.textContent}`,
    );
  expect(await focused()).toMatch(/^<h1[^|]*\|s01_human\.wav$/);
  await dismissNotices(page);
  await screenshot(page, "expert-two-annotators");

  // Select w1's span in the list and tick "End of speech".
  await items
    .nth(0)
    .getByRole("button", { name: /^w1's span/ })
    .click();
  await page.getByRole("group", { name: /Reasons for w1's span/ }).waitFor();
  await page.getByRole("checkbox", { name: "End of speech" }).check();
  await page.getByText("1 of 2 spans labelled").waitFor();
  // A key toggles the 9th type on the same span (and again, off).
  await page.keyboard.press("9");
  await expect.poll(() => items.nth(0).textContent()).toContain("Accuracy");
  await page.keyboard.press("9");
  await expect.poll(() => items.nth(0).textContent()).not.toContain("Accuracy");
  // N from a reason box: clip 2 has no spans, so the reasons went away with clip 1 and focus
  // goes to the new clip's heading; P back, and the keys label at once (w2's span, the first
  // still without reasons, is selected on arrival).
  await page.keyboard.press("n");
  await page.getByRole("heading", { name: "s01_espeak.wav" }).waitFor();
  await expect.poll(focused).toMatch(/^<h1[^|]*\|s01_espeak\.wav$/);
  await page.keyboard.press("p");
  await page.getByRole("heading", { name: "s01_human.wav" }).waitFor();
  await expect.poll(focused).toMatch(/^<h1[^|]*\|s01_human\.wav$/);
  await page.keyboard.press("9");
  await expect.poll(() => items.nth(1).textContent()).toContain("Accuracy");
  await page.keyboard.press("9");
  await expect.poll(() => items.nth(1).textContent()).not.toContain("Accuracy");
  await dismissNotices(page);
  await screenshot(page, "expert-labelled");

  await page.reload();
  await waitForWaveform(page);
  await expect.poll(() => items.count()).toBe(2);
  expect(await items.nth(0).textContent()).toContain("End of speech");
  await items
    .nth(0)
    .getByRole("button", { name: /^w1's span/ })
    .click();
  const eos = page.getByRole("checkbox", { name: "End of speech" });
  expect(await eos.isChecked()).toBe(true);
  expect(await page.getByRole("checkbox", { name: "Accuracy" }).isChecked()).toBe(false);
  await page.getByText("1 of 2 spans labelled").waitFor();

  // The union of the two disjoint spans is two merged spans; the shortcuts dialog opens on "?".
  await page.getByRole("checkbox", { name: "Show union" }).check();
  await page.getByText(/Union: 2 merged spans/).waitFor();
  await dismissNotices(page);
  await screenshot(page, "expert-union");
  await page.getByRole("checkbox", { name: "Show union" }).uncheck();
  await page.keyboard.press("?");
  await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
  await screenshot(page, "expert-shortcuts");
  await page.keyboard.press("Escape");
  expect(await page.getByRole("dialog").count()).toBe(0);

  // Tabbing onto a span in the list shows a real focus outline, not just a pale background.
  const spanButton = items.nth(1).getByRole("button", { name: /^w2's span/ });
  await items
    .nth(0)
    .getByRole("button", { name: /^Play w1's span/ })
    .focus();
  // Tab reaches the next row's "label with the others" checkbox, then its span.
  await page.keyboard.press("Tab");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
    .toMatch(/^Label w2's span .* with the others$/);
  await page.keyboard.press("Tab");
  await expect.poll(() => spanButton.evaluate((el) => el === document.activeElement)).toBe(true);
  const outline = await spanButton.evaluate((el) => {
    const cs = getComputedStyle(el);
    return `${cs.outlineStyle} ${cs.outlineWidth}`;
  });
  expect(outline).toBe("solid 2px");

  // Space plays the clip (the playhead moves) and pauses it again.
  await page.getByRole("heading", { name: "s01_human.wav" }).click();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Pause", exact: true }).waitFor();
  await expect.poll(() => page.getByText(/^0:00\.\d\d \/ 0:07\.10$/).count()).toBe(0);
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Play", exact: true }).waitFor();

  // N moves on; with the filter on, P comes back to the one clip with an unlabelled span.
  await page.keyboard.press("n");
  await page.getByText("Clip 2 of 20").waitFor();
  await page.getByText("No crowd annotator marked anything on this clip").waitFor();
  await waitForWaveform(page);
  await screenshot(page, "expert-empty-clip");
  await page.getByRole("checkbox", { name: /Only clips with unlabelled spans/ }).check();
  await page.getByRole("heading", { name: "s01_espeak.wav" }).click();
  expect(await page.getByRole("button", { name: /Next clip/ }).isDisabled()).toBe(true);
  await page.keyboard.press("p");
  await page.getByText("Clip 1 of 20").waitFor();
  expect(errors).toEqual([]);
});
