// Designing a comparison in New study, in Chromium (issue 39 item 2, issue 40 item 4): the
// demo's recordings of two sentences (a human reference and three synthesizers) with their
// metadata CSV; task Compare pairs, each system against the human, CCR, a question, K and R, a
// pre-test of 4 pairs recorded only; the study page's summary says the design; and the study
// file downloaded with "Export JSON" holds the pairs and the qualification, read back by the
// interchange reader. Expected pairs worked out by hand: 3 synthesizers × 2 sentences.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { parseAnnotationText } from "../../src/domain/interchange/schema.ts";
import { dismissNotices, launchPersistent, SCREENSHOT_DIR, watchErrors } from "./chromium.ts";

let context: BrowserContext;
let page: Page;
let errors: string[];
const profile = mkdtempSync(path.join(tmpdir(), "redpen-design-profile-"));
const files = mkdtempSync(path.join(tmpdir(), "redpen-design-files-"));
const SYSTEMS = ["human", "espeak", "festival", "flite"];
const NAMES = ["s01", "s02"].flatMap((s) => SYSTEMS.map((system) => `${s}_${system}`));

beforeAll(async () => {
  context = await launchPersistent(profile);
  page = context.pages()[0] ?? (await context.newPage());
  errors = watchErrors(page);
});
afterAll(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

test("New study: a CCR comparison against the human with a record-only pre-test; the study file holds its pairs and qualification", async () => {
  const meta = path.join(files, "clips.csv");
  writeFileSync(
    meta,
    `name,system,sentence,isReference\n${NAMES.map((n) => {
      const [sentence, system] = n.split("_");
      return `${n}.wav,${system},${sentence},${system === "human"}`;
    }).join("\n")}\n`,
  );
  await page.goto(inject("baseUrl"));
  await page.getByLabel("Study name").fill("E2E comparison");
  await page.getByRole("radio", { name: /Compare pairs/ }).check();
  await page
    .locator('input[type="file"][aria-label="Audio files"]')
    .setInputFiles(NAMES.map((n) => `public/audio/${n}.wav`));
  await page.getByLabel(/Clip metadata CSV/).setInputFiles(meta);

  const design = page.getByRole("group", { name: "Comparison design" });
  // Every pair of the four voices per sentence: 6 a sentence.
  await design.getByText("12 pairs to judge: s01 6, s02 6").waitFor();
  await design.getByRole("radio", { name: /Each system against one/ }).check();
  await expect(design.getByLabel("Against system").inputValue()).resolves.toBe("human");
  await design.getByText("6 pairs to judge: s01 3, s02 3").waitFor();
  await design.getByRole("radio", { name: /CCR, 7 points/ }).check();
  await design.getByLabel("The question").fill("How natural is sample 2 compared with sample 1?");
  await design.getByLabel("Pairs per participant").fill("4");
  await design.getByLabel("Judgments per pair (R)").fill("2");

  const pretest = page.getByRole("group", { name: "Pre-test (natural vs synthetic pairs)" });
  await pretest.getByRole("checkbox", { name: /Run a pre-test/ }).check();
  await pretest.getByLabel("Pre-test pairs").fill("4");
  await pretest.getByLabel("Pass accuracy (0–1)").fill("0.75");
  await pretest.getByRole("radio", { name: /Only record the result/ }).check();
  await pretest.getByText("4 pre-test pairs").waitFor();
  await dismissNotices(page);
  // The two sections as README shows them (docs/screenshots/comparison-design.png).
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await design.screenshot({ path: path.join(SCREENSHOT_DIR, "comparison-design.png") });
  await pretest.screenshot({ path: path.join(SCREENSHOT_DIR, "comparison-pretest.png") });

  await page.getByRole("button", { name: "Create study" }).click();
  await page.getByRole("heading", { level: 1, name: "E2E comparison" }).waitFor();
  const settings = page.locator("dl").first();
  await settings
    .getByText("CCR, 7 points (CMOS); 6 pairs; “How natural is sample 2 compared with sample 1?”")
    .waitFor();
  await settings
    .getByText(
      "4 natural–synthetic pairs, pass at 75 % correct; recorded only (nobody screened out)",
    )
    .waitFor();

  const [dl] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export JSON" }).click(),
  ]);
  const parsed = parseAnnotationText(readFileSync(await dl.path(), "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const { file } = parsed;
  expect(file.study).toMatchObject({
    task: "compare",
    comparison: { scale: "ccr", question: "How natural is sample 2 compared with sample 1?" },
    collection: { clipsPerParticipant: 4, ratingsPerClip: 2 },
    qualification: { passAccuracy: 0.75, screenOut: false },
  });
  const qualification = file.study.qualification as { pairs: string[] };
  const pairs = file.pairs ?? [];
  expect(pairs.filter((p) => !qualification.pairs.includes(p.id))).toEqual(
    ["s01", "s02"].flatMap((s) =>
      ["espeak", "festival", "flite"].map((system) => ({
        id: `${s}:human~${system}`,
        a: `${s}_human`,
        b: `${s}_${system}`,
      })),
    ),
  );
  expect(qualification.pairs).toHaveLength(4);
  const pretestPairs = pairs.filter((p) => qualification.pairs.includes(p.id));
  expect(pretestPairs).toHaveLength(4);
  for (const p of pretestPairs) {
    expect(p.a).toMatch(/^s0[12]_human$/);
    expect(p.b.slice(0, 3)).toBe(p.a.slice(0, 3));
  }
  // Two pairs of each sentence: the choice takes each sentence once before either twice.
  expect(pretestPairs.filter((p) => p.a === "s01_human")).toHaveLength(2);
  expect(errors).toEqual([]);
});
