// A crowd study end to end, through the collection server (PGlite) serving the built app:
// the researcher publishes the demo study from its study page; three participants, each in a
// browser profile of their own, arrive through Prolific-style links, give consent, annotate
// their clips blind (each clip heard to its end first) and reach the completion code; one of
// them loses the network mid-way, finishes a clip offline, closes the browser, and resumes in
// a new one; `collect` returns exactly their work, and `stats` on it equals the report the
// analysis screen downloads after "Collect from server".
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runAnalysisCli } from "../../src/cli/analysisCommands.ts";
import { runCollectionCli } from "../../src/cli/collection.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { DEFAULT_RATING_SCALE } from "../../src/domain/study/ratingScale.ts";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import { ensureResearcherToken } from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { openMigratedPglite } from "../server/pgliteTemplate.ts";
import { launchPersistent, screenshot, watchErrors } from "./chromium.ts";

const TOKEN = "e2e-researcher-token-0123456789";
const CODE = "C0DE42X";
const K = 3;
const dir = mkdtempSync(path.join(tmpdir(), "redpen-crowd-"));
let store: Store;
let server: Server;
let base = "";
const open: BrowserContext[] = [];

beforeAll(async () => {
  store = await openMigratedPglite(path.join(dir, "db"));
  await migrate(store);
  await ensureResearcherToken(store, TOKEN);
  server = createCollectionServer({
    store,
    appDir: process.env.E2E_DIST || "dist",
    rate: { perSecond: 1000, burst: 4000 },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const c of open) await c.close().catch(() => undefined);
  await new Promise((resolve) => server.close(resolve));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function browserIn(name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchPersistent(path.join(dir, name));
  open.push(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

async function dragOnWaveform(page: Page, fromX: number, toX: number) {
  const box = await page.getByRole("region", { name: "Waveform" }).boundingBox();
  if (!box) throw new Error("the waveform has no box");
  const y = box.y + 50;
  await page.mouse.move(box.x + fromX, y);
  await page.mouse.down();
  await page.mouse.move(box.x + (fromX + toX) / 2, y, { steps: 6 });
  await page.mouse.move(box.x + toX, y, { steps: 6 });
  await page.mouse.up();
}

/** One clip: play it to the end, mark one span, rate it, finish it. */
async function annotateClip(page: Page, position: number, rating: number) {
  await page.getByText(`Clip ${position} of ${K}`, { exact: true }).waitFor();
  const finish = page.getByRole("button", { name: "Finish clip" });
  // Blind: the heading is "Clip n", no file name, system or sentence anywhere.
  await page.getByRole("heading", { name: `Clip ${position}` }).waitFor();
  // (The rating question's "human-sounding" is its wording, not a system.)
  const text = (await page.locator("main").innerText()).replace(DEFAULT_RATING_SCALE.question, "");
  expect(text).not.toMatch(/\.wav|espeak|festival|flite|human|Text:/i);
  await page.locator('section[aria-label="Waveform"][aria-busy="false"] canvas').first().waitFor();
  expect(await finish.isDisabled()).toBe(true);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.getByText("Heard to the end: you can finish this clip.").waitFor({ timeout: 20_000 });
  await dragOnWaveform(page, 200, 400);
  await expect
    .poll(() => page.getByRole("list", { name: "Regions" }).getByRole("listitem").count())
    .toBe(1);
  await page.getByRole("radio", { name: new RegExp(`^${rating}\\b`) }).check();
  await finish.click();
}

/** What the server has collected so far. */
async function collectedNow(): Promise<AnnotationFile> {
  const auth = { authorization: `Bearer ${TOKEN}` };
  return (await (
    await fetch(`${base}/api/studies/demo/collect`, { headers: auth })
  ).json()) as AnnotationFile;
}

/** How many clips the server has from the participant with this Prolific id. */
async function serverDone(prolificId: string): Promise<number> {
  const file = await collectedNow();
  const id = file.annotators.find((a) => a.platform?.participantId === prolificId)?.id;
  return file.submissions.filter((s) => s.annotatorId === id).length;
}

async function consent(page: Page, link: string, checkIntake = false) {
  await page.goto(link);
  await page.getByRole("checkbox", { name: "I agree to take part" }).check();
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("heading", { name: "About you" }).waitFor();
  if (checkIntake) {
    // Nothing answered: the required question says so, and focus goes to it.
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Please answer this question.").waitFor();
    await screenshot(page, "crowd-intake");
  }
  await page.getByLabel(/^Your age/).selectOption("25–34");
  await page.getByLabel(/^Your native language/).fill("English, Welsh");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Begin with the first clip" }).click();
}

async function completionCode(page: Page): Promise<string> {
  const code = page.getByTestId("completion-code");
  await code.waitFor({ timeout: 30_000 });
  return (await code.textContent()) ?? "";
}

test("publish, three participants (one offline mid-way), collect, stats = analysis", async () => {
  // The researcher: the demo study, published from its study page.
  const researcher = await browserIn("researcher");
  const rErrors = watchErrors(researcher.page);
  const rp = researcher.page;
  await rp.goto(`${base}/studies/demo`);
  // The intake: age required, native languages optional.
  await rp.getByRole("button", { name: "Edit settings" }).click();
  await rp.getByLabel("Your age").selectOption("required");
  await rp.getByLabel("Your native language(s)").selectOption("optional");
  await rp.getByRole("button", { name: "Save settings" }).click();
  await rp.getByRole("button", { name: "Edit settings" }).waitFor();
  await rp.getByRole("heading", { name: "Crowd study on a collection server" }).waitFor();
  // Served by the collection server: its address is filled in.
  await expect.poll(() => rp.getByLabel("Server address").inputValue()).toBe(base);
  await rp.getByLabel("Researcher token").fill(TOKEN);
  await rp.getByLabel("Clips per participant").fill(String(K));
  await rp.getByLabel("Completion code").fill(CODE);
  await rp.getByRole("button", { name: "Use Prolific's completion address" }).click();
  await rp.getByRole("button", { name: "Publish", exact: true }).click();
  await rp
    .getByText("Published: 20 clips; 20 audio file(s) sent, 0 already on the server.")
    .waitFor();
  const prolific = await rp
    .getByLabel("Prolific study URL (turn on “URL parameters”)")
    .inputValue();
  expect(prolific).toBe(
    `${base}/p/demo?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}`,
  );
  await screenshot(rp, "crowd-publish");
  const linkFor = (pid: string) =>
    prolific
      .replace("{{%PROLIFIC_PID%}}", pid)
      .replace("{{%STUDY_ID%}}", "prolific-study-1")
      .replace("{{%SESSION_ID%}}", `session-${pid}`);

  // Participant 1 and 3: straight through.
  for (const pid of ["PID0000000001", "PID0000000003"]) {
    const { page } = await browserIn(pid);
    const errors = watchErrors(page);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await consent(page, linkFor(pid), pid === "PID0000000001");
    // No researcher navigation for participants.
    expect(await page.getByRole("link", { name: "Studies" }).count()).toBe(0);
    for (let i = 1; i <= K; i++) await annotateClip(page, i, 1 + (i % 5));
    expect(await completionCode(page)).toBe(CODE);
    expect(
      await page.getByRole("link", { name: "Back to Prolific to complete" }).getAttribute("href"),
    ).toBe(`https://app.prolific.com/submissions/complete?cc=${CODE}`);
    if (pid === "PID0000000001") await screenshot(page, "crowd-completion");
    expect(errors).toEqual([]);
    // Only their own clips' audio, by position: no demo study, no file of another clip.
    expect(requested.filter((u) => /\.(wav|tsv)$|\/audio/.test(u))).toEqual([
      "/api/p/demo/clips/1/audio",
      "/api/p/demo/clips/2/audio",
      "/api/p/demo/clips/3/audio",
    ]);
  }

  // Participant 2: offline after the first clip; finishes clip 2 offline; the browser closes.
  const p2 = "PID0000000002";
  const first = await browserIn(p2);
  await consent(first.page, linkFor(p2));
  await annotateClip(first.page, 1, 4);
  await first.page.getByText(`Clip 2 of ${K}`, { exact: true }).waitFor();
  // Clip 1 has reached the server before the network goes.
  await expect.poll(() => serverDone(p2), { timeout: 15_000 }).toBe(1);
  await first.context.setOffline(true);
  await annotateClip(first.page, 2, 2);
  await first.page
    .getByText(/^1 clip waiting to be sent: you seem to be offline\./)
    .waitFor({ timeout: 15_000 });
  await screenshot(first.page, "crowd-offline");
  expect(await serverDone(p2)).toBe(1);
  await first.context.close();
  // A new browser on the same profile, online again: it resumes at clip 3 and sends clip 2.
  const again = await browserIn(p2);
  const errors2 = watchErrors(again.page);
  await again.page.goto(linkFor(p2));
  await annotateClip(again.page, 3, 5);
  expect(await completionCode(again.page)).toBe(CODE);
  expect(errors2).toEqual([]);

  // An expert link: the expert sees the crowd's spans and labels one; the label reaches the server.
  await rp.getByLabel("Expert id").fill("expert1");
  await rp.getByRole("button", { name: "Make expert link" }).click();
  const expertHref = await rp.getByLabel("Link for expert1").inputValue();
  expect(expertHref).toMatch(new RegExp(`^${base}/x/demo\\?expert=expert1#token=[\\w-]{43}$`));
  const expert = await browserIn("expert1");
  const eErrors = watchErrors(expert.page);
  await expert.page.goto(expertHref);
  await expert.page.locator('section[aria-label="Waveform"][aria-busy="false"]').waitFor();
  expect(expert.page.url()).not.toContain("token"); // taken out of the address bar
  expect(await expert.page.getByRole("link", { name: "Studies" }).count()).toBe(0);
  await expert.page
    .getByRole("button", { name: /'s span/ })
    .first()
    .click();
  await expert.page.getByRole("checkbox", { name: "End of speech" }).check();
  await expect
    .poll(async () => (await collectedNow()).reasonLabels, { timeout: 15_000 })
    .toEqual([expect.objectContaining({ annotatorId: "expert1", reasons: ["end_of_speech"] })]);
  await screenshot(expert.page, "crowd-expert-link");
  expect(eErrors).toEqual([]);

  // `collect` returns exactly their work.
  let out = "";
  const code = await runCollectionCli(["collect", "demo", "--server", base, "--token", TOKEN], {
    stdout: (t) => {
      out += t;
    },
    stderr: () => undefined,
    env: {},
    fetch,
  });
  expect(code).toBe(0);
  const collected = JSON.parse(out) as AnnotationFile;
  const crowd = collected.annotators.filter((a) => a.role === "crowd");
  expect(crowd.map((a) => a.platform?.participantId).sort()).toEqual([
    "PID0000000001",
    "PID0000000002",
    "PID0000000003",
  ]);
  expect(crowd.every((a) => a.status === "completed")).toBe(true);
  expect(crowd.every((a) => a.platform?.studyId === "prolific-study-1")).toBe(true);
  // The intake answers, as each participant's profile.
  expect(crowd.map((a) => a.profile)).toEqual(
    crowd.map(() => ({ ageBand: "25–34", nativeLanguages: ["English", "Welsh"] })),
  );
  expect(collected.annotators.filter((a) => a.role === "expert")).toEqual([
    { id: "expert1", role: "expert" },
  ]);
  expect(collected.reasonLabels).toHaveLength(1);
  expect(collected.submissions).toHaveLength(3 * K);
  expect(collected.submissions.every((s) => s.heardToEnd === true)).toBe(true);
  expect(collected.regions).toHaveLength(3 * K);
  for (const a of crowd) {
    const mine = collected.submissions.filter((s) => s.annotatorId === a.id);
    const sentences = mine.map((s) => collected.clips.find((c) => c.id === s.clipId)?.sentence);
    expect(new Set(sentences).size).toBe(K); // no sentence twice
  }
  // Participant 2's ratings, in the order of their clips: 4, 2, 5.
  const p2Id = collected.annotators.find((a) => a.platform?.participantId === p2)?.id;
  expect(
    collected.submissions
      .filter((s) => s.annotatorId === p2Id)
      .sort((a, b) => (a.completedAt ?? "").localeCompare(b.completedAt ?? ""))
      .map((s) => s.score),
  ).toEqual([4, 2, 5]);
  const collectedPath = path.join(dir, "collected.json");
  writeFileSync(collectedPath, out);

  // The researcher collects into the study; the analysis report equals `stats` on the file.
  await rp.getByRole("button", { name: "Show progress" }).click();
  await rp.getByText(/3\s+finished/).waitFor();
  await rp.getByRole("button", { name: "Collect from server" }).click();
  await rp.getByRole("button", { name: "Merge into study" }).click();
  await rp.getByText(/Merged into/).waitFor();
  await screenshot(rp, "crowd-collected");
  await rp.goto(`${base}/studies/demo/analysis`);
  const [download] = await Promise.all([
    rp.waitForEvent("download"),
    rp.getByRole("button", { name: "Download report (JSON)" }).and(rp.locator(":enabled")).click(),
  ]);
  const report = readFileSync(await download.path(), "utf8");
  let stats = "";
  expect(
    runAnalysisCli(["stats", collectedPath, "--json"], {
      stdout: (t) => {
        stats += t;
      },
      stderr: () => undefined,
      readFile: (p) => readFileSync(p, "utf8"),
    }),
  ).toBe(0);
  expect(JSON.parse(report)).toEqual(JSON.parse(stats));
  expect(rErrors).toEqual([]);
}, 300_000);
