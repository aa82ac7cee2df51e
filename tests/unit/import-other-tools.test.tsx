// @vitest-environment happy-dom
// The study page's import card with files of other tools: a TextGrid written by Praat becomes
// spans of the study through the same preview and merge as a RedPen file; importing it again
// changes nothing; without a study (the home page's card) it is refused with where to go.
import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test } from "vitest";
import { db } from "../../src/db/db.ts";
import { addClips, createStudy, listReasonLabels, listRegions } from "../../src/db/repo.ts";
import { ImportAnnotations } from "../../src/features/import-export/ImportAnnotations.tsx";

const praat = () =>
  new File(
    [readFileSync(path.join("tests", "formats", "s01_espeak.TextGrid"))],
    "s01_espeak.TextGrid",
  );

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => cleanup());

async function seed(): Promise<string> {
  const id = await createStudy({ id: "demo", name: "Demo" });
  await addClips(id, [
    { clip: { id: "s01_espeak", name: "s01_espeak.wav", duration: 3.2 } },
    { clip: { id: "s02_flite", name: "s02_flite.wav", duration: 2.5 } },
  ]);
  return id;
}

test("a Praat TextGrid becomes spans of the study: preview, merge, and a second import changes nothing", async () => {
  const studyId = await seed();
  const user = userEvent.setup();
  render(<ImportAnnotations intoStudy={studyId} />);
  await user.upload(screen.getByLabelText("Import annotations"), [praat()]);
  const preview = await screen.findByRole("region", { name: /Demo/ });
  const row = (name: string) =>
    within(preview).getByRole("rowheader", { name }).closest("tr") as HTMLElement;
  const cells = (name: string) =>
    within(row(name))
      .getAllByRole("cell")
      .map((c) => c.textContent);
  // New, unchanged, conflicting: w1's and w2's two spans each, their 3 reason labels (w2's
  // second span has a text that is no reason), 2 new annotators, 2 submissions; the clip as
  // stored.
  expect(cells("Regions")).toEqual(["4", "0", "0"]);
  expect(cells("Reason labels")).toEqual(["3", "0", "0"]);
  expect(cells("Annotators")).toEqual(["2", "0", "0"]);
  expect(cells("Clips")).toEqual(["0", "1", "0"]);
  // What was left out is said, with the file's name.
  expect(screen.getByText(/s01_espeak\.TextGrid: tier "events" is a point tier/)).toBeTruthy();
  await user.click(within(preview).getByRole("button", { name: "Merge into study" }));
  await within(preview).findByRole("status");
  const regions = await listRegions(studyId, "s01_espeak");
  expect(regions.map((r) => [r.annotatorId, r.start, r.end]).sort()).toEqual([
    ["w1", 0.5, 1.25],
    ["w1", 2.9, 3.2],
    ["w2", 0.1, 0.45],
    ["w2", 1.3, 1.31],
  ]);
  const labels = await listReasonLabels(studyId, "s01_espeak");
  expect(labels.map((l) => l.reasons).sort()).toEqual([
    ["end_of_speech"],
    ["high_pitch", "spacing"],
    ["voice_trembling"],
  ]);

  cleanup();
  render(<ImportAnnotations intoStudy={studyId} />);
  await user.upload(screen.getByLabelText("Import annotations"), [praat()]);
  const again = await screen.findByRole("region", { name: /Demo/ });
  expect(
    within(within(again).getByRole("rowheader", { name: "Regions" }).closest("tr") as HTMLElement)
      .getAllByRole("cell")
      .map((c) => c.textContent),
  ).toEqual(["0", "4", "0"]);
});

test("the home page's card (no study) refuses a TextGrid and says where to import it", async () => {
  await seed();
  // The home card's picker offers JSON only; a TextGrid arrives by a drop (or "All files").
  const user = userEvent.setup({ applyAccept: false });
  render(<ImportAnnotations />);
  await user.upload(screen.getByLabelText("Import annotations"), [praat()]);
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent(
    `s01_espeak.TextGrid: a Praat TextGrid file names no study: import it from the study's page ("Import annotations" there), where its spans become the study's`,
  );
});

test("a file naming no clip of the study is refused by name, and nothing is stored", async () => {
  const studyId = await seed();
  const user = userEvent.setup();
  render(<ImportAnnotations intoStudy={studyId} />);
  await user.upload(screen.getByLabelText("Import annotations"), [
    new File(["0.1\t0.2\tsilence\n"], "s09_other.txt"),
  ]);
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent(
    's09_other.txt: no clip of the study is named like "s09_other.txt" (clips are matched by file name without the extension)',
  );
  expect(await listRegions(studyId, "s01_espeak")).toEqual([]);
});
