// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Dexie from "dexie";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { db } from "../../db/db.ts";
import { studyToFile } from "../../db/studyFiles.ts";
import type { AnnotationFile } from "../../domain/interchange/types.ts";
import { ImportAnnotations } from "./ImportAnnotations.tsx";

function annotatorFile(id: string, start: number, end: number): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "pilot", name: "Pilot study", binSeconds: 0.1 },
    taxonomy: [{ id: "silence", label: "Silence" }],
    clips: [
      { id: "c1", name: "a.wav", duration: 4, system: "X" },
      { id: "c2", name: "b.wav", duration: 4, system: "Y" },
    ],
    annotators: [{ id, role: "crowd" }],
    submissions: [{ clipId: "c1", annotatorId: id }],
    regions: [{ id: `${id}-r1`, clipId: "c1", annotatorId: id, start, end }],
    reasonLabels: [],
  };
}

const jsonFile = (name: string, content: unknown) =>
  new File([JSON.stringify(content)], name, { type: "application/json" });

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function tableCounts() {
  return Promise.all(
    [db.studies, db.clips, db.annotators, db.submissions, db.regions, db.reasonLabels].map((t) =>
      t.count(),
    ),
  );
}

test("a refused file blocks the whole import; removing it shows the preview; merging stores", async () => {
  const user = userEvent.setup();
  render(<ImportAnnotations />);
  const bad = annotatorFile("w3", 0, 1);
  bad.regions.push(
    { id: "x1", clipId: "c1", annotatorId: "w3", start: 1, end: 2 },
    { id: "x2", clipId: "c1", annotatorId: "w3", start: 1, end: 2 },
    { id: "x3", clipId: "c1", annotatorId: "w3", start: 3.1, end: 2.5 },
  );
  await user.upload(screen.getByLabelText("Import annotations"), [
    jsonFile("annotator-w1.json", annotatorFile("w1", 0.5, 1)),
    jsonFile("annotator-w3.json", bad),
    jsonFile("annotator-w2.json", annotatorFile("w2", 1, 2)),
  ]);

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("1 file was refused: nothing has been imported");
  // Focus lands on what appeared (the input was disabled while reading, dropping focus).
  await waitFor(() =>
    expect(
      screen.getByRole("heading", { name: "1 file was refused: nothing has been imported" }),
    ).toHaveFocus(),
  );
  expect(
    within(alert).getByText(/^annotator-w3\.json: regions\[3\]\.end: must be greater than start/),
  ).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Merge into study" })).toBeNull();
  expect(await tableCounts()).toEqual([0, 0, 0, 0, 0, 0]);

  await user.click(screen.getByRole("button", { name: "Remove annotator-w3.json" }));
  const preview = await screen.findByRole("region", { name: /New study “Pilot study”/ });
  // The Remove button went away with the list: focus moves to the preview's heading.
  await waitFor(() =>
    expect(within(preview).getByRole("heading", { name: "New study “Pilot study”" })).toHaveFocus(),
  );
  expect(preview).toHaveTextContent("from annotator-w1.json, annotator-w2.json");
  const row = (name: string) =>
    within(preview).getByRole("rowheader", { name }).closest("tr") as HTMLElement;
  // Hand-counted: 1 study, 1 taxonomy entry, 2 clips, 2 annotators, 2 submissions, 2 regions.
  expect(
    within(row("Clips"))
      .getAllByRole("cell")
      .map((c) => c.textContent),
  ).toEqual(["2", "0", "0"]);
  expect(
    within(row("Regions"))
      .getAllByRole("cell")
      .map((c) => c.textContent),
  ).toEqual(["2", "0", "0"]);
  expect(
    within(row("Total"))
      .getAllByRole("cell")
      .map((c) => c.textContent),
  ).toEqual(["10", "0", "0"]);
  expect(await tableCounts()).toEqual([0, 0, 0, 0, 0, 0]);

  const listeners = vi.spyOn(window, "addEventListener");
  const removed = vi.spyOn(window, "removeEventListener");
  await user.click(within(preview).getByRole("button", { name: "Merge into study" }));
  const status = await within(preview).findByRole("status");
  // While it ran, leaving the page would have asked first; now it no longer does.
  expect(listeners.mock.calls.filter(([type]) => type === "beforeunload")).toHaveLength(1);
  expect(removed.mock.calls.filter(([type]) => type === "beforeunload")).toHaveLength(1);
  expect(sessionStorage.getItem("redpen:merge-running")).toBeNull();
  expect(status).toHaveTextContent(
    "Merged into Pilot study (new study): 10 records added or updated.",
  );
  expect(status).toHaveTextContent("2 clips have no audio yet");
  expect(within(status).getByRole("link", { name: "Open the study" })).toHaveAttribute(
    "href",
    "/studies/pilot",
  );
  expect(await tableCounts()).toEqual([1, 2, 2, 2, 2, 0]);
});

test("conflicts: each can be resolved, and 'All incoming' takes every incoming version", async () => {
  const user = userEvent.setup();
  // Store w1's file first.
  render(<ImportAnnotations />);
  await user.upload(screen.getByLabelText("Import annotations"), [
    jsonFile("w1.json", annotatorFile("w1", 0.5, 1)),
  ]);
  await user.click(await screen.findByRole("button", { name: "Merge into study" }));
  await screen.findByRole("status");
  cleanup();

  render(<ImportAnnotations />);
  const changed = annotatorFile("w1", 0.5, 1.5);
  changed.clips[1] = { id: "c2", name: "b.wav", duration: 4, system: "Z" };
  await user.upload(screen.getByLabelText("Import annotations"), [jsonFile("w1-v2.json", changed)]);
  const preview = await screen.findByRole("region", { name: /Into study “Pilot study”/ });
  const clip = within(preview).getByRole("group", { name: "Clip c2" });
  expect(
    within(clip)
      .getAllByRole("row")
      .map((r) => r.textContent),
  ).toEqual(["FieldStoredIncoming", "systemYZ"]);
  const region = within(preview).getByRole("group", { name: "Span c1 · w1 · 0.50–1.00 s" });
  expect(within(region).getByLabelText("Keep stored")).toBeChecked();

  await user.click(within(preview).getByRole("button", { name: "All incoming" }));
  expect(within(clip).getByLabelText(/Use incoming/)).toBeChecked();
  expect(within(region).getByLabelText(/Use incoming/)).toBeChecked();
  // Then keep the stored region after all, with the keyboard.
  within(region)
    .getByLabelText(/Use incoming/)
    .focus();
  await user.keyboard("{ArrowLeft}");
  expect(within(region).getByLabelText("Keep stored")).toBeChecked();

  await user.click(within(preview).getByRole("button", { name: "Merge into study" }));
  await within(preview).findByRole("status");
  const stored = await studyToFile("pilot");
  expect(stored?.clips[1]?.system).toBe("Z");
  expect(stored?.regions).toEqual([
    { id: "w1-r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 },
  ]);
});

test("a file that is not JSON is refused with the file's name", async () => {
  const user = userEvent.setup();
  render(<ImportAnnotations />);
  await user.upload(screen.getByLabelText("Import annotations"), [
    new File(["{ not json"], "notes.json", { type: "application/json" }),
  ]);
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent(/notes\.json: not valid JSON/);
  expect(alert).toHaveTextContent("Fix the file and choose it again.");
  // Removing the only file empties the card: focus goes back to the file input.
  await user.click(screen.getByRole("button", { name: "Remove notes.json" }));
  expect(screen.queryByRole("alert")).toBeNull();
  await waitFor(() => expect(screen.getByLabelText("Import annotations")).toHaveFocus());
});

test("a failing write shows the error, keeps the preview, and stores nothing", async () => {
  const user = userEvent.setup();
  render(<ImportAnnotations />);
  await user.upload(screen.getByLabelText("Import annotations"), [
    jsonFile("w1.json", annotatorFile("w1", 0.5, 1)),
  ]);
  const preview = await screen.findByRole("region", { name: /New study “Pilot study”/ });
  vi.spyOn(db.regions, "bulkPut").mockImplementation(() => {
    throw new Error("disk on fire");
  });
  await user.click(within(preview).getByRole("button", { name: "Merge into study" }));
  expect(await within(preview).findByRole("alert")).toHaveTextContent(
    "Could not save the import into study “Pilot study”: disk on fire",
  );
  expect(within(preview).getByRole("button", { name: "Merge into study" })).toBeEnabled();
  expect(await tableCounts()).toEqual([0, 0, 0, 0, 0, 0]);
});

test("a long conflict list is paged; 'All incoming' also covers the pages not shown", async () => {
  const user = userEvent.setup();
  const base = annotatorFile("w1", 0.5, 1);
  base.clips = Array.from({ length: 120 }, (_, i) => ({
    id: `c${String(i + 1).padStart(3, "0")}`,
    name: `${i}.wav`,
    duration: 4,
    system: "X",
  }));
  base.submissions = [{ clipId: "c001", annotatorId: "w1" }];
  base.regions = [{ id: "w1-r1", clipId: "c001", annotatorId: "w1", start: 0.5, end: 1 }];
  render(<ImportAnnotations />);
  await user.upload(screen.getByLabelText("Import annotations"), [jsonFile("base.json", base)]);
  await user.click(await screen.findByRole("button", { name: "Merge into study" }));
  await screen.findByRole("status");
  cleanup();

  render(<ImportAnnotations />);
  const changed = { ...base, clips: base.clips.map((c) => ({ ...c, system: "Y" })) };
  await user.upload(screen.getByLabelText("Import annotations"), [jsonFile("y.json", changed)]);
  const preview = await screen.findByRole("region", { name: /Into study “Pilot study”/ });
  expect(preview).toHaveTextContent("120 records differ");
  const pages = within(preview).getByRole("navigation", { name: "Conflict pages" });
  expect(pages).toHaveTextContent("1–50 of 120");
  expect(within(preview).getAllByRole("group")).toHaveLength(50);
  expect(within(pages).getByRole("button", { name: "Previous conflicts" })).toBeDisabled();

  await user.click(within(pages).getByRole("button", { name: "Next conflicts" }));
  await within(preview).findByRole("group", { name: "Clip c051" });
  expect(pages).toHaveTextContent("51–100 of 120");
  await user.click(within(pages).getByRole("button", { name: "Next conflicts" }));
  await within(preview).findByRole("group", { name: "Clip c120" });
  expect(within(preview).getAllByRole("group")).toHaveLength(20);
  expect(within(pages).getByRole("button", { name: "Next conflicts" })).toBeDisabled();

  await user.click(within(preview).getByRole("button", { name: "All incoming" }));
  const c120 = within(preview).getByRole("group", { name: "Clip c120" });
  expect(within(c120).getByLabelText(/Use incoming/)).toBeChecked();
  await user.click(within(c120).getByLabelText("Keep stored"));
  await user.click(within(preview).getByRole("button", { name: "Merge into study" }));
  expect(await within(preview).findByRole("status")).toHaveTextContent(
    "Merged into Pilot study: 119 records added or updated.",
  );
  const stored = await studyToFile("pilot");
  expect(stored?.clips.filter((c) => c.system === "X").map((c) => c.id)).toEqual(["c120"]);
});

test("a span deleted before re-sending is listed as left out, kept by default, removed when chosen", async () => {
  const user = userEvent.setup();
  const first = annotatorFile("w1", 0.5, 1);
  first.regions.push({ id: "w1-r2", clipId: "c1", annotatorId: "w1", start: 2, end: 2.75 });
  render(<ImportAnnotations />);
  await user.upload(screen.getByLabelText("Import annotations"), [jsonFile("w1.json", first)]);
  await user.click(await screen.findByRole("button", { name: "Merge into study" }));
  await screen.findByRole("status");
  cleanup();

  render(<ImportAnnotations />);
  await user.upload(screen.getByLabelText("Import annotations"), [
    jsonFile("w1-again.json", annotatorFile("w1", 0.5, 1)),
  ]);
  const preview = await screen.findByRole("region", { name: /Into study “Pilot study”/ });
  const group = within(preview).getByRole("group", { name: "1 span left out of the new files" });
  expect(within(group).getByRole("list", { name: "Spans left out" })).toHaveTextContent(
    "c1 · w1 · 2.00–2.75 s (not in w1-again.json)",
  );
  expect(within(group).getByLabelText("Keep it")).toBeChecked();
  await user.click(within(group).getByLabelText("Remove it"));
  await user.click(within(preview).getByRole("button", { name: "Merge into study" }));
  const status = await within(preview).findByRole("status");
  expect(status).toHaveTextContent("Merged into Pilot study: 1 record added, updated or removed.");
  expect(status).toHaveTextContent("1 span left out of the files removed.");
  expect((await db.regions.toArray()).map((r) => r.id)).toEqual(["w1-r1"]);
});

test("a full disk is reported with the storage-full wording and nothing is stored", async () => {
  const user = userEvent.setup();
  render(<ImportAnnotations />);
  await user.upload(screen.getByLabelText("Import annotations"), [
    jsonFile("w1.json", annotatorFile("w1", 0.5, 1)),
  ]);
  const preview = await screen.findByRole("region", { name: /New study “Pilot study”/ });
  vi.spyOn(db.clips, "bulkPut").mockImplementation(() =>
    Dexie.Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError")),
  );
  await user.click(within(preview).getByRole("button", { name: "Merge into study" }));
  expect(await within(preview).findByRole("alert")).toHaveTextContent(
    /^Storage is full: could not save the import into study “Pilot study”/,
  );
  expect(await tableCounts()).toEqual([0, 0, 0, 0, 0, 0]);
});

test("ids named like Object.prototype members import like any other", async () => {
  const user = userEvent.setup();
  render(<ImportAnnotations />);
  const file: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: { id: "constructor", name: "Odd ids", binSeconds: 0.1 },
    taxonomy: [{ id: "__proto__", label: "Proto" }],
    clips: [
      { id: "__proto__", name: "a.wav", duration: 4, system: "toString" },
      { id: "toString", name: "b.wav", duration: 4, system: "__proto__" },
    ],
    annotators: [
      { id: "hasOwnProperty", role: "crowd" },
      { id: "valueOf", role: "expert" },
    ],
    submissions: [{ clipId: "__proto__", annotatorId: "hasOwnProperty" }],
    regions: [
      { id: "__proto__", clipId: "__proto__", annotatorId: "hasOwnProperty", start: 0, end: 1 },
    ],
    reasonLabels: [{ regionId: "__proto__", annotatorId: "valueOf", reasons: ["__proto__"] }],
  };
  await user.upload(screen.getByLabelText("Import annotations"), [jsonFile("odd.json", file)]);
  const preview = await screen.findByRole("region", { name: /New study “Odd ids”/ });
  // Hand-counted: 1 study, 1 taxonomy entry, 2 clips, 2 annotators, 1 submission, 1 region,
  // 1 reason label = 9 new records.
  expect(
    within(within(preview).getByRole("rowheader", { name: "Total" }).closest("tr") as HTMLElement)
      .getAllByRole("cell")
      .map((c) => c.textContent),
  ).toEqual(["9", "0", "0"]);
  await user.click(within(preview).getByRole("button", { name: "Merge into study" }));
  const status = await within(preview).findByRole("status");
  expect(status).toHaveTextContent("Merged into Odd ids (new study): 9 records added or updated.");
  expect(await tableCounts()).toEqual([1, 2, 2, 1, 1, 1]);
  expect((await db.regions.toArray()).map((r) => r.id)).toEqual(["__proto__"]);
});
