// The crowd annotate screen in real Chromium with real wavesurfer.js: marking spans with the
// mouse and with the keyboard alone, finishing clips, and that what was marked survives a
// reload and a hard kill of the browser.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { CHROMIUM_ARGS, findChromium, launchBrowser, screenshot, watchErrors } from "./chromium.ts";

const CROWD = "/annotate/demo?annotator=w1&role=crowd";
// Notices that are about the headless profile, not about this screen.
const IGNORED = [/persistent storage/i];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** Waits until wavesurfer has decoded the clip and the Play button is usable. */
async function waitForWaveform(page: Page, clipName: string) {
  await page.getByRole("heading", { name: new RegExp(clipName.replace(".", "\\.")) }).waitFor();
  await page.locator('section[aria-label="Waveform"][aria-busy="false"] canvas').first().waitFor();
  await page
    .getByRole("button", { name: "Play", exact: true })
    .and(page.locator(":enabled"))
    .waitFor();
}

async function dragOnWaveform(page: Page, fromX: number, toX: number) {
  const box = await page.getByRole("region", { name: "Waveform" }).boundingBox();
  if (!box) throw new Error("the waveform has no box");
  const y = box.y + 50;
  await page.mouse.move(box.x + fromX, y);
  await page.mouse.down();
  await page.mouse.move(box.x + (fromX + toX) / 2, y, { steps: 6 });
  await page.mouse.move(box.x + toX, y, { steps: 6 });
  await page.mouse.up();
  return box;
}

const regionItems = (page: Page) =>
  page.getByRole("list", { name: "Regions" }).getByRole("listitem");

async function spanTimes(page: Page, n: number): Promise<[number, number]> {
  const start = await page
    .getByRole("spinbutton", { name: `Start of span ${n} (seconds)` })
    .inputValue();
  const end = await page
    .getByRole("spinbutton", { name: `End of span ${n} (seconds)` })
    .inputValue();
  return [Number(start), Number(end)];
}

function realErrors(errors: string[]) {
  return errors.filter((e) => !IGNORED.some((re) => re.test(e)));
}

test("drag a span, rate, finish, reload, and find the span again on clip 1", async () => {
  const { page, errors } = await newPage();
  await page.goto(`${inject("baseUrl")}${CROWD}`);
  await waitForWaveform(page, "s01_human.wav");
  await expect(page.getByText("Clip 1 of 20", { exact: true }).isVisible()).resolves.toBe(true);

  const box = await dragOnWaveform(page, 200, 420);
  await expect.poll(() => regionItems(page).count()).toBe(1);
  const [start, end] = await spanTimes(page, 1);
  // The waveform fills the box: the span's times follow from where the mouse went.
  const duration = 7.1; // s01_human.wav
  const inner = box.width - 2; // 1 px border each side
  expect(start).toBeCloseTo((199 / inner) * duration, 1);
  expect(end).toBeCloseTo((419 / inner) * duration, 1);
  expect(await page.locator("[data-span-id]").count()).toBe(1);

  // a second span overlapping the first: dragged leftwards from outside it (a drag that starts
  // inside a span moves that span)
  await dragOnWaveform(page, 640, 380);
  await expect.poll(() => regionItems(page).count()).toBe(2);
  await screenshot(page, "annotate-crowd-spans");

  // zoom: the + button and the + key magnify (the waveform scrolls), − goes back to fit
  const scroll = page.locator('section[aria-label="Waveform"] [part="scroll"]');
  const widths = () => scroll.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  const [fitWidth, viewWidth] = await widths();
  expect(fitWidth).toBeLessThanOrEqual((viewWidth ?? 0) + 1);
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.locator("body").press("+");
  await expect.poll(async () => (await widths())[0]).toBeGreaterThan(3.5 * (viewWidth ?? 0));
  await page.getByRole("button", { name: "Zoom out" }).click();
  await page.getByRole("button", { name: "Zoom out" }).click();
  await expect.poll(async () => (await widths())[0]).toBeLessThanOrEqual((viewWidth ?? 0) + 1);

  await page.getByRole("radio", { name: /4\s*Good – Natural speech/ }).check();
  await page.getByRole("button", { name: "Finish clip" }).click();
  await page.getByText("Clip 2 of 20", { exact: true }).waitFor();
  await waitForWaveform(page, "s01_espeak.wav");
  expect(await regionItems(page).count()).toBe(0);

  await page.reload();
  await waitForWaveform(page, "s01_espeak.wav");
  await page.getByRole("button", { name: "Previous clip" }).click();
  await waitForWaveform(page, "s01_human.wav");
  await expect.poll(() => regionItems(page).count()).toBe(2);
  expect(await spanTimes(page, 1)).toEqual([start, end]);
  expect(await page.getByRole("radio", { name: /4\s*Good/ }).isChecked()).toBe(true);
  await expect(page.getByText(/1 of 20 finished/).isVisible()).resolves.toBe(true);

  await page.keyboard.press("?");
  await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
  await screenshot(page, "annotate-shortcuts");
  await page.keyboard.press("Escape");
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

  const canvases = page.locator('section[aria-label="Waveform"] canvas');
  const before = await canvases.count();
  await page.getByRole("checkbox", { name: "Spectrogram" }).check();
  await expect.poll(() => canvases.count()).toBeGreaterThan(before);
  await page.waitForTimeout(500);
  await screenshot(page, "annotate-spectrogram");
  expect(realErrors(errors)).toEqual([]);
  await page.context().close();
});

test("zoom is relative to each clip: 2× shows half of a 7.1 s clip and half of the 5.8 s one after it", async () => {
  const { page, errors } = await newPage();
  await page.goto(`${inject("baseUrl")}${CROWD.replace("w1", "zoom1")}`);
  await waitForWaveform(page, "s01_human.wav");
  const scroll = page.locator('section[aria-label="Waveform"] [part="scroll"]');
  const ratio = () => scroll.evaluate((el) => el.scrollWidth / el.clientWidth);
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(ratio).toBeGreaterThan(1.9);
  expect(await ratio()).toBeLessThan(2.1);
  await page.getByRole("button", { name: "Next clip" }).click();
  await waitForWaveform(page, "s01_espeak.wav");
  // In pixels per second the 5.8 s clip would be 1.64 views wide; as a factor it is 2.
  await expect.poll(ratio).toBeGreaterThan(1.9);
  expect(await ratio()).toBeLessThan(2.1);
  expect(errors).toEqual([]);
  await page.context().close();
});

test("a whole clip with the keyboard alone", async () => {
  const { page, errors } = await newPage();
  await page.goto(`${inject("baseUrl")}${CROWD.replace("w1", "kb1")}`);
  await waitForWaveform(page, "s01_human.wav");

  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Pause", exact: true }).waitFor();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Play", exact: true }).waitFor();
  // back to the start: the playhead may have moved while playing
  for (let i = 0; i < 8; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("m");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("m");
  await expect.poll(() => regionItems(page).count()).toBe(1);
  const [start, end] = await spanTimes(page, 1);
  expect(start).toBeCloseTo(1, 2);
  expect(end).toBeCloseTo(3.1, 2);

  // the new span is selected: L loops it, Delete removes it, M M marks it again
  await page.keyboard.press("l");
  await page.getByRole("button", { name: "Pause", exact: true }).waitFor();
  // past the span's end (2.1 s long) it starts again instead of stopping
  await page.waitForTimeout(2600);
  expect(await page.getByRole("button", { name: "Pause", exact: true }).count()).toBe(1);
  const playhead = await page.getByText(/^Playhead \d/).textContent();
  const [, secs] = /0:(\d\d\.\d\d)/.exec(playhead ?? "") ?? [];
  expect(Number(secs)).toBeGreaterThanOrEqual(1);
  expect(Number(secs)).toBeLessThanOrEqual(3.2);
  await page.keyboard.press("l");
  await page.getByRole("button", { name: "Play", exact: true }).waitFor();
  await page.keyboard.press("Delete");
  await expect.poll(() => regionItems(page).count()).toBe(0);
  await page.keyboard.press("m");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("m");
  await expect.poll(() => regionItems(page).count()).toBe(1);

  // Enter without a rating: the message is announced and nothing moves ("Finish clip" stays put).
  const finish = page.getByRole("button", { name: "Finish clip" });
  const before = await finish.boundingBox();
  await page.keyboard.press("Enter");
  const message = page.getByRole("alert").filter({ hasText: "naturalness rating" });
  await message.waitFor();
  await expect(message.textContent()).resolves.toBe(
    "Choose an overall naturalness rating (1–5) before finishing this clip.",
  );
  expect(await finish.boundingBox()).toEqual(before);
  await screenshot(page, "annotate-rating-required");
  await page.keyboard.press("2");
  expect(await message.count()).toBe(0);
  expect(await finish.boundingBox()).toEqual(before);
  await page.keyboard.press("Enter");
  await page.getByText("Clip 2 of 20", { exact: true }).waitFor();
  await page.keyboard.press("p");
  await waitForWaveform(page, "s01_human.wav");
  await expect.poll(() => regionItems(page).count()).toBe(1);
  expect(await page.getByRole("radio", { name: /2\s*Poor/ }).isChecked()).toBe(true);
  expect(realErrors(errors)).toEqual([]);
  await page.context().close();
});

test("the identity prompt, then all 20 clips rated and finished, ends on the thank-you screen", async () => {
  const { page, errors } = await newPage();
  await page.goto(`${inject("baseUrl")}/annotate/demo`);
  await page.getByRole("heading", { name: "Who is annotating?" }).waitFor();
  await screenshot(page, "annotate-identity");
  await page.getByRole("textbox", { name: "Annotator id" }).fill("fin1");
  await page.getByRole("button", { name: "Start annotating" }).click();
  await waitForWaveform(page, "s01_human.wav");
  expect(new URL(page.url()).searchParams.get("annotator")).toBe("fin1");
  expect(new URL(page.url()).searchParams.get("role")).toBe("crowd");
  for (let i = 1; i <= 20; i++) {
    await page.getByText(`Clip ${i} of 20`, { exact: true }).waitFor();
    if (i === 7) {
      // clip 7 is s02_flite: drag only once its waveform is decoded, or the drag lands on nothing
      await waitForWaveform(page, "s02_flite.wav");
      await dragOnWaveform(page, 100, 300);
      await expect.poll(() => regionItems(page).count()).toBe(1);
    }
    await page.keyboard.press(String(1 + (i % 5)));
    await page.keyboard.press("Enter");
  }
  await page.getByRole("heading", { name: "All 20 clips finished — thank you!" }).waitFor();
  // ratings 2,3,4,5,1 repeated: mean 3; one span, on clip 7
  expect(
    await page.getByText("Mean rating").locator("xpath=following-sibling::dd").textContent(),
  ).toBe("3.00");
  expect(
    await page.getByText("Spans marked").locator("xpath=following-sibling::dd").textContent(),
  ).toBe("1");
  await screenshot(page, "annotate-finished");
  await page.getByRole("link", { name: /Open clip 7 / }).click();
  await waitForWaveform(page, "s02_flite.wav");
  await expect.poll(() => regionItems(page).count()).toBe(1);
  expect(realErrors(errors)).toEqual([]);
  await page.context().close();
});

test("audio that cannot be decoded shows a clear error instead of a waveform", async () => {
  const { page, errors } = await newPage();
  await page.goto(`${inject("baseUrl")}${CROWD.replace("w1", "broken1")}`);
  await waitForWaveform(page, "s01_human.wav");
  // replace one clip's stored audio with bytes that are not audio
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("redpen");
        open.onsuccess = () => {
          const tx = open.result.transaction("audio", "readwrite");
          tx.objectStore("audio").put({
            studyId: "demo",
            clipId: "s01_flite",
            blob: new Blob(["this is not a WAV file"], { type: "audio/wav" }),
          });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await page.goto(`${inject("baseUrl")}${CROWD.replace("w1", "broken1")}&clip=s01_flite`);
  const alert = page.getByRole("region", { name: "Waveform" }).getByRole("alert");
  await alert.waitFor();
  expect(await alert.textContent()).toMatch(/This clip's audio could not be loaded\./);
  // the rest of the screen still works: the clip can be finished and left
  await page.getByRole("button", { name: "Finish clip" }).waitFor();
  expect(await page.getByRole("button", { name: "Play", exact: true }).isDisabled()).toBe(true);
  await screenshot(page, "annotate-audio-error");
  // the media element reports the failure on the console too; nothing else may
  expect(
    realErrors(errors).filter((e) => !/Failed to load|decode|MEDIA_ERR|NotSupported/i.test(e)),
  ).toEqual([]);
  await page.context().close();
});

/**
 * Starts Debian's Chromium ourselves on a profile folder and connects over the DevTools
 * protocol. Unlike launchPersistentContext (which hides the browser process), this gives the
 * test the real process, so it can be killed with SIGKILL: no shutdown, no flush.
 */
async function startChromium(profile: string): Promise<{ proc: ChildProcess; browser: Browser }> {
  const proc = spawn(
    findChromium(),
    [
      ...CHROMIUM_ARGS,
      "--headless",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "--window-size=1280,900",
      "about:blank",
    ],
    // Its own process group, so that a hard kill takes its helper processes down with it.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${text}`)), 30_000);
    proc.stderr?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on("exit", (code) => reject(new Error(`Chromium exited (${code}):\n${text}`)));
  });
  return { proc, browser: await chromium.connectOverCDP(wsUrl) };
}

/** SIGKILL to the browser's whole process group, then wait until the browser is gone. */
async function killHard(proc: ChildProcess): Promise<void> {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  try {
    process.kill(-proc.pid, "SIGKILL");
  } catch {
    proc.kill("SIGKILL");
  }
  await exited;
}

test("a span edit survives killing the browser hard (SIGKILL) and relaunching", async () => {
  const profile = mkdtempSync(path.join(tmpdir(), "redpen-annotate-profile-"));
  const running: ChildProcess[] = [];
  try {
    const first = await startChromium(profile);
    running.push(first.proc);
    const context = first.browser.contexts()[0];
    if (!context) throw new Error("no default context");
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${inject("baseUrl")}${CROWD.replace("w1", "crash1")}`);
    await waitForWaveform(page, "s01_human.wav");
    await dragOnWaveform(page, 300, 500);
    await expect.poll(() => regionItems(page).count()).toBe(1);
    // and an edit typed into the list
    const endField = page.getByRole("spinbutton", { name: "End of span 1 (seconds)" });
    await endField.fill("4.321");
    await endField.press("Enter");
    await expect.poll(async () => (await spanTimes(page, 1))[1]).toBe(4.321);
    const before = await spanTimes(page, 1);
    // The field shows what was typed at once; the edit is acknowledged once IndexedDB has
    // committed it (CI once killed the browser in between). Kill only after that.
    const storedEnd = () =>
      page.evaluate(
        () =>
          new Promise<number[]>((resolve, reject) => {
            const open = indexedDB.open("redpen");
            open.onsuccess = () => {
              const get = open.result.transaction("regions").objectStore("regions").getAll();
              get.onsuccess = () =>
                resolve(
                  (get.result as { annotatorId: string; end: number }[])
                    .filter((r) => r.annotatorId === "crash1")
                    .map((r) => r.end),
                );
              get.onerror = () => reject(get.error);
            };
            open.onerror = () => reject(open.error);
          }),
      );
    await expect.poll(storedEnd).toEqual([4.321]);

    await killHard(first.proc); // no shutdown: nothing gets a chance to flush

    const second = await startChromium(profile);
    running.push(second.proc);
    {
      const ctx = second.browser.contexts()[0];
      if (!ctx) throw new Error("no default context after relaunch");
      const again = await ctx.newPage();
      await again.setViewportSize({ width: 1280, height: 900 });
      await again.goto(`${inject("baseUrl")}${CROWD.replace("w1", "crash1")}`);
      await waitForWaveform(again, "s01_human.wav");
      await expect.poll(() => regionItems(again).count()).toBe(1);
      expect(await spanTimes(again, 1)).toEqual(before);
    }
  } finally {
    for (const proc of running) await killHard(proc);
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});
