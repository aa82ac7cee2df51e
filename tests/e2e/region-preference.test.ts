import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runCollectionCli } from "../../src/cli/collection.ts";
import { parseAnnotationText } from "../../src/domain/interchange/schema.ts";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { viewPairBins } from "../../src/domain/stats/views.ts";
import { type AppServer, serveApp, testStore } from "./appServer.ts";
import { dismissNotices, SCREENSHOT_DIR, screenshot, watchErrors } from "./chromium.ts";
import { cliStdout } from "./cli.ts";
import { demoDuration, demoWav, pcmDigest } from "./demoAudio.ts";

const TOKEN = "e2e-region-preference-token-0123";
const MODEL = "ssl-mos-ig";
const CODE = "PREF-DONE-1";
const CLIPS = ["s01_espeak", "s01_flite", "s02_festival"];
let app: AppServer;

const CLIP_OF_PCM = new Map(CLIPS.map((id) => [pcmDigest(demoWav(id)), id]));

/** Three listeners' spans on three demo clips (each clip's overlap is not empty). */
function annotations(): AnnotationFile {
  const regions = CLIPS.flatMap((clipId, c) =>
    ["w1", "w2", "w3"].map((annotatorId, a) => ({
      id: `${clipId}-${annotatorId}`,
      clipId,
      annotatorId,
      start: 0.2 + 0.1 * a + 0.15 * c,
      end: 0.9 + 0.2 * a,
    })),
  );
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "demo", name: "Demo: 5 sentences × 4 voices", binSeconds: 0.1 },
    taxonomy: [...DEFAULT_TAXONOMY],
    clips: CLIPS.map((id) => ({ id, name: `${id}.wav`, duration: demoDuration(id) })),
    annotators: ["w1", "w2", "w3"].map((id) => ({ id, role: "crowd" as const })),
    submissions: CLIPS.flatMap((clipId) =>
      ["w1", "w2", "w3"].map((annotatorId) => ({ clipId, annotatorId })),
    ),
    regions,
    reasonLabels: [],
  };
}

/** The model's saliency, 0.02 s frames. */
function saliencyCsv(): string {
  const rows = ["clip,time,value"];
  for (const id of [...CLIPS].sort()) {
    const frames = Math.ceil(demoDuration(id) / 0.02);
    for (let f = 0; f < frames; f++) {
      const t = Math.round(f * 0.02 * 1e6) / 1e6;
      rows.push(`${id},${t},${(Math.sin(f * 0.37 + id.length) ** 2).toFixed(6)}`);
    }
  }
  return `${rows.join("\n")}\n`;
}

beforeAll(async () => {
  const { dir, store } = await testStore("redpen-regionpref-", TOKEN);
  app = await serveApp({ dir, store });
}, 120_000);

afterAll(() => app?.close());

async function browserIn(name: string) {
  const { context, page } = await app.browserIn(name);
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost))/, (route) => route.abort());
  await page.setViewportSize({ width: 1280, height: 900 });
  return { context, page, errors: watchErrors(page) };
}

async function download(page: Page, button: string): Promise<string> {
  const [dl] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).and(page.locator(":enabled")).click(),
  ]);
  return readFileSync(await dl.path(), "utf8");
}

/** `redpen stats FILE --json`, as printed. */
const statsJson = (file: string): string => cliStdout(["stats", file, "--json"]);

interface Sides {
  /** The clip both samples play (told by the audio's PCM data, as the page never is). */
  clips: Set<string>;
  /** Each sample's highlighted bins, as the server sent them. */
  bins: number[][];
}

/** A participant judges their one pair: both samples to the end, then sample `pick`. */
async function judgeOnePair(name: string, link: string, pick: 1 | 2): Promise<Sides> {
  const { context, page, errors } = await browserIn(name);
  const seen: Sides = { clips: new Set(), bins: [] };
  await context.route(/\/api\/p\/[^/]+\/trials\/main\/\d+\/[12]\/audio$/, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    const clip = CLIP_OF_PCM.get(pcmDigest(new Uint8Array(body)));
    if (clip) seen.clips.add(clip);
    await route.fulfill({ response, body });
  });
  page.on("response", async (r) => {
    if (!/\/api\/p\/[^/]+\/(arrive|state)$/.test(new URL(r.url()).pathname)) return;
    const json = (await r.json().catch(() => null)) as {
      state?: { trials?: { sides: { bins?: number[] }[] }[] };
      trials?: { sides: { bins?: number[] }[] }[];
    } | null;
    const trials = json?.state?.trials ?? json?.trials;
    if (trials?.[0]) seen.bins = trials[0].sides.map((s) => s.bins ?? []);
  });
  await page.goto(link);
  await page.getByRole("checkbox", { name: "I agree to take part" }).check();
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("heading", { name: "Pair 1 of 1" }).waitFor({ timeout: 30_000 });
  // Each sample: the same clip's waveform with its own highlighted bins.
  for (const n of [1, 2] as const) {
    await page.getByRole("button", { name: `Play sample ${n}` }).click();
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: `Sample ${n}` }) })
      .getByText("✓ Heard to the end", { exact: true })
      .waitFor({ timeout: 30_000 });
  }
  await dismissNotices(page);
  await screenshot(page, name === "listener-1" ? "region-preference-trial" : `regionpref-${name}`);
  await page.getByRole("radio", { name: `Sample ${pick}` }).check();
  await page.getByRole("button", { name: "Finish" }).click();
  const code = page.getByTestId("completion-code");
  await code.waitFor({ timeout: 30_000 });
  expect(await code.textContent()).toBe(CODE);
  expect(errors).toEqual([]);
  return seen;
}

test("the region preference test: New study from the demo's regions and saliency, two listeners through the server, the analysis = stats --json", async () => {
  const researcher = await browserIn("researcher");
  const rp = researcher.page;
  await rp.goto(app.base);
  await rp.waitForLoadState("networkidle");
  await dismissNotices(rp);
  await rp.getByText("Demo: 5 sentences × 4 voices").first().waitFor();

  // The demo study's listeners' spans and the model's saliency.
  const annotated = path.join(app.dir, "annotations.json");
  writeFileSync(annotated, JSON.stringify(annotations()));
  await rp
    .locator('input[type="file"]')
    .and(rp.getByLabel("Import annotations", { exact: true }))
    .setInputFiles([annotated]);
  await rp.getByRole("button", { name: "Merge into study" }).click();
  await rp.getByText(/Merged into/).waitFor();
  const csv = path.join(app.dir, `${MODEL}.csv`);
  writeFileSync(csv, saliencyCsv());
  await rp.goto(`${app.base}/studies/demo`);
  const form = rp.getByRole("form", { name: "Model saliency" });
  await form.getByLabel("Model name").fill(MODEL);
  await form.getByLabel("Hop (seconds between frames)").fill("0.02");
  await form.getByLabel("Saliency files").setInputFiles([csv]);
  await form.getByRole("button", { name: "Import saliency" }).click();
  await form
    .getByRole("status")
    .getByText(/stored for 3 clips/)
    .waitFor();
  const demo = path.join(app.dir, "demo.json");
  writeFileSync(demo, await download(rp, "Export JSON"));
  const demoRead = parseAnnotationText(readFileSync(demo, "utf8"));
  if (!demoRead.ok) throw new Error(JSON.stringify(demoRead.errors));

  // New study: a comparison of the demo's clips, the listeners' union against the model.
  await rp.goto(app.base);
  await rp.getByLabel("Study name").fill("Region preference");
  await rp.getByRole("radio", { name: /Compare pairs/ }).check();
  await rp.getByLabel("Clips", { exact: true }).selectOption({
    label: "The clips of “Demo: 5 sentences × 4 voices”",
  });
  const design = rp.getByRole("group", { name: "Comparison design" });
  await design
    .getByRole("radio", { name: /Listeners' regions against a model's saliency/ })
    .check();
  await expect(design.getByLabel("Model", { exact: true }).inputValue()).resolves.toBe(MODEL);
  await design.getByText("Every clip with both (3)").waitFor();
  await design.getByRole("radio", { name: /A number of them/ }).check();
  await design.getByLabel("Number of clips").fill("2");
  await design.getByText(/^2 pairs to judge/).waitFor();
  await design.getByRole("radio", { name: /A\/B preference, forced choice/ }).check();
  await design.getByLabel("Pairs per participant").fill("1");
  await design.getByLabel("Judgments per pair (R)").fill("1");
  await dismissNotices(rp);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await design.screenshot({ path: path.join(SCREENSHOT_DIR, "region-preference-design.png") });
  await rp.getByRole("button", { name: "Create study" }).click();
  await rp.getByRole("heading", { level: 1, name: "Region preference" }).waitFor();
  const studyId = new URL(rp.url()).pathname.split("/")[2] as string;

  // Published from its page to the server that serves the app.
  await expect.poll(() => rp.getByLabel("Server address").inputValue()).toBe(app.base);
  await rp.getByLabel("Researcher token").fill(TOKEN);
  await rp.getByLabel("Completion code").fill(CODE);
  await rp.getByRole("button", { name: "Publish", exact: true }).click();
  await rp.getByText(/^Published: 2 clips;/).waitFor({ timeout: 30_000 });

  // Two listeners, one pair each: a clip heard twice with its sides' highlighted bins.
  const link = (pid: string) => `${app.base}/p/${studyId}?participant=${pid}`;
  const first = await judgeOnePair("listener-1", link("listener-1"), 1);
  const second = await judgeOnePair("listener-2", link("listener-2"), 2);
  for (const seen of [first, second]) {
    expect(seen.clips.size).toBe(1);
    const clipId = [...seen.clips][0] as string;
    const expected = viewPairBins(
      demoRead.file,
      { clipId, a: "regions:union", b: `saliency:${MODEL}` },
      100_000,
    );
    if (!expected.ok) throw new Error(expected.problem);
    expect([...seen.bins].sort()).toEqual([...expected.bins].sort());
    expect(seen.bins.every((b) => b.length > 0)).toBe(true);
  }
  // Two different clips (R = 1 per pair).
  expect([...first.clips, ...second.clips].sort()).toHaveLength(2);
  expect(new Set([...first.clips, ...second.clips]).size).toBe(2);

  // `collect`: the judgments over the views, the study's own crowd spans and saliency with them.
  let out = "";
  const code = await runCollectionCli(
    ["collect", studyId, "--server", app.base, "--token", TOKEN],
    {
      stdout: (t) => {
        out += t;
      },
      stderr: () => undefined,
      env: {},
      fetch,
    },
  );
  expect(code).toBe(0);
  const collected = JSON.parse(out) as AnnotationFile;
  expect(collected.saliency?.map((r) => r.model)).toEqual([MODEL, MODEL]);
  const judgments = collected.judgments ?? [];
  expect(judgments).toHaveLength(2);
  for (const j of judgments) expect(j.pairId).toMatch(/:regions:union~saliency:ssl-mos-ig$/);
  const collectedPath = path.join(app.dir, "collected.json");
  writeFileSync(collectedPath, out);
  const stats = statsJson(collectedPath);
  const comparison = JSON.parse(stats).comparison;
  expect(comparison.pairs).toMatchObject([
    { a: "regions:union", b: `saliency:${MODEL}`, judgments: 2 },
  ]);

  // The researcher's analysis screen of the collected study: the views, and `stats --json`.
  await rp.goto(app.base);
  await rp
    .locator('input[type="file"]')
    .and(rp.getByLabel("Import annotations", { exact: true }))
    .setInputFiles([collectedPath]);
  await rp.getByRole("button", { name: "Merge into study" }).click();
  await rp.getByText(/Merged into/).waitFor();
  await rp.goto(`${app.base}/studies/${studyId}/analysis`);
  const section = rp.getByRole("region", { name: "Paired comparison (A/B preference)" });
  await section.waitFor({ timeout: 60_000 });
  await section.getByText("regions:union").first().waitFor();
  await section.getByText(`saliency:${MODEL}`).first().waitFor();
  await dismissNotices(rp);
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, "region-preference-analysis.png") });
  expect(await download(rp, "Download report (JSON)")).toBe(stats);
  expect(researcher.errors).toEqual([]);
}, 400_000);
