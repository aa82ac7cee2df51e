// The one place that knows how to start a browser for the tests: Debian's Chromium driven by
// playwright-core (no downloaded browser builds; this machine reaches no CDN). Missing Chromium
// is an error with the install command, never a silent skip.
import { existsSync, mkdirSync } from "node:fs";
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
