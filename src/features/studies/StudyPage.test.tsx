// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { db } from "../../db/db.ts";
import {
  addClips,
  clipsWithoutAudio,
  createStudy,
  ensureAnnotator,
  getClipAudio,
  getStudy,
  listClips,
  saveSubmission,
} from "../../db/repo.ts";
import { StudyPage } from "./StudyPage.tsx";

// happy-dom has no Web Audio: the decoder is replaced ("broken…" fails as in Chromium).
vi.mock("../../audio/decode.ts", async () =>
  (await import("../../../tests/helpers/fakeDecodeAudio.ts")).fakeDecodeAudioModule(() => 3.25),
);
// The repository as it is, but a test can hold back the list of clips without audio.
vi.mock("../../db/repo.ts", async (original) => {
  const repo = await original<typeof import("../../db/repo.ts")>();
  return { ...repo, clipsWithoutAudio: vi.fn(repo.clipsWithoutAudio) };
});
vi.mock("../import-export/ExportPanel.tsx", () => ({
  ExportPanel: ({ studyId }: { studyId: string }) => <p>export widget for {studyId}</p>,
}));

afterEach(cleanup);
beforeEach(async () => {
  await db.delete();
  await db.open();
});

// The page loads its settings form on demand (React.lazy). Loaded here first, so that the tests
// wait for the form to render, not for its module to be transformed, which took over 5 s at
// load 15.
beforeAll(() => import("./StudySettingsForm.tsx"), 60_000);

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
    ["1", "nat.wav", "human", "s1", "", "2.40 s", "reference", "1"],
    ["2", "tts.wav", "tts", "—", "", "1:15.50", "no", "2"],
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

const wav = (name: string) =>
  new File([new Uint8Array([82, 73, 70, 70, 1, 2])], name, { type: "audio/wav" });

async function pilot() {
  const id = await createStudy({
    id: "pilot",
    name: "Pilot",
    binSeconds: 0.1,
    requireRating: false,
    extra: { description: "First try", protocol: "MUSHRA-like" },
  });
  await addClips(id, [
    { clip: { id: "a", name: "a.mp3", duration: 1.5 }, blob: new Blob([new Uint8Array(8)]) },
    { clip: { id: "b", name: "b.wav", duration: 2 }, blob: new Blob([new Uint8Array(8)]) },
  ]);
  return id;
}

describe("Edit settings", () => {
  test("saves name, bin width, rating, description and instructions; keeps other details", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    const form = await screen.findByRole("form", { name: "Study settings" });
    const name = within(form).getByLabelText("Study name");
    expect(name).toHaveFocus();
    expect(name).toHaveValue("Pilot");
    expect(within(form).getByLabelText("Bin width (s)")).toHaveValue(0.1);
    expect(within(form).getByLabelText(/Description/)).toHaveValue("First try");

    await user.clear(name);
    await user.type(name, "  Pilot, round 2 ");
    await user.clear(within(form).getByLabelText("Bin width (s)"));
    await user.type(within(form).getByLabelText("Bin width (s)"), "0.25");
    await user.clear(within(form).getByLabelText(/Description/));
    await user.type(
      within(form).getByLabelText("Instructions for annotators"),
      "Mark every span that sounds robotic.",
    );
    await user.click(within(form).getByLabelText(/Require a 1–5 naturalness rating/));
    await user.click(within(form).getByRole("button", { name: "Save settings" }));

    await waitFor(() =>
      expect(screen.queryByRole("form", { name: "Study settings" })).not.toBeInTheDocument(),
    );
    const stored = await getStudy(id);
    expect(stored).toMatchObject({
      name: "Pilot, round 2",
      binSeconds: 0.25,
      requireRating: true,
      // The emptied description is removed; the unknown detail is kept as it was.
      extra: { protocol: "MUSHRA-like", instructions: "Mark every span that sounds robotic." },
    });
    expect(stored?.extra).not.toHaveProperty("description");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Pilot, round 2" }),
    ).toBeInTheDocument();
    expect(screen.getByText("0.25 s")).toBeInTheDocument();
    expect(screen.getByText("Required (1–5)")).toBeInTheDocument();
    expect(screen.getByText("Mark every span that sounds robotic.")).toBeInTheDocument();
    expect(screen.queryByText("First try")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Edit settings" })).toHaveFocus(),
    );
  });

  test("the participant links a server accepts: stored as the study's participantLinks, unset again", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    let form = await screen.findByRole("form", { name: "Study settings" });
    const field = () =>
      within(form).getByLabelText("Participant links a collection server accepts");
    expect(field()).toHaveValue("");
    await user.selectOptions(field(), "Prolific links only (PROLIFIC_PID)");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(async () =>
      expect((await getStudy(id))?.extra.participantLinks).toBe("prolific"),
    );
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    form = await screen.findByRole("form", { name: "Study settings" });
    expect(field()).toHaveValue("prolific");
    await user.selectOptions(
      field(),
      "As the platform says (a Prolific study: Prolific links only)",
    );
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(async () =>
      expect((await getStudy(id))?.extra).not.toHaveProperty("participantLinks"),
    );
    expect((await getStudy(id))?.extra).toMatchObject({ protocol: "MUSHRA-like" });
  });

  test("the participants' language and texts: stored, the standard rating wording follows", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    expect(await screen.findByText("English (en)")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    const form = await screen.findByRole("form", { name: "Study settings" });
    await user.selectOptions(
      within(form).getByLabelText("Language of the participant's pages"),
      "vi",
    );
    // The standard question is now the Vietnamese one.
    expect(within(form).getByLabelText("Question")).toHaveValue(
      "Bản ghi âm này tự nhiên (giống giọng người thật) đến mức nào?",
    );
    const texts = within(form).getByLabelText("Texts (JSON)");
    // A text that drops the catalogue's argument is refused, named, and nothing is stored.
    await user.click(texts);
    await user.paste('{ "hp.round": "Vòng {n}" }');
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(
      within(form).getByText("hp.round: must use {n}, {total}, as the English does"),
    ).toBeInTheDocument();
    expect((await getStudy(id))?.extra).not.toHaveProperty("language");
    await user.clear(texts);
    await user.click(texts);
    await user.paste('{ "consent.start": "Bắt đầu ngay" }');
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(async () =>
      expect((await getStudy(id))?.extra).toMatchObject({
        language: "vi",
        participantTexts: { "consent.start": "Bắt đầu ngay" },
      }),
    );
    // The standard wording in Vietnamese is implied, not stored.
    expect((await getStudy(id))?.extra).not.toHaveProperty("ratingScale");
    expect(await screen.findByText("Vietnamese (vi)")).toBeInTheDocument();
  });

  test("refuses an empty name and a bin width of 0, and stores nothing", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    const form = await screen.findByRole("form", { name: "Study settings" });
    await user.clear(within(form).getByLabelText("Study name"));
    await user.clear(within(form).getByLabelText("Bin width (s)"));
    await user.type(within(form).getByLabelText("Bin width (s)"), "0");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(within(form).getByText("Enter a name for the study.")).toBeInTheDocument();
    expect(
      within(form).getByText("Bin width must be a number of seconds greater than 0."),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText("Study name")).toHaveAttribute("aria-invalid", "true");
    expect(await getStudy(id)).toMatchObject({ name: "Pilot", binSeconds: 0.1 });
  });

  test("the rating question: a study's own wording is stored, the standard one is implied", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    let form = await screen.findByRole("form", { name: "Study settings" });
    const question = within(form).getByLabelText("Question");
    expect(question).toHaveValue("How natural (i.e. human-sounding) is this recording?");
    expect(within(form).getByLabelText("Point 1")).toHaveValue("Bad – Very unnatural speech");
    await user.clear(question);
    await user.type(question, "How pleasant is this voice?");
    await user.clear(within(form).getByLabelText("Point 5"));
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    // An empty point is refused, named, and nothing is stored.
    expect(
      within(form).getByText("ratingScale.labels[4] (point 5) must be a non-empty text"),
    ).toBeInTheDocument();
    expect((await getStudy(id))?.extra).not.toHaveProperty("ratingScale");
    await user.type(within(form).getByLabelText("Point 5"), "Excellent");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(async () =>
      expect((await getStudy(id))?.extra.ratingScale).toEqual({
        question: "How pleasant is this voice?",
        labels: [
          "Bad – Very unnatural speech",
          "Poor – Unnatural speech",
          "Fair – Neither natural nor unnatural speech",
          "Good – Natural speech",
          "Excellent",
        ],
      }),
    );
    // Back to the standard wording: the stored copy goes (the default is implied).
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    form = await screen.findByRole("form", { name: "Study settings" });
    await user.click(within(form).getByRole("button", { name: "Use the standard wording" }));
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(async () =>
      expect((await getStudy(id))?.extra).not.toHaveProperty("ratingScale"),
    );
  });

  test("protocol details for the report: stored as study.protocol, pay checked, free text kept", async () => {
    const id = await pilot(); // its extra.protocol is the free text "MUSHRA-like"
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    let form = await screen.findByRole("form", { name: "Study settings" });
    // Nothing filled in: the old free-text protocol stays as it was.
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(() =>
      expect(screen.queryByRole("form", { name: "Study settings" })).not.toBeInTheDocument(),
    );
    expect((await getStudy(id))?.extra.protocol).toBe("MUSHRA-like");

    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    form = await screen.findByRole("form", { name: "Study settings" });
    await user.type(within(form).getByLabelText("Platform"), "Prolific");
    await user.type(within(form).getByLabelText("Pay per participant"), "two pounds");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(
      within(form).getByText("Pay per participant must be a number of 0 or more (e.g. 2.50)."),
    ).toBeInTheDocument();
    expect((await getStudy(id))?.extra.protocol).toBe("MUSHRA-like");
    await user.clear(within(form).getByLabelText("Pay per participant"));
    await user.type(within(form).getByLabelText("Pay per participant"), "2.5");
    await user.type(within(form).getByLabelText("Currency"), "GBP");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(async () =>
      expect((await getStudy(id))?.extra.protocol).toEqual({
        platform: "Prolific",
        payAmount: 2.5,
        currency: "GBP",
      }),
    );
  });

  test("instruction arms: two or more texts, each problem naming the arm and field; stored as study.arms", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    let form = await screen.findByRole("form", { name: "Study settings" });
    await user.click(within(form).getByRole("button", { name: "Add instruction arms" }));
    await user.clear(within(form).getByLabelText("Arm 1 id"));
    await user.type(within(form).getByLabelText("Arm 1 id"), "natural voice");
    await user.type(within(form).getByLabelText("Arm 1 instructions"), "How natural is it?");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(
      within(form).getByText(
        "Arm 1, id: must be a short name: 1–64 letters, digits, '-', '_' or '.', starting with a letter or digit Arm 2, instructions: must not be empty",
      ),
    ).toBeInTheDocument();
    expect((await getStudy(id))?.extra).not.toHaveProperty("arms");
    await user.clear(within(form).getByLabelText("Arm 1 id"));
    await user.type(within(form).getByLabelText("Arm 1 id"), "natural");
    await user.clear(within(form).getByLabelText("Arm 2 id"));
    await user.type(within(form).getByLabelText("Arm 2 id"), "natural");
    await user.type(within(form).getByLabelText("Arm 2 instructions"), "  Rate the quality. ");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(
      within(form).getByText(
        'Arm 2, id: "natural" is the id of an earlier arm; each arm needs its own',
      ),
    ).toBeInTheDocument();
    await user.clear(within(form).getByLabelText("Arm 2 id"));
    await user.type(within(form).getByLabelText("Arm 2 id"), "quality");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(async () =>
      expect((await getStudy(id))?.extra.arms).toEqual([
        { id: "natural", instructions: "How natural is it?" },
        { id: "quality", instructions: "Rate the quality." },
      ]),
    );
    expect(await screen.findByText("natural, quality")).toBeInTheDocument();

    // One arm left is refused; removing both takes the arms away.
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    form = await screen.findByRole("form", { name: "Study settings" });
    expect(within(form).getByLabelText("Arm 2 instructions")).toHaveValue("Rate the quality.");
    await user.click(within(form).getByRole("button", { name: "Remove arm 2" }));
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(
      within(form).getByText(
        "Instruction arms: must list 2 to 20 arms (got 1); a study with one text has only its instructions",
      ),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Remove arm 1" }));
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(async () => expect((await getStudy(id))?.extra).not.toHaveProperty("arms"));
  });

  test("the intake questionnaire: questions switched on and free questions stored as study.intake", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    const form = await screen.findByRole("form", { name: "Study settings" });
    await user.selectOptions(within(form).getByLabelText("Your age"), "required");
    await user.selectOptions(within(form).getByLabelText("Country where you live"), "optional");
    await user.selectOptions(
      within(form).getByLabelText("Headphone check before the clips"),
      "huggins",
    );
    await user.type(
      within(form).getByLabelText("Free questions"),
      "* Have you heard synthetic speech before?{enter}Anything else?",
    );
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(async () =>
      expect((await getStudy(id))?.extra.intake).toEqual({
        standard: {
          ageBand: "required",
          gender: "off",
          nativeLanguages: "off",
          country: "optional",
          device: "off",
          headphones: "off",
          hearingImpairment: "off",
        },
        // Each free question gets its id (answers are stored under it), in order.
        free: [
          { id: "q1", text: "Have you heard synthetic speech before?", required: true },
          { id: "q2", text: "Anything else?", required: false },
        ],
      }),
    );
    expect((await getStudy(id))?.extra.screening).toEqual({
      test: "huggins",
      trials: 6,
      passAt: 5,
    });
  });

  test("Cancel leaves the study as it was", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Edit settings" }));
    await user.type(await screen.findByLabelText("Study name"), " changed");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Study settings" })).not.toBeInTheDocument();
    expect(await getStudy(id)).toMatchObject({ name: "Pilot" });
    expect(screen.getByRole("heading", { level: 1, name: "Pilot" })).toBeInTheDocument();
  });
});

describe("Add clips", () => {
  test("appends decodable files after the existing clips with their CSV metadata", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Add clips" }));
    const form = screen.getByRole("form", { name: "Add clips" });
    expect(within(form).getByRole("button", { name: "Choose audio files" })).toHaveFocus();
    await user.upload(within(form).getByLabelText("Audio files"), [
      wav("c.wav"),
      wav("broken.wav"),
      wav("b.wav"), // the study has a clip of this name: refused
      wav("a.wav"), // a different file whose id "a" is taken: becomes "a-2"
    ]);
    expect(
      await within(form).findByText("b.wav: the study already has a clip with this name"),
    ).toBeInTheDocument();
    expect(await within(form).findByText(/1 file could not be used/)).toBeInTheDocument();
    await user.upload(
      within(form).getByLabelText(/Clip metadata CSV/),
      new File(["name,system,sentence,score\nc.wav,tts,s9,3.5\n"], "more.csv", {
        type: "text/csv",
      }),
    );
    expect(
      await within(form).findByText("2 clips ready; they go after clip 2."),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Add clips" }));

    await waitFor(() =>
      expect(screen.queryByRole("form", { name: "Add clips" })).not.toBeInTheDocument(),
    );
    const clips = await listClips(id);
    expect(clips.map((c) => [c.order, c.id, c.name, c.duration, c.system, c.score])).toEqual([
      [0, "a", "a.mp3", 1.5, undefined, undefined],
      [1, "b", "b.wav", 2, undefined, undefined],
      [2, "c", "c.wav", 3.25, "tts", 3.5],
      [3, "a-2", "a.wav", 3.25, undefined, undefined],
    ]);
    expect(await getClipAudio(id, "c")).toBeDefined();
    expect(await getClipAudio(id, "a-2")).toBeDefined();
    expect(
      await screen.findByText("4 clips, in the order annotators see them."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Add clips" })).toHaveFocus());
  });

  test("a file named like an imported clip without audio is refused with where its audio goes", async () => {
    const id = await pilot();
    await addClips(id, [{ clip: { id: "x", name: "x.wav", duration: 1 } }]); // no audio
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Add clips" }));
    const form = screen.getByRole("form", { name: "Add clips" });
    await user.upload(within(form).getByLabelText("Audio files"), [wav("x.wav")]);
    expect(
      await within(form).findByText(
        "x.wav: the study has this clip without its audio; drop the file on “Audio for imported clips” (under Export) to add it",
      ),
    ).toBeInTheDocument();
    expect(within(form).queryByRole("list", { name: "Audio files to import" })).toBeNull();
  });

  test("a clip's audio chosen before the study's clips without audio are read waits for them", async () => {
    const id = await pilot();
    await addClips(id, [{ clip: { id: "x", name: "x.wav", duration: 1 } }]); // no audio
    // The list of clips without audio comes only after the file is chosen (a loaded machine).
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const real = (await vi.importActual<typeof import("../../db/repo.ts")>("../../db/repo.ts"))
      .clipsWithoutAudio;
    vi.mocked(clipsWithoutAudio).mockImplementation(async (studyId) => {
      await gate;
      return real(studyId);
    });
    try {
      const user = renderStudy(id);
      await user.click(await screen.findByRole("button", { name: "Add clips" }));
      const form = screen.getByRole("form", { name: "Add clips" });
      await user.upload(within(form).getByLabelText("Audio files"), [wav("x.wav")]);
      // Not refused as a name the study has, nor listed: it waits.
      expect(within(form).queryByText(/already has a clip with this name/)).toBeNull();
      expect(within(form).queryByRole("list", { name: "Audio files to import" })).toBeNull();
      release();
      expect(
        await within(form).findByText(
          "x.wav: the study has this clip without its audio; drop the file on “Audio for imported clips” (under Export) to add it",
        ),
      ).toBeInTheDocument();
      expect(within(form).queryByRole("list", { name: "Audio files to import" })).toBeNull();
    } finally {
      vi.mocked(clipsWithoutAudio).mockImplementation(real);
    }
  });

  test("refuses to add nothing, and waits for files still decoding", async () => {
    const id = await pilot();
    const user = renderStudy(id);
    await user.click(await screen.findByRole("button", { name: "Add clips" }));
    const form = screen.getByRole("form", { name: "Add clips" });
    await user.click(within(form).getByRole("button", { name: "Add clips" }));
    expect(
      within(form).getByText("Add at least one audio file that this browser can decode."),
    ).toBeInTheDocument();
    await user.upload(within(form).getByLabelText("Audio files"), [wav("broken.wav")]);
    await within(form).findByText(/1 file could not be used/);
    await user.click(within(form).getByRole("button", { name: "Add clips" }));
    expect(
      within(form).getByText("Add at least one audio file that this browser can decode."),
    ).toBeInTheDocument();
    expect((await listClips(id)).map((c) => c.id)).toEqual(["a", "b"]);
  });
});

test("a transcription test: the task and its settings in Edit settings, each clip's text in the table", async () => {
  const id = await createStudy({ name: "SUS" });
  await addClips(id, [{ clip: { id: "a", name: "a.wav", duration: 2 } }]);
  const user = renderStudy(id);
  const text = await screen.findByRole("textbox", { name: "Text of a.wav" });
  await user.type(text, "The cat sat.{Enter}");
  await waitFor(async () => expect((await listClips(id))[0]?.text).toBe("The cat sat."));

  await user.click(screen.getByRole("button", { name: "Edit settings" }));
  const form = screen.getByRole("form", { name: "Study settings" });
  await user.click(within(form).getByRole("radio", { name: /Transcribe \(intelligibility\)/ }));
  await user.type(within(form).getByRole("textbox", { name: "Plays allowed per clip" }), "0");
  await user.click(within(form).getByRole("button", { name: "Save settings" }));
  expect(within(form).getByText("must be a whole number from 1 to 100")).toBeInTheDocument();
  const plays = within(form).getByRole("textbox", { name: "Plays allowed per clip" });
  await user.clear(plays);
  await user.type(plays, "3");
  await user.selectOptions(
    within(form).getByRole("combobox", { name: "Unit scored" }),
    "character",
  );
  await user.click(within(form).getByRole("button", { name: "Save settings" }));
  await waitFor(async () =>
    expect((await getStudy(id))?.extra).toMatchObject({
      task: "transcribe",
      transcription: { unit: "character", maxPlays: 3 },
    }),
  );
});
