// @vitest-environment happy-dom
// The study page, its card on the home screen and New study speak the study's task (issue 36,
// problem 6): the settings summary names the task (and a transcription test's plays), the link
// help says what the people given a link do, and New study does not keep "Require a 1–5
// naturalness rating" ticked for a transcription test, whose screen asks no rating.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { db } from "../../db/db.ts";
import { createStudy, listStudies } from "../../db/repo.ts";
import { HomePage } from "./HomePage.tsx";
import { StudyPage } from "./StudyPage.tsx";

vi.mock("../../audio/decode.ts", async () =>
  (await import("../../../tests/helpers/fakeDecodeAudio.ts")).fakeDecodeAudioModule(() => 2.4),
);
vi.mock("../import-export/ExportPanel.tsx", () => ({ ExportPanel: () => <p>export widget</p> }));
vi.mock("../import-export/ImportAnnotations.tsx", () => ({
  ImportAnnotations: () => <p>import widget</p>,
}));

afterEach(cleanup);
beforeEach(async () => {
  await db.delete();
  await db.open();
});

function show(node: React.ReactNode, path: string) {
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  render(<Router hook={location.hook}>{node}</Router>);
  return { user, history: location.history };
}

/** The settings summary as term → value. */
async function summary(): Promise<Record<string, string>> {
  const list = await screen.findByText("Participants' language");
  const dl = list.closest("dl") as HTMLElement;
  const terms = within(dl).getAllByRole("term");
  return Object.fromEntries(
    terms.map((dt) => [dt.textContent ?? "", dt.nextElementSibling?.textContent ?? ""]),
  );
}

test("a transcription test's page: the task, its plays and scoring, no rating; the listeners' link help", async () => {
  const id = await createStudy({
    name: "SUS",
    requireRating: true,
    extra: { task: "transcribe", transcription: { maxPlays: 3, unit: "character" } },
  });
  show(<StudyPage studyId={id} />, `/studies/${id}`);
  const items = await summary();
  expect(items).toMatchObject({
    Task: "Transcribe (intelligibility)",
    "Plays per clip": "At most 3",
    "Scored in": "Characters",
    Rating: "Not asked",
  });
  expect(items).not.toHaveProperty("Reasons");
  expect(items).not.toHaveProperty("Bin width");
  expect(
    screen.getByText(
      "Crowd listeners play each clip (at most the plays allowed) and type what they heard; they see no waveform, no clip names and never the clip's text.",
    ),
  ).toBeInTheDocument();
  expect(screen.queryByText(/mark unnatural spans/)).toBeNull();
  // Experts tag spans: a transcription test has none, so no expert links.
  expect(screen.queryByLabelText("Role")).toBeNull();
});

test("a rate study's page: every clip rated; a mark study's keeps its span settings and roles", async () => {
  const rate = await createStudy({ name: "MOS", requireRating: false, extra: { task: "rate" } });
  show(<StudyPage studyId={rate} />, `/studies/${rate}`);
  expect(await summary()).toMatchObject({ Task: "Rate only (MOS)", Rating: "Required (1–5)" });
  expect(
    screen.getByText(/Crowd listeners play each clip and rate it from 1 to 5/),
  ).toBeInTheDocument();
  cleanup();
  const mark = await createStudy({ name: "Spans", binSeconds: 0.05, requireRating: false });
  show(<StudyPage studyId={mark} />, `/studies/${mark}`);
  expect(await summary()).toMatchObject({
    Task: "Mark unnatural spans",
    Rating: "Optional",
    "Bin width": "0.05 s",
    Reasons: "11 types",
  });
  expect(
    screen.getByText(/Crowd annotators mark unnatural spans and rate each clip/),
  ).toBeInTheDocument();
  expect(screen.getByLabelText("Role")).toBeInTheDocument();
});

test("New study: Transcribe unticks and disables the rating box, and the study asks no rating", async () => {
  const { user, history } = show(<HomePage />, "/");
  const rating = screen.getByLabelText(/Require a 1–5 naturalness rating/);
  expect(rating).toBeChecked();
  expect(rating).toBeEnabled();
  await user.click(screen.getByRole("radio", { name: /Transcribe \(intelligibility\)/ }));
  expect(rating).not.toBeChecked();
  expect(rating).toBeDisabled();
  expect(rating).toHaveAccessibleDescription(
    "A transcription test asks no rating: its listeners type what they heard.",
  );
  await user.type(screen.getByLabelText("Study name"), "SUS pilot");
  await user.upload(screen.getByLabelText("Audio files"), [
    new File([new Uint8Array([82, 73, 70, 70])], "a.wav", { type: "audio/wav" }),
  ]);
  await screen.findByText("1 clip ready");
  await user.click(screen.getByRole("button", { name: "Create study" }));
  await waitFor(() => expect(history.at(-1)).toMatch(/^\/studies\//));
  const [study] = await listStudies();
  expect([study?.requireRating, study?.extra.task]).toEqual([false, "transcribe"]);
});

test("New study: Rate only keeps the box ticked and disabled; back to Mark, the choice is the researcher's", async () => {
  const { user } = show(<HomePage />, "/");
  const rating = screen.getByLabelText(/Require a 1–5 naturalness rating/);
  await user.click(rating);
  expect(rating).not.toBeChecked();
  await user.click(screen.getByRole("radio", { name: /Rate only \(MOS\)/ }));
  expect(rating).toBeChecked();
  expect(rating).toBeDisabled();
  await user.click(screen.getByRole("radio", { name: /Mark unnatural spans/ }));
  expect(rating).not.toBeChecked();
  expect(rating).toBeEnabled();
});

test("the home screen's card names each study's task", async () => {
  await createStudy({ name: "SUS", extra: { task: "transcribe" } });
  show(<HomePage />, "/");
  const link = await screen.findByRole("link", { name: "SUS" });
  expect(link.parentElement).toHaveTextContent("Transcribe (intelligibility) · 0 clips");
});

test("Edit settings: switching a study to Transcribe stores no rating requirement", async () => {
  const id = await createStudy({ name: "Was spans", requireRating: true });
  const { user } = show(<StudyPage studyId={id} />, `/studies/${id}`);
  await user.click(await screen.findByRole("button", { name: "Edit settings" }));
  const form = await screen.findByRole("form", { name: "Study settings" }, { timeout: 20_000 });
  const rating = within(form).getByLabelText(/Require a 1–5 naturalness rating/);
  expect(rating).toBeChecked();
  expect(within(form).getByLabelText("Instructions for annotators")).toHaveAttribute(
    "placeholder",
    "e.g. Drag across every part of the clip that sounds unnatural.",
  );
  await user.click(within(form).getByRole("radio", { name: /Transcribe \(intelligibility\)/ }));
  expect(rating).not.toBeChecked();
  expect(rating).toBeDisabled();
  expect(within(form).getByLabelText("Instructions for annotators")).toHaveAttribute(
    "placeholder",
    "e.g. Type exactly the words you hear, even if the sentence makes no sense.",
  );
  await user.click(within(form).getByRole("button", { name: "Save settings" }));
  await waitFor(async () => {
    const [study] = await listStudies();
    expect([study?.requireRating, study?.extra.task]).toEqual([false, "transcribe"]);
  });
});

test("a comparison study's page: its task, its design and pre-test in the summary, the links for listeners and publishing (the server collects it)", async () => {
  const clip = (id: string, system: string, isReference?: boolean) => ({
    clip: {
      id,
      name: `${id}.wav`,
      duration: 2,
      system,
      sentence: "s1",
      ...(isReference ? { isReference } : {}),
    },
  });
  const id = await createStudy({
    name: "A/B",
    requireRating: false,
    extra: {
      task: "compare",
      comparison: { scale: "ccr", question: "Which is clearer?" },
      qualification: { pairs: ["pre"], passAccuracy: 0.8, screenOut: false },
    },
    clips: [clip("h", "human", true), clip("x", "A"), clip("y", "B")],
    pairs: [
      { id: "s1:A~B", a: "x", b: "y" },
      { id: "s1:A~human", a: "x", b: "h" },
      { id: "pre", a: "h", b: "x" },
    ],
  });
  show(<StudyPage studyId={id} />, `/studies/${id}`);
  expect(await summary()).toMatchObject({
    Task: "Compare pairs (A/B, CMOS)",
    Comparison: "CCR, 7 points (CMOS); 2 pairs; “Which is clearer?”",
    "Pre-test":
      "1 natural–synthetic pair, pass at 80 % correct; recorded only (nobody screened out)",
  });
  expect(await screen.findByText("Links for annotators")).toBeInTheDocument();
  expect(
    screen.getByText(/Each participant judges their pairs .* labelled only 1 and 2/),
  ).toBeInTheDocument();
});
