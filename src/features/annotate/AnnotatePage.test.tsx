// @vitest-environment happy-dom
// The crowd annotate screen against the real repository in fake-indexeddb. The wavesurfer
// wrapper is replaced by a fake with buttons that do what a drag on the waveform would.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  waveformHandle as handle,
  resetWaveformHandle,
} from "../../../tests/helpers/fakeWaveform.tsx";
import { db } from "../../db/db.ts";
import {
  addClips,
  addRegion,
  createStudy,
  ensureAnnotator,
  listRegions,
  listSubmissions,
  saveSubmission,
} from "../../db/repo.ts";
import { IDENTITY_KEY } from "../../lib/identity.ts";
import { useAnnotateUi } from "../../stores/annotate.ts";
import { AnnotatePage } from "./AnnotatePage.tsx";

vi.mock("../../audio/Waveform.tsx", async () =>
  (await import("../../../tests/helpers/fakeWaveform.tsx")).fakeWaveformModule(3),
);

vi.mock("./expert/ExpertScreen.tsx", () => ({
  ExpertScreen: ({ studyId, annotatorId }: { studyId: string; annotatorId: string }) => (
    <p>
      Expert screen for {annotatorId} in {studyId}
    </p>
  ),
}));

const STUDY = "t";
const CLIPS = ["c1", "c2", "c3"];
const wav = () => new Blob([new Uint8Array(44)], { type: "audio/wav" });

async function seed({
  requireRating = false,
  extra = {},
}: {
  requireRating?: boolean;
  extra?: Record<string, unknown>;
} = {}) {
  await createStudy({ id: STUDY, name: "Test study", requireRating, extra });
  await addClips(
    STUDY,
    CLIPS.map((id) => ({ clip: { id, name: `${id}.wav`, duration: 3 }, blob: wav() })),
  );
}

function open(search = "annotator=w1&role=crowd") {
  window.history.replaceState(null, "", `/annotate/${STUDY}${search ? `?${search}` : ""}`);
  return render(<AnnotatePage studyId={STUDY} />);
}

const regionsOf = (clipId: string) => listRegions(STUDY, clipId, "w1");
const regionList = () => screen.getByRole("list", { name: "Regions" });

async function openClip1() {
  open();
  await screen.findByRole("heading", { name: /c1\.wav/ });
  await screen.findByRole("button", { name: "fake drag 1–2" });
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
  sessionStorage.clear();
  useAnnotateUi.setState({ selectedId: null, markStart: null, helpOpen: false, playing: false });
  resetWaveformHandle();
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => cleanup());

describe("spans", () => {
  test("a span dragged on the waveform is stored once and listed", async () => {
    await seed();
    await openClip1();
    await userEvent.click(screen.getByRole("button", { name: "fake drag 1–2" }));
    await waitFor(() => expect(within(regionList()).getAllByRole("listitem")).toHaveLength(1));
    const stored = await regionsOf("c1");
    expect(stored.map((r) => [r.start, r.end, r.annotatorId])).toEqual([[1, 2, "w1"]]);
    expect(screen.getByRole("spinbutton", { name: "Start of span 1 (seconds)" })).toHaveValue(1);
    expect(screen.getByRole("spinbutton", { name: "End of span 1 (seconds)" })).toHaveValue(2);
    // moving it on the waveform writes the new times
    await userEvent.click(screen.getByRole("button", { name: "fake move first" }));
    await waitFor(async () =>
      expect((await regionsOf("c1")).map((r) => [r.start, r.end])).toEqual([[0.5, 1.5]]),
    );
  });

  test("editing start and end validates, then writes", async () => {
    await seed();
    await ensureAnnotator(STUDY, "w1", "crowd");
    await addRegion(STUDY, { clipId: "c1", annotatorId: "w1", start: 1, end: 2 });
    await openClip1();
    const end = await screen.findByRole("spinbutton", { name: "End of span 1 (seconds)" });
    await userEvent.clear(end);
    await userEvent.type(end, "3.5");
    expect(screen.getByRole("alert")).toHaveTextContent("End cannot be after the clip ends (3 s).");
    expect(end).toHaveAttribute("aria-invalid", "true");
    await userEvent.tab(); // leaving an invalid field stores nothing
    expect((await regionsOf("c1")).map((r) => r.end)).toEqual([2]);

    const start = screen.getByRole("spinbutton", { name: "Start of span 1 (seconds)" });
    await userEvent.clear(end);
    await userEvent.type(end, "2.75");
    await userEvent.clear(start);
    await userEvent.type(start, "2.8");
    expect(screen.getByRole("alert")).toHaveTextContent("Start must be before end.");
    await userEvent.clear(start);
    await userEvent.type(start, "0.25{Enter}");
    await waitFor(async () =>
      expect((await regionsOf("c1")).map((r) => [r.start, r.end])).toEqual([[0.25, 2.75]]),
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("Delete button and the Delete key remove spans", async () => {
    await seed();
    await ensureAnnotator(STUDY, "w1", "crowd");
    await addRegion(STUDY, { clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 });
    await addRegion(STUDY, { clipId: "c1", annotatorId: "w1", start: 2, end: 2.5 });
    await openClip1();
    await waitFor(() => expect(within(regionList()).getAllByRole("listitem")).toHaveLength(2));
    await userEvent.click(screen.getByRole("button", { name: "Delete span 1" }));
    await waitFor(async () => expect((await regionsOf("c1")).map((r) => r.start)).toEqual([2]));
    await waitFor(() => expect(within(regionList()).getAllByRole("listitem")).toHaveLength(1));

    // select by clicking the span on the waveform, then press Delete
    await userEvent.click(await screen.findByRole("button", { name: "wave span 1" }));
    expect(screen.getByRole("button", { name: "Span 1" })).toHaveAttribute("aria-pressed", "true");
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await userEvent.keyboard("{Delete}");
    await waitFor(async () => expect(await regionsOf("c1")).toEqual([]));
    await waitFor(() => expect(within(regionList()).queryAllByRole("listitem")).toHaveLength(0));
  });
});

describe("finishing", () => {
  test("finishing with no spans records a submission with plays and time, then opens the next clip", async () => {
    await seed();
    await openClip1();
    await userEvent.click(screen.getByRole("button", { name: "fake play" }));
    await userEvent.click(screen.getByRole("button", { name: "fake play" }));
    await userEvent.click(screen.getByRole("button", { name: "Finish clip" }));
    await screen.findByRole("heading", { name: /c2\.wav/ });
    expect(screen.getByText("Clip 2 of 3")).toBeInTheDocument();
    const subs = await listSubmissions(STUDY, { annotatorId: "w1" });
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ clipId: "c1", annotatorId: "w1", playCount: 2 });
    expect(subs[0]?.score).toBeUndefined();
    expect(subs[0]?.seconds).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(subs[0]?.completedAt ?? ""))).toBe(false);
    expect(await regionsOf("c1")).toEqual([]);
  });

  test("the rating question and its points are the study's own wording when it has one", async () => {
    await seed({
      extra: {
        ratingScale: {
          question: "How pleasant is this voice?",
          labels: ["awful", "poor", "fine", "good", "lovely"],
        },
      },
    });
    await openClip1();
    const group = screen.getByRole("radiogroup", { name: "How pleasant is this voice?" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual(["1awful", "2poor", "3fine", "4good", "5lovely"]);
  });

  test("the rating is required when the study says so", async () => {
    await seed({ requireRating: true });
    await openClip1();
    await userEvent.click(screen.getByRole("button", { name: "Finish clip" }));
    const message = screen.getByRole("alert");
    expect(message).toHaveTextContent(
      "Choose an overall naturalness rating (1–5) before finishing this clip.",
    );
    // Shown after "Finish clip" (so it pushes nothing down) and named by the radio group.
    const finish = screen.getByRole("button", { name: "Finish clip" });
    expect(finish.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByRole("radiogroup", {
        name: /How natural \(i\.e\. human-sounding\) is this recording\?/,
      }),
    ).toHaveAccessibleDescription(
      "Choose an overall naturalness rating (1–5) before finishing this clip.",
    );
    expect(await listSubmissions(STUDY)).toEqual([]);
    const group = screen.getByRole("radiogroup", {
      name: /How natural \(i\.e\. human-sounding\) is this recording\?/,
    });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual([
      "1Bad – Very unnatural speech",
      "2Poor – Unnatural speech",
      "3Fair – Neither natural nor unnatural speech",
      "4Good – Natural speech",
      "5Excellent – Completely natural speech",
    ]);
    await userEvent.click(within(group).getByRole("radio", { name: /Good – Natural speech/ }));
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Finish clip" }));
    await screen.findByRole("heading", { name: /c2\.wav/ });
    const subs = await listSubmissions(STUDY);
    expect(subs.map((s) => [s.clipId, s.score])).toEqual([["c1", 4]]);
  });

  test("after the last clip the finished screen thanks and sums up, with links back", async () => {
    await seed();
    await ensureAnnotator(STUDY, "w1", "crowd");
    await addRegion(STUDY, { clipId: "c2", annotatorId: "w1", start: 1, end: 2 });
    await addRegion(STUDY, { clipId: "c2", annotatorId: "w1", start: 2, end: 2.5 });
    for (const [clipId, score] of [
      ["c1", 2],
      ["c2", 4],
    ] as const) {
      await saveSubmission(STUDY, { clipId, annotatorId: "w1", score, seconds: 30 });
    }
    open();
    await screen.findByRole("heading", { name: /c3\.wav/ }); // first unfinished clip
    await userEvent.click(screen.getByRole("radio", { name: /Excellent/ }));
    await userEvent.click(screen.getByRole("button", { name: "Finish clip" }));
    const thanks = await screen.findByRole("heading", {
      name: "All 3 clips finished — thank you!",
    });
    // The Finish button that had focus is gone: focus lands on the heading, not the body.
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(screen.getByText("Spans marked").nextSibling).toHaveTextContent("2");
    expect(screen.getByText("Mean rating").nextSibling).toHaveTextContent("3.67");
    const link = screen.getByRole("link", { name: "Open clip 2 (c2.wav)" });
    expect(link.getAttribute("href")).toContain("clip=c2");
    await userEvent.click(link);
    await screen.findByRole("heading", { name: /c2\.wav/ });
    await waitFor(() => expect(within(regionList()).getAllByRole("listitem")).toHaveLength(2));
  });
});

describe("instructions", () => {
  test("the study's instructions show above the clip, fold away, and stay folded on the next clip", async () => {
    await seed({ extra: { instructions: "Mark what sounds robotic.\nIgnore breaths." } });
    await openClip1();
    const box = screen.getByText("Instructions").closest("details");
    expect(box).toHaveAttribute("open");
    expect(box).toHaveTextContent("Mark what sounds robotic. Ignore breaths.");
    await userEvent.click(screen.getByText("Instructions"));
    await waitFor(() => expect(box).not.toHaveAttribute("open"));
    await userEvent.click(screen.getByRole("button", { name: "Next clip" }));
    await screen.findByRole("heading", { name: /c2\.wav/ });
    expect(screen.getByText("Instructions").closest("details")).not.toHaveAttribute("open");
  });

  test("a study without instructions shows none", async () => {
    await seed();
    await openClip1();
    expect(screen.queryByText("Instructions")).not.toBeInTheDocument();
  });
});

describe("audio", () => {
  test("the next clip's audio is loaded ahead, and every object URL is revoked on leaving", async () => {
    await seed();
    await openClip1();
    const created = vi.mocked(URL.createObjectURL);
    await waitFor(() => expect(created).toHaveBeenCalledTimes(2)); // clip 1, then clip 2 ahead
    expect(screen.getByRole("region", { name: "Waveform" })).toHaveAttribute(
      "data-audio",
      "blob:test/1",
    );
    await userEvent.keyboard("n");
    await screen.findByRole("heading", { name: /c2\.wav/ });
    // clip 2 was ready: its URL is reused; clip 3 is fetched ahead, clip 1 kept for "Previous"
    expect(screen.getByRole("region", { name: "Waveform" })).toHaveAttribute(
      "data-audio",
      "blob:test/2",
    );
    await waitFor(() => expect(created).toHaveBeenCalledTimes(3));
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    cleanup();
    expect(
      vi
        .mocked(URL.revokeObjectURL)
        .mock.calls.map(([u]) => u)
        .sort(),
    ).toEqual(["blob:test/1", "blob:test/2", "blob:test/3"]);
  });
});

describe("keyboard", () => {
  test("N and P move between clips, Enter finishes, keys typed into a field do nothing", async () => {
    await seed();
    await openClip1();
    await userEvent.keyboard("n");
    await screen.findByRole("heading", { name: /c2\.wav/ });
    await userEvent.keyboard("p");
    await screen.findByRole("heading", { name: /c1\.wav/ });
    await userEvent.keyboard("p"); // no clip before the first
    expect(screen.getByRole("heading", { name: /c1\.wav/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "fake drag 1–2" }));
    const start = await screen.findByRole("spinbutton", { name: "Start of span 1 (seconds)" });
    await userEvent.click(start);
    await userEvent.keyboard("n{Backspace}{Delete}");
    expect(screen.getByRole("heading", { name: /c1\.wav/ })).toBeInTheDocument();
    expect(await regionsOf("c1")).toHaveLength(1);
    act(() => start.blur());

    await userEvent.keyboard("{Enter}");
    await screen.findByRole("heading", { name: /c2\.wav/ });
    expect((await listSubmissions(STUDY)).map((s) => s.clipId)).toEqual(["c1"]);
  });

  test("Space, arrows, L, M and digits drive the waveform and the rating", async () => {
    await seed({ requireRating: true });
    await openClip1();
    await userEvent.keyboard(" ");
    expect(handle.playPause).toHaveBeenCalledTimes(1);
    await userEvent.keyboard("{ArrowRight}{ArrowLeft}{Shift>}{ArrowRight}{/Shift}");
    expect(handle.seekBy.mock.calls).toEqual([[1], [-1], [0.1]]);
    await userEvent.keyboard("+-");
    expect(handle.zoomBy.mock.calls).toEqual([[2], [0.5]]);

    handle.getCurrentTime.mockReturnValue(0.5);
    await userEvent.keyboard("m");
    handle.getCurrentTime.mockReturnValue(1.25);
    await userEvent.keyboard("m");
    await waitFor(async () =>
      expect((await regionsOf("c1")).map((r) => [r.start, r.end])).toEqual([[0.5, 1.25]]),
    );
    const id = (await regionsOf("c1"))[0]?.id;
    await userEvent.keyboard("l");
    expect(handle.playSpan).toHaveBeenCalledWith(id, true);

    await userEvent.keyboard("4");
    expect(screen.getByRole("radio", { name: /Good – Natural speech/ })).toBeChecked();
  });

  test("? opens the list of shortcuts and Esc closes it", async () => {
    await seed();
    await openClip1();
    await userEvent.keyboard("?");
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const text of [
      "Play or pause",
      "Delete the selected span",
      "Next clip",
      "Finish the clip",
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    await userEvent.keyboard("n"); // shortcuts are off while the dialog is open
    expect(screen.getByRole("heading", { name: /c1\.wav/ })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    // The header button opens the same list; closing it gives focus back to the button.
    const button = screen.getByRole("button", { name: /^Keyboard shortcuts/ });
    await userEvent.click(button);
    expect(screen.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button).toHaveFocus();
  });
});

describe("identity", () => {
  test("without annotator and role a prompt asks, remembers, and puts them in the URL", async () => {
    await seed();
    open("");
    await userEvent.click(await screen.findByRole("button", { name: "Start annotating" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter your annotator id.");
    await userEvent.type(screen.getByRole("textbox", { name: "Annotator id" }), "w7");
    await userEvent.click(screen.getByRole("button", { name: "Start annotating" }));
    await screen.findByRole("heading", { name: /c1\.wav/ });
    const params = new URLSearchParams(window.location.search);
    expect([params.get("annotator"), params.get("role")]).toEqual(["w7", "crowd"]);
    expect(JSON.parse(localStorage.getItem(IDENTITY_KEY) ?? "null")).toEqual({
      annotatorId: "w7",
      role: "crowd",
    });
    cleanup();
    open("");
    expect(await screen.findByRole("textbox", { name: "Annotator id" })).toHaveValue("w7");
    expect(screen.getByRole("radio", { name: /Crowd annotator/ })).toBeChecked();
  });

  test("role=expert opens the expert screen; the annotator is registered", async () => {
    await seed();
    open("annotator=e1&role=expert");
    await screen.findByText("Expert screen for e1 in t");
    expect((await db.annotators.toArray()).map((a) => [a.id, a.role])).toEqual([["e1", "expert"]]);
  });

  test("an id already registered as crowd cannot open the expert screen", async () => {
    await seed();
    await ensureAnnotator(STUDY, "w1", "crowd");
    open("annotator=w1&role=expert");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "“w1” is already registered in this study as a crowd annotator",
    );
    expect(screen.queryByText(/Expert screen for/)).not.toBeInTheDocument();
  });

  test("an id already used with another role is refused with a way out", async () => {
    await seed();
    await ensureAnnotator(STUDY, "w1", "expert");
    open();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /already registered in this study as an expert/,
    );
    fireEvent.click(screen.getByRole("button", { name: "Use another annotator id" }));
    await screen.findByRole("textbox", { name: "Annotator id" });
  });
});

describe("sentence text", () => {
  test("a sentence id named like an Object.prototype member shows only its own text", async () => {
    // The sentence texts come from the study's `sentences` detail; JSON.parse makes
    // "__proto__" an own key, as reading an interchange file does.
    const sentences = JSON.parse('{"__proto__": "Proto text", "s1": "Plain text"}') as unknown;
    await createStudy({
      id: STUDY,
      name: "Test study",
      requireRating: false,
      extra: { sentences },
    });
    await addClips(STUDY, [
      { clip: { id: "c1", name: "c1.wav", duration: 3, sentence: "constructor" }, blob: wav() },
      { clip: { id: "c2", name: "c2.wav", duration: 3, sentence: "__proto__" }, blob: wav() },
    ]);
    open();
    await screen.findByRole("heading", { name: /c1\.wav/ });
    // "constructor" has no text in the study: no "Text:" line (not Object's constructor).
    expect(screen.queryByText(/Text:/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /Next clip/ }));
    await screen.findByRole("heading", { name: /c2\.wav/ });
    expect(screen.getByText("Proto text")).toBeInTheDocument();
  });
});

describe("the local crowd link in the study's language", () => {
  test("a Vietnamese study: the prompt, the clip screen and the finished screen in Vietnamese", async () => {
    await seed({ extra: { language: "vi", participantTexts: { "who.start": "Vào làm" } } });
    open("");
    // The prompt, with the researcher's own text over the catalogue.
    await screen.findByRole("heading", { name: "Ai đang đánh giá?" });
    expect(document.documentElement.lang).toBe("vi");
    fireEvent.click(screen.getByRole("button", { name: "Vào làm" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Hãy nhập mã người đánh giá của bạn.",
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Mã người đánh giá" }), {
      target: { value: "w 1" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Vào làm" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("“w 1” có chứa dấu cách.");
    cleanup();

    // The clip screen, then the finished screen once every clip has an answer.
    await ensureAnnotator(STUDY, "w1", "crowd");
    for (const clipId of CLIPS)
      await saveSubmission(STUDY, { clipId, annotatorId: "w1", score: 4 });
    open();
    await screen.findByRole("heading", { name: "Đã xong cả 3 đoạn — cảm ơn bạn!" });
    expect(
      screen.getByRole("button", { name: "Tải xuống các đánh dấu của tôi (JSON)" }),
    ).toBeEnabled();
    expect(screen.getByText("Mức đánh giá trung bình")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Mở đoạn 1 (c1.wav)" })).toBeInTheDocument();
  });
});

test("a comparison study's crowd link says its pairs are judged on a server's participant page, and offers no clip", async () => {
  await seed({ extra: { task: "compare" } });
  open();
  expect(
    await screen.findByText(
      "This study compares pairs of clips. Its pairs are judged on a collection server's participant page, which gives each participant their pairs (publish the study), or its results are imported from files: this link has no pairs to show.",
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /Finish clip/ })).toBeNull();
  expect(await listSubmissions(STUDY)).toEqual([]);
});
