// The intelligibility test in Chromium: the golden SUS study (tests/golden/intelligibility,
// whose figures the Python reference checks) imported through the home screen; the analysis
// screen's Intelligibility (WER) section shows the command line's figures, the transcript view
// aligns a clip's transcripts with its text, with the listeners' consensus under them and the
// listeners by estimated reliability as `aggregate FILE --workers` writes them (a clip without a
// text is measured against the consensus), and "Download report (JSON)" saves byte for byte
// what `stats FILE --json` prints (the bootstrap and the ANOVAs included).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { runAnalysisCli } from "../../src/cli/analysisCommands.ts";
import { runTranscriptsCli } from "../../src/cli/transcripts.ts";
import { launchPersistent, SCREENSHOT_DIR, screenshot, watchErrors } from "./chromium.ts";

const INPUT = path.resolve("tests/golden/intelligibility.input.json");
let dir: string;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-intelligibility-e2e-"));
  context = await launchPersistent(path.join(dir, "profile"));
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost))/, (route) => route.abort());
  page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 1280, height: 900 });
  errors = watchErrors(page);
});

afterAll(async () => {
  await context?.close();
  rmSync(dir, { recursive: true, force: true });
});

function statsJson(): string {
  let stdout = "";
  const code = runAnalysisCli(["stats", INPUT, "--json"], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
  });
  if (code !== 0) throw new Error(`stats exited with ${code}`);
  return stdout;
}

/** `aggregate INPUT --workers W.csv`: the consensus CSV's rows and the workers CSV's rows. */
async function aggregateCli(): Promise<{ consensus: string[][]; workers: string[][] }> {
  let stdout = "";
  const workersPath = path.join(dir, "workers.csv");
  const code = await runTranscriptsCli(["aggregate", INPUT, "--workers", workersPath], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
    writeFile: (p, data) => writeFileSync(p, data),
  });
  if (code !== 0) throw new Error(`aggregate exited with ${code}`);
  const rows = (text: string) =>
    text
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split(","));
  return { consensus: rows(stdout), workers: rows(readFileSync(workersPath, "utf8")) };
}

test("the Intelligibility (WER) section, the transcript view, and the report equal to stats --json", async () => {
  await page.goto(inject("baseUrl"));
  await page.waitForLoadState("networkidle");
  const close = page
    .getByRole("region", { name: "Notices" })
    .getByRole("button", { name: /^Dismiss/ });
  while ((await close.count()) > 0) await close.first().click();
  await page
    .locator('input[type="file"]')
    .and(page.getByLabel("Import annotations", { exact: true }))
    .setInputFiles([INPUT]);
  await page.getByRole("button", { name: "Merge into study" }).click();
  await page.getByText(/Merged into/).waitFor();

  await page.goto(`${inject("baseUrl")}/studies/sus/analysis`);
  const section = page.getByRole("region", { name: "Intelligibility (WER)" });
  await section.waitFor({ timeout: 60_000 });
  const report = JSON.parse(statsJson());
  const a = report.intelligibility.bySystem.A;
  const row = section.getByRole("row", { name: /^A\b/ }).first();
  await expect(row.textContent()).resolves.toContain(`${(100 * a.wer).toFixed(1)}%`);
  await expect(section.getByText("Groups that cannot be told apart")).toBeTruthy();
  expect(await section.getByRole("listitem").allTextContents()).toEqual(
    report.intelligibility.groups.map((g: string[]) => g.join(", ")),
  );
  // The transcript view: the first clip's transcripts aligned with its text.
  const view = section.getByRole("table", { name: /Transcripts of A_s00\.wav/ });
  await view.waitFor();
  expect(await view.getByRole("row").count()).toBeGreaterThan(1);
  // The stimuli curve comes after the other figures; until then the section says so and the
  // report cannot be downloaded (it would lack the curve).
  await section.getByText(/where it flattens, more stimuli buy little/).waitFor();
  // Then the consensus, under the listeners' transcripts: the command line's, word for word.
  const cli = await aggregateCli();
  const consensusRow = view.getByRole("row", { name: /^Consensus/ });
  const agreed = consensusRow.locator("td[title^='consensus: ']");
  await agreed.waitFor({ timeout: 60_000 });
  const first = cli.consensus.find((r) => r[0] === "A_s00");
  expect(await agreed.getAttribute("title")).toBe(`consensus: ${first?.[1]}`);
  // The listeners by estimated reliability: every listener, lowest error rate first, with the
  // command line's counts and rates.
  const list = section.getByRole("table", { name: /Listeners by estimated reliability/ });
  await list.waitFor();
  const byRate = [...cli.workers].sort(
    (x, y) => Number(x[4]) - Number(y[4]) || (x[0] as string).localeCompare(y[0] as string),
  );
  const shown = await list
    .getByRole("row")
    .evaluateAll((rows) =>
      rows.slice(1).map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent ?? "")),
    );
  expect(shown.length).toBe(Math.min(25, byRate.length));
  shown.forEach((row, i) => {
    const w = byRate[i] as string[];
    expect(row.slice(0, 4)).toEqual([w[0], w[1], w[2], w[3]]);
    expect(row[4]).toBe(`${(100 * Number(w[4])).toFixed(1)}%`);
    expect(row[5]).toBe(Number(w[5]) === 0 ? "0 (left out)" : Number(w[5]).toFixed(3));
  });
  await expect(section.getByRole("status").count()).resolves.toBe(0);
  await screenshot(page, "intelligibility-analysis");
  // The transcript view and the reliability list on their own (the part under the ANOVA).
  const consensusPart = section.locator("div.mt-6", {
    has: page.getByRole("heading", { name: "Transcripts of one clip" }),
  });
  await consensusPart.screenshot({
    path: path.join(SCREENSHOT_DIR, "intelligibility-consensus.png"),
  });
  await list.screenshot({ path: path.join(SCREENSHOT_DIR, "intelligibility-reliability.png") });
  // A clip without a text: each listener's WER against the consensus, labelled so.
  await section.getByRole("combobox", { name: "Clip" }).selectOption("A_notext");
  const noText = section.getByRole("table", {
    name: /Transcripts of A_notext\.wav, aligned with the listeners' consensus \(no reference text\)/,
  });
  await noText.waitFor();
  await noText
    .getByRole("columnheader", { name: "WER against the consensus (no reference text)" })
    .waitFor();
  await consensusPart.screenshot({
    path: path.join(SCREENSHOT_DIR, "intelligibility-no-text.png"),
  });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download report (JSON)" }).click(),
  ]);
  expect(readFileSync(await download.path(), "utf8")).toBe(statsJson());
  expect(errors).toEqual([]);
}, 120_000);
