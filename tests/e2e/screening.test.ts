// The headphone check in Chromium: a participant who picks the right sound in every round goes
// on to the clips; one who does not ends with the study's screened-out code and no clips; the
// server keeps both results. The sounds really play (Web Audio); the right answers come from
// the server (its secret, read here as the page never can: src/server/screening.ts).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { screeningSecret, screeningTargets } from "../../src/server/screening.ts";
import { collect, publishStudy } from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { storeDemoClips } from "../server/fixtures.ts";
import { type AppServer, serveApp, testStore } from "./appServer.ts";
import { launchBrowser, screenshot, watchErrors } from "./chromium.ts";

let store: Store;
let app: AppServer;
let browser: Browser;
let base = "";

beforeAll(async () => {
  const created = await testStore("redpen-screening-");
  store = created.store;
  const { clips, audio } = await storeDemoClips(store, [
    "s01_human",
    "s01_espeak",
    "s02_flite",
    "s02_human",
  ]);
  await publishStudy(store, {
    file: {
      format: "redpen-annotations",
      version: 1,
      study: {
        id: "scr",
        name: "Screened study",
        binSeconds: 0.1,
        screening: { test: "huggins", trials: 2, passAt: 2 },
        // Its screened-out address is on Prolific (a Prolific study); its researcher lets the
        // generic links these participants use in too.
        participantLinks: "both",
      },
      taxonomy: [{ id: "undefined", label: "Undefined" }],
      clips,
      annotators: [],
      submissions: [],
      regions: [],
      reasonLabels: [],
    },
    settings: {
      clipsPerParticipant: 2,
      completionCode: "DONE1",
      screenedOutCode: "OUT77",
      screenedOutUrl: "https://app.prolific.com/submissions/complete?cc=OUT77",
    },
    audio,
  });
  app = await serveApp(created);
  base = app.base;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Consent, then both rounds of the check, answering right (or wrong) each time. */
async function takeCheck(page: Page, pid: string, right: boolean) {
  await page.goto(`${base}/p/scr?participant=${pid}`);
  await page.getByRole("checkbox", { name: "I agree to take part" }).check();
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("heading", { name: "Headphone check" }).waitFor();
  await page.getByRole("button", { name: "Start the check" }).click();
  for (let round = 0; round < 2; round++) {
    await page.getByRole("heading", { name: `Headphone check: round ${round + 1} of 2` }).waitFor();
    const sound1 = page.getByRole("radio", { name: "Sound 1" });
    expect(await sound1.isDisabled()).toBe(true); // not before the sounds were played
    await page.getByRole("button", { name: "Play the three sounds" }).click();
    await expect.poll(() => sound1.isEnabled(), { timeout: 15_000 }).toBe(true);
    // Only the server knows the answer: read it with its secret, as the page never can.
    const targets = screeningTargets(
      await screeningSecret(store),
      { studyId: "scr", platform: "link", participantId: pid },
      2,
    );
    const target = targets[round] as number;
    const pick = right ? target : (target + 1) % 3;
    await page.getByRole("radio", { name: `Sound ${pick + 1}` }).check();
    if (round === 0 && right) await screenshot(page, "headphone-check");
    await page
      .getByRole("button", { name: round === 1 ? "Finish the check" : "Next round" })
      .click();
  }
}

test("pass: on to the clips; fail: the screened-out code, no clips; the server keeps both", async () => {
  const passing = await browser.newPage();
  const errors = watchErrors(passing);
  await takeCheck(passing, "ok1", true);
  await passing.getByText("Clip 1 of 2", { exact: true }).waitFor();

  const failing = await browser.newPage();
  await takeCheck(failing, "no1", false);
  await failing.getByRole("heading", { name: "Thank you for your time" }).waitFor();
  expect(await failing.getByTestId("screened-out-code").textContent()).toBe("OUT77");
  await screenshot(failing, "headphone-check-failed");
  const back = () =>
    failing.getByRole("link", { name: "Back to the study platform" }).getAttribute("href");
  expect(await back()).toBe("https://app.prolific.com/submissions/complete?cc=OUT77");
  // Coming back (a reload): straight to the code, not consent and the check again.
  await failing.reload();
  await failing.getByRole("heading", { name: "Thank you for your time" }).waitFor();
  expect(await failing.getByTestId("screened-out-code").textContent()).toBe("OUT77");
  expect(await back()).toBe("https://app.prolific.com/submissions/complete?cc=OUT77");
  expect(await failing.getByRole("checkbox", { name: "I agree to take part" }).count()).toBe(0);

  const file = await collect(store, "scr");
  expect(
    file.annotators.map((a) => [a.platform?.participantId, a.status, a.screening?.[0]]),
  ).toEqual([
    ["ok1", "started", { test: "huggins", trials: 2, correct: 2, passed: true }],
    ["no1", "screened-out", { test: "huggins", trials: 2, correct: 0, passed: false }],
  ]);
  expect(errors).toEqual([]);
}, 120_000);

test("a Prolific study opened through a generic link says so at once, in its language, with no consent", async () => {
  const { clips, audio } = await storeDemoClips(store, ["s01_human", "s02_flite"]);
  await publishStudy(store, {
    file: {
      format: "redpen-annotations",
      version: 1,
      study: {
        id: "pro",
        name: "Prolific only",
        binSeconds: 0.1,
        language: "de",
        protocol: { platform: "Prolific" },
      },
      taxonomy: [{ id: "undefined", label: "Undefined" }],
      clips,
      annotators: [],
      submissions: [],
      regions: [],
      reasonLabels: [],
    },
    settings: { clipsPerParticipant: 2, ratingsPerClip: 3 },
    audio,
  });
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.goto(`${base}/p/pro?participant=made-up-1`);
  const alert = page.getByRole("alert");
  await alert.getByRole("heading", { name: "Dieser Link öffnet diese Studie nicht" }).waitFor();
  expect(await alert.textContent()).toContain(
    "An dieser Studie nimmt man nur über Prolific teil. Bitte öffnen Sie sie über Ihr Prolific-Konto.",
  );
  expect(await page.getByRole("checkbox").count()).toBe(0);
  // The Prolific link opens it as usual.
  await page.goto(`${base}/p/pro?PROLIFIC_PID=5f1a2b3c&STUDY_ID=s&SESSION_ID=x`);
  await page.getByRole("checkbox").first().waitFor();
  expect((await collect(store, "pro")).annotators).toEqual([]);
  expect(errors).toEqual([]);
}, 60_000);
