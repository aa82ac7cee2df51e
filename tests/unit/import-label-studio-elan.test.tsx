// @vitest-environment happy-dom
// The study page's import card with a Label Studio export (a .json file told from a RedPen file
// by its content: an array of tasks) and an ELAN file picked together: one preview for the
// study, what each file left out said with its name, one merge; and an ELAN file naming
// audio the study does not have refused by that name.
import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test } from "vitest";
import { db } from "../../src/db/db.ts";
import {
  addClips,
  createStudy,
  listReasonLabels,
  listRegions,
  listSubmissions,
} from "../../src/db/repo.ts";
import { ImportAnnotations } from "../../src/features/import-export/ImportAnnotations.tsx";

const fixture = (name: string, as = name) =>
  new File([readFileSync(path.join("tests", "formats", name))], as);

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

test("a Label Studio export and an ELAN file: one preview, one merge", async () => {
  const studyId = await seed();
  const user = userEvent.setup();
  render(<ImportAnnotations intoStudy={studyId} />);
  await user.upload(screen.getByLabelText("Import annotations"), [
    fixture("label-studio-export.json", "project-3-at-2026-11-25.json"),
    fixture("s01_espeak.eaf"),
  ]);
  const preview = await screen.findByRole("region", { name: /Demo/ });
  const cells = (name: string) =>
    within(within(preview).getByRole("rowheader", { name }).closest("tr") as HTMLElement)
      .getAllByRole("cell")
      .map((c) => c.textContent);
  // Label Studio: ls-2's two spans and rater5@example.org's one, each with its reasons; ELAN:
  // w1's two spans with reasons, w2's one whose text is no reason (its unaligned one left out).
  expect(cells("Regions")).toEqual(["6", "0", "0"]);
  expect(cells("Reason labels")).toEqual(["5", "0", "0"]);
  expect(cells("Annotators")).toEqual(["4", "0", "0"]);
  for (const line of [
    'project-3-at-2026-11-25.json: results of type "choices" (not labelled regions): left out',
    "project-3-at-2026-11-25.json: 1 span ended past the clip (3.2 s): cut to its end",
    's01_espeak.eaf: tier "w1-notes" holds reference annotations (no times of their own): left out',
    "s01_espeak.eaf: 1 annotation without a time (unaligned slots): left out",
    's01_espeak.eaf: "Voice trembling & more" names no reason of the study\'s taxonomy: kept as a span without reasons',
  ]) {
    expect(within(preview.parentElement as HTMLElement).getByText(line)).toBeTruthy();
  }
  await user.click(within(preview).getByRole("button", { name: "Merge into study" }));
  await within(preview).findByRole("status");

  const regions = await listRegions(studyId, "s01_espeak");
  expect(regions.map((r) => `${r.annotatorId} ${r.start}-${r.end}`).sort()).toEqual([
    "ls-2 0.5-1.25",
    "ls-2 2.9-3.2",
    "rater5@example.org 0.1-0.45",
    "w1 0.5-1.25",
    "w1 2.9-3.2",
    "w2 0.1-0.45",
  ]);
  const labels = await listReasonLabels(studyId, "s01_espeak");
  expect(labels.map((l) => `${l.annotatorId}: ${l.reasons.join("+")}`).sort()).toEqual([
    "ls-2: end_of_speech",
    "ls-2: high_pitch+spacing",
    "rater5@example.org: voice_trembling",
    "w1: end_of_speech",
    "w1: high_pitch+spacing",
  ]);
  // ls-2 finished the second task with nothing marked: that is stored too.
  expect(
    (await listSubmissions(studyId, { clipId: "s02_flite" })).map((s) => s.annotatorId),
  ).toEqual(["ls-2"]);
});

test("an ELAN file whose media the study does not have is refused by the media's name", async () => {
  const studyId = await seed();
  const user = userEvent.setup();
  render(<ImportAnnotations intoStudy={studyId} />);
  const eaf = readFileSync(path.join("tests", "formats", "s01_espeak.eaf"), "utf8").replace(
    /s01_espeak\.wav/g,
    "s07_festival.wav",
  );
  await user.upload(screen.getByLabelText("Import annotations"), [
    new File([eaf], "s01_espeak.eaf"),
  ]);
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent(
    's01_espeak.eaf: no clip of the study is named like "s07_festival.wav" (clips are matched by file name without the extension)',
  );
  expect(await listRegions(studyId, "s01_espeak")).toEqual([]);
});
