// The crowd's majority consensus and labelling several spans at once, in Chromium: three crowd
// annotators mark overlapping spans of the demo's first clip on the crowd screen; on the expert
// screen "Consensus" draws the bins more than half of them marked, a click on a consensus region
// selects the crowd spans under it, and one key gives a reason to all of them.
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

test("consensus regions drawn over the clip; clicking one labels every span under it at once", async () => {
  // On the 7.1 s clip: w1 30–60% of the width, w2 40–70%, w3 20–35%. More than half of three
  // (two) marked 30–35% (w1, w3) and 40–60% (w1, w2): two consensus regions.
  await markFirstClip(page, inject("baseUrl"), "w1", 0.3, 0.6);
  await markFirstClip(page, inject("baseUrl"), "w2", 0.4, 0.7);
  await markFirstClip(page, inject("baseUrl"), "w3", 0.2, 0.35);

  await page.goto(`${inject("baseUrl")}/annotate/demo?annotator=e1&role=expert`);
  await page.getByRole("heading", { name: "s01_human.wav" }).waitFor();
  await waitForWaveform(page);
  await page.getByRole("checkbox", { name: "Consensus" }).check();
  const summary = page.getByTestId("consensus-summary");
  await expect(summary.textContent()).resolves.toMatch(
    /^Majority consensus: 2 regions, (\d+\.\d\d) s$/,
  );
  // 5% + 20% of 7.1 s, to within a bin on each of the four edges.
  const seconds = Number(/, (\d+\.\d\d) s$/.exec((await summary.textContent()) ?? "")?.[1]);
  expect(Math.abs(seconds - 0.25 * 7.1)).toBeLessThanOrEqual(0.4);

  // Click the middle of the second consensus region (50% of the width), drawn as a band along
  // the bottom of the waveform.
  const box = await page.getByTestId("waveform-canvas").boundingBox();
  if (!box) throw new Error("the waveform has no box");
  const band = await page.evaluate(() => {
    const host = document.querySelector('[data-testid="waveform-canvas"] > div');
    const el = host?.shadowRoot?.querySelector('[data-span-id^="consensus:"]') as HTMLElement;
    const r = el.getBoundingClientRect();
    const ruler = host?.shadowRoot?.querySelector('[part="timeline"]') as HTMLElement;
    return { top: r.top, bottom: r.bottom, rulerTop: ruler.getBoundingClientRect().top };
  });
  expect(band.bottom - band.top).toBeLessThan(box.height * 0.3);
  // The band and its label sit above the time ruler, not on its numbers.
  expect(band.bottom).toBeLessThanOrEqual(band.rulerTop + 0.5);
  await page.mouse.click(box.x + box.width * 0.5, (band.top + band.bottom) / 2);
  const reasons = page.getByRole("group", { name: /^Reasons for 2 spans/ });
  await reasons.waitFor();
  await page.getByText("2 spans selected: reasons go to all of them").waitFor();
  // "3" is High pitch: both w1's and w2's spans get it; w3's does not.
  await page.keyboard.press("3");
  const rows = page.getByRole("list", { name: "Regions" }).getByRole("listitem");
  await expect
    .poll(() => rows.allTextContents())
    .toEqual([
      expect.stringMatching(/^w3.*No reasons yet$/),
      expect.stringMatching(/^w1.*High pitch$/),
      expect.stringMatching(/^w2.*High pitch$/),
    ]);
  await dismissNotices(page);
  await screenshot(page, "expert-consensus");

  // O from w3's span takes the spans overlapping it (w3 and w1, and w2 through w1).
  await rows
    .nth(0)
    .getByRole("button", { name: /^w3's span/ })
    .click();
  await page.keyboard.press("o");
  await page.getByRole("group", { name: /^Reasons for 3 spans/ }).waitFor();
  // Undefined excludes the other reasons, on every span.
  await page.keyboard.press("-");
  await expect
    .poll(() => rows.allTextContents())
    .toEqual([
      expect.stringMatching(/^w3.*Undefined$/),
      expect.stringMatching(/^w1.*Undefined$/),
      expect.stringMatching(/^w2.*Undefined$/),
    ]);
  // Stored (the screen shows a tick before its write lands): e1's three labels, Undefined alone.
  const stored = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open("redpen");
          open.onsuccess = () => {
            const get = open.result
              .transaction("reasonLabels")
              .objectStore("reasonLabels")
              .getAll();
            get.onsuccess = () =>
              resolve(
                (get.result as { annotatorId: string; reasons: string[] }[])
                  .filter((l) => l.annotatorId === "e1")
                  .map((l) => l.reasons.join("+")),
              );
            get.onerror = () => reject(get.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
  await expect.poll(stored).toEqual(["undefined", "undefined", "undefined"]);
  // Labels survive a reload.
  await page.reload();
  await waitForWaveform(page);
  await expect.poll(() => rows.allTextContents()).toHaveLength(3);
  expect((await rows.allTextContents()).every((t) => t.endsWith("Undefined"))).toBe(true);
  expect(errors).toEqual([]);
});
