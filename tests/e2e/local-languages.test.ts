// The local crowd link (/annotate/<studyId>?annotator=…&role=crowd, no server) in the study's
// language (docs/languages.md): the demo study set to Vietnamese in Edit settings, then its
// identity prompt, clip screen and finished screen in Vietnamese with lang="vi", and none of
// the English pages' words in the page. Screenshots: test-results/screenshots/lang-local-vi-*.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { dismissNotices, launchBrowser, screenshot, watchErrors } from "./chromium.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Notices about the headless profile, not about these pages.
const IGNORED = [/persistent storage/i];

/** The English pages' own words (the demo's name, clip names and instructions are its data). */
const ENGLISH =
  /Who is annotating|Annotator id|Start annotating|Opening|Finish clip|Clip \d+ of|finished|thank you|Download my|Spans marked|Mean rating|Active time|Previous clip|Next clip|Keyboard shortcuts|Play\b|Waveform|running out/i;

/** The page's words, without the demo study's own instructions (its data, in English). */
async function mainText(page: Page): Promise<string> {
  const text = await page.locator("main").innerText();
  const own = page.getByText(/^Listen to the whole clip/);
  return (await own.count()) ? text.replace(await own.innerText(), "") : text;
}

test("the local crowd link of a Vietnamese study: prompt, clips and finished screen in Vietnamese", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const base = inject("baseUrl");

  // The researcher sets the demo study's language.
  await page.goto(`${base}/studies/demo`);
  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByLabel("Language of the participant's pages").selectOption("vi");
  await page.getByRole("button", { name: "Save settings" }).click();
  // Saved: the settings' summary names the language. (Exactly its text: while the form is open,
  // or shown again after its fallback while a language's catalogue loads, its option and its
  // catalogue button also contain "Vietnamese (vi)"; waiting for the Save button to go could
  // end during such a fallback, at load 11.)
  await page.getByText("Vietnamese (vi)", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Edit settings" }).waitFor();

  // The annotator opens the link without an id: the prompt is Vietnamese.
  await page.goto(`${base}/annotate/demo`);
  await page.getByRole("heading", { name: "Ai đang đánh giá?" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("vi");
  await page.getByRole("button", { name: "Bắt đầu đánh giá" }).click();
  await page.getByText("Hãy nhập mã người đánh giá của bạn.").waitFor();
  await dismissNotices(page);
  await screenshot(page, "lang-local-vi-identity");
  expect(await mainText(page)).not.toMatch(ENGLISH);
  await page.getByRole("textbox", { name: "Mã người đánh giá" }).fill("vi1");
  await page.getByRole("button", { name: "Bắt đầu đánh giá" }).click();

  // The clip screen.
  await page.getByText("Bạn đang đánh giá câu 1/20").waitFor();
  await page.locator('section[aria-busy="false"] canvas').first().waitFor();
  await dismissNotices(page);
  await screenshot(page, "lang-local-vi-clip");
  expect(await mainText(page)).not.toMatch(ENGLISH);
  expect(
    await page.getByRole("button", { name: "Tải xuống các đánh dấu của tôi (JSON)" }).count(),
  ).toBe(1);

  // Every clip rated and finished from the keyboard: the finished screen.
  for (let i = 1; i <= 20; i++) {
    await page.getByText(`Bạn đang đánh giá câu ${i}/20`).waitFor();
    await page.keyboard.press(String(1 + (i % 5)));
    await page.keyboard.press("Enter");
  }
  await page.getByRole("heading", { name: "Đã xong cả 20 đoạn — cảm ơn bạn!" }).waitFor();
  await dismissNotices(page);
  await screenshot(page, "lang-local-vi-finished");
  expect(await mainText(page)).not.toMatch(ENGLISH);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("vi");
  expect(errors.filter((e) => !IGNORED.some((re) => re.test(e)))).toEqual([]);

  // A clip whose audio cannot be decoded: the waveform says so in Vietnamese too.
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
  await page.goto(`${base}/annotate/demo?annotator=vi2&role=crowd&clip=s01_flite`);
  const alert = page.getByRole("region", { name: "Dạng sóng" }).getByRole("alert");
  await alert.waitFor();
  expect(await alert.textContent()).toContain("Không tải được âm thanh của đoạn này.");
  expect(await alert.textContent()).not.toContain("could not be loaded");
  await context.close();
}, 180_000);
