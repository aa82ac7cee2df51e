// @vitest-environment happy-dom
// The annotator's download against the real repository in fake-indexeddb: what the saved file
// holds, its name, and the error notice when there is nothing to download.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "../../db/db.ts";
import {
  addClips,
  addRegion,
  createStudy,
  ensureAnnotator,
  listSubmissions,
  saveSubmission,
  setReasons,
} from "../../db/repo.ts";
import { parseAnnotationText } from "../../domain/interchange/schema.ts";
import { useNotices } from "../../stores/notices.ts";
import { DownloadMyWork, myWorkFileName } from "./DownloadMyWork.tsx";
import { FinishedScreen } from "./FinishedScreen.tsx";

const STUDY = "pilot";
const wav = () => new Blob([new Uint8Array(44)], { type: "audio/wav" });

interface Saved {
  fileName: string;
  type: string;
  text: string;
}
let saved: Saved[] = [];
let pending: Promise<void>[] = [];

beforeEach(async () => {
  await db.delete();
  await db.open();
  useNotices.getState().clear();
  saved = [];
  pending = [];
  let blob: Blob | undefined;
  URL.createObjectURL = vi.fn((b: Blob) => {
    blob = b;
    return "blob:test/1";
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const b = blob as Blob;
    const fileName = this.download;
    pending.push(b.text().then((text) => void saved.push({ fileName, type: b.type, text })));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A study with two clips, two crowd annotators and an expert who labelled w2's span. */
async function seed() {
  await createStudy({
    id: STUDY,
    name: "Pilot study",
    requireRating: true,
    extra: { instructions: "Mark what sounds unnatural." },
    taxonomy: [
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy-related" },
    ],
  });
  await addClips(STUDY, [
    { clip: { id: "c1", name: "a.wav", duration: 3, system: "flite" }, blob: wav() },
    { clip: { id: "c2", name: "b.wav", duration: 2 }, blob: wav() },
  ]);
  await ensureAnnotator(STUDY, "w1", "crowd");
  await ensureAnnotator(STUDY, "w2", "crowd");
  await ensureAnnotator(STUDY, "e1", "expert");
  const mine = await addRegion(STUDY, { clipId: "c1", annotatorId: "w1", start: 0.5, end: 1.25 });
  const theirs = await addRegion(STUDY, { clipId: "c2", annotatorId: "w2", start: 1, end: 2 });
  await saveSubmission(STUDY, { clipId: "c1", annotatorId: "w1", score: 2 });
  await saveSubmission(STUDY, { clipId: "c2", annotatorId: "w1" });
  await saveSubmission(STUDY, { clipId: "c2", annotatorId: "w2", score: 5 });
  await setReasons(STUDY, theirs.id, "e1", ["energy", "silence"]);
  return { mine, theirs };
}

async function download(): Promise<Saved> {
  await userEvent.click(screen.getByRole("button", { name: "Download my annotations (JSON)" }));
  await waitFor(() => expect(pending).toHaveLength(1));
  await Promise.all(pending);
  await waitFor(() =>
    expect(screen.getByRole("button", { name: "Download my annotations (JSON)" })).toBeEnabled(),
  );
  const [file] = saved;
  if (!file) throw new Error("nothing was downloaded");
  return file;
}

describe("DownloadMyWork", () => {
  test("a crowd annotator downloads <study>-<annotator>.json with only their own work", async () => {
    const { mine } = await seed();
    render(<DownloadMyWork studyId={STUDY} annotatorId="w1" />);
    const file = await download();
    expect(file.fileName).toBe("pilot-w1.json");
    expect(file.type).toBe("application/json");

    const json = JSON.parse(file.text);
    expect(json.format).toBe("redpen-annotations");
    expect(json.study).toEqual({
      id: "pilot",
      name: "Pilot study",
      binSeconds: 0.1,
      instructions: "Mark what sounds unnatural.",
      requireRating: true,
    });
    expect(json.taxonomy.map((t: { id: string }) => t.id)).toEqual(["silence", "energy"]);
    // Clip metadata only: no audio, no storage keys.
    expect(json.clips).toEqual([
      { id: "c1", name: "a.wav", duration: 3, system: "flite" },
      { id: "c2", name: "b.wav", duration: 2 },
    ]);
    expect(json.annotators).toEqual([{ id: "w1", role: "crowd" }]);
    expect(
      json.submissions.map((s: { clipId: string; annotatorId: string; score?: number }) => [
        s.clipId,
        s.annotatorId,
        s.score,
      ]),
    ).toEqual([
      ["c1", "w1", 2],
      ["c2", "w1", undefined],
    ]);
    expect(json.regions).toEqual([
      { id: mine.id, clipId: "c1", annotatorId: "w1", start: 0.5, end: 1.25 },
    ]);
    expect(json.reasonLabels).toEqual([]);
    // The same records as stored, and a file the importer accepts.
    const stored = await listSubmissions(STUDY, { annotatorId: "w1" });
    expect(json.submissions[0].completedAt).toBe(
      stored.find((s) => s.clipId === "c1")?.completedAt,
    );
    const parsed = parseAnnotationText(file.text, file.fileName);
    expect(parsed.ok).toBe(true);
  });

  test("an expert's file holds their reasons and the spans they labelled", async () => {
    const { theirs } = await seed();
    render(<DownloadMyWork studyId={STUDY} annotatorId="e1" />);
    const file = await download();
    expect(file.fileName).toBe("pilot-e1.json");
    const json = JSON.parse(file.text);
    expect(json.annotators).toEqual([
      { id: "e1", role: "expert" },
      { id: "w2", role: "crowd" },
    ]);
    expect(json.submissions).toEqual([]);
    expect(json.regions).toEqual([
      { id: theirs.id, clipId: "c2", annotatorId: "w2", start: 1, end: 2 },
    ]);
    // stored in taxonomy order
    expect(json.reasonLabels).toEqual([
      { regionId: theirs.id, annotatorId: "e1", reasons: ["silence", "energy"] },
    ]);
    expect(parseAnnotationText(file.text).ok).toBe(true);
  });

  test("file names are made safe for file systems", () => {
    expect(myWorkFileName("a/b", 'w:1"')).toBe("a_b-w_1_.json");
  });

  test("a study that is not in this browser is an error notice, and nothing is saved", async () => {
    render(<DownloadMyWork studyId="gone" annotatorId="w1" />);
    await userEvent.click(screen.getByRole("button", { name: "Download my annotations (JSON)" }));
    await waitFor(() =>
      expect(useNotices.getState().notices).toEqual([
        expect.objectContaining({
          kind: "error",
          message: 'Could not download your annotations: there is no study "gone" in this browser',
        }),
      ]),
    );
    expect(saved).toEqual([]);
    expect(screen.getByRole("button", { name: "Download my annotations (JSON)" })).toBeEnabled();
  });

  test("an annotator the study does not know is an error notice naming them", async () => {
    await seed();
    render(<DownloadMyWork studyId={STUDY} annotatorId="w9" />);
    await userEvent.click(screen.getByRole("button", { name: "Download my annotations (JSON)" }));
    await waitFor(() =>
      expect(useNotices.getState().notices.map((n) => n.message)).toEqual([
        'Could not download your annotations: study "pilot" has no annotator "w9"',
      ]),
    );
    expect(pending).toEqual([]);
  });
});

describe("the finished screen", () => {
  test("offers the download with a line on what to do with it", async () => {
    await seed();
    render(
      <FinishedScreen
        studyId={STUDY}
        annotatorId="w1"
        clips={[]}
        submissions={[]}
        spanCounts={new Map()}
        hrefFor={(id) => `/annotate/${STUDY}?clip=${id}`}
      />,
    );
    expect(screen.getByText(/Send or upload this file as the researcher instructed/)).toBeVisible();
    const file = await download();
    expect(file.fileName).toBe("pilot-w1.json");
    expect(JSON.parse(file.text).annotators).toEqual([{ id: "w1", role: "crowd" }]);
  });
});
