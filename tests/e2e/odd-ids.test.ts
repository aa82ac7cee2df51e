// Ids are any strings. A study whose id has "/", ":", "?" and "#" in it, with a system, a reason,
// clips and annotators named like Object.prototype members ("__proto__", "constructor",
// "toString"), imported in Chromium: the study opens from home, its links and the annotator
// link open each screen, the analysis (in its worker) shows every system and reason, and a full
// reload on the encoded address finds the study again.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { annotationsInput, launchPersistent, screenshot, watchErrors } from "./chromium.ts";
import { demoDuration } from "./demoAudio.ts";

const STUDY = "a/b:c?d#e";
const ENCODED = "a%2Fb%3Ac%3Fd%23e";
// Notices about the headless profile, not about these screens.
const IGNORED = [/persistent storage/i];

const dirs: string[] = [];
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  const profile = mkdtempSync(path.join(tmpdir(), "redpen-odd-ids-"));
  dirs.push(profile);
  context = await launchPersistent(profile);
  page = context.pages()[0] ?? (await context.newPage());
  errors = watchErrors(page);
});
afterAll(async () => {
  await context?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function oddStudy(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: STUDY, name: "Odd ids", binSeconds: 0.1 },
    taxonomy: [
      { id: "__proto__", label: "Proto reason" },
      { id: "toString", label: "String reason" },
    ],
    clips: [
      {
        id: "__proto__",
        name: "s01_human.wav",
        duration: demoDuration("s01_human"),
        system: "__proto__",
      },
      {
        id: "constructor",
        name: "s01_espeak.wav",
        duration: demoDuration("s01_espeak"),
        system: "constructor",
      },
    ],
    annotators: [
      { id: "toString", role: "crowd" },
      { id: "valueOf", role: "crowd" },
      { id: "hasOwnProperty", role: "expert" },
    ],
    submissions: [
      { clipId: "__proto__", annotatorId: "toString" },
      { clipId: "__proto__", annotatorId: "valueOf" },
      { clipId: "constructor", annotatorId: "toString" },
    ],
    regions: [
      { id: "__proto__", clipId: "__proto__", annotatorId: "toString", start: 0.2, end: 0.6 },
      { id: "constructor", clipId: "__proto__", annotatorId: "valueOf", start: 0.3, end: 0.7 },
    ],
    reasonLabels: [
      { regionId: "__proto__", annotatorId: "hasOwnProperty", reasons: ["__proto__"] },
      { regionId: "constructor", annotatorId: "hasOwnProperty", reasons: ["toString"] },
    ],
  };
}

async function dismissNotices(p: Page): Promise<void> {
  await p.waitForLoadState("networkidle");
  const close = p
    .getByRole("region", { name: "Notices" })
    .getByRole("button", { name: /^Dismiss/ });
  while ((await close.count()) > 0) await close.first().click();
}

test("a study id with / : ? # and Object.prototype names opens on every screen", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-odd-ids-files-"));
  dirs.push(dir);
  const json = path.join(dir, "odd.json");
  writeFileSync(json, JSON.stringify(oddStudy()));

  // Import: the preview and the merge message count every record.
  await page.goto(inject("baseUrl"));
  await dismissNotices(page);
  await annotationsInput(page).setInputFiles([json]);
  const preview = page.getByRole("region", { name: /New study “Odd ids”/ });
  await preview.waitFor();
  // 1 study + 2 taxonomy + 2 clips + 3 annotators + 3 submissions + 2 regions + 2 labels = 15.
  await expect(preview.getByRole("row", { name: /^Total/ }).textContent()).resolves.toBe(
    "Total1500",
  );
  await preview.getByRole("button", { name: "Merge into study" }).click();
  const done = preview.getByRole("status");
  await done.waitFor();
  await expect(done.textContent()).resolves.toContain(
    "Merged into Odd ids (new study): 15 records added or updated.",
  );
  await expect(
    done.getByRole("link", { name: "Open the study" }).getAttribute("href"),
  ).resolves.toBe(`/studies/${ENCODED}`);

  // Home → study page, by the study's link.
  await page.goto(inject("baseUrl"));
  await page.getByRole("link", { name: "Odd ids", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Odd ids" }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/studies/${ENCODED}`);

  // Audio for the imported clips, matched by name.
  await page
    .getByLabel("Add audio", { exact: true })
    .setInputFiles(["public/audio/s01_human.wav", "public/audio/s01_espeak.wav"]);
  await page
    .getByRole("region", { name: "Audio for imported clips" })
    .getByRole("status")
    .waitFor();

  // The annotator link for this study.
  await page.getByLabel("Annotator id").fill("w9");
  const link = await page.getByRole("textbox", { name: "Link" }).inputValue();
  expect(link).toBe(`${inject("baseUrl")}/annotate/${ENCODED}?annotator=w9&role=crowd`);

  // Study page → analysis: the worker reads the study by its id; every system and reason shows.
  await page.getByRole("link", { name: "Analysis", exact: true }).click();
  await page.locator('main[data-analysis="done"]').waitFor();
  expect(new URL(page.url()).pathname).toBe(`/studies/${ENCODED}/analysis`);
  const table = page.getByRole("table", { name: /Reasons per annotated clip/ });
  await expect(table.getByRole("columnheader").allTextContents()).resolves.toEqual([
    "Error type",
    "__proto__ (1)",
    "constructor (1)",
    "All (2)",
  ]);
  // Hand-worked: on the "__proto__" clip one label each of "__proto__" and "toString"; the
  // "constructor" clip has none. Per annotated clip: 1, 0 and 0.5 overall.
  await expect(
    table
      .getByRole("row", { name: /^Proto reason/ })
      .getByRole("cell")
      .allTextContents(),
  ).resolves.toEqual(["1.000", "0.000", "0.500"]);
  await expect(
    table
      .getByRole("row", { name: /^String reason/ })
      .getByRole("cell")
      .allTextContents(),
  ).resolves.toEqual(["1.000", "0.000", "0.500"]);
  await screenshot(page, "odd-ids-analysis");

  // Analysis → back to the study by the breadcrumb.
  await page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "Odd ids" })
    .click();
  await page.getByRole("heading", { level: 1, name: "Odd ids" }).waitFor();

  // The annotator link, opened as a worker would (a full page load on the encoded address).
  await page.goto(link);
  await page.getByRole("heading", { name: /s01_human\.wav/ }).waitFor();
  await page.locator('section[aria-label="Waveform"][aria-busy="false"]').waitFor();
  expect(new URL(page.url()).pathname).toBe(`/annotate/${ENCODED}`);

  // A reload on the study page's encoded address finds the study again.
  await page.goto(`${inject("baseUrl")}/studies/${ENCODED}`);
  await page.getByRole("heading", { level: 1, name: "Odd ids" }).waitFor();

  expect(errors.filter((e) => !IGNORED.some((re) => re.test(e)))).toEqual([]);
});
