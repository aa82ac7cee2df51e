// An annotator's work travels to the researcher: crowd annotator w1 marks a span on the demo
// study in their browser, downloads "Download my annotations (JSON)", and the researcher, in
// another browser, imports that file on the home page and finds the span on the study.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { annotationsInput, launchBrowser, screenshot, watchErrors } from "./chromium.ts";

const CROWD = "/annotate/demo?annotator=w1&role=crowd";
const BUTTON = "Download my annotations (JSON)";
// Notices about the headless profile, not about these screens.
const IGNORED = [/persistent storage/i];

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(path.join(tmpdir(), "redpen-my-export-"));
});
afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function newContext(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

const realErrors = (errors: string[]) => errors.filter((e) => !IGNORED.some((re) => re.test(e)));

async function dismissNotices(p: Page) {
  const buttons = p.getByRole("region", { name: "Notices" }).getByRole("button", {
    name: /^Dismiss/,
  });
  while ((await buttons.count()) > 0) await buttons.first().click();
}

async function waitForWaveform(p: Page, clipName: string) {
  await p.getByRole("heading", { name: new RegExp(clipName.replace(".", "\\.")) }).waitFor();
  await p.locator('section[aria-label="Waveform"][aria-busy="false"]').waitFor();
}

async function download(p: Page, button: ReturnType<Page["getByRole"]>) {
  const [dl] = await Promise.all([p.waitForEvent("download"), button.click()]);
  const text = readFileSync(await dl.path()).toString("utf8");
  return { name: dl.suggestedFilename(), text, file: JSON.parse(text) as AnnotationFile };
}

/** The researcher's home page, ready to import: the demo study set up, notices dismissed. */
async function importInput(p: Page) {
  await p.goto(inject("baseUrl"));
  // The home page sets up the demo study in this browser too; files merge into it.
  await p
    .getByRole("link", { name: /Demo: 5 sentences/ })
    .first()
    .waitFor();
  await p.waitForLoadState("networkidle");
  await dismissNotices(p);
  return annotationsInput(p);
}

let exported: { name: string; text: string } | undefined;
let span: [number, number] = [0, 0];

test("crowd annotator w1 marks a span, finishes the clip and downloads their work", async () => {
  const { context, page, errors } = await newContext();
  await page.goto(`${inject("baseUrl")}${CROWD}`);
  await waitForWaveform(page, "s01_human.wav");

  const box = await page.getByTestId("waveform-canvas").boundingBox();
  if (!box) throw new Error("the waveform has no box");
  const y = box.y + box.height * 0.55;
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.45, y, { steps: 5 });
  await page.mouse.up();
  const regions = page.getByRole("list", { name: "Regions" }).getByRole("listitem");
  await expect.poll(() => regions.count()).toBe(1);
  const start = Number(
    await page.getByRole("spinbutton", { name: "Start of span 1 (seconds)" }).inputValue(),
  );
  const end = Number(
    await page.getByRole("spinbutton", { name: "End of span 1 (seconds)" }).inputValue(),
  );
  // s01_human.wav is 7.1 s long: the span covers about 20%–45% of it.
  expect(start).toBeCloseTo(0.2 * 7.1, 0);
  expect(end).toBeCloseTo(0.45 * 7.1, 0);
  await page.getByRole("radio", { name: /^3/ }).check();
  await page.getByRole("button", { name: "Finish clip" }).click();
  await page.getByText(/1 of 20 finished/).waitFor();

  // The secondary button in the crowd screen's header.
  await dismissNotices(page);
  await screenshot(page, "my-export-crowd-toolbar");
  const got = await download(page, page.getByRole("button", { name: BUTTON }));
  expect(got.name).toBe("demo-w1.json");
  const f = got.file;
  expect(f.format).toBe("redpen-annotations");
  expect(f.study.id).toBe("demo");
  expect(f.taxonomy).toHaveLength(11);
  expect(f.clips).toHaveLength(20);
  expect(f.clips[0]).toMatchObject({ id: "s01_human", name: "s01_human.wav", system: "human" });
  expect(f.annotators).toEqual([{ id: "w1", role: "crowd" }]);
  expect(f.submissions).toHaveLength(1);
  expect(f.submissions[0]).toMatchObject({ clipId: "s01_human", annotatorId: "w1", score: 3 });
  expect(f.regions).toHaveLength(1);
  const region = f.regions[0];
  expect(region).toMatchObject({ clipId: "s01_human", annotatorId: "w1" });
  // The form shows the stored times rounded; the file has them exactly.
  expect(region?.start).toBeCloseTo(start, 2);
  expect(region?.end).toBeCloseTo(end, 2);
  expect(f.reasonLabels).toEqual([]);
  span = [region?.start ?? 0, region?.end ?? 0];
  exported = { name: got.name, text: got.text };
  expect(realErrors(errors)).toEqual([]);
  await context.close();
});

test("the finished screen offers the download prominently, with what to do with the file", async () => {
  const { context, page, errors } = await newContext();
  await page.goto(`${inject("baseUrl")}${CROWD.replace("w1", "w2")}`);
  await waitForWaveform(page, "s01_human.wav");
  // Finish all 20 clips with a rating and no spans (the demo requires a rating).
  for (let n = 1; n <= 20; n++) {
    await page.getByText(`Clip ${n} of 20`, { exact: true }).waitFor();
    await page.getByRole("radio", { name: /^2/ }).check();
    await page.getByRole("button", { name: "Finish clip" }).click();
  }
  await page.getByRole("heading", { name: "All 20 clips finished — thank you!" }).waitFor();
  await page.getByText(/Send or upload this file as the researcher instructed/).waitFor();
  await dismissNotices(page);
  await screenshot(page, "my-export-finished");
  const got = await download(page, page.getByRole("button", { name: BUTTON }));
  expect(got.name).toBe("demo-w2.json");
  expect(got.file.annotators).toEqual([{ id: "w2", role: "crowd" }]);
  expect(got.file.submissions).toHaveLength(20);
  expect(got.file.submissions.every((s) => s.annotatorId === "w2" && s.score === 2)).toBe(true);
  expect(got.file.regions).toEqual([]);
  expect(realErrors(errors)).toEqual([]);
  await context.close();
});

test("the researcher, in a fresh browser, imports the file and finds w1's span; an expert's download", async () => {
  if (!exported) throw new Error("the first test did not download a file");
  const filePath = path.join(dir, exported.name);
  writeFileSync(filePath, exported.text);

  const { context, page, errors } = await newContext();
  await (await importInput(page)).setInputFiles([filePath]);
  const preview = page.getByRole("region", { name: /Into study “Demo: 5 sentences/ });
  await preview.waitFor();
  // New: annotator w1, one submission, one region. Unchanged: the study, 11 taxonomy
  // entries, 20 clips. No conflict.
  expect(await preview.getByRole("row", { name: /^Total/ }).textContent()).toBe("Total3320");
  await screenshot(page, "my-export-import-preview");
  await preview.getByRole("button", { name: "Merge into study" }).click();
  const done = preview.getByRole("status");
  await done.waitFor();
  expect(await done.textContent()).toContain("3 records added or updated.");

  // The expert screen of that browser shows w1's span on clip 1, at the same times.
  await page.goto(`${inject("baseUrl")}/annotate/demo?annotator=e9&role=expert`);
  await page.getByRole("heading", { name: "s01_human.wav" }).waitFor();
  await page.locator('section[aria-label="Waveform"][aria-busy="false"]').waitFor();
  const items = page.getByRole("list", { name: "Regions" }).getByRole("listitem");
  await expect.poll(() => items.count()).toBe(1);
  // times as the screens show them, m:ss.cc (written out here, not taken from the app's code)
  const mss = (t: number) => {
    const h = Math.round(t * 100);
    return `${Math.floor(h / 6000)}:${String(Math.floor((h % 6000) / 100)).padStart(2, "0")}.${String(h % 100).padStart(2, "0")}`;
  };
  const name = `w1's span ${mss(span[0])}–${mss(span[1])}`;
  await items.getByRole("button", { name: new RegExp(`^${name}`) }).waitFor();
  await dismissNotices(page);
  await screenshot(page, "my-export-expert-after-import");

  // The expert gives a reason and downloads their own work from the expert screen's header:
  // their label, plus the span it is on and that span's annotator, so the file stands alone.
  await page.getByRole("checkbox", { name: "End of speech" }).check();
  await page.getByText("1 of 1 span labelled").waitFor();
  const mine = await download(page, page.getByRole("button", { name: BUTTON }));
  expect(mine.name).toBe("demo-e9.json");
  const regionId = JSON.parse(exported.text).regions[0].id as string;
  expect(mine.file.annotators).toEqual([
    { id: "e9", role: "expert" },
    { id: "w1", role: "crowd" },
  ]);
  expect(mine.file.submissions).toEqual([]);
  expect(mine.file.regions.map((r) => [r.id, r.annotatorId, r.start, r.end])).toEqual([
    [regionId, "w1", span[0], span[1]],
  ]);
  expect(mine.file.reasonLabels).toEqual([
    { regionId, annotatorId: "e9", reasons: ["end_of_speech"] },
  ]);
  expect(realErrors(errors)).toEqual([]);
  await context.close();
});

test("w1 deletes the span and sends the file again: the researcher sees it left out and removes it", async () => {
  if (!exported) throw new Error("the first test did not download a file");
  const original = path.join(dir, exported.name);
  writeFileSync(original, exported.text);
  // What w1's download holds after deleting the span: the finished clip, no region.
  const again = JSON.parse(exported.text) as AnnotationFile;
  again.regions = [];
  const resent = path.join(dir, "demo-w1-again.json");
  writeFileSync(resent, JSON.stringify(again));

  const { context, page, errors } = await newContext();
  const input = await importInput(page);
  await input.setInputFiles([original]);
  await page.getByRole("button", { name: "Merge into study" }).click();
  await page.getByRole("status").filter({ hasText: "Merged into" }).waitFor();

  await input.setInputFiles([resent]);
  const preview = page.getByRole("region", { name: /Into study “Demo: 5 sentences/ });
  const group = preview.getByRole("group", { name: "1 span left out of the new files" });
  await group.waitFor();
  expect(await group.getByRole("list", { name: "Spans left out" }).textContent()).toBe(
    `s01_human · w1 · ${span[0].toFixed(2)}–${span[1].toFixed(2)} s (not in demo-w1-again.json)`,
  );
  expect(await group.getByLabel("Keep it").isChecked()).toBe(true);
  await group.getByLabel("Remove it").check();
  await dismissNotices(page);
  await screenshot(page, "my-export-span-left-out");
  await preview.getByRole("button", { name: "Merge into study" }).click();
  const done = preview.getByRole("status");
  await done.waitFor();
  expect(await done.textContent()).toContain("1 span left out of the files removed.");

  // The expert screen of that browser no longer shows a span on clip 1.
  await page.goto(`${inject("baseUrl")}/annotate/demo?annotator=e9&role=expert`);
  await page.getByRole("heading", { name: "s01_human.wav" }).waitFor();
  await page.locator('section[aria-label="Waveform"][aria-busy="false"]').waitFor();
  await page.getByText(/0 of 0 spans labelled/).waitFor();
  expect(realErrors(errors)).toEqual([]);
  await context.close();
});
