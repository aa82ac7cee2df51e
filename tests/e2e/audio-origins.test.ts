// A clip whose audio is a `uri` on another origin is not fetched until the researcher allows
// that origin on the study page: a second local server (another port is another origin)
// counts the requests it gets. Before "Allow": none, and the crowd and expert screens say
// why; after: the clip's waveform loads from it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { annotationsInput, launchBrowser, screenshot, watchErrors } from "./chromium.ts";

let browser: Browser;
let server: Server;
let origin = "";
let requests = 0;
let dir = "";
const wav = readFileSync("public/audio/s01_human.wav");

beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(path.join(tmpdir(), "redpen-origins-"));
  server = createServer((req, res) => {
    requests++;
    res.writeHead(req.url === "/a.wav" ? 200 : 404, {
      "Access-Control-Allow-Origin": "*",
      "Content-Type": "audio/wav",
    });
    res.end(req.url === "/a.wav" ? wav : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function dismissNotices(p: Page): Promise<void> {
  await p.waitForLoadState("networkidle");
  const close = p
    .getByRole("region", { name: "Notices" })
    .getByRole("button", { name: /^Dismiss/ });
  while ((await close.count()) > 0) await close.first().click();
}

test("audio from another origin is fetched only after the researcher allows it", async () => {
  const file: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: { id: "remote", name: "Remote audio", binSeconds: 0.1 },
    taxonomy: [{ id: "silence", label: "Silence" }],
    clips: [{ id: "c1", name: "a.wav", duration: 7.1, uri: `${origin}/a.wav` }],
    annotators: [{ id: "w1", role: "crowd" }],
    submissions: [],
    regions: [{ id: "r1", clipId: "c1", annotatorId: "w1", start: 1, end: 2 }],
    reasonLabels: [],
  };
  const target = path.join(dir, "remote.json");
  writeFileSync(target, JSON.stringify(file));
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const base = inject("baseUrl");
  await page.goto(base);
  await dismissNotices(page);
  await annotationsInput(page).setInputFiles([target]);
  await page.getByRole("button", { name: "Merge into study" }).click();
  await page.getByText(/Merged into/).waitFor();

  const blocked = `Audio from ${origin} is not allowed yet: the researcher can allow it on the study page (“Audio from other sites”).`;
  await page.goto(`${base}/annotate/remote?annotator=w2&role=crowd`);
  await expect(
    page.getByText(`This clip's audio could not be loaded: ${blocked}`).textContent(),
  ).resolves.toContain(blocked);
  await page.goto(`${base}/annotate/remote?annotator=e1&role=expert`);
  await page.getByRole("alert").filter({ hasText: blocked }).waitFor();
  await screenshot(page, "expert-audio-not-allowed");
  expect(requests).toBe(0);

  await page.goto(`${base}/studies/remote`);
  const card = page.getByRole("region", { name: "Audio from other sites" });
  await expect(card.textContent()).resolves.toContain(`${origin} (1 clip) · not allowed`);
  await card.getByRole("button", { name: `Allow audio from ${origin}` }).click();
  await card.getByText(`${origin} (1 clip) · allowed`).waitFor();
  await screenshot(page, "study-audio-origins");
  expect(requests).toBe(0);

  await page.goto(`${base}/annotate/remote?annotator=w2&role=crowd`);
  await page.locator('section[aria-label="Waveform"][aria-busy="false"] canvas').first().waitFor();
  expect(requests).toBeGreaterThan(0);
  expect(errors.filter((e) => !/persistent storage/i.test(e))).toEqual([]);
});
