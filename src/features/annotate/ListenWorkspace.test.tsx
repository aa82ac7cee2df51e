// @vitest-environment happy-dom
// The rate and transcribe tasks on the local crowd link (/annotate/…&role=crowd), against the
// real repository in fake-indexeddb. happy-dom plays no audio: the <audio> element's play() and
// pause() are replaced by ones that fire the events a browser fires, and a test fires "ended"
// itself when playback would reach the clip's end.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "../../db/db.ts";
import {
  addClips,
  createStudy,
  ensureAnnotator,
  listRegions,
  listSubmissions,
  saveSubmission,
} from "../../db/repo.ts";
import { useAnnotateUi } from "../../stores/annotate.ts";
import { AnnotatePage } from "./AnnotatePage.tsx";
import { CrowdScreen } from "./CrowdScreen.tsx";
import type { PlayAnswer } from "./plays.ts";

vi.mock("../../audio/Waveform.tsx", async () =>
  (await import("../../../tests/helpers/fakeWaveform.tsx")).fakeWaveformModule(3),
);

const STUDY = "t";
const wav = () => new Blob([new Uint8Array(44)], { type: "audio/wav" });

async function seed(extra: Record<string, unknown>, requireRating = false) {
  await createStudy({ id: STUDY, name: "Listening study", requireRating, extra });
  await addClips(
    STUDY,
    ["c1", "c2"].map((id) => ({
      clip: { id, name: `${id}.wav`, duration: 3, text: `secret words of ${id}` },
      blob: wav(),
    })),
  );
}

function open() {
  window.history.replaceState(null, "", `/annotate/${STUDY}?annotator=w1&role=crowd`);
  return render(<AnnotatePage studyId={STUDY} />);
}

const audioElement = () => {
  const el = document.querySelector("audio");
  if (!el) throw new Error("no <audio> on the screen");
  return el;
};
/** Playback reaches the clip's end. */
const playToEnd = () => {
  const el = audioElement();
  Object.defineProperty(el, "paused", { configurable: true, value: true });
  fireEvent(el, new Event("pause"));
  fireEvent(el, new Event("ended"));
};
const playButton = () => screen.getByRole("button", { name: /^(Play|Playing…|Pause)$/ });
const finishButton = () => screen.getByRole("button", { name: "Finish clip" });

let plays = 0;
beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
  sessionStorage.clear();
  useAnnotateUi.setState({ selectedId: null, markStart: null, helpOpen: false, playing: false });
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
  URL.revokeObjectURL = vi.fn();
  plays = 0;
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    plays += 1;
    Object.defineProperty(this, "paused", { configurable: true, value: false });
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    if (this.paused) return;
    Object.defineProperty(this, "paused", { configurable: true, value: true });
    this.dispatchEvent(new Event("pause"));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("transcribe", () => {
  test("an empty transcript is sent only once the listener confirmed it", async () => {
    await seed({ task: "transcribe" });
    open();
    await screen.findByRole("heading", { name: "Clip 1" });
    await waitFor(() => expect(playButton()).toBeEnabled());
    await userEvent.click(playButton());
    playToEnd();
    await waitFor(() => expect(finishButton()).toBeEnabled());
    await userEvent.click(finishButton());
    const question = await screen.findByRole("alertdialog");
    expect(question).toHaveTextContent(
      "You have not typed anything. Send an empty answer for this clip (you heard nothing you could write down)?",
    );
    expect(await listSubmissions(STUDY)).toEqual([]);
    // Back to the box: nothing sent, the question gone, the box focused.
    await userEvent.click(within(question).getByRole("button", { name: "Go back and type" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("textbox", { name: "What did you hear?" })).toHaveFocus();
    // Enter in the empty box asks again; confirmed, the empty answer is stored.
    await userEvent.keyboard("{Enter}");
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Send an empty answer",
      }),
    );
    await screen.findByRole("heading", { name: "Clip 2" });
    const [stored] = await listSubmissions(STUDY);
    expect(stored).toMatchObject({ clipId: "c1", transcript: "", heardToEnd: true });
  });

  test("a participant's plays are the server's: asked before each play, refused when spent", async () => {
    await seed({ task: "transcribe", transcription: { maxPlays: 2 } });
    await ensureAnnotator(STUDY, "w1", "crowd");
    const answers: PlayAnswer[] = [
      { ok: true, left: 0 },
      { ok: false, reason: "offline" },
      { ok: false, reason: "spent" },
    ];
    const request = vi.fn(async () => answers.shift() as PlayAnswer);
    const participant = (used: number) => ({
      doneElsewhere: new Set<string>(),
      status: null,
      end: null,
      plays: { used: new Map([["c1", used]]), request },
    });
    const view = render(
      <CrowdScreen studyId={STUDY} annotatorId="w1" participant={participant(1)} />,
    );
    await screen.findByRole("heading", { name: "Clip 1" });
    // Another browser played it once: one play left here.
    expect(screen.getByText("Plays left: 1")).toBeInTheDocument();
    await waitFor(() => expect(playButton()).toBeEnabled());
    await userEvent.click(playButton());
    await waitFor(() => expect(plays).toBe(1));
    expect(request).toHaveBeenCalledTimes(1);
    playToEnd();
    view.rerender(<CrowdScreen studyId={STUDY} annotatorId="w1" participant={participant(2)} />);
    expect(await screen.findByText("Plays left: 0")).toBeInTheDocument();
    expect(playButton()).toBeDisabled();
    // The server's count went back (a stale view): the server still decides, and says no.
    view.rerender(<CrowdScreen studyId={STUDY} annotatorId="w1" participant={participant(1)} />);
    await waitFor(() => expect(playButton()).toBeEnabled());
    await userEvent.click(playButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The clip could not start: each play is counted by the study's server, which cannot be reached.",
    );
    await userEvent.click(playButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You have used every play of this clip (in this browser or another).",
    );
    expect(request).toHaveBeenCalledTimes(3);
    expect(plays).toBe(1);
  });

  test("Play, plays left, the box, Finish once heard: the submission carries the transcript", async () => {
    await seed({ task: "transcribe" });
    open();
    await screen.findByRole("heading", { name: "Clip 1" });
    // No waveform, no spans, nothing of the clip's text or name: blind, as a listening test is.
    expect(screen.queryByRole("region", { name: "Waveform" })).toBeNull();
    expect(document.body.textContent).not.toMatch(/secret words|c1\.wav/);
    expect(screen.getByText("Plays left: 2")).toBeInTheDocument();
    const box = screen.getByRole("textbox", { name: "What did you hear?" });
    expect(box).toHaveAttribute("spellcheck", "false");
    expect(box).toHaveAttribute("autocorrect", "off");
    expect(box).toHaveAttribute("autocapitalize", "off");
    expect(box).toHaveAttribute("autocomplete", "off");
    await waitFor(() => expect(playButton()).toBeEnabled());
    expect(finishButton()).toBeDisabled();

    await userEvent.click(playButton());
    expect(await screen.findByText("Plays left: 1")).toBeInTheDocument();
    // While it plays the button is busy: a press is not a second play.
    expect(screen.getByRole("button", { name: "Playing…" })).toBeDisabled();
    expect(finishButton()).toBeDisabled();
    playToEnd();
    await waitFor(() => expect(finishButton()).toBeEnabled());
    expect(screen.getByRole("status")).toHaveTextContent(
      "Heard to the end: you can finish this clip.",
    );

    // Space outside the box plays (the second and last play); in the box it types a space.
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard(" ");
    expect(await screen.findByText("Plays left: 0")).toBeInTheDocument();
    playToEnd();
    await waitFor(() => expect(playButton()).toBeDisabled());
    expect(plays).toBe(2);

    await userEvent.type(box, "the cat sat");
    expect(plays).toBe(2);
    await userEvent.keyboard("{Enter}");
    await screen.findByRole("heading", { name: "Clip 2" });
    const [stored] = await listSubmissions(STUDY, { clipId: "c1" });
    expect(stored).toMatchObject({
      annotatorId: "w1",
      transcript: "the cat sat",
      playCount: 2,
      heardToEnd: true,
    });
    expect(stored?.score).toBeUndefined();
    expect(await listRegions(STUDY, "c1", "w1")).toEqual([]);
    // The next clip starts with its own plays and an empty box.
    expect(screen.getByText("Plays left: 2")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "What did you hear?" })).toHaveValue("");
  });

  test("Enter before the clip was heard to its end finishes nothing and says why", async () => {
    await seed({ task: "transcribe", transcription: { maxPlays: 3 } });
    open();
    await screen.findByRole("heading", { name: "Clip 1" });
    expect(screen.getByText("Plays left: 3")).toBeInTheDocument();
    const box = screen.getByRole("textbox", { name: "What did you hear?" });
    await userEvent.type(box, "a guess{Enter}");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Play the whole clip once before finishing it.",
    );
    expect(await listSubmissions(STUDY)).toEqual([]);
    // A play stopped before the end (the page hidden, say) does not count as heard.
    await waitFor(() => expect(playButton()).toBeEnabled());
    await userEvent.click(playButton());
    audioElement().pause();
    await waitFor(() => expect(playButton()).toHaveTextContent("Play"));
    expect(finishButton()).toBeDisabled();
    expect(screen.getByText("Plays left: 2")).toBeInTheDocument();
  });

  test("a transcript with a control character is refused whole, naming the rule", async () => {
    await seed({ task: "transcribe" });
    open();
    await screen.findByRole("heading", { name: "Clip 1" });
    await waitFor(() => expect(playButton()).toBeEnabled());
    await userEvent.click(playButton());
    playToEnd();
    const box = screen.getByRole("textbox", { name: "What did you hear?" });
    fireEvent.change(box, { target: { value: "one\u0007two" } });
    await userEvent.click(finishButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This text cannot be sent: it is longer than 2,000 characters or contains a control character. Please correct it.",
    );
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(await listSubmissions(STUDY)).toEqual([]);
  });

  test("the typed text and the plays survive a reload of the page", async () => {
    await seed({ task: "transcribe" });
    const first = open();
    await screen.findByRole("heading", { name: "Clip 1" });
    await waitFor(() => expect(playButton()).toBeEnabled());
    await userEvent.click(playButton());
    playToEnd();
    await userEvent.type(screen.getByRole("textbox", { name: "What did you hear?" }), "half");
    first.unmount();
    open();
    await screen.findByRole("heading", { name: "Clip 1" });
    expect(screen.getByRole("textbox", { name: "What did you hear?" })).toHaveValue("half");
    expect(screen.getByText("Plays left: 1")).toBeInTheDocument();
    expect(finishButton()).toBeEnabled();
  });
});

describe("the finished screen of a listening test", () => {
  test("transcribe: blind clip names, what was typed, no spans and no rating", async () => {
    await seed({ task: "transcribe" });
    await ensureAnnotator(STUDY, "w1", "crowd");
    await saveSubmission(STUDY, { clipId: "c1", annotatorId: "w1", transcript: "first try" });
    await saveSubmission(STUDY, { clipId: "c2", annotatorId: "w1", transcript: "" });
    open();
    await screen.findByRole("heading", { name: "All 2 clips finished — thank you!" });
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("row")
        .map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent)),
    ).toEqual([
      ["#", "Clip", "What you typed", "Open"],
      ["1", "Clip 1", "first try", "Open"],
      ["2", "Clip 2", "", "Open"],
    ]);
    expect(screen.queryByText("Spans marked")).toBeNull();
    expect(screen.queryByText("Mean rating")).toBeNull();
    expect(document.body.textContent).not.toMatch(/c1\.wav|secret words/);
    expect(screen.getByRole("link", { name: "Open clip 1 (Clip 1)" })).toBeInTheDocument();
  });

  test("rate: the mean rating, no spans", async () => {
    await seed({ task: "rate" });
    await ensureAnnotator(STUDY, "w1", "crowd");
    await saveSubmission(STUDY, { clipId: "c1", annotatorId: "w1", score: 4 });
    await saveSubmission(STUDY, { clipId: "c2", annotatorId: "w1", score: 1 });
    open();
    await screen.findByRole("heading", { name: "All 2 clips finished — thank you!" });
    expect(screen.getByText("Mean rating").nextSibling?.textContent).toBe("2.50");
    expect(screen.queryByText("Spans marked")).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Spans" })).toBeNull();
  });
});

describe("rate", () => {
  test("listen and rate on the study's scale: no waveform, no spans, the rating required", async () => {
    await seed({ task: "rate" });
    open();
    await screen.findByRole("heading", { name: "Clip 1" });
    expect(screen.queryByRole("region", { name: "Waveform" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByText(/Plays left/)).toBeNull();
    // Locally the clip may be finished without hearing it all (as on the crowd screen)…
    await userEvent.click(finishButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Choose an overall naturalness rating (1–5) before finishing this clip.",
    );
    expect(await listSubmissions(STUDY)).toEqual([]);
    // …and Space plays and pauses, 4 rates, Enter finishes.
    await waitFor(() => expect(playButton()).toBeEnabled());
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard(" ");
    expect(await screen.findByRole("button", { name: "Pause" })).toBeEnabled();
    Object.defineProperty(audioElement(), "currentTime", {
      configurable: true,
      writable: true,
      value: 1.2,
    });
    await userEvent.keyboard(" ");
    await screen.findByRole("button", { name: "Play" });
    await userEvent.keyboard(" "); // resumes at 1.2 s: the same play
    playToEnd();
    await userEvent.keyboard("4");
    expect(screen.getByRole("radio", { name: /4/ })).toBeChecked();
    await userEvent.keyboard("{Enter}");
    await screen.findByRole("heading", { name: "Clip 2" });
    const [stored] = await listSubmissions(STUDY, { clipId: "c1" });
    // One play from the start; the resumed pause was the same play.
    expect(stored).toMatchObject({ score: 4, playCount: 1, heardToEnd: true });
    expect(stored?.transcript).toBeUndefined();
    expect(plays).toBe(2);
  });

  test("Space on a focused rating ticks it, and does not play", async () => {
    await seed({ task: "rate" });
    open();
    await screen.findByRole("heading", { name: "Clip 1" });
    await waitFor(() => expect(playButton()).toBeEnabled());
    const three = screen.getByRole("radio", { name: /3/ });
    three.focus();
    await userEvent.keyboard(" ");
    expect(three).toBeChecked();
    expect(plays).toBe(0);
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
  });
});
