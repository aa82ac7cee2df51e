// Every test speaks its own task (issue 36), end to end through the collection server (PGlite)
// serving the built app. The researcher imports a study file and its audio into the app,
// publishes it from the study page, participants take part through /p/, the researcher collects
// into the app, and then each place a researcher reads speaks the study's task:
// (1) a Vietnamese SUS (transcribe) study: the default consent in Vietnamese describes typing
//     what was heard; the study page names the task and its progress table has no "Reference
//     marked"; the analysis screen opens on Intelligibility with no agreement or consensus; the
//     built CLI's readable `stats` leads with the WER (equal to the hand-worked value) and prints
//     no span tables; the protocol report asks no rating and states the plays and R.
// (2) a rate-only (MOS) study with three raters, one on a 390 × 844 phone: the consent describes
//     rating; every clip is rated; the analysis screen and `stats` lead with the MOS, each
//     system's equal to the mean of what the test entered; the report states the rating as
//     required for every clip, with its question.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { AnnotationFile, Clip } from "../../src/domain/interchange/types.ts";
import { DEFAULT_RATING_SCALE, defaultRatingScale } from "../../src/domain/study/ratingScale.ts";
import { type AppServer, serveApp, testStore } from "./appServer.ts";
import {
  annotationsInput,
  dismissNotices,
  launchBrowser,
  screenshot,
  watchErrors,
} from "./chromium.ts";
import { demoDuration } from "./demoAudio.ts";

const TOKEN = "e2e-task-studies-token-0123456789";
const catalogue = (language: string) =>
  JSON.parse(readFileSync(`src/domain/i18n/messages/${language}.json`, "utf8")) as Record<
    string,
    string
  >;
const VI = catalogue("vi");
const EN = catalogue("en");
const PHONE = { width: 390, height: 844 };
let app: AppServer;
let base = "";
let browser: Browser;
let researcher: BrowserContext;

beforeAll(async () => {
  app = await serveApp(await testStore("redpen-task-studies-", TOKEN));
  base = app.base;
  browser = await launchBrowser();
  researcher = (await app.browserIn("researcher")).context;
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await app?.close();
});

/** The demo recordings `ids` (public/audio/<sentence>_<system>.wav) as clips of a study file. */
function clipsOf(ids: readonly string[], texts: Record<string, string> = {}): Clip[] {
  return ids.map((id) => {
    const [sentence = "", system = ""] = id.split("_");
    return {
      id,
      name: `${id}.wav`,
      duration: demoDuration(id),
      sentence,
      system,
      ...(texts[sentence] ? { text: texts[sentence] } : {}),
    };
  });
}

function studyFile(study: AnnotationFile["study"], clips: Clip[]): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study,
    taxonomy: [],
    clips,
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
}

/**
 * The researcher's app: the study file imported as a new study, its audio added on the study
 * page, then published from it with K clips per participant and R ratings per clip.
 */
async function importAndPublish(
  page: Page,
  file: AnnotationFile,
  k: number,
  r: number,
  code: string,
) {
  const json = path.join(app.dir, `${file.study.id}.json`);
  writeFileSync(json, JSON.stringify(file));
  await page.goto(base);
  await dismissNotices(page);
  await annotationsInput(page).setInputFiles([json]);
  const preview = page.getByRole("region", { name: `New study “${file.study.name}”` });
  await preview.getByRole("button", { name: "Merge into study" }).click();
  await preview.getByRole("link", { name: "Open the study" }).click();
  await page.getByRole("heading", { level: 1, name: file.study.name }).waitFor();
  await page
    .getByLabel("Add audio", { exact: true })
    .setInputFiles(file.clips.map((c) => `public/audio/${c.name}`));
  await page
    .getByRole("region", { name: "Audio for imported clips" })
    .getByText(`Added audio to ${file.clips.length} clips.`)
    .waitFor();
  await expect.poll(() => page.getByLabel("Server address").inputValue()).toBe(base);
  await page.getByLabel("Researcher token").fill(TOKEN);
  await page.getByLabel("Clips per participant").fill(String(k));
  await page.getByLabel("Ratings per clip").fill(String(r));
  await page.getByLabel("Completion code").fill(code);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText(new RegExp(`^Published: ${file.clips.length} clips`)).waitFor();
}

/** Show progress, then "Collect from server" merged into the study. */
async function collectIntoApp(page: Page, finished: number) {
  await page.getByRole("button", { name: "Show progress" }).click();
  await page
    .getByTestId("published-status")
    .getByText(new RegExp(`${finished}\\s+finished`))
    .waitFor();
  await page.getByRole("button", { name: "Collect from server" }).click();
  await page.getByRole("button", { name: "Merge into study" }).click();
  await page.getByText(/Merged into/).waitFor();
}

/** What the server has collected, written where the CLI can read it. */
async function collectedFile(studyId: string): Promise<{ file: AnnotationFile; at: string }> {
  const res = await fetch(`${base}/api/studies/${studyId}/collect`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const text = await res.text();
  const at = path.join(app.dir, `${studyId}-collected.json`);
  writeFileSync(at, text);
  return { file: JSON.parse(text) as AnnotationFile, at };
}

/** `text` as a regular expression that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The built CLI (dist-cli), as a researcher runs it. */
const cli = (...args: string[]) =>
  execFileSync(process.execPath, ["dist-cli/redpen.cjs", ...args], { encoding: "utf8" });

/** The analysis screen's sections (their ids), in order. */
const sectionIds = (page: Page) =>
  page.locator("main section[id]").evaluateAll((all) => all.map((s) => s.id));
/** The analysis screen's section links, in order. */
const sectionLinks = (page: Page) =>
  page.getByRole("navigation", { name: "Sections" }).getByRole("link").allInnerTexts();

/** The analysis screen's protocol report (Markdown), as downloaded. */
async function protocolFromScreen(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page
      .getByRole("button", { name: "Protocol report (Markdown)" })
      .and(page.locator(":enabled"))
      .click(),
  ]);
  return readFileSync(await download.path(), "utf8");
}

/** Plays the open clip once to its end. */
async function hearToEnd(page: Page, words: Record<string, string>) {
  await page.getByRole("button", { name: words["listen.play"], exact: true }).click();
  await page.getByText(words["clip.heard"] as string).waitFor({ timeout: 30_000 });
}

test("a Vietnamese SUS study: consent, study page, analysis, stats and report speak transcription", async () => {
  // Both sentences are the same words, so what a listener types is scored the same whichever
  // clip the server gave them (the listener, blind, cannot know which).
  const SENTENCE = "một hai ba bốn";
  const file = studyFile(
    {
      id: "sus-vi",
      name: "Bài kiểm tra SUS",
      binSeconds: 0.1,
      task: "transcribe",
      transcription: { maxPlays: 2 },
      language: "vi",
      instructions: "Hãy gõ chính xác những gì bạn nghe được.",
    },
    clipsOf(["s01_espeak", "s01_flite", "s02_espeak", "s02_flite"], {
      s01: SENTENCE,
      s02: SENTENCE,
    }),
  );
  const rp = researcher.pages()[0] ?? (await researcher.newPage());
  const rErrors = watchErrors(rp);
  await importAndPublish(rp, file, 2, 1, "SUS-OK");

  // Two listeners, two clips each (R = 1). vi-2 misses the last word of their first clip.
  const typedBy = (pid: string, position: number) =>
    pid === "vi-2" && position === 1 ? "một hai ba" : SENTENCE;
  for (const [pid, viewport] of [
    ["vi-1", PHONE],
    ["vi-2", { width: 1280, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/p/sus-vi?participant=${pid}`);
    // The transcription test's default consent, in Vietnamese; nothing of marking spans.
    await page.getByText(VI["consent.default.transcribe"] as string).waitFor();
    const consentText = await page.locator("main").innerText();
    expect(consentText).not.toContain(VI["consent.default"]);
    expect(consentText).not.toMatch(/đánh dấu[^“]*không tự nhiên/);
    if (pid === "vi-1") await screenshot(page, "task-sus-consent-vi");
    await page.getByRole("checkbox", { name: VI["consent.agree"] }).check();
    await page.getByRole("button", { name: VI["consent.start"], exact: true }).click();
    await page.getByRole("button", { name: VI["instructions.begin"] }).click();
    for (const position of [1, 2]) {
      await page.getByRole("heading", { name: `Câu ${position}` }).waitFor();
      await hearToEnd(page, VI);
      await page.getByRole("textbox", { name: VI["listen.question"] }).fill(typedBy(pid, position));
      await page.getByRole("button", { name: VI["clip.finish"] }).click();
    }
    await page.getByTestId("completion-code").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("completion-code").textContent()).toBe("SUS-OK");
    expect(errors).toEqual([]);
    await context.close();
  }

  const { file: collected, at } = await collectedFile("sus-vi");
  expect(collected.submissions).toHaveLength(4);
  expect(collected.submissions.every((s) => s.playCount === 1 && s.score === undefined)).toBe(true);
  // The hand-worked WER: one deleted word of 4 × 4 reference words; 1 of the 8 words of the
  // system whose clip vi-2 heard first.
  const missed = collected.submissions.find((s) => s.transcript === "một hai ba");
  const missedSystem = collected.clips.find((c) => c.id === missed?.clipId)?.system;
  expect(missedSystem).toMatch(/^(espeak|flite)$/);

  // The study page: the summary names the task; the progress table has no reference column.
  await rp.goto(`${base}/studies/sus-vi`);
  const summary = await rp.getByRole("region", { name: "Settings" }).innerText();
  expect(summary).toMatch(/Task\s+Transcribe \(intelligibility\)/i);
  expect(summary).toMatch(/Plays per clip\s+At most 2/i);
  expect(summary).toMatch(/Rating\s+Not asked/i);
  await collectIntoApp(rp, 2);
  const progress = rp.getByRole("table", { name: "Participants" });
  expect(await progress.locator("th").allInnerTexts()).toEqual([
    "Participant",
    "Status",
    "Clips",
    "Withdraw",
  ]);

  // The analysis screen: Intelligibility first, with its link; no span figure.
  await rp.goto(`${base}/studies/sus-vi/analysis`);
  await rp.getByRole("heading", { name: "Intelligibility (WER)" }).waitFor();
  expect(await sectionIds(rp)).toEqual(["intelligibility", "dataset", "quality-rules"]);
  expect(await sectionLinks(rp)).toEqual(["Intelligibility", "Rules"]);
  const screenText = await rp.locator("main").innerText();
  expect(screenText).not.toMatch(/kappa|Agreement|Crowd consensus|Regions per annotation/i);
  // Its quality rules are those a transcription test's listeners can break.
  expect(screenText).not.toMatch(/RedPen's filter|rated low|Ratings too uniform/);
  const rules = rp.getByRole("region", { name: "Quality rules" }).getByRole("checkbox");
  expect(await rules.count()).toBe(2);
  await rules.and(rp.getByLabel("Too fast: median seconds per clip below")).waitFor();
  const werRow = (system: string) =>
    rp
      .getByRole("table", { name: "WER per system" })
      .getByRole("row", { name: new RegExp(`^${system}\\b`) });
  expect(await werRow(missedSystem as string).innerText()).toMatch(/\t12\.5%\t/);
  expect(await werRow(missedSystem === "flite" ? "espeak" : "flite").innerText()).toMatch(
    /\t0\.0%\t/,
  );
  await screenshot(rp, "task-sus-analysis");

  // Readable `stats` from the built CLI: the WER first, no span table.
  const stats = cli("stats", at);
  const titles = stats
    .split("\n\n")
    .slice(1)
    .map((b) => b.split("\n")[0]);
  expect(titles[0]).toBe("Intelligibility (WER): word error rate, 4 scored listener transcripts");
  expect(titles.at(-1)).toBe("Dataset (as in the RedPen paper's Table 1)");
  expect(stats).not.toMatch(
    /kappa|Agreement|consensus|Error types|Regions per annotation|unnatural/i,
  );
  expect(stats).toMatch(
    new RegExp(`\\n  ${missedSystem}\\s+2\\s+2\\s+2\\s+8\\s+0\\s+1\\s+0\\s+12\\.5%`),
  );

  // The protocol report, from the analysis screen and from the CLI: no rating; plays and R.
  const report = await protocolFromScreen(rp);
  expect(cli("report", at)).toBe(report);
  expect(report).toContain("- **Task:** transcribe what was heard (intelligibility, SUS)\n");
  expect(report).toContain("- **Plays allowed per clip:** 2\n");
  expect(report).toContain("- **Transcripts per clip (R):** 1 as published; received: 1\n");
  expect(report).toContain("- **Plays per finished clip (recorded, the 2 listeners):** 1\n");
  expect(report).not.toMatch(/Rating|rating question|natural/i);
  expect(report).not.toContain(defaultRatingScale("vi").question);
  expect(report).not.toContain(DEFAULT_RATING_SCALE.question);
  expect(rErrors).toEqual([]);
}, 300_000);

test("a rate-only (MOS) study: consent, ratings, analysis, stats and report speak rating", async () => {
  const file = studyFile(
    { id: "mos-3", name: "MOS test", binSeconds: 0.1, task: "rate" },
    // Four sentences, two per system: each rater can hear every clip (no sentence twice).
    clipsOf(["s01_espeak", "s02_flite", "s03_espeak", "s04_flite"]),
  );
  const rp = researcher.pages()[0] ?? (await researcher.newPage());
  const rErrors = watchErrors(rp);
  await importAndPublish(rp, file, 4, 3, "MOS-OK");

  // Three raters, every clip each (K = 4, R = 3); one on a phone. What each enters, in order.
  const entered: Record<string, number[]> = {};
  for (const [i, pid, viewport] of [
    [0, "rater-1", PHONE],
    [1, "rater-2", { width: 1280, height: 800 }],
    [2, "rater-3", { width: 1280, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ viewport, hasTouch: pid === "rater-1" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/p/mos-3?participant=${pid}`);
    await page.getByText(EN["consent.default.rate"] as string).waitFor();
    expect(await page.locator("main").innerText()).not.toMatch(/mark|unnatural|type/i);
    if (pid === "rater-1") await screenshot(page, "task-rate-consent-390");
    await page.getByRole("checkbox", { name: EN["consent.agree"] }).check();
    await page.getByRole("button", { name: EN["consent.start"], exact: true }).click();
    // The study has no instructions of its own: straight to the first clip.
    entered[pid] = [];
    for (const position of [1, 2, 3, 4]) {
      await page.getByRole("heading", { name: `Clip ${position}` }).waitFor();
      await page.getByText(DEFAULT_RATING_SCALE.question).waitFor();
      expect(await page.getByRole("textbox").count()).toBe(0);
      await hearToEnd(page, EN);
      const rating = ((i * 2 + position * 3) % 5) + 1;
      entered[pid].push(rating);
      await page.getByRole("radio", { name: new RegExp(`^${rating}\\b`) }).check();
      await page.getByRole("button", { name: EN["clip.finish"] }).click();
    }
    await page.getByTestId("completion-code").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("completion-code").textContent()).toBe("MOS-OK");
    expect(errors).toEqual([]);
    await context.close();
  }

  const { file: collected, at } = await collectedFile("mos-3");
  expect(collected.submissions).toHaveLength(12);
  // Each rater's ratings, in the order they finished their clips, are what they entered.
  const mine = (pid: string) => {
    const id = collected.annotators.find((a) => a.platform?.participantId === pid)?.id;
    return collected.submissions
      .filter((s) => s.annotatorId === id)
      .sort((a, b) => (a.completedAt ?? "").localeCompare(b.completedAt ?? ""));
  };
  for (const pid of Object.keys(entered))
    expect(mine(pid).map((s) => s.score)).toEqual(entered[pid]);
  // Each system's MOS by hand: the mean of the ratings its clips were given.
  const systemOf = (clipId: string) => collected.clips.find((c) => c.id === clipId)?.system;
  const byHand: Record<string, number[]> = { espeak: [], flite: [] };
  for (const pid of Object.keys(entered))
    for (const [k, s] of mine(pid).entries())
      byHand[systemOf(s.clipId) as string]?.push(entered[pid]?.[k] as number);
  const mos = Object.fromEntries(
    Object.entries(byHand).map(([system, r]) => [system, r.reduce((a, b) => a + b, 0) / r.length]),
  );
  expect(byHand.espeak).toHaveLength(6);
  expect(byHand.flite).toHaveLength(6);

  await rp.goto(`${base}/studies/mos-3`);
  const summary = await rp.getByRole("region", { name: "Settings" }).innerText();
  expect(summary).toMatch(/Task\s+Rate only \(MOS\)/i);
  expect(summary).toMatch(/Rating\s+Required \(1–5\)/i);
  expect(summary).not.toMatch(/Bin width|Reasons|Plays/i);
  await collectIntoApp(rp, 3);
  expect(
    await rp.getByRole("table", { name: "Participants" }).locator("th").allInnerTexts(),
  ).toEqual(["Participant", "Status", "Clips", "Withdraw"]);

  // The analysis screen leads with the MOS; each system's as worked out above.
  await rp.goto(`${base}/studies/mos-3/analysis`);
  await rp.getByRole("heading", { name: "Listening test (MOS)" }).waitFor();
  expect(await sectionIds(rp)).toEqual(["listening-test", "dataset", "quality-rules"]);
  expect(await sectionLinks(rp)).toEqual(["MOS", "Rules"]);
  const screenText = await rp.locator("main").innerText();
  expect(screenText).not.toMatch(/kappa|Agreement|Crowd consensus|Regions per annotation|\bWER\b/i);
  expect(screenText).not.toMatch(/RedPen's filter/);
  expect(screenText).toContain("Ratings too uniform: variance below (P.808: 0.1)");
  const mosTable = rp.getByRole("table", { name: "MOS per system (1–5)" });
  for (const system of ["espeak", "flite"])
    expect(
      await mosTable.getByRole("row", { name: new RegExp(`^${system}\\b`) }).innerText(),
    ).toMatch(new RegExp(`^${system}\\t${mos[system]?.toFixed(2)}\\t.*\\t6\\t3$`));

  // Readable `stats`: the MOS first, with the same means; no span table.
  const stats = cli("stats", at);
  const titles = stats
    .split("\n\n")
    .slice(1)
    .map((b) => b.split("\n")[0]);
  expect(titles[0]).toBe("Listening test (MOS, 1–5)");
  expect(stats).not.toMatch(
    /kappa|Agreement|consensus|Error types|Regions per annotation|\bWER\b/i,
  );
  for (const system of ["espeak", "flite"])
    expect(stats).toMatch(new RegExp(`\\n  ${system}\\s+6\\s+3\\s+${mos[system]?.toFixed(3)}\\s`));

  // The report: the rating required on every clip, its question verbatim, the MOS table.
  const report = await protocolFromScreen(rp);
  expect(cli("report", at)).toBe(report);
  expect(report).toContain("- **Task:** rate each clip (ACR / MOS)\n");
  expect(report).toContain("- **Ratings per clip (R):** 3 as published; received: 3\n");
  expect(report).toContain("- **Rating:** required for every clip, 1–5\n");
  const question = report.slice(report.indexOf("## Rating question (verbatim)"));
  expect(question).toMatch(
    new RegExp(
      `^## Rating question \\(verbatim\\)\\n\\n> ${literally(DEFAULT_RATING_SCALE.question)}\\n`,
    ),
  );
  expect(question).toContain(`> 1: ${DEFAULT_RATING_SCALE.labels[0]}\n`);
  for (const system of ["espeak", "flite"])
    expect(report).toContain(`| ${system} | 6 | 3 | ${mos[system]?.toFixed(2)} |`);
  expect(report).not.toMatch(/Transcri|\bWER\b|span/i);
  expect(rErrors).toEqual([]);
}, 300_000);
