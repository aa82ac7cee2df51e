// Instruction arms end to end (issue 40's closing test): the researcher makes the demo study a
// rate study with two instruction arms on its study page and publishes it to the collection
// server (PGlite) serving the built app; four participants, each in a browser of their own,
// arrive in turn and are given the arms in turn (two each), each reading their own arm's text
// (one reloads mid-way and still reads theirs); the researcher collects into the app and
// compares the arms on the Compare screen (grouping "arm"): its JSON download equals
// `compare --by arm --json` on the collected file, which records each participant's
// `profile.arm`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runCompareCli } from "../../src/cli/compare.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { type AppServer, serveApp, testStore } from "./appServer.ts";
import { screenshot, watchErrors } from "./chromium.ts";
import { collectCli } from "./cli.ts";

const TOKEN = "e2e-arms-token-0123456789abcdef";
const CODE = "ARMS42";
const K = 3;
const ARMS = [
  { id: "natural", text: "Rate how natural the voice sounds, as if a person spoke." },
  { id: "quality", text: "Rate the overall sound quality of each recording." },
];
let app: AppServer;
let base = "";

beforeAll(async () => {
  app = await serveApp(await testStore("redpen-arms-", TOKEN));
  base = app.base;
});

afterAll(() => app?.close());

async function browserIn(name: string): Promise<Page> {
  return (await app.browserIn(name)).page;
}

/** One clip of a rate study: play it to its end, rate it, finish it. */
async function rateClip(page: Page, position: number, rating: number) {
  await page.getByText(`Clip ${position} of ${K}`, { exact: true }).waitFor();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.getByText("Heard to the end: you can finish this clip.").waitFor({ timeout: 30_000 });
  await page.getByRole("radio", { name: new RegExp(`^${rating}\\b`) }).check();
  await page.getByRole("button", { name: "Finish clip" }).click();
}

test("two instruction arms: four participants, two per arm, each reads theirs; Compare by arm = compare --by arm", async () => {
  // The researcher: the demo study as a rate study with two arms, published.
  const rp = await browserIn("researcher");
  const rErrors = watchErrors(rp);
  await rp.setViewportSize({ width: 1280, height: 900 });
  await rp.goto(`${base}/studies/demo`);
  await rp.getByRole("button", { name: "Edit settings" }).click();
  await rp.getByRole("radio", { name: /^Rate only \(MOS\)/ }).check();
  await rp.getByRole("button", { name: "Add instruction arms" }).click();
  for (const [i, arm] of ARMS.entries()) {
    await rp.getByLabel(`Arm ${i + 1} id`).fill(arm.id);
    await rp.getByLabel(`Arm ${i + 1} instructions`).fill(arm.text);
  }
  await screenshot(rp, "arms-settings");
  await rp.getByRole("button", { name: "Save settings" }).click();
  await rp.getByRole("button", { name: "Edit settings" }).waitFor();
  await rp.getByText("natural, quality", { exact: true }).waitFor();
  await expect.poll(() => rp.getByLabel("Server address").inputValue()).toBe(base);
  await rp.getByLabel("Researcher token").fill(TOKEN);
  await rp.getByLabel("Clips per participant").fill(String(K));
  await rp.getByLabel("Completion code").fill(CODE);
  await rp.getByRole("button", { name: "Publish", exact: true }).click();
  await rp.getByText(/^Published: 20 clips;/).waitFor();
  const prolific = await rp
    .getByLabel("Prolific study URL (turn on “URL parameters”)")
    .inputValue();
  const linkFor = (pid: string) =>
    prolific
      .replace("{{%PROLIFIC_PID%}}", pid)
      .replace("{{%STUDY_ID%}}", "prolific-arms")
      .replace("{{%SESSION_ID%}}", `session-${pid}`);

  // Four participants, one after another: the arms in turn (natural, quality, natural,
  // quality). Each reads their arm's text before the clips and above every clip, never the
  // other's; the third reloads after their first clip and reads the same text again.
  const pids = ["PIDARM01", "PIDARM02", "PIDARM03", "PIDARM04"];
  for (const [i, pid] of pids.entries()) {
    const mine = ARMS[i % 2] as (typeof ARMS)[number];
    const other = ARMS[(i + 1) % 2] as (typeof ARMS)[number];
    const page = await browserIn(pid);
    const errors = watchErrors(page);
    await page.goto(linkFor(pid));
    // Before arriving, no arm: the consent step shows neither text.
    await page.getByRole("checkbox", { name: "I agree to take part" }).waitFor();
    expect(await page.locator("main").innerText()).not.toContain(other.text);
    expect(await page.locator("main").innerText()).not.toContain(mine.text);
    await page.getByRole("checkbox", { name: "I agree to take part" }).check();
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByRole("heading", { name: "Instructions" }).waitFor();
    await page.getByText(mine.text, { exact: true }).waitFor();
    expect(await page.getByText(other.text).count()).toBe(0);
    if (i === 0) await screenshot(page, "arms-instructions");
    await page.getByRole("button", { name: "Begin with the first clip" }).click();
    for (let n = 1; n <= K; n++) {
      if (i === 2 && n === 2) {
        // Reloaded once the page has moved on to clip 2 (the first clip's finish taken): a
        // reload while that finish is still on its way could come back to clip 1.
        await page.getByText(`Clip 2 of ${K}`, { exact: true }).waitFor();
        await page.reload();
        await page.getByText(`Clip 2 of ${K}`, { exact: true }).waitFor();
      }
      // The instructions above every clip are the arm's.
      await page.getByText(`Clip ${n} of ${K}`, { exact: true }).waitFor();
      const box = page.locator("details", {
        has: page.locator("summary", { hasText: /^Instructions$/ }),
      });
      await expect.poll(() => box.textContent()).toBe(`Instructions${mine.text}`);
      expect(await page.getByText(other.text).count()).toBe(0);
      await rateClip(page, n, 1 + ((i + n) % 5));
    }
    await page.getByTestId("completion-code").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("completion-code").textContent()).toBe(CODE);
    expect(errors).toEqual([]);
  }

  // `collect`: each participant's arm as profile.arm, two per arm.
  const out = await collectCli(base, TOKEN, "demo");
  const collected = JSON.parse(out) as AnnotationFile;
  const crowd = collected.annotators.filter((a) => a.role === "crowd");
  expect(Object.fromEntries(crowd.map((a) => [a.platform?.participantId, a.profile?.arm]))).toEqual(
    {
      PIDARM01: "natural",
      PIDARM02: "quality",
      PIDARM03: "natural",
      PIDARM04: "quality",
    },
  );
  expect(crowd.every((a) => a.status === "completed")).toBe(true);
  expect(collected.submissions.filter((s) => typeof s.score === "number")).toHaveLength(4 * K);
  expect(collected.study.arms).toEqual(ARMS.map((a) => ({ id: a.id, instructions: a.text })));
  const collectedPath = path.join(app.dir, "collected.json");
  writeFileSync(collectedPath, out);

  // The researcher collects into the app and compares the arms.
  await rp.getByRole("button", { name: "Show progress" }).click();
  await rp.getByText(/4\s+finished/).waitFor();
  await rp.getByRole("button", { name: "Collect from server" }).click();
  await rp.getByRole("button", { name: "Merge into study" }).click();
  await rp.getByText(/Merged into/).waitFor();
  await rp.getByRole("link", { name: "Compare listener groups" }).click();
  await rp.getByRole("heading", { level: 1, name: "Compare conditions" }).waitFor();
  const by = rp.getByRole("combobox", { name: "Group listeners by" });
  await by.locator("option", { hasText: "Instruction arm" }).waitFor({ state: "attached" });
  await by.selectOption("arm");
  await rp.getByRole("button", { name: "Compare", exact: true }).click();
  const table = rp.getByRole("table", { name: "MOS per system and condition" });
  await table.getByRole("columnheader", { name: "natural" }).waitFor();
  await table.getByRole("columnheader", { name: "quality" }).waitFor();
  await screenshot(rp, "arms-compare");
  const [download] = await Promise.all([
    rp.waitForEvent("download"),
    rp.getByRole("button", { name: "Download JSON" }).click(),
  ]);
  const json = readFileSync(await download.path(), "utf8");
  let cli = "";
  expect(
    runCompareCli(["compare", collectedPath, "--by", "arm", "--json"], {
      stdout: (t) => {
        cli += t;
      },
      stderr: (t) => {
        throw new Error(`compare wrote to stderr: ${t}`);
      },
      readFile: (p) => readFileSync(p, "utf8"),
    }),
  ).toBe(0);
  expect(json).toBe(cli);
  const result = JSON.parse(cli) as {
    conditions: { label: string; raters: number; ratings: number }[];
  };
  expect(result.conditions.map((c) => [c.label, c.raters, c.ratings])).toEqual([
    ["natural", 2, 2 * K],
    ["quality", 2, 2 * K],
  ]);
  expect(rErrors).toEqual([]);
}, 300_000);
