// The Compare screen in Chromium: two MOS studies imported through the home screen's Import card
// (the golden conditions' "None" and "Pass test"), compared from the Home link; the downloads
// (JSON, CSV, LaTeX) are byte-equal to `compare --json`, `--csv` and `--latex` on the same files;
// then one study's listener groups (--by arm) on the same screen, equal to `compare --by arm`;
// axe-core's WCAG 2.1 A/AA rules on the screen with its results.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { runCompareCli } from "../../src/cli/compare.ts";
import {
  annotationsInput,
  dismissNotices,
  launchBrowser,
  screenshot,
  watchErrors,
} from "./chromium.ts";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const golden = path.resolve("tests/golden/conditions");
const NONE = path.join(golden, "none.input.json");
const PASS = path.join(golden, "pass-test.input.json");
const GROUPS = path.join(golden, "groups.input.json");

let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  // The app's Content-Security-Policy allows no injected script: axe needs the bypass.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    bypassCSP: true,
  });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterAll(async () => {
  await browser?.close();
});

/** axe-core's WCAG 2.1 A/AA violations on the page, one line each. */
async function violations(): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    })) as {
      violations: { id: string; help: string; nodes: { target: string[] }[] }[];
    };
    return result.violations;
  });
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${n.target.join(" ")}`));
}

/** What `compare …` prints on stdout (exit 0 asserted). */
function cli(...argv: string[]): string {
  let out = "";
  const code = runCompareCli(["compare", ...argv], {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      throw new Error(`compare wrote to stderr: ${t}`);
    },
    readFile: (p) => readFileSync(p, "utf8"),
  });
  expect(code).toBe(0);
  return out;
}

async function importStudy(file: string, name: string): Promise<void> {
  await annotationsInput(page).setInputFiles([file]);
  const preview = page.getByRole("region", { name: `New study “${name}”` });
  await preview.getByRole("button", { name: "Merge into study" }).click();
  await preview.getByRole("link", { name: "Open the study" }).waitFor();
}

async function download(button: string): Promise<{ name: string; text: string }> {
  const [dl] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  return { name: dl.suggestedFilename(), text: readFileSync(await dl.path(), "utf8") };
}

test("two studies compared on the screen give exactly compare's JSON, CSV and LaTeX", async () => {
  await page.goto(inject("baseUrl"));
  await dismissNotices(page);
  await importStudy(NONE, "None");
  await importStudy(PASS, "Pass test");
  await importStudy(GROUPS, "Listener groups");

  await page.getByRole("link", { name: "Compare conditions" }).click();
  await page.getByRole("heading", { level: 1, name: "Compare conditions" }).waitFor();
  await page.getByRole("checkbox", { name: "None" }).check();
  await page.getByRole("checkbox", { name: "Pass test" }).check();
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const table = page.getByRole("table", { name: "MOS per system and condition" });
  await table.waitFor();
  // GT is best under both; VITS moves up (the fixture's point).
  await expect(table.getByRole("row", { name: /^GT / }).textContent()).resolves.toMatch(
    /4\.17±0\.29best4\.69±0\.22best/,
  );
  await page
    .getByRole("list", { name: "Rank changes" })
    .getByText(/^VITS is /)
    .waitFor();
  await page.locator("figure svg, div > svg").first().waitFor();
  await screenshot(page, "compare");
  expect(await violations()).toEqual([]);

  const json = await download("Download JSON");
  expect(json.name).toBe("conditions.json");
  expect(json.text).toBe(cli(NONE, PASS, "--json"));
  expect((await download("Download CSV")).text).toBe(cli(NONE, PASS, "--csv"));
  expect((await download("Download LaTeX")).text).toBe(cli(NONE, PASS, "--latex"));
  expect(errors).toEqual([]);
});

test("one study's listener groups by instruction arm equal compare --by arm", async () => {
  // From the study page's link: the screen opens on that study's listener groups.
  await page.goto(inject("baseUrl"));
  await page.getByRole("link", { name: "Listener groups" }).first().click();
  await page.getByRole("link", { name: "Compare listener groups" }).click();
  await page.getByRole("heading", { level: 1, name: "Compare conditions" }).waitFor();
  await expect(
    page.getByRole("radio", { name: "One study's listener groups" }).isChecked(),
  ).resolves.toBe(true);
  await expect(
    page.getByRole("combobox", { name: "Study" }).locator("option:checked").textContent(),
  ).resolves.toBe("Listener groups");
  const by = page.getByRole("combobox", { name: "Group listeners by" });
  await by.locator("option", { hasText: "Instruction arm" }).waitFor({ state: "attached" });
  await by.selectOption("arm");
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  await page
    .getByRole("table", { name: "MOS per system and condition" })
    .getByRole("columnheader", { name: "compare-to-human" })
    .waitFor();
  const json = await download("Download JSON");
  expect(json.text).toBe(cli(GROUPS, "--by", "arm", "--json"));
  await screenshot(page, "compare-groups");

  // Screening results group the listeners too: passed, failed, and those without the test.
  await by.selectOption("screening:huggins");
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  await page.getByRole("columnheader", { name: "passed" }).waitFor();
  expect(errors).toEqual([]);
});
