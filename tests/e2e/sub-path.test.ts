// The app as plain static files under a sub-path, as on GitHub Pages: built with
// BASE_PATH=/redpen/, served by a static server that knows nothing of the app and answers
// unknown paths with 404.html (which the build writes as a copy of index.html). The home
// screen, the demo study's audio, a deep link straight to the crowd screen, and the app's own
// links all work under /redpen/.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, watchErrors } from "./chromium.ts";

const out = mkdtempSync(path.join(tmpdir(), "redpen-subpath-"));
let server: Server;
let base: string;
let browser: Browser;

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".wav": "audio/wav",
  ".tsv": "text/tab-separated-values",
};

beforeAll(async () => {
  execFileSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--outDir", out, "--logLevel", "error"],
    {
      env: { ...process.env, BASE_PATH: "/redpen/" },
      stdio: "pipe",
    },
  );
  // A plain static host: files under /redpen/, anything else is 404.html with status 404.
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const rel = url.pathname.startsWith("/redpen/") ? url.pathname.slice("/redpen/".length) : null;
    const file =
      rel === null ? null : path.join(out, rel === "" ? "index.html" : decodeURIComponent(rel));
    if (file?.startsWith(out) && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, {
        "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      });
      res.end(readFileSync(file));
      return;
    }
    res.writeHead(404, { "content-type": "text/html" });
    res.end(readFileSync(path.join(out, "404.html")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
  rmSync(out, { recursive: true, force: true });
});

test("under /redpen/: home, demo audio, a deep link to the crowd screen, and the app's links", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${base}/redpen/`);
  await page
    .getByRole("link", { name: /Demo: 5 sentences/ })
    .first()
    .waitFor();
  // Straight to the crowd screen (the static host answers 404.html, which starts the app).
  await page.goto(`${base}/redpen/annotate/demo?annotator=w1&role=crowd`);
  await page.getByRole("heading", { name: /s01_human\.wav/ }).waitFor();
  await page.locator('section[aria-label="Waveform"][aria-busy="false"] canvas').first().waitFor();
  // The header's link stays under the sub-path.
  await page.getByRole("link", { name: "Studies", exact: true }).click();
  await page.waitForURL(`${base}/redpen/`);
  await page.getByRole("link", { name: "Study Demo: 5 sentences × 4 voices" }).click();
  await page.waitForURL(`${base}/redpen/studies/demo`);
  // A link handed to annotators carries the sub-path too.
  await page.getByLabel("Annotator id").fill("w9");
  expect(await page.getByLabel("Link", { exact: true }).inputValue()).toBe(
    `${base}/redpen/annotate/demo?annotator=w9&role=crowd`,
  );
  // The only failed load is the deep link's own 404 status, which the static host gives.
  expect(errors.filter((e) => !/status of 404/.test(e) && !/persistent storage/i.test(e))).toEqual(
    [],
  );
  await context.close();
});
