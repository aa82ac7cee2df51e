// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { db } from "../../db/db.ts";
import { ensureDemoStudy } from "../../db/demo.ts";
import {
  addClips,
  createStudy,
  ensureAnnotator,
  getClipAudio,
  listClips,
  listStudies,
  saveSubmission,
} from "../../db/repo.ts";
import { HomePage } from "./HomePage.tsx";

// happy-dom has no Web Audio: the decoder is replaced ("broken…" fails as in Chromium).
vi.mock("../../audio/decode.ts", async () =>
  (await import("../../../tests/helpers/fakeDecodeAudio.ts")).fakeDecodeAudioModule((name) =>
    name.startsWith("long") ? 75.5 : 2.4,
  ),
);
vi.mock("../../db/demo.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../db/demo.ts")>()),
  ensureDemoStudy: vi.fn(async () => "created"),
}));
// The import card's content belongs to the import-export feature and has its own tests.
vi.mock("../import-export/ImportAnnotations.tsx", () => ({
  ImportAnnotations: () => <p>import widget</p>,
}));

afterEach(cleanup);

beforeEach(async () => {
  await db.delete();
  await db.open();
});

function renderHome() {
  const location = memoryLocation({ path: "/", record: true });
  const user = userEvent.setup();
  render(
    <Router hook={location.hook}>
      <HomePage />
    </Router>,
  );
  return { user, history: location.history };
}

const wav = (name: string) =>
  new File([new Uint8Array([82, 73, 70, 70, 1, 2])], name, { type: "audio/wav" });

describe("study list", () => {
  test("empty state when there are no studies", async () => {
    renderHome();
    expect(await screen.findByText("No studies yet")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "RedPen Annotator" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Import annotations" })).toBeInTheDocument();
    expect(screen.getByText("import widget")).toBeInTheDocument();
  });

  test("lists stored studies with their counts and links", async () => {
    const id = await createStudy({ name: "Pilot A" });
    await addClips(id, [
      { clip: { id: "c1", name: "c1.wav", duration: 1 } },
      { clip: { id: "c2", name: "c2.wav", duration: 1 } },
    ]);
    await ensureAnnotator(id, "w1", "crowd");
    await saveSubmission(id, { clipId: "c1", annotatorId: "w1" });
    await createStudy({ name: "Pilot B" });
    renderHome();
    const list = await screen.findByRole("list", { name: "Studies" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(
      await within(list).findByText("Mark unnatural spans · 2 clips · 1 annotator · 1 submission"),
    ).toBeInTheDocument();
    expect(
      within(list).getByText("Mark unnatural spans · 0 clips · 0 annotators · 0 submissions"),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Annotate Pilot A" })).toHaveAttribute(
      "href",
      `/annotate/${id}`,
    );
    expect(screen.getByRole("link", { name: "Study Pilot A" })).toHaveAttribute(
      "href",
      `/studies/${id}`,
    );
    expect(screen.getByRole("link", { name: "Analysis Pilot A" })).toHaveAttribute(
      "href",
      `/studies/${id}/analysis`,
    );
  });

  test("without the demo study, a button adds it back", async () => {
    const { user } = renderHome();
    await user.click(await screen.findByRole("button", { name: "Add the demo study" }));
    expect(ensureDemoStudy).toHaveBeenCalledWith({ force: true });
  });

  test("no demo button while the demo study exists", async () => {
    await createStudy({ id: "demo", name: "Demo" });
    renderHome();
    await screen.findByText("Demo");
    expect(screen.queryByRole("button", { name: "Add the demo study" })).not.toBeInTheDocument();
  });

  test("delete asks first; Cancel keeps the study, confirming removes it", async () => {
    await createStudy({ name: "Doomed" });
    const { user } = renderHome();
    await user.click(await screen.findByRole("button", { name: "Delete Doomed" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete Doomed?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(await listStudies()).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Delete Doomed" }));
    await user.click(screen.getByRole("button", { name: "Delete study" }));
    expect(await screen.findByText("No studies yet")).toBeInTheDocument();
    expect(await listStudies()).toEqual([]);
  });
});

describe("new study form", () => {
  test("refuses an empty form with a message per field, storing nothing", async () => {
    const { user } = renderHome();
    await user.clear(screen.getByLabelText("Bin width (s)"));
    await user.type(screen.getByLabelText("Bin width (s)"), "0");
    await user.click(screen.getByRole("button", { name: "Create study" }));
    expect(screen.getByText("Enter a name for the study.")).toBeInTheDocument();
    expect(
      screen.getByText("Bin width must be a number of seconds greater than 0."),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Add at least one audio file that this browser can decode."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Study name")).toHaveAttribute("aria-invalid", "true");
    expect(await listStudies()).toEqual([]);
  });

  test("a file that fails to decode is listed with its reason; the good ones are imported", async () => {
    const { user, history } = renderHome();
    await user.type(screen.getByLabelText("Study name"), "Mixed bag");
    await user.upload(screen.getByLabelText("Audio files"), [
      wav("a.wav"),
      wav("broken.wav"),
      wav("long.wav"),
    ]);
    const alert = await screen.findByText(/1 file could not be used/);
    expect(alert.parentElement).toHaveTextContent(
      "broken.wav: could not decode audio (EncodingError: Unable to decode audio data)",
    );
    // …and says what to do about it.
    expect(alert.parentElement).toHaveTextContent(
      "To include this one, convert it to WAV, MP3, FLAC or OGG and choose it again.",
    );
    const good = screen.getByRole("list", { name: "Audio files to import" });
    expect(
      within(good)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["a.wav2.40 s×", "long.wav1:15.50×"]);
    expect(screen.getByText("2 clips ready")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create study" }));
    await waitFor(() => expect(history.at(-1)).toMatch(/^\/studies\/mixed-bag-[a-z0-9]{4}$/));
    const studies = await listStudies();
    expect(studies.map((s) => [s.name, s.binSeconds, s.requireRating])).toEqual([
      ["Mixed bag", 0.1, true],
    ]);
    const id = studies[0]?.id ?? "";
    const clips = await listClips(id);
    expect(clips.map((c) => [c.id, c.name, c.duration])).toEqual([
      ["a", "a.wav", 2.4],
      ["long", "long.wav", 75.5],
    ]);
    // the test DOM's Blob may not survive fake-indexeddb's structured clone intact, so only the
    // presence of the audio rows is checked here; the browser test plays stored audio back.
    expect(await getClipAudio(id, "a")).toBeDefined();
    expect(await getClipAudio(id, "long")).toBeDefined();
    expect(await getClipAudio(id, "broken")).toBeUndefined();
  });

  test("CSV metadata is matched by file name; bad rows block, unmatched rows warn", async () => {
    const { user, history } = renderHome();
    await user.type(screen.getByLabelText("Study name"), "With CSV");
    await user.upload(screen.getByLabelText("Audio files"), [wav("s1_tts.wav"), wav("s1_nat.wav")]);
    const bad = new File(
      ["name,system,score,isReference\ns1_tts.wav,tts,high,no\ns1_nat.wav,human,4.5,maybe\n"],
      "meta.csv",
      { type: "text/csv" },
    );
    expect(screen.getByText("Choose CSV file")).toBeInTheDocument();
    await user.upload(screen.getByLabelText(/Clip metadata CSV/), bad);
    // The chosen file is named once, beside a button to choose another (no native "No file
    // chosen" next to it).
    expect(screen.getByText("meta.csv")).toBeInTheDocument();
    expect(screen.getByText("Choose another CSV")).toBeInTheDocument();
    expect(await screen.findByText('row 2: score "high" is not a number')).toBeInTheDocument();
    expect(
      screen.getByText('row 3: isReference "maybe" is not true/false (or yes/no, 1/0)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create study" }));
    expect(screen.getByText("Fix the CSV problems, or remove the CSV.")).toBeInTheDocument();
    expect(await listStudies()).toEqual([]);

    const good = new File(
      [
        "name,system,sentence,score,isReference\ns1_tts,tts,s1,2.5,false\ns1_nat.wav,human,s1,4.5,true\nghost.wav,x,,,\n",
      ],
      "meta.csv",
      { type: "text/csv" },
    );
    await user.upload(screen.getByLabelText(/Clip metadata CSV/), good);
    expect(await screen.findByText('row 4: "ghost.wav" matches no audio file')).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create study" }));
    await waitFor(() => expect(history.at(-1)).toMatch(/^\/studies\//));
    const id = (await listStudies())[0]?.id ?? "";
    expect(
      (await listClips(id)).map((c) => [c.id, c.system, c.sentence, c.score, c.isReference]),
    ).toEqual([
      ["s1_tts", "tts", "s1", 2.5, false],
      ["s1_nat", "human", "s1", 4.5, true],
    ]);
  });

  test("the same file name twice is refused", async () => {
    const { user } = renderHome();
    await user.upload(screen.getByLabelText("Audio files"), [wav("a.wav")]);
    await user.upload(screen.getByLabelText("Audio files"), [wav("a.wav")]);
    expect(
      await screen.findByText("a.wav: a file with this name is already in the list"),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Audio files to import" })).getAllByRole(
          "listitem",
        ),
      ).toHaveLength(1),
    );
  });
});
