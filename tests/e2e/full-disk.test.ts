// A full disk must not cost a single study (issue: with the profile on a small filesystem an
// import failed and Chromium then started the site's IndexedDB empty). The browser profile
// lives on a 48 MB tmpfs; after a study is imported and spans are marked, the disk is filled
// from outside until about 24 MB are left. Then: the crowd screen warns and offers the
// download; marking a span still works; a large import is refused before it writes anything,
// with a message that says why. After a relaunch of the browser everything stored is there.
// Mounting a tmpfs needs root (CI runs as root); elsewhere set REDPEN_E2E_NO_TMPFS=1 to skip.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { generateStudyText } from "../../scripts/gen-study.ts";
import { annotationsInput, launchPersistent, screenshot, watchErrors } from "./chromium.ts";

const skip = process.env.REDPEN_E2E_NO_TMPFS === "1";
const MB = 1024 * 1024;
const work = mkdtempSync(path.join(tmpdir(), "redpen-full-disk-"));
const disk = path.join(work, "disk");
const profile = path.join(disk, "profile");
let context: BrowserContext | undefined;

beforeAll(() => {
  if (skip) return;
  mkdirSync(disk);
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=48m", "tmpfs", disk], { stdio: "pipe" });
  } catch (e) {
    throw new Error(
      `The full-disk test needs a 48 MB tmpfs and could not mount one (run as root, or set REDPEN_E2E_NO_TMPFS=1 to skip it): ${(e as Error).message}`,
    );
  }
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  if (!skip) execFileSync("umount", ["-l", disk], { stdio: "ignore" });
  rmSync(work, { recursive: true, force: true });
});

const free = () => {
  const s = statfsSync(disk);
  return s.bavail * s.bsize;
};

async function open(): Promise<Page> {
  context = await launchPersistent(profile);
  return context.pages()[0] ?? (await context.newPage());
}

const importInput = (page: Page) => annotationsInput(page);
const spans = (page: Page) => page.getByRole("list", { name: "Regions" }).getByRole("listitem");

async function markSpan(page: Page, study: string, annotator: string) {
  await page.goto(`${inject("baseUrl")}/annotate/${study}?annotator=${annotator}&role=crowd`);
  await page.locator('section[aria-label="Waveform"][aria-busy="false"] canvas').first().waitFor();
  await page
    .getByRole("button", { name: "Play", exact: true })
    .and(page.locator(":enabled"))
    .waitFor();
  const before = await spans(page).count();
  await page.keyboard.press("m");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("m");
  await expect.poll(() => spans(page).count()).toBe(before + 1);
}

test.skipIf(skip)(
  "a nearly full disk: warned, small writes work, a large import is refused, nothing is lost",
  async () => {
    let page = await open();
    const errors = watchErrors(page);
    const base = inject("baseUrl");
    await page.goto(base);
    await page
      .getByRole("link", { name: /Demo: 5 sentences/ })
      .first()
      .waitFor();

    // A study of 30 clips, imported; a span marked on the demo study.
    const small = path.join(work, "small.json");
    writeFileSync(small, generateStudyText({ clips: 30, annotators: 3, seed: 5 }));
    const smallId = (
      JSON.parse(generateStudyText({ clips: 30, annotators: 3, seed: 5 })) as {
        study: { id: string; name: string };
      }
    ).study;
    await importInput(page).setInputFiles([small]);
    await page.getByRole("button", { name: "Merge into study" }).click();
    await page.waitForSelector('[role="status"]:has-text("Merged into")');
    await markSpan(page, "demo", "w1");

    // Fill the disk from outside until about 24 MB are left.
    const filler = path.join(disk, "filler");
    writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 24 * MB)));
    expect(free()).toBeLessThan(26 * MB);

    // The crowd screen warns (a trial write of 50 MB does not fit) and offers the download.
    await page.goto(`${base}/annotate/demo?annotator=w1&role=crowd`);
    const warning = page.getByRole("alert").filter({ hasText: "running out of storage" });
    await warning.waitFor().catch(async (e) => {
      await screenshot(page, "full-disk-warning-missing");
      throw e;
    });
    expect(await warning.getByRole("button", { name: /Download/ }).count()).toBe(1);
    await screenshot(page, "full-disk-warning");
    // Marking spans still works with little space left.
    await markSpan(page, "demo", "w2");

    // A large import (about 40,000 records: ~16 MB + 20 MB kept free) is refused up front.
    const big = path.join(work, "big.json");
    writeFileSync(big, generateStudyText({ clips: 4000, annotators: 3, seed: 9 }));
    await page.goto(base);
    await importInput(page).setInputFiles([big]);
    await page.getByRole("button", { name: "Merge into study" }).click();
    const refusal = page
      .getByRole("region", { name: /New study/ })
      .getByRole("alert")
      .filter({ hasText: "not enough storage for the import" });
    await refusal.waitFor({ timeout: 60_000 });
    expect(await refusal.textContent()).toMatch(
      /the disk does not have that much room left .* Nothing was written, and everything already stored is intact/,
    );
    await screenshot(page, "full-disk-import-refused");

    // Relaunch the browser on the same profile: every study and span is still there.
    await context?.close();
    page = await open();
    await page.goto(base);
    await page
      .getByRole("link", { name: /Demo: 5 sentences/ })
      .first()
      .waitFor();
    expect(await page.getByRole("link", { name: smallId.name }).count()).toBeGreaterThan(0);
    await page.goto(`${base}/annotate/demo?annotator=w1&role=crowd`);
    await expect.poll(() => spans(page).count()).toBe(1);
    await page.goto(`${base}/annotate/demo?annotator=w2&role=crowd`);
    await expect.poll(() => spans(page).count()).toBe(1);
    expect(errors.filter((e) => !/persistent storage|QuotaExceeded|quota/i.test(e))).toEqual([]);
  },
  180_000,
);
