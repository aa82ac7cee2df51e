// A paired comparison in Chromium: the golden CCR study (tests/golden/compare-ccr, whose figures
// the Python reference checks) imported through the home screen; the analysis screen opens on
// its Paired comparison card (the preference table with the command line's figures, the
// Bradley–Terry strengths drawn by Observable Plot), and "Download report (JSON)" saves byte for
// byte what `stats FILE --json` prints (the listener bootstrap included).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { importThroughHome, type OfflineBrowser, offlineBrowser } from "./chromium.ts";
import { cliStdout } from "./cli.ts";

const INPUT = path.resolve("tests/golden/compare-ccr.input.json");
let browser: OfflineBrowser | undefined;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await offlineBrowser("redpen-comparison-e2e-");
  ({ page, errors } = browser);
});

afterAll(() => browser?.close());

/** What `stats INPUT --json` prints. */
const statsJson = () => cliStdout(["stats", INPUT, "--json"]);

test("the Paired comparison card leads, its figures are the command line's, the download equals stats --json", async () => {
  await importThroughHome(page, inject("baseUrl"), INPUT);

  await page.goto(`${inject("baseUrl")}/studies/compare-ccr/analysis`);
  const section = page.getByRole("region", { name: "Paired comparison (CCR / CMOS)" });
  await section.waitFor({ timeout: 60_000 }).catch(async (e) => {
    throw new Error(`${e}\n${(await page.locator("main").textContent())?.slice(0, 1500)}`);
  });
  const report = JSON.parse(statsJson());
  const first = report.comparison.pairs[0];
  const row = section
    .getByRole("table", { name: /Preference per pair of items/ })
    .getByRole("row", { name: new RegExp(`^${first.a}\\b`) })
    .first();
  await expect(row.textContent()).resolves.toContain(`${(100 * first.preferA).toFixed(1)}%`);
  // The strengths chart is drawn (an SVG with one dot per item).
  await section.locator("svg").first().waitFor();
  expect(await section.locator("svg circle").count()).toBe(
    Object.keys(report.comparison.bradleyTerry).length,
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download report (JSON)" }).click(),
  ]);
  expect(readFileSync(await download.path(), "utf8")).toBe(statsJson());
  expect(errors).toEqual([]);
}, 120_000);
