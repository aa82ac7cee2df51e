// An intelligibility (transcribe) study in Chromium at a phone's width, 390 × 844, and at a
// laptop's: (1) the demo study set to "Transcribe" in Edit settings, then its local crowd link;
// (2) a transcribe study on the collection server, taken by a participant through /p/ with the
// phone's keyboard open, every response the page receives read for the clips' texts, and the
// collected transcripts. Play, "Plays left", the "What did you hear?" box, Finish only once the
// clip was heard to its end, Space and Enter. Screenshots: test-results/screenshots/transcribe-*.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { publishStudy } from "../../src/server/service.ts";
import { storeDemoClips } from "../server/fixtures.ts";
import { type AppServer, serveApp, testStore } from "./appServer.ts";
import { dismissNotices, launchBrowser, screenshot, watchErrors } from "./chromium.ts";

const PHONE = { width: 390, height: 844 };
/** The phone with its on-screen keyboard open: about 340 px of the height gone. */
const PHONE_KEYBOARD = { width: 390, height: 500 };

let browser: Browser;
let app: AppServer | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** True when the page scrolls sideways (something wider than the screen). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The Finish button can be reached: on screen once scrolled to, inside the viewport's width. */
async function finishReachable(page: Page): Promise<boolean> {
  const finish = page.getByRole("button", { name: "Finish clip" });
  await finish.scrollIntoViewIfNeeded();
  const box = await finish.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return (
    box.x >= 0 && box.x + box.width <= size.width && box.y >= 0 && box.y + box.height <= size.height
  );
}

/** Plays the open clip to its end with the Play button; returns when Finish may be pressed. */
async function hearToEnd(page: Page) {
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.getByText("Heard to the end: you can finish this clip.").waitFor({ timeout: 30_000 });
}

test("the local crowd link of a transcribe study, at 390 px and at 1280 × 720", async () => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const base = inject("baseUrl");

  // The researcher makes the demo study a transcription test with 2 plays (the default).
  await page.goto(`${base}/studies/demo`);
  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByRole("radio", { name: /^Transcribe \(intelligibility\)/ }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByRole("button", { name: "Edit settings" }).waitFor();

  await page.goto(`${base}/annotate/demo?annotator=listener1&role=crowd`);
  await page.getByText("Clip 1 of 20", { exact: true }).waitFor();
  await dismissNotices(page);
  const box = page.getByRole("textbox", { name: "What did you hear?" });
  for (const [name, value] of [
    ["spellcheck", "false"],
    ["autocorrect", "off"],
    ["autocapitalize", "off"],
    ["autocomplete", "off"],
  ] as const)
    expect(await box.getAttribute(name)).toBe(value);
  // No waveform to look at: the speech is only heard.
  expect(await page.getByRole("region", { name: "Waveform" }).count()).toBe(0);
  await page.getByText("Plays left: 2").waitFor();
  const finish = page.getByRole("button", { name: "Finish clip" });
  expect(await finish.isDisabled()).toBe(true);
  await screenshot(page, "transcribe-local-390");

  await hearToEnd(page);
  await page.getByText("Plays left: 1").waitFor();
  expect(await finish.isDisabled()).toBe(false);
  // Space outside the box plays the clip again: the last play.
  await page.locator('h2[tabindex="-1"]').focus();
  await page.keyboard.press("Space");
  await page.getByText("Plays left: 0").waitFor();
  await page.getByRole("button", { name: "Play", exact: true }).waitFor({ timeout: 30_000 });
  expect(await page.getByRole("button", { name: "Play", exact: true }).isDisabled()).toBe(true);

  // The phone's keyboard opens over the lower half: the box and Finish stay reachable.
  await box.click();
  await page.setViewportSize(PHONE_KEYBOARD);
  await box.pressSequentially("the wall is dry");
  expect(await scrollsSideways(page)).toBe(false);
  expect(await finishReachable(page)).toBe(true);
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.resolve("test-results/screenshots/transcribe-local-390-keyboard.png"),
  });
  await box.press("Enter");
  await page.getByText("Clip 2 of 20", { exact: true }).waitFor();
  await page.setViewportSize(PHONE);
  expect(await page.getByRole("textbox", { name: "What did you hear?" }).inputValue()).toBe("");
  await page.getByText("Plays left: 2").waitFor();

  // Back to clip 1: what was typed is kept, and the plays are spent.
  await page.getByRole("button", { name: "Previous clip" }).click();
  await page.getByText("Clip 1 of 20", { exact: true }).waitFor();
  expect(await page.getByRole("textbox", { name: "What did you hear?" }).inputValue()).toBe(
    "the wall is dry",
  );
  await page.getByText("Plays left: 0").waitFor();

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("button", { name: "Next clip" }).click();
  await page.getByText("Clip 2 of 20", { exact: true }).waitFor();
  expect(await finishReachable(page)).toBe(true);
  await screenshot(page, "transcribe-local-1280");
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

test("a participant of a transcribe study on the server, at 390 px with the keyboard open", async () => {
  app = await serveApp(await testStore("redpen-transcribe-e2e-", "e2e-transcribe-token"));
  const { base, store } = app;

  const TEXTS: Record<string, string> = {
    s01: "quartz lemon gallops",
    s02: "velvet anchor murmurs",
    s03: "pebble orchid travels",
  };
  const { clips, audio } = await storeDemoClips(store, ["s01_espeak", "s02_flite", "s03_festival"]);
  const file: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: "sus",
      name: "Listening test",
      binSeconds: 0.1,
      task: "transcribe",
      transcription: { maxPlays: 2 },
      consent: "I agree to take part in this listening test.",
      instructions: "Type exactly what you hear.",
    },
    taxonomy: [],
    clips: clips.map((c) => ({ ...c, text: TEXTS[c.sentence ?? ""] as string })),
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
  await publishStudy(store, {
    file,
    settings: { clipsPerParticipant: 3, ratingsPerClip: 1, completionCode: "SUS-OK" },
    audio,
  });

  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const received: Promise<string>[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/"))
      received.push(
        r.body().then(
          (b) => `${r.url()} ${b.toString("latin1")}`,
          () => "",
        ),
      );
  });

  await page.goto(`${base}/p/sus?participant=lab-7`);
  await page.getByRole("checkbox", { name: "I agree to take part" }).check();
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("button", { name: "Begin with the first clip" }).click();

  for (let position = 1; position <= 3; position++) {
    await page.getByText(`Clip ${position} of 3`, { exact: true }).waitFor();
    await page.getByRole("heading", { name: `Clip ${position}` }).waitFor();
    await page.getByText("Plays left: 2").waitFor();
    const finish = page.getByRole("button", { name: "Finish clip" });
    expect(await finish.isDisabled()).toBe(true);
    if (position === 1) {
      await dismissNotices(page);
      await screenshot(page, "transcribe-participant-390");
    }
    await hearToEnd(page);
    await page.getByText("Plays left: 1").waitFor();
    const box = page.getByRole("textbox", { name: "What did you hear?" });
    await box.click();
    await page.setViewportSize(PHONE_KEYBOARD);
    await box.pressSequentially(`heard ${position}`);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await finishReachable(page)).toBe(true);
    if (position === 1) {
      await box.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.resolve("test-results/screenshots/transcribe-participant-390-keyboard.png"),
      });
    }
    await box.press("Enter");
    await page.setViewportSize(PHONE);
  }
  await page.getByTestId("completion-code").waitFor({ timeout: 30_000 });
  expect(await page.getByTestId("completion-code").textContent()).toBe("SUS-OK");
  await screenshot(page, "transcribe-participant-end");

  // Nothing the page received carries a clip's text.
  const everything = (await Promise.all(received)).join("\n");
  expect(everything).toContain("Type exactly what you hear.");
  for (const word of Object.values(TEXTS).flatMap((t) => t.split(" ")))
    expect(everything).not.toContain(word);

  const collected = await (
    await fetch(`${base}/api/studies/sus/collect`, {
      headers: { authorization: "Bearer e2e-transcribe-token" },
    })
  ).json();
  const subs = (collected as AnnotationFile).submissions;
  expect(subs.map((s) => s.transcript).sort()).toEqual(["heard 1", "heard 2", "heard 3"]);
  expect(subs.every((s) => s.heardToEnd === true && s.playCount === 1)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

test("the transcription screen in Vietnamese and in Arabic (right to left), at 390 px", async () => {
  const base = inject("baseUrl");
  for (const [language, words] of [
    ["vi", { box: "Bạn đã nghe thấy gì?", plays: /^Lượt nghe còn lại: 2$/, play: "Phát" }],
    ["ar", { box: "ماذا سمعت؟", plays: /^مرات الاستماع المتبقية: [2٢]$/, play: "تشغيل" }],
  ] as const) {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/studies/demo`);
    await page.getByRole("button", { name: "Edit settings" }).click();
    await page.getByRole("radio", { name: /^Transcribe \(intelligibility\)/ }).check();
    await page.getByLabel("Language of the participant's pages").selectOption(language);
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("button", { name: "Edit settings" }).waitFor();

    await page.goto(`${base}/annotate/demo?annotator=${language}1&role=crowd`);
    const box = page.getByRole("textbox", { name: words.box });
    await box.waitFor();
    await page.getByText(words.plays).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(
      language === "ar" ? "rtl" : "ltr",
    );
    await page.getByRole("button", { name: words.play, exact: true }).click();
    await expect
      .poll(() => page.getByRole("button", { name: words.play, exact: true }).isEnabled(), {
        timeout: 30_000,
      })
      .toBe(true);
    await box.fill(language === "ar" ? "الجدار جاف" : "bức tường khô");
    expect(await scrollsSideways(page)).toBe(false);
    await dismissNotices(page);
    await screenshot(page, `transcribe-${language}-390`);
    // The page's own words (the demo's instructions are its data, in English).
    const own = (await page.locator("main").innerText()).replace(
      await page.locator("main details").innerText(),
      "",
    );
    expect(own).not.toMatch(/What did you hear|Plays left|Finish clip|\bPlay\b/);
    expect(errors).toEqual([]);
    await context.close();
  }
}, 120_000);

test("the rate task (plain MOS) on the local crowd link at 390 px: listen, rate, finish", async () => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const base = inject("baseUrl");
  await page.goto(`${base}/studies/demo`);
  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByRole("radio", { name: /^Rate only \(MOS\)/ }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByRole("button", { name: "Edit settings" }).waitFor();

  await page.goto(`${base}/annotate/demo?annotator=rater1&role=crowd`);
  await page.getByText("Clip 1 of 20", { exact: true }).waitFor();
  await page.getByRole("heading", { name: "Clip 1" }).waitFor();
  expect(await page.getByRole("region", { name: "Waveform" }).count()).toBe(0);
  expect(await page.getByRole("textbox").count()).toBe(0);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.getByRole("button", { name: "Pause", exact: true }).waitFor();
  await page.getByText("Heard to the end: you can finish this clip.").waitFor({ timeout: 30_000 });
  await page.locator('h2[tabindex="-1"]').focus();
  await page.keyboard.press("4");
  expect(await page.getByRole("radio", { name: /^4\b/ }).isChecked()).toBe(true);
  expect(await scrollsSideways(page)).toBe(false);
  await dismissNotices(page);
  await screenshot(page, "rate-local-390");
  await page.keyboard.press("Enter");
  await page.getByText("Clip 2 of 20", { exact: true }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
