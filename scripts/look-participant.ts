// Screenshots of a participant's pages on a phone (390 × 844), driven by the keyboard alone
// where it can be: `npx tsx scripts/look-participant.ts OUT_DIR` (needs `npm run build` first).
// Starts a collection server (PGlite in a temporary folder) serving dist/, publishes the demo
// clips, and walks one participant through consent, instructions and one clip.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { createCollectionServer } from "../src/server/http.ts";
import { migrate } from "../src/server/migrations.ts";
import { publishStudy } from "../src/server/service.ts";
import { openPglite } from "../src/server/store.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium.ts";
import { storeDemoClips } from "../tests/server/fixtures.ts";

const out = path.resolve(process.argv[2] ?? "test-results/look-participant");
mkdirSync(out, { recursive: true });
const dir = mkdtempSync(path.join(tmpdir(), "redpen-look-"));
const store = await openPglite(path.join(dir, "db"));
await migrate(store);
const stored = await storeDemoClips(store, [
  "s01_human",
  "s01_espeak",
  "s02_flite",
  "s03_festival",
]);
const { audio } = stored;
const clips = stored.clips.map((c) => (c.system === "human" ? { ...c, isReference: true } : c));
await publishStudy(store, {
  file: {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: "look",
      name: "Naturalness of synthetic speech",
      binSeconds: 0.1,
      requireRating: true,
      consent:
        "This study is run by the Speech Lab. You will hear 3 short recordings (about 5 minutes).\nYour answers are stored with your Prolific id only.",
      instructions:
        "Listen to each clip to the end. Drag across every part that sounds unnatural, rate the clip, then press Finish clip.",
    },
    taxonomy: [{ id: "undefined", label: "Undefined" }],
    clips,
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  },
  settings: { clipsPerParticipant: 3, ratingsPerClip: 3, completionCode: "C0DE42X" },
  audio,
});
const server = createCollectionServer({ store, appDir: "dist" });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
const errors: string[] = [];
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
try {
  await page.goto(`${base}/p/look?PROLIFIC_PID=PHONE01&STUDY_ID=s&SESSION_ID=x`);
  await page.getByRole("checkbox", { name: "I agree to take part" }).waitFor();
  await page.screenshot({ path: path.join(out, "1-consent.png"), fullPage: true });
  // Keyboard only: Tab to the checkbox, Space, Tab to Start, Enter.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Begin with the first clip" }).waitFor();
  await page.screenshot({ path: path.join(out, "2-instructions.png"), fullPage: true });
  await page.getByRole("button", { name: "Begin with the first clip" }).focus();
  await page.keyboard.press("Enter");
  await page.getByText("Clip 1 of 3", { exact: true }).waitFor();
  await page.locator('section[aria-label="Waveform"][aria-busy="false"] canvas').first().waitFor();
  await page.screenshot({ path: path.join(out, "3-clip.png"), fullPage: true });
  await page.keyboard.press("Space"); // play
  await page.getByText("Heard to the end: you can finish this clip.").waitFor({ timeout: 20_000 });
  await page.keyboard.press("3");
  await page.screenshot({ path: path.join(out, "4-heard.png"), fullPage: true });
  await page.keyboard.press("Enter");
  await page.getByText("Clip 2 of 3", { exact: true }).waitFor();
  console.log(
    `screenshots in ${out}; console errors: ${errors.length ? errors.join("\n") : "none"}`,
  );
} finally {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
