// The studies screens in Chromium: the demo study on a fresh profile, creating a study from
// real WAVs plus a broken file, and that everything survives a reload.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { launchPersistent, screenshot, watchErrors } from "./chromium.ts";

let context: BrowserContext;
let page: Page;
let errors: string[];
const profile = mkdtempSync(path.join(tmpdir(), "redpen-studies-profile-"));
const files = mkdtempSync(path.join(tmpdir(), "redpen-studies-files-"));

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

/** Rows of the clip table as arrays of cell texts (the clip's text is a field: its value). */
async function clipRows(): Promise<string[][]> {
  return page
    .locator("table tbody tr")
    .evaluateAll((rows) =>
      rows.map((r) =>
        Array.from(
          r.querySelectorAll("td"),
          (td) => td.querySelector("input")?.value ?? td.textContent ?? "",
        ),
      ),
    );
}

/** Sizes of the audio blobs stored for a study, read straight from IndexedDB. */
async function storedAudioSizes(studyId: string): Promise<Record<string, number>> {
  return page.evaluate(
    (id) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open("redpen");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction("audio").objectStore("audio").getAll();
          req.onsuccess = () => {
            const out: Record<string, number> = {};
            for (const row of req.result as { studyId: string; clipId: string; blob: Blob }[]) {
              if (row.studyId === id) out[row.clipId] = row.blob.size;
            }
            open.result.close();
            resolve(out);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    studyId,
  );
}

test("fresh profile: the demo study is listed with 20 clips and opens", async () => {
  await page.goto(inject("baseUrl"));
  const studies = page.getByRole("list", { name: "Studies" });
  const demo = studies.getByRole("listitem").filter({ hasText: "Demo: 5 sentences × 4 voices" });
  await demo.waitFor();
  await expect(demo.getByText("20 clips · 0 annotators · 0 submissions").isVisible()).resolves.toBe(
    true,
  );
  await page.waitForLoadState("networkidle");
  await screenshot(page, "studies-home");

  await demo.getByRole("link", { name: /^Study / }).click();
  await page.getByRole("heading", { level: 1, name: "Demo: 5 sentences × 4 voices" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/studies/demo");
  const rows = await clipRows();
  expect(rows).toHaveLength(20);
  // s01_human.wav: (227 244 − 44) bytes / 2 / 16 000 Hz = 7.1 s, and the human is the reference.
  expect(rows[0]).toEqual(["1", "s01_human.wav", "human", "s01", "", "7.10 s", "reference", "0"]);
  expect(rows[1]?.slice(1, 4)).toEqual(["s01_espeak.wav", "espeak", "s01"]);
  const sizes = await storedAudioSizes("demo");
  expect(Object.keys(sizes)).toHaveLength(20);
  expect(sizes.s02_espeak).toBe(statSync("public/audio/s02_espeak.wav").size);
  await screenshot(page, "studies-demo");
});

test("a new study imports the good WAVs and names the broken file alone; it survives a reload", async () => {
  const broken = path.join(files, "broken.wav");
  const random = new Uint8Array(4096);
  for (let i = 0; i < random.length; i++) random[i] = Math.floor(Math.random() * 256);
  writeFileSync(broken, random);

  await page.goto(inject("baseUrl"));
  await page.getByLabel("Study name").fill("E2E two voices");
  await page
    .locator('input[type="file"][aria-label="Audio files"]')
    .setInputFiles(["public/audio/s02_human.wav", "public/audio/s02_espeak.wav", broken]);
  const failure = page.getByRole("alert").filter({ hasText: "could not be used" });
  await failure.waitFor();
  const failed = await failure.locator("li").allTextContents();
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatch(/^broken\.wav: could not decode audio \(.+\)$/);
  const good = page.getByRole("list", { name: "Audio files to import" }).locator("li");
  await expect(good.allTextContents()).resolves.toEqual([
    "s02_human.wav2.99 s×",
    "s02_espeak.wav2.19 s×",
  ]);
  await screenshot(page, "studies-new-study");

  await page.getByRole("button", { name: "Create study" }).click();
  await page.getByRole("heading", { level: 1, name: "E2E two voices" }).waitFor();
  const studyId = new URL(page.url()).pathname.replace("/studies/", "");
  expect(studyId).toMatch(/^e2e-two-voices-[a-z0-9]{4}$/);
  const expected = [
    ["1", "s02_human.wav", "—", "—", "", "2.99 s", "no", "0"],
    ["2", "s02_espeak.wav", "—", "—", "", "2.19 s", "no", "0"],
  ];
  expect(await clipRows()).toEqual(expected);
  expect(await storedAudioSizes(studyId)).toEqual({
    s02_human: statSync("public/audio/s02_human.wav").size,
    s02_espeak: statSync("public/audio/s02_espeak.wav").size,
  });

  await page.reload();
  await page.getByRole("heading", { level: 1, name: "E2E two voices" }).waitFor();
  expect(await clipRows()).toEqual(expected);
  await page.goto(inject("baseUrl"));
  const row = page.getByRole("listitem").filter({ hasText: "E2E two voices" });
  await row.waitFor();
  await expect(row.getByText("2 clips · 0 annotators · 0 submissions").isVisible()).resolves.toBe(
    true,
  );
  // The demo is not created again next to it, and was not duplicated.
  await expect(
    page.getByRole("listitem").filter({ hasText: "Demo: 5 sentences × 4 voices" }).count(),
  ).resolves.toBe(1);
  expect(errors).toEqual([]);
});

test("the study's settings can be edited and clips added to it; both survive a reload", async () => {
  await page.goto(inject("baseUrl"));
  const row = page.getByRole("listitem").filter({ hasText: "E2E two voices" });
  await row.getByRole("link", { name: /^Study / }).click();
  await page.getByRole("heading", { level: 1, name: "E2E two voices" }).waitFor();
  const studyId = new URL(page.url()).pathname.replace("/studies/", "");

  await page.getByRole("button", { name: "Edit settings" }).click();
  const form = page.getByRole("form", { name: "Study settings" });
  await form.getByLabel("Study name").fill("E2E three voices");
  await form.getByLabel("Bin width (s)").fill("0.05");
  await form.getByLabel("Instructions for annotators").fill("Mark every word that sounds robotic.");
  await screenshot(page, "studies-edit-settings");
  await form.getByRole("button", { name: "Save settings" }).click();
  await page.getByRole("heading", { level: 1, name: "E2E three voices" }).waitFor();
  // Focus goes back to the button that opened the form (keyboard users keep their place).
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
  await expect.poll(focused).toBe("Edit settings");

  await page.getByRole("button", { name: "Add clips" }).click();
  const add = page.getByRole("form", { name: "Add clips" });
  await add
    .locator('input[type="file"][aria-label="Audio files"]')
    .setInputFiles(["public/audio/s02_flite.wav", "public/audio/s02_human.wav"]);
  await add.getByText("s02_human.wav: the study already has a clip with this name").waitFor();
  await add.getByText("1 clip ready; they go after clip 2.").waitFor();
  await screenshot(page, "studies-add-clips");
  await add.getByRole("button", { name: "Add clips" }).click();
  await add.waitFor({ state: "detached" });
  await expect.poll(focused).toBe("Add clips");

  await page.reload();
  await page.getByRole("heading", { level: 1, name: "E2E three voices" }).waitFor();
  expect((await clipRows()).map((r) => r.slice(0, 2))).toEqual([
    ["1", "s02_human.wav"],
    ["2", "s02_espeak.wav"],
    ["3", "s02_flite.wav"],
  ]);
  await page.getByText("0.05 s").waitFor();
  expect(await storedAudioSizes(studyId)).toHaveProperty(
    "s02_flite",
    statSync("public/audio/s02_flite.wav").size,
  );

  // The annotators see the instructions above the waveform of the new clip.
  await page.goto(
    `${inject("baseUrl")}/annotate/${studyId}?annotator=e2e-w&role=crowd&clip=s02_flite`,
  );
  await page.getByText("Clip 3 of 3").waitFor();
  await page.getByText("Mark every word that sounds robotic.").waitFor();
  await page
    .getByRole("region", { name: "Waveform" })
    .or(page.getByLabel("Waveform"))
    .first()
    .waitFor();
  await screenshot(page, "studies-instructions-on-crowd-screen");
  expect(errors).toEqual([]);
});
