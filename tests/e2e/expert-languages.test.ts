// The local expert screen (/annotate/<studyId>?annotator=…&role=expert) in the study's language
// (docs/languages.md): two crowd annotators mark the demo's first clip; the demo study is then
// set to Vietnamese, to Arabic and to the pseudo-locale in Edit settings, and the expert screen,
// its app bar and its shortcuts are checked in each at 1280 × 720 and 390 × 844: lang and dir on
// the document, none of the English screen's words (the study's taxonomy, names and sentence are
// its data), the Arabic layout mirrored with the waveform left to right, and in the
// pseudo-locale (every text 40 % longer) nothing cut off or overlapping. Screenshots:
// test-results/screenshots/lang-expert-*.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import {
  dismissNotices,
  launchBrowser,
  markFirstClip,
  screenshot,
  watchErrors,
} from "./chromium.ts";
import { layoutProblems } from "./layout.ts";

let browser: Browser;
let page: Page;
let errors: string[];
const base = inject("baseUrl");
const LARGE = { width: 1280, height: 720 };
const SMALL = { width: 390, height: 844 };

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: LARGE });
  page = await context.newPage();
  errors = watchErrors(page);
  await markFirstClip(page, base, "w1", 0.15, 0.4);
  await markFirstClip(page, base, "w2", 0.5, 0.8);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

// Notices about the headless profile, not about these pages.
const IGNORED = [/persistent storage/i];

/** The English expert screen's own words. */
const ENGLISH =
  /Expert review|Reasons for|Spans on this clip|labelled|Previous clip|Next clip|Keyboard shortcuts|Only clips|Show union|Consensus|Loop span|Pitch \(F0\)|Energy \(dB\)|Spectrogram|Select overlapping|semitones|Download my|\bPlay\b|\bPause\b|Annotators|Studies|Storage not|Close this list|Toggle/;

/** The page's words, less the study's data: its taxonomy, its name and the clip's sentence. */
async function screenText(page: Page, scope = "body"): Promise<string> {
  let text = await page.locator(scope).innerText();
  const sentence = page.locator("main header p.italic");
  if (await sentence.count()) text = text.replace(await sentence.innerText(), "");
  for (const t of DEFAULT_TAXONOMY)
    text = text.replaceAll(t.description ?? t.label, "").replaceAll(t.label, "");
  return text.replaceAll(/Sense and Sensibility|demo|s01_human\.wav/gi, "");
}

async function setLanguage(choice: string, tag?: string) {
  await page.setViewportSize(LARGE);
  await page.goto(`${base}/studies/demo`);
  await page.getByRole("button", { name: "Edit settings" }).click();
  const select = page.getByLabel("Language of the participant's pages");
  await select.selectOption(choice);
  if (tag) await page.getByLabel("Language tag").fill(tag);
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByRole("button", { name: "Edit settings" }).waitFor();
}

async function openExpert(viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.goto(`${base}/annotate/demo?annotator=e1&role=expert`);
  await page.getByRole("heading", { level: 1, name: "s01_human.wav" }).waitFor();
  await page.locator('section[aria-busy="false"] [data-testid="waveform-canvas"]').waitFor();
  await dismissNotices(page);
}

const documentLanguage = () =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

test("Vietnamese: the expert screen, its app bar and its shortcuts", async () => {
  await setLanguage("vi");
  await openExpert(LARGE);
  expect(await documentLanguage()).toEqual(["vi", "ltr"]);
  await page.getByRole("heading", { name: "Lý do", exact: true }).waitFor();
  await page.getByText("Các vùng trong đoạn này").waitFor();
  await page.getByRole("button", { name: "w1: 1 vùng, đang hiện" }).waitFor();
  await page.getByText("Đã gắn lý do 0/2 vùng").waitFor();
  await page
    .getByRole("navigation", { name: "Chính" })
    .getByRole("link", { name: "Nghiên cứu" })
    .waitFor();
  // A reason (the study's own label) ticked: the progress in Vietnamese.
  await page.getByRole("checkbox", { name: "End of speech" }).check();
  await page.getByText("Đã gắn lý do 1/2 vùng").waitFor();
  // The selected span's pitch and energy, in Vietnamese with a decimal comma.
  const evidence = page.getByTestId("span-evidence");
  await expect
    .poll(() => evidence.innerText(), { timeout: 20_000 })
    .toMatch(/Năng lượng −?\d+,\d dB/);
  expect(await evidence.innerText()).toMatch(/^Vùng 0:0\d\.\d\d–0:0\d\.\d\d:/);
  await screenshot(page, "lang-expert-vi-1280x720");
  expect(await screenText(page)).not.toMatch(ENGLISH);

  await page.getByRole("button", { name: /^Phím tắt/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Đóng danh sách này", { exact: true }).waitFor();
  await dialog.getByText("Bật/tắt “End of speech”").waitFor();
  await screenshot(page, "lang-expert-vi-shortcuts");
  expect(await screenText(page, "[role=dialog]")).not.toMatch(ENGLISH);
  await page.keyboard.press("Escape");

  await openExpert(SMALL);
  await page.getByRole("heading", { name: "Lý do", exact: true }).waitFor();
  await screenshot(page, "lang-expert-vi-390x844");
  expect(await screenText(page)).not.toMatch(ENGLISH);
}, 120_000);

test("Arabic: right to left, the reasons beside the clip on the left, the waveform left to right", async () => {
  await setLanguage("ar");
  await openExpert(LARGE);
  expect(await documentLanguage()).toEqual(["ar", "rtl"]);
  await page.getByRole("heading", { name: "الأسباب", exact: true }).waitFor();
  await page.getByText("1 من 2 لها أسباب").first().waitFor();
  expect(await screenText(page)).not.toMatch(ENGLISH);
  // The layout mirrors: the reasons column is left of the clip.
  const reasons = await page.locator("section[aria-labelledby=expert-reasons-title]").boundingBox();
  const clip = await page.getByRole("region", { name: "المقطع", exact: true }).boundingBox();
  expect(reasons && clip && reasons.x + reasons.width <= clip.x + 1).toBe(true);
  // Audio runs left to right: w1's span (the first 15–40 % of the clip) left of w2's.
  expect(
    await page.getByTestId("waveform-canvas").evaluate((el) => getComputedStyle(el).direction),
  ).toBe("ltr");
  const w1 = await page.locator('[data-span-id][title="w1"]').boundingBox();
  const w2 = await page.locator('[data-span-id][title="w2"]').boundingBox();
  expect(w1 && w2 && w1.x + w1.width <= w2.x + 1).toBe(true);
  await screenshot(page, "lang-expert-ar-1280x720");

  await openExpert(SMALL);
  await page.getByRole("heading", { name: "الأسباب", exact: true }).waitFor();
  await screenshot(page, "lang-expert-ar-390x844");
  expect(await screenText(page)).not.toMatch(ENGLISH);
}, 120_000);

test.each([SMALL, LARGE])(
  "pseudo-locale at $width × $height: nothing on the expert screen cut off or overlapping",
  async (viewport) => {
    await setLanguage("other", "en-XA");
    await openExpert(viewport);
    const size = `${viewport.width}x${viewport.height}`;
    expect(await documentLanguage()).toEqual(["en-XA", "ltr"]);
    // Every text is the lengthened, accented English.
    await page.getByRole("heading", { name: /^Réásöñs ẍ*$/ }).waitFor();
    await screenshot(page, `lang-expert-pseudo-${size}`);
    expect(await layoutProblems(page), "expert screen").toEqual([]);
    await page.getByRole("button", { name: /^Kéýböárd shörtçüts/ }).click();
    await page.getByRole("dialog").waitFor();
    await screenshot(page, `lang-expert-pseudo-shortcuts-${size}`);
    expect(await layoutProblems(page), "shortcuts").toEqual([]);
    await page.keyboard.press("Escape");
    expect(errors.filter((e) => !IGNORED.some((re) => re.test(e)))).toEqual([]);
  },
  120_000,
);
