// A Vietnamese intelligibility (SUS) study through the collection server (PGlite) serving the
// built app (issue 36): a participant arriving at a full study is told so before any consent,
// in Vietnamese; the play limit (2) is the server's, held across two browsers of the same
// participant (two persistent profiles): the second browser finds the plays the first used and
// cannot play the clip again; the clip's Finish from the first browser, after the second
// finished it, is told in Vietnamese (not dropped); the plays survive a reload; and the collected
// playCount is the server's count.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { AnnotationFile, Clip } from "../../src/domain/interchange/types.ts";
import { publishStudy } from "../../src/server/service.ts";
import { storeDemoClips } from "../server/fixtures.ts";
import { type AppServer, serveApp, testStore } from "./appServer.ts";
import { screenshot, watchErrors } from "./chromium.ts";

const TOKEN = "e2e-play-limit-token-0123456789";
/** The Vietnamese pages' words, from the catalogue the app ships. */
const VI = JSON.parse(readFileSync("src/domain/i18n/messages/vi.json", "utf8")) as Record<
  string,
  string
>;
const left = (n: number) => `Lượt nghe còn lại: ${n}`;
let app: AppServer;
let base = "";

function study(id: string, clips: Clip[]): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: {
      id,
      name: "Bài kiểm tra nghe",
      binSeconds: 0.1,
      task: "transcribe",
      transcription: { maxPlays: 2 },
      language: "vi",
      consent: "Tôi đồng ý tham gia bài kiểm tra nghe này.",
      instructions: "Hãy gõ chính xác những gì bạn nghe được.",
    },
    taxonomy: [],
    clips: clips.map((c) => ({ ...c, text: `câu ${c.sentence}` })),
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
}

beforeAll(async () => {
  const { dir, store } = await testStore("redpen-play-limit-", TOKEN);
  const sus = await storeDemoClips(store, ["s01_espeak", "s02_flite"]);
  await publishStudy(store, {
    file: study("sus-vi", sus.clips),
    settings: { clipsPerParticipant: 2, ratingsPerClip: 1, completionCode: "VI-OK" },
    audio: sus.audio,
  });
  const small = await storeDemoClips(store, ["s03_festival"]);
  await publishStudy(store, {
    file: study("full-vi", small.clips),
    settings: { clipsPerParticipant: 1, ratingsPerClip: 1 },
    audio: small.audio,
  });
  app = await serveApp({ dir, store });
  base = app.base;
});

afterAll(() => app?.close());

async function browserIn(name: string): Promise<Page> {
  return (await app.browserIn(name)).page;
}

/** Consent and the instructions, in Vietnamese, up to the first clip. */
async function consent(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole("checkbox", { name: VI["consent.agree"] }).check();
  await page.getByRole("button", { name: VI["consent.start"], exact: true }).click();
  await page.getByRole("button", { name: VI["instructions.begin"] }).click();
  await page.getByRole("heading", { name: "Câu 1" }).waitFor();
}

const playButton = (page: Page) =>
  page.getByRole("button", { name: VI["listen.play"], exact: true });

/** One play to the end: Play, then the button back once the clip ended. */
async function playOnce(page: Page, after: number) {
  await playButton(page).click();
  await page.getByText(left(after), { exact: true }).waitFor();
  await page.getByText(VI["clip.heard"] as string).waitFor({ timeout: 30_000 });
  await expect.poll(() => playButton(page).count(), { timeout: 30_000 }).toBe(1);
}

test("a full study says so before consent, in Vietnamese", async () => {
  // Someone reads the consent while the last slot is still open …
  const early = await browserIn("early");
  await early.goto(`${base}/p/full-vi?participant=reader`);
  await early.getByRole("checkbox", { name: VI["consent.agree"] }).check();
  // … and the one clip's one rating is taken meanwhile: their Start is told the same, in
  // Vietnamese (the server's 409 study-full, not its English words).
  const taken = await fetch(`${base}/api/p/full-vi/arrive`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ platform: "link", participantId: "first" }),
  });
  expect(taken.status).toBe(200);
  await early.getByRole("button", { name: VI["consent.start"], exact: true }).click();
  await early.getByRole("heading", { name: VI["full.title"] }).waitFor();
  expect(await early.locator("main").innerText()).not.toMatch(/participants it needs/);

  // Arriving at the full study: told at once, before any consent.
  const page = await browserIn("late");
  const errors = watchErrors(page);
  await page.goto(`${base}/p/full-vi?PROLIFIC_PID=late-1&STUDY_ID=x&SESSION_ID=y`);
  await page.getByRole("heading", { name: VI["full.title"] }).waitFor();
  expect(await page.getByText(VI["full.body"] as string).count()).toBe(1);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("vi");
  // Nothing of consent, intake or the headphone check before it.
  expect(await page.getByRole("checkbox").count()).toBe(0);
  expect(await page.locator("main").innerText()).not.toMatch(/full|study|consent/i);
  await screenshot(page, "play-limit-full-vi");
  expect(errors).toEqual([]);
}, 60_000);

test("the play limit held across two browsers; a Finish the server cannot take is told", async () => {
  const link = `${base}/p/sus-vi?participant=lab-7`;
  const first = await browserIn("first");
  const firstErrors = watchErrors(first);
  await consent(first, link);
  await first.getByText(left(2), { exact: true }).waitFor();
  await playOnce(first, 1);
  await playOnce(first, 0);
  expect(await playButton(first).isDisabled()).toBe(true);
  await first.getByRole("textbox", { name: VI["listen.question"] }).fill("tạm biệt");

  // The same link in a second browser: consent again, and clip 1 has no play left.
  const second = await browserIn("second");
  const secondErrors = watchErrors(second);
  await consent(second, link);
  await second.getByText(left(0), { exact: true }).waitFor();
  expect(await playButton(second).isDisabled()).toBe(true);
  await screenshot(second, "play-limit-second-browser");
  // Finished there (its plays were spent in the first browser: heard there, not here).
  await second.getByRole("textbox", { name: VI["listen.question"] }).fill("xin chào");
  await second.getByRole("button", { name: VI["clip.finish"] }).click();
  await second.getByRole("heading", { name: "Câu 2" }).waitFor();
  await second.getByText(left(2), { exact: true }).waitFor();

  // The first browser's Finish of clip 1 comes too late: said, in Vietnamese.
  await first.getByRole("button", { name: VI["clip.finish"] }).click();
  const told = VI["send.clips.doneElsewhere"]
    ?.replace(/^\{count, plural, other \{/, "")
    .replace(/\}\}$/, "")
    .replace("{positions}", "1") as string;
  await first.getByText(told).waitFor({ timeout: 30_000 });
  await first.getByRole("heading", { name: "Câu 2" }).waitFor();
  await screenshot(first, "play-limit-done-elsewhere");

  // One play of clip 2 in the first browser; after a reload, and in the second browser, one
  // play is left.
  await playOnce(first, 1);
  await first.reload();
  await first.getByRole("heading", { name: "Câu 2" }).waitFor();
  await first.getByText(left(1), { exact: true }).waitFor();
  await second.reload();
  await second.getByText(left(1), { exact: true }).waitFor();

  // What the server keeps: clip 1 from the second browser, with the server's 2 plays.
  const collected = (await (
    await fetch(`${base}/api/studies/sus-vi/collect`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
  ).json()) as AnnotationFile;
  expect(collected.submissions).toHaveLength(1);
  expect(collected.submissions[0]).toMatchObject({
    transcript: "xin chào",
    playCount: 2,
    heardToEnd: false,
  });
  // The browser logs the refused submission's 409 (the one told above); nothing else.
  expect(firstErrors).toEqual([
    "console.error: Failed to load resource: the server responded with a status of 409 (Conflict)",
  ]);
  expect(secondErrors).toEqual([]);
}, 120_000);
