// A paired comparison in Chromium: the golden CCR study (tests/golden/compare-ccr, whose figures
// the Python reference checks) imported through the home screen; the analysis screen opens on
// its Paired comparison card (the preference table with the command line's figures, the
// Bradley–Terry strengths drawn by Observable Plot), and "Download report (JSON)" saves byte for
// byte what `stats FILE --json` prints (the listener bootstrap included).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { runAnalysisCli } from "../../src/cli/analysisCommands.ts";
import { launchPersistent, watchErrors } from "./chromium.ts";

const INPUT = path.resolve("tests/golden/compare-ccr.input.json");
let dir: string;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-comparison-e2e-"));
  context = await launchPersistent(path.join(dir, "profile"));
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost))/, (route) => route.abort());
  page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 1280, height: 900 });
  errors = watchErrors(page);
});

afterAll(async () => {
  await context?.close();
  rmSync(dir, { recursive: true, force: true });
});

function statsJson(): string {
  let stdout = "";
  const code = runAnalysisCli(["stats", INPUT, "--json"], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
  });
  if (code !== 0) throw new Error(`stats exited with ${code}`);
  return stdout;
}

test("the Paired comparison card leads, its figures are the command line's, the download equals stats --json", async () => {
  await page.goto(inject("baseUrl"));
  await page.waitForLoadState("networkidle");
  const close = page
    .getByRole("region", { name: "Notices" })
    .getByRole("button", { name: /^Dismiss/ });
  while ((await close.count()) > 0) await close.first().click();
  await page
    .locator('input[type="file"]')
    .and(page.getByLabel("Import annotations", { exact: true }))
    .setInputFiles([INPUT]);
  await page.getByRole("button", { name: "Merge into study" }).click();
  await page.getByText(/Merged into/).waitFor();

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
