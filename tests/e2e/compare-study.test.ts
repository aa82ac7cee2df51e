import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runCollectionCli } from "../../src/cli/collection.ts";
import type { AnnotationFile, Clip } from "../../src/domain/interchange/types.ts";
import { DEFAULT_RATING_SCALE } from "../../src/domain/study/ratingScale.ts";
import { publishStudy } from "../../src/server/service.ts";
import { storeDemoClips } from "../server/fixtures.ts";
import { type AppServer, serveApp, testStore } from "./appServer.ts";
import { screenshot, watchErrors } from "./chromium.ts";
import { cliStdout } from "./cli.ts";
import { demoWav, pcmDigest } from "./demoAudio.ts";

const TOKEN = "e2e-researcher-token-compare-0123";
const DONE = "CMP-DONE-7";
const OUT = "CMP-OUT-3";
const K = 3;
let app: AppServer;

const HUMAN = ["s02_human", "s05_human"];
const CLIPS = [
  "s02_human",
  "s02_flite",
  "s02_espeak",
  "s02_festival",
  "s05_human",
  "s05_espeak",
  "s05_flite",
  "s05_festival",
  "s03_espeak",
  "s03_flite",
];
const PAIRS = [
  { id: "q1", a: "s05_human", b: "s05_espeak" },
  { id: "q2", a: "s02_flite", b: "s02_human" },
  { id: "m1", a: "s02_espeak", b: "s02_flite" },
  { id: "m2", a: "s02_flite", b: "s02_festival" },
  { id: "m3", a: "s05_espeak", b: "s05_festival" },
  { id: "m4", a: "s05_flite", b: "s05_espeak" },
  { id: "m5", a: "s03_espeak", b: "s03_flite" },
];

const HUMAN_PCM = new Set(HUMAN.map((id) => pcmDigest(demoWav(id))));

function studyFile(id: string, clips: Clip[], extra: Record<string, unknown> = {}): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: {
      id,
      name: "Which sounds more natural",
      binSeconds: 0.1,
      task: "compare",
      comparison: { scale: "ccr", seed: "e2e", replicates: 200 },
      qualification: { pairs: ["q1", "q2"] },
      participantLinks: "both",
      ...extra,
    },
    taxonomy: [{ id: "undefined", label: "Undefined" }],
    clips: clips.map((c) => (HUMAN.includes(c.id) ? { ...c, isReference: true } : c)),
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
    pairs: PAIRS,
    judgments: [],
  } as AnnotationFile;
}

beforeAll(async () => {
  const { dir, store } = await testStore("redpen-compare-", TOKEN);
  const { clips, audio } = await storeDemoClips(store, CLIPS);
  const settings = {
    clipsPerParticipant: K,
    ratingsPerClip: 2,
    completionCode: DONE,
    screenedOutCode: OUT,
  };
  await publishStudy(store, { file: studyFile("ccr", clips), settings, audio });
  await publishStudy(store, {
    file: studyFile("ccr-ar", clips, { language: "ar" }),
    settings,
    audio,
  });
  app = await serveApp({ dir, store });
}, 120_000);

afterAll(() => app?.close());

interface Participant {
  page: Page;
  errors: string[];
  /** Each sample the page downloaded: `stage/position/side` → whether it is a human recording. */
  natural: Map<string, boolean>;
  /** Everything the page received from the API, as text (checked for names). */
  bodies: string[];
}

async function participant(name: string, viewport = { width: 1280, height: 900 }) {
  const { context, page } = await app.browserIn(name);
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost))/, (route) => route.abort());
  await page.setViewportSize(viewport);
  const p: Participant = { page, errors: watchErrors(page), natural: new Map(), bodies: [] };
  // Each sample as it is downloaded (fetched here and handed on unchanged).
  await context.route(
    /\/api\/p\/[^/]+\/trials\/(pretest|main)\/\d+\/[12]\/audio$/,
    async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      const m = /trials\/(\w+)\/(\d+)\/([12])\/audio$/.exec(
        route.request().url(),
      ) as RegExpExecArray;
      p.natural.set(`${m[1]}/${m[2]}/${m[3]}`, HUMAN_PCM.has(pcmDigest(new Uint8Array(body))));
      await route.fulfill({ response, body });
    },
  );
  page.on("response", async (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/") && !url.pathname.endsWith("/audio"))
      p.bodies.push(await r.text().catch(() => ""));
  });
  return p;
}

async function consent(page: Page, link: string, keyboard = false) {
  await page.goto(link);
  const agree = page.getByRole("checkbox", { name: "I agree to take part" });
  const start = page.getByRole("button", { name: "Start" });
  if (keyboard) {
    await agree.press("Space");
    await start.press("Enter");
  } else {
    await agree.check();
    await start.click();
  }
}

const sample = (page: Page, n: 1 | 2) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Sample ${n}` }) });

/** Plays both samples to their end, with the buttons or (keyboard) with Space. */
async function hearBoth(page: Page, keyboard: boolean) {
  for (const n of [1, 2] as const) {
    if (keyboard) await page.keyboard.press("Space");
    else await page.getByRole("button", { name: `Play sample ${n}` }).click();
    await sample(page, n)
      .getByText("✓ Heard to the end", { exact: true })
      .waitFor({ timeout: 30_000 });
  }
}

/** One pre-test pair: prefers the natural sample (or, `wrong`, the other one). */
async function pretestPair(
  p: Participant,
  position: number,
  total: number,
  wrong: boolean,
  keyboard = false,
) {
  const { page } = p;
  await page
    .getByRole("heading", { name: `Pair ${position} of ${total}` })
    .waitFor({ timeout: 30_000 });
  // No "No difference" in the pre-test, and nothing to answer before both were heard.
  expect(await page.getByRole("radio", { name: "No difference" }).count()).toBe(0);
  expect(await page.getByRole("radio", { name: "Sample 1" }).isDisabled()).toBe(true);
  await hearBoth(page, keyboard);
  const naturalSide = p.natural.get(`pretest/${position}/1`) ? 1 : 2;
  expect(p.natural.get(`pretest/${position}/${naturalSide === 1 ? 2 : 1}`)).toBe(false);
  const pick = wrong ? 3 - naturalSide : naturalSide;
  if (keyboard) {
    await page.keyboard.press(String(pick));
    await expect
      .poll(() => page.getByRole("radio", { name: `Sample ${pick}` }).isChecked())
      .toBe(true);
    await page.keyboard.press("Enter");
  } else {
    await page.getByRole("radio", { name: `Sample ${pick}` }).check();
    await page.getByRole("button", { name: position === total ? "Finish" : "Next pair" }).click();
  }
}

/** One main CCR pair: answers `label` (the key 1–7 of it with the keyboard). */
async function mainPair(
  p: Participant,
  position: number,
  label: string,
  key: string | null,
  shot?: string,
) {
  const { page } = p;
  await page
    .getByRole("heading", { name: `Pair ${position} of ${K}` })
    .waitFor({ timeout: 30_000 });
  await page
    .getByRole("group", {
      name: /^How natural does the second sample sound compared with the first\?/,
    })
    .waitFor();
  const next = page.getByRole("button", { name: position === K ? "Finish" : "Next pair" });
  expect(await next.isDisabled()).toBe(true);
  await hearBoth(page, key !== null);
  if (key !== null) {
    await page.keyboard.press(key);
    await expect.poll(() => page.getByRole("radio", { name: label }).isChecked()).toBe(true);
    if (shot) await screenshot(page, shot);
    await page.keyboard.press("Enter");
  } else {
    await page.getByRole("radio", { name: label }).check();
    if (shot) await screenshot(page, shot);
    await next.click();
  }
}

async function completionCode(page: Page) {
  const code = page.getByTestId("completion-code");
  await code.waitFor({ timeout: 30_000 });
  return code.textContent();
}

test("a CCR study with a pre-test: one screened out, one keyboard-only, one on a phone; collect; analysis = stats --json", async () => {
  const link = (pid: string) => `${app.base}/p/ccr?participant=${pid}`;

  // 1: prefers the synthetic sample of both pre-test pairs: screened out with the study's code.
  const p1 = await participant("p1");
  await consent(p1.page, link("fails-1"));
  await p1.page.getByRole("heading", { name: "Listening check" }).waitFor({ timeout: 30_000 });
  await p1.page
    .getByText("Before the study begins: 2 pairs of recordings.", { exact: false })
    .waitFor();
  await pretestPair(p1, 1, 2, true);
  await pretestPair(p1, 2, 2, true);
  await p1.page
    .getByRole("heading", { name: "Thank you for your time" })
    .waitFor({ timeout: 30_000 });
  expect(await p1.page.getByTestId("screened-out-code").textContent()).toBe(OUT);
  await p1.page.getByText("Your answers to the listening check did not reach").waitFor();
  await p1.page.reload();
  await p1.page.getByTestId("screened-out-code").waitFor();
  expect(await p1.page.getByTestId("screened-out-code").textContent()).toBe(OUT);
  expect(p1.errors).toEqual([]);

  // 2 (keyboard alone, on a laptop) and 3 (a phone): both pass, then judge their K pairs.
  const p2 = await participant("p2");
  const p3 = await participant("p3", { width: 390, height: 844 });
  const run2 = (async () => {
    await consent(p2.page, link("keys-2"), true);
    await pretestPair(p2, 1, 2, false, true);
    await pretestPair(p2, 2, 2, false, true);
    // 7 = "Much better": sample 2 is much better than sample 1.
    for (let i = 1; i <= K; i++)
      await mainPair(p2, i, "Much better", "7", i === 1 ? "compare-trial" : undefined);
    return completionCode(p2.page);
  })();
  const run3 = (async () => {
    await consent(p3.page, link("phone-3"));
    await pretestPair(p3, 1, 2, false);
    await pretestPair(p3, 2, 2, false);
    for (let i = 1; i <= K; i++) {
      if (i === 1) {
        await p3.page.getByRole("heading", { name: "Pair 1 of 3" }).waitFor({ timeout: 30_000 });
        await hearBoth(p3.page, false);
        await screenshot(p3.page, "compare-trial-phone");
        // Nothing overflows the phone's width.
        expect(
          await p3.page.evaluate(() => document.documentElement.scrollWidth),
        ).toBeLessThanOrEqual(390);
        await p3.page.getByRole("radio", { name: "Slightly worse" }).check();
        await p3.page.getByRole("button", { name: "Next pair" }).click();
      } else await mainPair(p3, i, "Slightly worse", null);
    }
    return completionCode(p3.page);
  })();
  expect(await run2).toBe(DONE);
  expect(await run3).toBe(DONE);
  expect(p2.errors).toEqual([]);
  expect(p3.errors).toEqual([]);
  // Nothing the pages received names a clip, a system, a pair or which sample is natural.
  for (const body of [...p1.bodies, ...p2.bodies, ...p3.bodies]) {
    // (The rating question's "human-sounding", sent with every state, is its wording.)
    expect(body.replaceAll(DEFAULT_RATING_SCALE.question, "")).not.toMatch(
      /s0\d_|human|espeak|flite|festival|isReference|"pairId"|"q1"|"m1"/i,
    );
  }

  // `collect`: the judgments, each CCR answer turned to the pair's a/b order, and the pre-test.
  let out = "";
  const code = await runCollectionCli(["collect", "ccr", "--server", app.base, "--token", TOKEN], {
    stdout: (t) => {
      out += t;
    },
    stderr: () => undefined,
    env: {},
    fetch,
  });
  expect(code).toBe(0);
  const collected = JSON.parse(out) as AnnotationFile;
  const who = (pid: string) => {
    const a = collected.annotators.find((x) => x.platform?.participantId === pid);
    if (!a) throw new Error(`no annotator ${pid}`);
    return a;
  };
  expect(who("fails-1").status).toBe("screened-out");
  expect(who("keys-2").status).toBe("completed");
  expect(who("phone-3").status).toBe("completed");
  const screening = (pid: string) => who(pid).screening?.find((s) => s.test === "natural-pairs");
  expect(screening("fails-1")).toEqual({
    test: "natural-pairs",
    trials: 2,
    correct: 0,
    passed: false,
  });
  expect(screening("keys-2")).toEqual({
    test: "natural-pairs",
    trials: 2,
    correct: 2,
    passed: true,
  });
  expect(screening("phone-3")).toEqual({
    test: "natural-pairs",
    trials: 2,
    correct: 2,
    passed: true,
  });
  const judgments = collected.judgments ?? [];
  const mainOf = (pid: string) =>
    judgments.filter((j) => j.annotatorId === who(pid).id && j.pairId.startsWith("m"));
  expect(mainOf("fails-1")).toEqual([]);
  for (const [pid, score] of [
    ["keys-2", 3],
    ["phone-3", -1],
  ] as const) {
    const mine = mainOf(pid);
    expect(mine).toHaveLength(K);
    // "Much better" is +3 for sample 2 against sample 1: +3 for the pair's b over a when a was
    // played first, −3 when b was.
    for (const j of mine) {
      expect(j.score).toBe(j.shownFirst === "a" ? score : -score);
      expect(j.heardToEnd).toBe(true);
      expect(j.playCounts).toEqual([1, 1]);
    }
    expect(new Set(mine.map((j) => j.pairId)).size).toBe(K);
  }
  expect(judgments.filter((j) => j.pairId.startsWith("q"))).toHaveLength(6);
  const collectedPath = path.join(app.dir, "collected.json");
  writeFileSync(collectedPath, out);

  // The researcher's analysis screen of the collected file: its report is `stats --json`.
  const researcher = await participant("researcher");
  const rp = researcher.page;
  await rp.goto(app.base);
  await rp.waitForLoadState("networkidle");
  const close = rp
    .getByRole("region", { name: "Notices" })
    .getByRole("button", { name: /^Dismiss/ });
  while ((await close.count()) > 0) await close.first().click();
  await rp
    .locator('input[type="file"]')
    .and(rp.getByLabel("Import annotations", { exact: true }))
    .setInputFiles([collectedPath]);
  await rp.getByRole("button", { name: "Merge into study" }).click();
  await rp.getByText(/Merged into/).waitFor();
  await rp.goto(`${app.base}/studies/ccr/analysis`);
  await rp
    .getByRole("region", { name: "Paired comparison (CCR / CMOS)" })
    .waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([
    rp.waitForEvent("download"),
    rp.getByRole("button", { name: "Download report (JSON)" }).and(rp.locator(":enabled")).click(),
  ]);
  expect(readFileSync(await download.path(), "utf8")).toBe(
    cliStdout(["stats", collectedPath, "--json"]),
  );
  expect(researcher.errors).toEqual([]);
}, 400_000);

test("Arabic: the trial screen right to left, sample 1 first in reading order and labelled", async () => {
  const p = await participant("arabic");
  await p.page.goto(`${app.base}/p/ccr-ar?participant=ar-1`);
  await p.page.getByRole("checkbox").first().check();
  await p.page.getByRole("button").first().click();
  await p.page.getByRole("heading", { name: "اختبار استماع" }).waitFor({ timeout: 30_000 });
  const list = p.page.getByRole("list", { name: "أيّ العيّنتين تبدو أكثر طبيعية؟" });
  await list.waitFor();
  expect(await p.page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  const items = list.getByRole("listitem");
  expect(await items.allInnerTexts()).toEqual([
    expect.stringContaining("العيّنة 1"),
    expect.stringContaining("العيّنة 2"),
  ]);
  // Right to left: sample 1 is the right-hand card.
  const [one, two] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
  expect((one?.x ?? 0) > (two?.x ?? 0)).toBe(true);
  await p.page.getByRole("button", { name: "شغّل العيّنة 1" }).click();
  await items.nth(0).getByText("✓ سُمعت حتى النهاية", { exact: true }).waitFor({ timeout: 30_000 });
  await screenshot(p.page, "compare-trial-arabic");
  expect(p.errors).toEqual([]);
}, 120_000);
