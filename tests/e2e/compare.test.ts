// The Compare screen in Chromium: two MOS studies imported through the home screen's Import card
// (the golden conditions' "None" and "Pass test"), compared from the Home link; the downloads
// (JSON, CSV, LaTeX) are byte-equal to `compare --json`, `--csv` and `--latex` on the same files;
// then one study's listener groups (--by arm) on the same screen, equal to `compare --by arm`.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { runCompareCli } from "../../src/cli/compare.ts";
import { dismissNotices, launchPersistent, screenshot, watchErrors } from "./chromium.ts";

const golden = path.resolve("tests/golden/conditions");
const NONE = path.join(golden, "none.input.json");
const PASS = path.join(golden, "pass-test.input.json");
const GROUPS = path.join(golden, "groups.input.json");

let context: BrowserContext;
let page: Page;
let errors: string[];
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-compare-"));
  context = await launchPersistent(dir);
  page = context.pages()[0] ?? (await context.newPage());
  errors = watchErrors(page);
});
afterAll(async () => {
  await context?.close();
  rmSync(dir, { recursive: true, force: true });
});

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
  await page
    .locator('input[type="file"]')
    .and(page.getByLabel("Import annotations", { exact: true }))
    .setInputFiles([file]);
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

  const json = await download("Download JSON");
  expect(json.name).toBe("conditions.json");
  expect(json.text).toBe(cli(NONE, PASS, "--json"));
  expect((await download("Download CSV")).text).toBe(cli(NONE, PASS, "--csv"));
  expect((await download("Download LaTeX")).text).toBe(cli(NONE, PASS, "--latex"));
  expect(errors).toEqual([]);
});

test("one study's listener groups by instruction arm equal compare --by arm", async () => {
  await page.getByRole("radio", { name: "One study's listener groups" }).check();
  await page.getByRole("combobox", { name: "Study" }).selectOption({ label: "Listener groups" });
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
