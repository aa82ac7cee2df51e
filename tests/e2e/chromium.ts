// The one place that knows how to start a browser for the tests: Debian's Chromium driven by
// playwright-core (no downloaded browser builds; this machine reaches no CDN). Missing Chromium
// is an error with the install command, never a silent skip.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function findChromium(): string {
  for (const candidate of CANDIDATES) if (candidate && existsSync(candidate)) return candidate;
  throw new Error(
    "Chromium was not found (looked for $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser).\n" +
      "The browser tests need it. On Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or point CHROMIUM_PATH at a Chromium/Chrome binary.",
  );
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--autoplay-policy=no-user-gesture-required",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
}

/** A browser whose profile (IndexedDB included) lives in `dir` and survives a relaunch. */
export function launchPersistent(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: findChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
}

/** A browser for a test of the app alone, from offlineBrowser. */
export interface OfflineBrowser {
  /** The test's temporary folder: the browser's profile and any file the test writes. */
  dir: string;
  context: BrowserContext;
  /** One page, 1280 × 900. */
  page: Page;
  /** The page's console errors and uncaught errors (watchErrors). */
  errors: string[];
  /** Closes the browser and removes the folder. */
  close(): Promise<void>;
}

/**
 * A persistent browser in a new temporary folder (`prefix` + random) that reaches nothing but
 * loopback (the app is served there; any other request is refused, so no test depends on the
 * network), with one 1280 × 900 page whose errors are collected.
 */
export async function offlineBrowser(prefix: string): Promise<OfflineBrowser> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const context = await launchPersistent(path.join(dir, "profile"));
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost))/, (route) => route.abort());
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchErrors(page);
  return {
    dir,
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Collects console errors and uncaught page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console.error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

export const SCREENSHOT_DIR = path.resolve("test-results/screenshots");

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Closes the app shell's notices (e.g. about persistent storage) so screenshots show the screen;
 * in any language (the notices area is the page's one polite live region of that shape).
 */
export async function dismissNotices(page: Page): Promise<void> {
  const buttons = page.locator('section[aria-live="polite"] > ul > li > button');
  while ((await buttons.count()) > 0) await buttons.first().click();
}

/** The home screen's file input named "Import annotations" (its card has the same name). */
export function annotationsInput(page: Page) {
  return page
    .locator('input[type="file"]')
    .and(page.getByLabel("Import annotations", { exact: true }));
}

/**
 * Opens the home screen at `base`, closes its notices (they sit over the import card) and
 * imports `file` as a new study ("Merge into study"), waiting until it is merged.
 */
export async function importThroughHome(page: Page, base: string, file: string): Promise<void> {
  await page.goto(base);
  await page.waitForLoadState("networkidle");
  await dismissNotices(page);
  await annotationsInput(page).setInputFiles([file]);
  await page.getByRole("button", { name: "Merge into study" }).click();
  await page.getByText(/Merged into/).waitFor();
}

/** Waits until the waveform on screen has decoded its clip. */
export async function waitForWaveform(page: Page): Promise<void> {
  await page.locator('section[aria-label="Waveform"][aria-busy="false"]').waitFor();
}

/**
 * On the demo study's crowd screen, as annotator `id`: drags a span across the given shares of
 * the first clip's waveform, rates it 3 and finishes it.
 */
export async function markFirstClip(
  page: Page,
  baseUrl: string,
  id: string,
  from: number,
  to: number,
): Promise<void> {
  await page.goto(`${baseUrl}/annotate/demo?annotator=${id}&role=crowd`);
  await waitForWaveform(page);
  const box = await page.getByTestId("waveform-canvas").boundingBox();
  if (!box) throw new Error("the waveform has no box");
  const y = box.y + box.height * 0.55;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from + to) / 2), y, { steps: 5 });
  await page.mouse.move(box.x + box.width * to, y, { steps: 5 });
  await page.mouse.up();
  const regions = page.getByRole("list", { name: "Regions" }).getByRole("listitem");
  for (let i = 0; (await regions.count()) !== 1; i++) {
    if (i > 100) throw new Error(`the drag by ${id} left ${await regions.count()} spans, not 1`);
    await page.waitForTimeout(50);
  }
  await page.getByRole("radio", { name: /^3/ }).check();
  await page.getByRole("button", { name: "Finish clip" }).click();
  await page.getByText(/1 of 20 finished/).waitFor();
}

/**
 * A fresh browser with one page of the given size that reaches only the served app (`baseUrl`),
 * and the page's errors as they come.
 */
export async function appPage(
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<{ browser: Browser; page: Page; errors: string[] }> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport });
  await context.route(
    (url) => !url.href.startsWith(baseUrl),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  return { browser, page, errors: watchErrors(page) };
}
