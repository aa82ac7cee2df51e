// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { db } from "../../db/db.ts";
import { addClips, createStudy, ensureAnnotator, saveSubmission } from "../../db/repo.ts";
import { StudyPage } from "./StudyPage.tsx";

vi.mock("../import-export/ExportPanel.tsx", () => ({
  ExportPanel: ({ studyId }: { studyId: string }) => <p>export widget for {studyId}</p>,
}));

afterEach(cleanup);
beforeEach(async () => {
  await db.delete();
  await db.open();
});

function renderStudy(studyId: string) {
  const location = memoryLocation({ path: `/studies/${studyId}` });
  render(
    <Router hook={location.hook}>
      <StudyPage studyId={studyId} />
    </Router>,
  );
  return userEvent.setup();
}

test("an unknown study id shows a not-found state", async () => {
  renderStudy("nope");
  expect(await screen.findByRole("heading", { name: "Study not found" })).toBeInTheDocument();
  expect(screen.getByText(/There is no study “nope”/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to the studies" })).toHaveAttribute("href", "/");
  await waitFor(() => expect(document.title).toBe("Study not found · RedPen Annotator"));
});

test("shows settings, the clip table with submission counts, and the export panel", async () => {
  const id = await createStudy({ name: "Pilot", binSeconds: 0.05, requireRating: true });
  await addClips(id, [
    {
      clip: {
        id: "n",
        name: "nat.wav",
        duration: 2.4,
        system: "human",
        sentence: "s1",
        isReference: true,
      },
    },
    { clip: { id: "t", name: "tts.wav", duration: 75.5, system: "tts" } },
  ]);
  await ensureAnnotator(id, "w1", "crowd");
  await ensureAnnotator(id, "w2", "crowd");
  await saveSubmission(id, { clipId: "t", annotatorId: "w1" });
  await saveSubmission(id, { clipId: "t", annotatorId: "w2" });
  await saveSubmission(id, { clipId: "n", annotatorId: "w2" });
  renderStudy(id);
  expect(await screen.findByRole("heading", { level: 1, name: "Pilot" })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe("Study · Pilot · RedPen Annotator"));
  expect(screen.getByText("0.05 s")).toBeInTheDocument();
  expect(screen.getByText("Required (1–5)")).toBeInTheDocument();
  const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
  expect(
    rows.map((r) =>
      within(r)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ),
  ).toEqual([
    ["1", "nat.wav", "human", "s1", "2.40 s", "reference", "1"],
    ["2", "tts.wav", "tts", "—", "1:15.50", "no", "2"],
  ]);
  expect(screen.getByText("1 of 2 clips submitted")).toBeInTheDocument();
  expect(screen.getByText("2 of 2 clips submitted")).toBeInTheDocument();
  expect(await screen.findByText(`export widget for ${id}`)).toBeInTheDocument(); // lazy-loaded
  expect(screen.getByRole("link", { name: "Analysis" })).toHaveAttribute(
    "href",
    `/studies/${id}/analysis`,
  );
});

test("builds the annotator link from an id and a role; refuses bad ids", async () => {
  const id = await createStudy({ id: "pilot", name: "Pilot" });
  const user = renderStudy(id);
  const input = await screen.findByLabelText("Annotator id");
  await user.type(input, "w 17");
  expect(screen.getByText(/no spaces/)).toBeInTheDocument();
  expect(screen.queryByLabelText("Link")).not.toBeInTheDocument();
  await user.clear(input);
  await user.type(input, "w17");
  expect(screen.getByLabelText("Link")).toHaveValue(
    `${window.location.origin}/annotate/pilot?annotator=w17&role=crowd`,
  );
  await user.selectOptions(screen.getByLabelText("Role"), "expert");
  expect(screen.getByLabelText("Link")).toHaveValue(
    `${window.location.origin}/annotate/pilot?annotator=w17&role=expert`,
  );
  await user.click(screen.getByRole("button", { name: "Copy link" }));
  expect(await navigator.clipboard.readText()).toBe(
    `${window.location.origin}/annotate/pilot?annotator=w17&role=expert`,
  );
  expect(screen.getByText("Copied.")).toBeInTheDocument();
});
