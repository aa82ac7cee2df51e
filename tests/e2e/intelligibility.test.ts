// The intelligibility test in Chromium: the golden SUS study (tests/golden/intelligibility,
// whose figures the Python reference checks) imported through the home screen; the analysis
// screen's Intelligibility (WER) section shows the command line's figures, the transcript view
// aligns a clip's transcripts with its text, and "Download report (JSON)" saves byte for byte
// what `stats FILE --json` prints (the bootstrap and the ANOVAs included).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { runCli } from "../../src/cli/run.ts";
import { launchPersistent, screenshot, watchErrors } from "./chromium.ts";

const INPUT = path.resolve("tests/golden/intelligibility.input.json");
let dir: string;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-intelligibility-e2e-"));
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
  const code = runCli(["stats", INPUT, "--json"], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
  });
  if (code !== 0) throw new Error(`stats exited with ${code}`);
  return stdout;
}

test("the Intelligibility (WER) section, the transcript view, and the report equal to stats --json", async () => {
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

  await page.goto(`${inject("baseUrl")}/studies/sus/analysis`);
  const section = page.getByRole("region", { name: "Intelligibility (WER)" });
  await section.waitFor({ timeout: 60_000 });
  const report = JSON.parse(statsJson());
  const a = report.intelligibility.bySystem.A;
  const row = section.getByRole("row", { name: /^A\b/ }).first();
  await expect(row.textContent()).resolves.toContain(`${(100 * a.wer).toFixed(1)}%`);
  await expect(section.getByText("Groups that cannot be told apart")).toBeTruthy();
  expect(await section.getByRole("listitem").allTextContents()).toEqual(
    report.intelligibility.groups.map((g: string[]) => g.join(", ")),
  );
  // The transcript view: the first clip's transcripts aligned with its text.
  const view = section.getByRole("table", { name: /Transcripts of A_s00\.wav/ });
  await view.waitFor();
  expect(await view.getByRole("row").count()).toBeGreaterThan(1);
  // The stimuli curve comes after the other figures; until then the section says so and the
  // report cannot be downloaded (it would lack the curve).
  await section.getByText(/where it flattens, more stimuli buy little/).waitFor();
  await expect(section.getByRole("status").count()).resolves.toBe(0);
  await screenshot(page, "intelligibility-analysis");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download report (JSON)" }).click(),
  ]);
  expect(readFileSync(await download.path(), "utf8")).toBe(statsJson());
  expect(errors).toEqual([]);
}, 120_000);
