// The "WER by listener group" chart shows each group's label whole (issue 36, problem 7): long
// and non-ASCII intake answers ("tiếng Việt,tiếng Anh", Chinese, Japanese and Korean names, a
// label too long for any margin, which wraps) drawn in Chromium, each tick label's box inside
// the chart and its text the whole label. The chart is bundled on a page of its own
// (tests/unit/entries/groupChart.entry.tsx), so this needs no app build.
import path from "node:path";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, SCREENSHOT_DIR } from "./chromium.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("every listener group's label is drawn whole, inside the chart", async () => {
  const bundle = await build({
    entryPoints: ["tests/unit/entries/groupChart.entry.tsx"],
    bundle: true,
    write: false,
    format: "iife",
    globalName: "GroupChartPage",
    platform: "browser",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const page = await browser.newPage({ viewport: { width: 960, height: 600 } });
  await page.setContent('<!doctype html><meta charset="utf-8"><body style="margin:16px">');
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? "" });
  const svg = page.locator("#chart svg[aria-label^='Word error rate per system']");
  await svg.waitFor();
  const groups = await page.evaluate(
    () => (window as unknown as { GroupChartPage: { GROUPS: string[] } }).GroupChartPage.GROUPS,
  );
  const labels = await page.evaluate(() => {
    const chart = document.querySelector(
      "#chart svg[aria-label^='Word error rate per system']",
    ) as SVGSVGElement;
    const box = chart.getBoundingClientRect();
    return [...chart.querySelectorAll("g[aria-label='y-axis tick label'] text")].map((t) => {
      const r = t.getBoundingClientRect();
      return {
        text: [...t.querySelectorAll("tspan")].map((s) => s.textContent).join(" ") || t.textContent,
        left: r.left - box.left,
        right: box.right - r.right,
      };
    });
  });
  await svg.screenshot({ path: path.join(SCREENSHOT_DIR, "wer-by-listener-group.png") });
  await page.close();
  // Each label whole (a wrapped one's lines, joined by a space), and nowhere outside the chart.
  expect(labels.map((l) => l.text)).toEqual(groups);
  for (const l of labels) {
    expect(l.left, l.text ?? "").toBeGreaterThanOrEqual(0);
    expect(l.right, l.text ?? "").toBeGreaterThanOrEqual(0);
  }
});
