// The participant's pages in the study's language (docs/languages.md), in Chromium against the
// collection server: a Vietnamese study from consent to the completion code; an Arabic one,
// right to left (the layout mirrored, the waveform and its times left to right), with a text
// the researcher overrode; and the pseudo-locale (every text 40 % longer) at 390 × 844 and
// 1280 × 720 with nothing cut off, overlapping or wider than the screen. Screenshots of each.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { defaultRatingScale } from "../../src/domain/study/ratingScale.ts";
import { screeningSecret, screeningTargets } from "../../src/server/screening.ts";
import { publishStudy } from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { storeDemoClips } from "../server/fixtures.ts";
import { type AppServer, serveApp, testStore } from "./appServer.ts";
import { launchBrowser, screenshot, watchErrors } from "./chromium.ts";
import { layoutProblems } from "./layout.ts";

let store: Store;
let app: AppServer;
let browser: Browser;
let base = "";

async function publish(id: string, study: Record<string, unknown>, clipsPerParticipant: number) {
  const { clips, audio } = await storeDemoClips(store, [
    "s01_human",
    "s02_espeak",
    "s03_flite",
    "s04_festival",
  ]);
  await publishStudy(store, {
    file: {
      format: "redpen-annotations",
      version: 1,
      study: { id, name: `Study ${id}`, binSeconds: 0.1, requireRating: true, ...study },
      taxonomy: [{ id: "undefined", label: "Undefined" }],
      clips,
      annotators: [],
      submissions: [],
      regions: [],
      reasonLabels: [],
    },
    settings: { clipsPerParticipant, ratingsPerClip: 10, completionCode: "XONG42" },
    audio,
  });
}

beforeAll(async () => {
  const created = await testStore("redpen-languages-");
  store = created.store;
  const intake = { standard: { ageBand: "required", nativeLanguages: "optional" }, free: [] };
  await publish(
    "vi",
    {
      language: "vi",
      intake,
      instructions: "Hãy nghe kỹ từng câu và đánh dấu những chỗ nghe không tự nhiên.",
    },
    2,
  );
  await publish(
    "ar",
    {
      language: "ar",
      intake,
      participantTexts: { "consent.start": "لنبدأ" },
      instructions: "استمع إلى كل مقطع وحدّد الأجزاء التي تبدو غير طبيعية.",
    },
    1,
  );
  await publish(
    "xa",
    {
      language: "en-XA",
      intake,
      screening: { test: "huggins", trials: 1, passAt: 1 },
      instructions: "Listen to each clip and mark the parts that sound unnatural.",
    },
    1,
  );
  app = await serveApp(created);
  base = app.base;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function newPage(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

const documentLanguage = (page: Page) =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

async function dragOnWaveform(page: Page, name: string) {
  const box = await page.getByRole("region", { name }).boundingBox();
  if (!box) throw new Error("the waveform has no box");
  const y = box.y + 50;
  await page.mouse.move(box.x + box.width * 0.3, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.45, y, { steps: 6 });
  await page.mouse.move(box.x + box.width * 0.6, y, { steps: 6 });
  await page.mouse.up();
}

/** Plays the clip to its end, marks a span, rates it and finishes it, with the page's words. */
async function annotate(
  page: Page,
  words: { waveform: string; play: string; heard: string; spans: string; finish: string },
  label: string,
) {
  await page.locator('section[aria-busy="false"] canvas').first().waitFor();
  await page.getByRole("button", { name: words.play, exact: true }).click();
  await page.getByText(words.heard).waitFor({ timeout: 20_000 });
  await dragOnWaveform(page, words.waveform);
  await expect
    .poll(() => page.getByRole("list", { name: words.spans }).getByRole("listitem").count())
    .toBe(1);
  await page.getByRole("radio", { name: new RegExp(label) }).check();
  await page.getByRole("button", { name: words.finish }).click();
}

test("Vietnamese: consent to completion code in Vietnamese, lang=vi", async () => {
  const { page, errors } = await newPage();
  await page.goto(`${base}/p/vi?participant=vi1`);
  await page.getByRole("heading", { name: "Trước khi bắt đầu" }).waitFor();
  expect(await documentLanguage(page)).toEqual(["vi", "ltr"]);
  expect(await page.title()).toContain("Study vi");
  await screenshot(page, "lang-vi-consent");
  // Start without agreeing: the message is Vietnamese too.
  await page.getByRole("button", { name: "Bắt đầu" }).click();
  await page.getByText("Hãy đánh dấu “Tôi đồng ý tham gia” để bắt đầu").waitFor();
  await page.getByRole("checkbox", { name: "Tôi đồng ý tham gia" }).check();
  await page.getByRole("button", { name: "Bắt đầu" }).click();
  await page.getByRole("heading", { name: "Về bạn" }).waitFor();
  await page.getByRole("button", { name: "Tiếp tục" }).click();
  await page.getByText("Vui lòng trả lời câu hỏi này.").waitFor();
  await screenshot(page, "lang-vi-intake");
  // The answer is stored as the canonical English option, shown in Vietnamese.
  await page.getByLabel(/^Tuổi của bạn/).selectOption({ label: "65 tuổi trở lên" });
  await page.getByLabel(/^Tiếng mẹ đẻ/).fill("tiếng Việt");
  await page.getByRole("button", { name: "Tiếp tục" }).click();
  await page.getByRole("heading", { name: "Hướng dẫn" }).waitFor();
  await page.getByRole("button", { name: "Bắt đầu với đoạn đầu tiên" }).click();

  const vi = defaultRatingScale("vi");
  const words = {
    waveform: "Dạng sóng",
    play: "Phát",
    heard: "Đã nghe đến hết: bạn có thể hoàn tất đoạn này.",
    spans: "Các vùng",
    finish: "Hoàn tất đoạn",
  };
  for (let n = 1; n <= 2; n++) {
    await page.getByText(`Bạn đang đánh giá câu ${n}/2`).waitFor();
    await page.getByRole("heading", { name: `Câu ${n}` }).waitFor();
    await page.getByText(vi.question).waitFor(); // the SOMOS question, in Vietnamese
    if (n === 1) {
      await annotate(page, words, vi.labels[3]);
    } else {
      await page.locator('section[aria-busy="false"] canvas').first().waitFor();
      await screenshot(page, "lang-vi-clip");
      await annotate(page, words, vi.labels[4]);
    }
  }
  await page.getByText("Mã hoàn thành của bạn").waitFor({ timeout: 30_000 });
  expect(await page.getByTestId("completion-code").textContent()).toBe("XONG42");
  await screenshot(page, "lang-vi-completion");
  // Nothing English on the way: the words of the English pages are nowhere.
  const text = await page.locator("main").innerText();
  expect(text).not.toMatch(/Finish|Clip \d|Thank you|completion code|finished/);
  expect(errors).toEqual([]);
}, 120_000);

test("Arabic: right to left, the waveform and times left to right, the researcher's text", async () => {
  const { page, errors } = await newPage({ width: 1280, height: 720 });
  await page.goto(`${base}/p/ar?participant=ar1`);
  await page.getByRole("heading", { name: "قبل أن تبدأ" }).waitFor();
  expect(await documentLanguage(page)).toEqual(["ar", "rtl"]);
  await screenshot(page, "lang-ar-consent");
  await page.getByRole("checkbox", { name: "أوافق على المشاركة" }).check();
  // The researcher's own word for Start (study.participantTexts) wins over the catalogue.
  await page.getByRole("button", { name: "لنبدأ" }).click();
  await page.getByRole("heading", { name: "معلومات عنك" }).waitFor();
  await page.getByLabel(/^عمرك/).selectOption("25–34");
  await page.getByRole("button", { name: "متابعة" }).click();
  await page.getByRole("button", { name: "ابدأ بالمقطع الأول" }).click();
  const waveform = page.getByRole("region", { name: "الموجة الصوتية" });
  await page.locator('section[aria-busy="false"] canvas').first().waitFor();
  // Mirrored: the rating column is left of the waveform; the waveform itself runs left to right.
  const rating = await page.getByRole("radiogroup").boundingBox();
  const wave = await waveform.boundingBox();
  if (!rating || !wave) throw new Error("no boxes");
  expect(rating.x + rating.width).toBeLessThanOrEqual(wave.x);
  expect(await waveform.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
  const playhead = page.locator("span.font-mono", { hasText: /\d:\d\d\.\d\d \/ / });
  expect(await playhead.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
  await screenshot(page, "lang-ar-clip");
  const ar = defaultRatingScale("ar");
  await annotate(
    page,
    {
      waveform: "الموجة الصوتية",
      play: "تشغيل",
      heard: "استمعت حتى النهاية: يمكنك إكمال هذا المقطع.",
      spans: "الأجزاء",
      finish: "أكمل المقطع",
    },
    ar.labels[2],
  );
  await page.getByText("رمز الإكمال الخاص بك").waitFor({ timeout: 30_000 });
  await screenshot(page, "lang-ar-completion");
  expect(errors).toEqual([]);
}, 120_000);

test.each([
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
])(
  "pseudo-locale at $width × $height: nothing cut off or overlapping",
  async (viewport) => {
    const { page, errors } = await newPage(viewport);
    const size = `${viewport.width}x${viewport.height}`;
    const pid = `xa${viewport.width}`;
    await page.goto(`${base}/p/xa?participant=${pid}`);
    const agree = page.getByRole("checkbox");
    await agree.waitFor();
    expect(await documentLanguage(page)).toEqual(["en-XA", "ltr"]);
    // Every text is the lengthened, accented English.
    expect(await page.locator("h2").first().innerText()).toMatch(/^BÉFÖRÉ ÝÖÜ STÁRT ẌẌ/);
    const check = async (screen: string) => {
      await screenshot(page, `lang-pseudo-${screen}-${size}`);
      expect(await layoutProblems(page), screen).toEqual([]);
    };
    // The consent page with its "tick first" message shown.
    await page.getByRole("button", { name: /^Stárt/ }).click();
    await check("consent");
    await agree.check();
    await page.getByRole("button", { name: /^Stárt/ }).click();
    await page.getByRole("button", { name: /^Çöñtíñüé/ }).click(); // nothing answered: messages
    await check("intake");
    await page.getByRole("combobox").first().selectOption("25–34");
    await page.getByRole("button", { name: /^Çöñtíñüé/ }).click();
    await check("headphone-intro");
    await page.getByRole("button", { name: /^Stárt thé çhéçk/ }).click();
    await page.getByRole("button", { name: /^Pláý thé thréé söüñds/ }).click();
    // Only the server knows the answer: read it with its secret, as the page never can.
    const [target] = screeningTargets(
      await screeningSecret(store),
      { studyId: "xa", platform: "link", participantId: pid },
      1,
    );
    const choice = page.getByRole("radio").nth(target as number);
    await expect.poll(() => choice.isEnabled(), { timeout: 15_000 }).toBe(true);
    await choice.check();
    await check("headphone-round");
    await page.getByRole("button", { name: /^Fíñísh thé çhéçk/ }).click();
    await page.getByRole("button", { name: /^Bégíñ wíth/ }).click();
    await page.locator('section[aria-busy="false"] canvas').first().waitFor();
    await check("clip");
    await page.getByRole("button", { name: /^Kéýböárd shörtçüts/ }).click();
    await check("shortcuts");
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
  },
  120_000,
);
