// Import and export in Chromium: two annotators' files and a broken one through the
// "Import annotations" input, the broken one refused alone with nothing written, a conflict
// resolved, "Merge into study"; every export downloaded and read; audio added by name; the
// JSON export imported into a fresh profile gives the same study and the same report.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { computeReport } from "../../src/domain/stats/index.ts";
import { annotationsInput, launchPersistent, screenshot, watchErrors } from "./chromium.ts";
import { demoDuration } from "./demoAudio.ts";

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const files = tempDir("redpen-ie-files-");
const contexts: BrowserContext[] = [];
let page: Page;
let errors: string[];

async function openProfile(): Promise<{ page: Page; errors: string[] }> {
  const context = await launchPersistent(tempDir("redpen-ie-profile-"));
  contexts.push(context);
  const p = context.pages()[0] ?? (await context.newPage());
  return { page: p, errors: watchErrors(p) };
}

beforeAll(async () => {
  ({ page, errors } = await openProfile());
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const STUDY = "e2e-merge";
const CLIPS = ["s01_human", "s01_espeak", "s01_flite"];

/** One annotator's file, as the annotate screen would export it. */
function annotatorFile(annotator: string, regions: [string, number, number][]): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    exportedAt: "2026-11-21T10:00:00.000Z",
    study: { id: STUDY, name: "E2E merge study", binSeconds: 0.1 },
    taxonomy: [
      { id: "end_of_speech", label: "End of speech" },
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy-related" },
    ],
    clips: CLIPS.map((id) => ({
      id,
      name: `${id}.wav`,
      duration: demoDuration(id),
      system: id.split("_")[1] as string,
      sentence: "s01",
      ...(id.endsWith("human") ? { isReference: true } : {}),
    })),
    annotators: [
      { id: annotator, role: "crowd" },
      { id: "e1", role: "expert" },
    ],
    submissions: CLIPS.map((clipId) => ({ clipId, annotatorId: annotator, score: 3 })),
    regions: regions.map(([clipId, start, end], i) => ({
      id: `${annotator}-r${i + 1}`,
      clipId,
      annotatorId: annotator,
      start,
      end,
    })),
    reasonLabels: [
      { regionId: `${annotator}-r1`, annotatorId: "e1", reasons: ["energy", "silence"] },
    ],
  };
}

function writeJson(name: string, content: unknown): string {
  const file = path.join(files, name);
  writeFileSync(file, JSON.stringify(content, null, 2));
  return file;
}

/** Whether IndexedDB holds anything of the study. */
async function storedCounts(p: Page, studyId: string): Promise<Record<string, number>> {
  return p.evaluate(
    (id) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open("redpen");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const names = [
            "studies",
            "clips",
            "annotators",
            "submissions",
            "regions",
            "reasonLabels",
          ];
          const tx = open.result.transaction(names);
          const out: Record<string, number> = {};
          for (const name of names) {
            const req = tx.objectStore(name).getAll();
            req.onsuccess = () => {
              out[name] = (req.result as { id?: string; studyId?: string }[]).filter(
                (r) => (name === "studies" ? r.id : r.studyId) === id,
              ).length;
            };
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve(out);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    studyId,
  );
}

async function download(p: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [dl] = await Promise.all([
    p.waitForEvent("download"),
    p.getByRole("button", { name: button }).click(),
  ]);
  const file = await dl.path();
  return { name: dl.suggestedFilename(), bytes: readFileSync(file) };
}

const unzip = (bytes: Buffer) =>
  Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(bytes))).map(([k, v]) => [k, strFromU8(v)]),
  );

/** The file input named "Import annotations" (the card around it has the same name). */
const importInput = (p: Page) => annotationsInput(p);

/**
 * Closes the start-up notices (e.g. "did not grant persistent storage"): the toast sits over
 * the bottom right of the page, where the import card is, until it times out.
 */
async function dismissNotices(p: Page): Promise<void> {
  await p.waitForLoadState("networkidle");
  const close = p
    .getByRole("region", { name: "Notices" })
    .getByRole("button", { name: /^Dismiss/ });
  while ((await close.count()) > 0) await close.first().click();
}

let exportedJson = "";

test("import: a broken file is refused alone, nothing written; the rest previews and merges", async () => {
  const w1 = annotatorFile("w1", [
    ["s01_espeak", 0.5, 1.2],
    ["s01_flite", 1, 2],
  ]);
  const w2 = annotatorFile("w2", [
    ["s01_espeak", 0.6, 1.4],
    ["s01_flite", 1.5, 2.5],
    ["s01_human", 0.2, 0.4],
  ]);
  // The second file disagrees on one clip's outside score: a conflict between the files.
  w2.clips[1] = { ...(w2.clips[1] as AnnotationFile["clips"][number]), score: 2.5 };
  const w3 = annotatorFile("w3", [
    ["s01_espeak", 0.1, 0.2],
    ["s01_espeak", 0.3, 0.4],
    ["s01_espeak", 0.5, 0.6],
    ["s01_flite", 2, 1.5],
  ]);
  const paths = [
    writeJson("annotator-w1.json", w1),
    writeJson("annotator-w3.json", w3),
    writeJson("annotator-w2.json", w2),
  ];

  await page.goto(inject("baseUrl"));
  await dismissNotices(page);
  await importInput(page).setInputFiles(paths);
  const refused = page.getByRole("alert").filter({ hasText: "refused" });
  await refused.waitFor();
  await expect(refused.textContent()).resolves.toContain(
    "annotator-w3.json: regions[3].end: must be greater than start",
  );
  await expect(page.getByRole("button", { name: "Merge into study" }).count()).resolves.toBe(0);
  // Focus moved to what appeared, not left on the page body.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe("1 file was refused: nothing has been imported");
  // The picker's "Choose Files" is a secondary button of the normal size (white, 14 px text).
  const chooser = await importInput(page).evaluate((el) => {
    const s = getComputedStyle(el, "::file-selector-button");
    return [s.backgroundColor, s.fontSize, s.color];
  });
  expect(chooser).toEqual([
    "rgb(255, 255, 255)",
    "14px",
    expect.not.stringMatching(/^rgb\(255, 255, 255/),
  ]);
  // The files were read and checked off the page, in the import worker.
  expect(page.workers().map((w) => w.url())).toContainEqual(
    expect.stringMatching(/\/assets\/import\.worker-[\w-]+\.js$/),
  );
  expect(await storedCounts(page, STUDY)).toEqual({
    studies: 0,
    clips: 0,
    annotators: 0,
    submissions: 0,
    regions: 0,
    reasonLabels: 0,
  });
  await screenshot(page, "import-refused");

  await page.getByRole("button", { name: "Remove annotator-w3.json" }).click();
  const preview = page.getByRole("region", { name: /New study “E2E merge study”/ });
  await preview.waitFor();
  const total = await preview.getByRole("row", { name: /^Total/ }).textContent();
  // 1 study + 3 taxonomy + 3 clips + 3 annotators (w1, e1, w2) + 6 submissions + 5 regions + 2 labels.
  expect(total).toBe("Total2301");
  const conflict = preview.getByRole("group", { name: "Clip s01_espeak" });
  await expect(conflict.textContent()).resolves.toContain("score—2.5");
  await screenshot(page, "import-preview");

  await conflict.getByLabel(/Use incoming/).check();
  await preview.getByRole("button", { name: "Merge into study" }).click();
  const done = preview.getByRole("status");
  await done.waitFor();
  await expect(done.textContent()).resolves.toContain(
    "Merged into E2E merge study (new study): 23 records added or updated.",
  );
  await screenshot(page, "import-merged");
  expect(await storedCounts(page, STUDY)).toEqual({
    studies: 1,
    clips: 3,
    annotators: 3,
    submissions: 6,
    regions: 5,
    reasonLabels: 2,
  });

  await done.getByRole("link", { name: "Open the study" }).click();
  await page.getByRole("heading", { level: 1, name: "E2E merge study" }).waitFor();
  expect(errors).toEqual([]);
});

test("export: every download has the expected contents; audio is added by name", async () => {
  const json = await download(page, "Export JSON");
  expect(json.name).toBe(`${STUDY}.json`);
  exportedJson = json.bytes.toString("utf8");
  const file = JSON.parse(exportedJson) as AnnotationFile;
  expect(file.clips.find((c) => c.id === "s01_espeak")?.score).toBe(2.5);
  expect(file.regions).toHaveLength(5);

  const csv = await download(page, "Export CSV");
  expect(csv.name).toBe(`${STUDY}-spans.csv`);
  const lines = csv.bytes.toString("utf8").split("\r\n");
  expect(lines[0]).toBe(
    "clip,system,sentence,annotator,start,end,reason,labeller,rating,row,transcript,wer,S,D,I",
  );
  // No transcripts in this study: the intelligibility columns are empty.
  expect(lines.find((l) => l.startsWith("s01_espeak,espeak,s01,w1,0.5,1.2,energy,e1,"))).toMatch(
    /,span,,,,,$/,
  );
  expect(lines.find((l) => l.startsWith("s01_human,human,s01,w2,0.2,0.4,,,"))).toMatch(
    /,span,,,,,$/,
  );

  const audacity = unzip((await download(page, "Export Audacity labels (.zip)")).bytes);
  const byAnnotator = ["s01_espeak", "s01_flite", "s01_human"].flatMap((clip) =>
    ["w1", "w2"].map((a) => `by-annotator/${clip}.${a}.txt`),
  );
  expect(Object.keys(audacity).sort()).toEqual([
    ...byAnnotator,
    "s01_espeak.txt",
    "s01_flite.txt",
    "s01_human.txt",
  ]);
  expect(audacity["s01_espeak.txt"]).toBe(
    "0.500000\t1.200000\tw1: silence+energy\n0.600000\t1.400000\tw2: silence+energy\n",
  );

  const grids = await download(page, "Export Praat TextGrids (.zip)");
  expect(grids.name).toBe(`${STUDY}-textgrids.zip`);
  const flite = unzip(grids.bytes)["s01_flite.TextGrid"] ?? "";
  expect(flite.split("\n").slice(0, 8)).toEqual([
    'File type = "ooTextFile"',
    'Object class = "TextGrid"',
    "",
    "xmin = 0 ",
    `xmax = ${demoDuration("s01_flite")} `,
    "tiers? <exists> ",
    "size = 5 ",
    "item []: ",
  ]);
  // Two annotators' tiers, the crowd's consensus (two crowd annotations on the clip), and the
  // point tier marking the spans no expert has labelled.
  expect([...flite.matchAll(/name = "([^"]+)"/g)].map((m) => m[1])).toEqual([
    "w1",
    "w2",
    "consensus (majority)",
    "consensus (model)",
    "no reasons",
  ]);

  const consensus = unzip((await download(page, "Export crowd consensus (.zip)")).bytes);
  expect(Object.keys(consensus).sort()).toEqual([
    `${STUDY}-consensus.csv`,
    `${STUDY}-consensus.json`,
  ]);
  expect(consensus[`${STUDY}-consensus.csv`]?.split("\r\n")[0]).toBe(
    "clip,clip_name,method,start,end",
  );
  expect(JSON.parse(consensus[`${STUDY}-consensus.json`] ?? "{}")).toMatchObject({
    format: "redpen-consensus",
    studyId: STUDY,
  });

  const all = unzip((await download(page, "Export everything (.zip)")).bytes);
  expect(Object.keys(all).sort()).toEqual([
    ...byAnnotator.map((f) => `audacity/${f}`),
    "audacity/s01_espeak.txt",
    "audacity/s01_flite.txt",
    "audacity/s01_human.txt",
    `${STUDY}-bins.csv`,
    `${STUDY}-consensus.csv`,
    `${STUDY}-consensus.json`,
    `${STUDY}-spans.csv`,
    `${STUDY}.json`,
    "elan/s01_espeak.eaf",
    "elan/s01_flite.eaf",
    "elan/s01_human.eaf",
    "textgrid/s01_espeak.TextGrid",
    "textgrid/s01_flite.TextGrid",
    "textgrid/s01_human.TextGrid",
  ]);

  // Audio: the clips came without it; files are matched by name, ignoring case.
  const audio = page.getByRole("region", { name: "Audio for imported clips" });
  await expect(audio.textContent()).resolves.toContain("3 clips have no audio yet");
  const upper = path.join(files, "S01_HUMAN.WAV");
  writeFileSync(upper, readFileSync("public/audio/s01_human.wav"));
  // A text file named like a clip is decoded first and refused, not stored as its audio.
  const fake = path.join(files, "s01_flite.wav");
  writeFileSync(fake, "this is not audio\n");
  await page
    .getByLabel("Add audio", { exact: true })
    .setInputFiles([upper, "public/audio/s01_espeak.wav", "public/audio/s02_flite.wav", fake]);
  const status = audio.getByRole("status");
  await status.waitFor();
  await expect(status.textContent()).resolves.toMatch(
    /^Added audio to 2 clips\.No clip named like s02_flite\.wav: not stored\.1 file is not audio this browser can play, not stored:s01_flite\.wav: could not decode audio \(.+\)$/,
  );
  await expect(audio.textContent()).resolves.toContain("1 clip has no audio yet: s01_flite.wav.");
  await screenshot(page, "export-panel");
  // Every export button looks the same: secondary (white), normal size (14 px text), one width.
  await page.mouse.move(0, 0); // not hovering the last one clicked
  await page.waitForTimeout(300); // its colour transition
  const looks = await page.getByRole("button", { name: /^Export / }).evaluateAll((buttons) =>
    buttons.map((b) => {
      const s = getComputedStyle(b);
      return [
        b.textContent,
        s.backgroundColor,
        s.fontSize,
        b.getBoundingClientRect().width,
        b.scrollWidth <= b.clientWidth,
      ];
    }),
  );
  const width = looks[0]?.[3];
  expect(looks).toEqual(
    [
      "Export JSON",
      "Export CSV",
      "Export Audacity labels (.zip)",
      "Export Praat TextGrids (.zip)",
      "Export ELAN files (.zip)",
      "Export per-bin matrix (CSV)",
      "Export crowd consensus (.zip)",
      "Export everything (.zip)",
    ].map((name) => [name, "rgb(255, 255, 255)", "14px", width, true]),
  );
  // The audio picker's button matches the import card's.
  const audioChooser = await page.getByLabel("Add audio", { exact: true }).evaluate((el) => {
    const s = getComputedStyle(el, "::file-selector-button");
    return [s.backgroundColor, s.fontSize, s.paddingTop, s.paddingLeft];
  });
  expect(audioChooser).toEqual(["rgb(255, 255, 255)", "14px", "8px", "14px"]);
  expect(errors).toEqual([]);
});

test("the JSON export imported into a fresh profile gives the same study and report", async () => {
  expect(exportedJson).not.toBe("");
  const fresh = await openProfile();
  const file = writeJson("roundtrip.json", JSON.parse(exportedJson));
  await fresh.page.goto(inject("baseUrl"));
  await dismissNotices(fresh.page);
  await importInput(fresh.page).setInputFiles([file]);
  const preview = fresh.page.getByRole("region", { name: /New study “E2E merge study”/ });
  await preview.getByRole("button", { name: "Merge into study" }).click();
  await preview.getByRole("link", { name: "Open the study" }).click();
  await fresh.page.getByRole("heading", { level: 1, name: "E2E merge study" }).waitFor();
  const again = (await download(fresh.page, "Export JSON")).bytes.toString("utf8");

  const a = JSON.parse(exportedJson) as AnnotationFile;
  const b = JSON.parse(again) as AnnotationFile;
  expect({ ...b, exportedAt: null }).toEqual({ ...a, exportedAt: null });
  expect(again.replace(/"exportedAt": "[^"]+"/, "")).toBe(
    exportedJson.replace(/"exportedAt": "[^"]+"/, ""),
  );
  const report = computeReport(a);
  expect(computeReport(b)).toEqual(report);
  expect(report.dataset.annotations).toBe(6);
  expect(fresh.errors).toEqual([]);
});
