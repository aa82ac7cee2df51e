// @vitest-environment happy-dom
// One trial of a paired comparison: labels by position only, both samples heard to their end
// before an answer, every play asked of the server first, the keys, the CCR scale's scores (the
// second sample against the first) and Arabic's right-to-left order. happy-dom plays no audio:
// play() and pause() fire the events a browser fires, and a test fires "ended" itself.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Language } from "../../../lib/i18n.tsx";
import type { PlayAnswer } from "../../annotate/plays.ts";
import {
  answerOf,
  keyAnswer,
  type TrialAnswer,
  TrialView,
  type TrialViewProps,
} from "./TrialView.tsx";

vi.mock("../../../audio/Waveform.tsx", async () =>
  (await import("../../../../tests/helpers/fakeWaveform.tsx")).fakeWaveformModule(2),
);

let started: HTMLMediaElement[] = [];
beforeEach(() => {
  started = [];
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    started.push(this);
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

/** The sample playing reaches its end. */
function ends(el: HTMLMediaElement) {
  act(() => {
    Object.defineProperty(el, "paused", { configurable: true, value: true });
    fireEvent(el, new Event("pause"));
    fireEvent(el, new Event("ended"));
  });
}
const audios = () => [...document.querySelectorAll("audio")];

function setup(over: Partial<TrialViewProps> = {}) {
  const requestPlay = vi.fn(async (): Promise<PlayAnswer> => ({ ok: true, left: 0 }));
  const onAnswer = vi.fn(async (_: TrialAnswer) => undefined);
  const props: TrialViewProps = {
    title: "Pair 1 of 3",
    sides: [{ duration: 2 }, { duration: 2 }],
    audio: ["blob:one", "blob:two"],
    scale: "ab",
    allowSame: true,
    binSeconds: 0.1,
    last: false,
    requestPlay,
    onAnswer,
    ...over,
  };
  return { requestPlay, onAnswer, props };
}

/** Plays both samples to their end with the buttons. */
async function hearBoth(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Play sample 1" }));
  ends(audios()[0] as HTMLMediaElement);
  await user.click(screen.getByRole("button", { name: "Play sample 2" }));
  ends(audios()[1] as HTMLMediaElement);
}

describe("A/B", () => {
  test("labelled by position only; no answer until both samples were heard to their end", async () => {
    const user = userEvent.setup();
    const { props, requestPlay, onAnswer } = setup();
    render(<TrialView {...props} />);
    const list = screen.getByRole("list", { name: "Which sample sounds more natural?" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-labelledby")),
    ).toHaveLength(2);
    expect(
      within(list)
        .getAllByRole("heading")
        .map((h) => h.textContent),
    ).toEqual(["1Sample 1", "2Sample 2"]);
    const options = screen.getAllByRole("radio");
    expect(options.map((o) => o.closest("label")?.textContent)).toEqual([
      "Sample 1",
      "Sample 2",
      "No difference",
    ]);
    const next = screen.getByRole("button", { name: "Next pair" });
    expect(next).toBeDisabled();
    expect(options.every((o) => (o as HTMLInputElement).disabled)).toBe(true);
    expect(next).toHaveAccessibleDescription("Play both samples to the end before answering.");

    // Sample 1 heard, sample 2 not: still no answer.
    await user.click(screen.getByRole("button", { name: "Play sample 1" }));
    expect(requestPlay).toHaveBeenCalledWith(1);
    expect(started).toEqual([audios()[0]]);
    expect(screen.getByRole("button", { name: "Stop sample 1" })).toBeInTheDocument();
    ends(audios()[0] as HTMLMediaElement);
    expect(screen.getByRole("status")).toHaveTextContent("Sample 1: Heard to the end");
    expect(next).toBeDisabled();
    // A sample stopped midway is not heard.
    await user.click(screen.getByRole("button", { name: "Play sample 2" }));
    await user.click(screen.getByRole("button", { name: "Stop sample 2" }));
    expect(next).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Play sample 2" }));
    ends(audios()[1] as HTMLMediaElement);
    expect(next).toBeEnabled();

    await user.click(next);
    expect(screen.getByRole("alert")).toHaveTextContent("Choose an answer first.");
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole("radio", { name: "Sample 2" }));
    await user.click(next);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({
      choice: "2",
      heardToEnd: true,
      playCounts: [1, 2],
    });
    expect(onAnswer.mock.calls[0]?.[0]).not.toHaveProperty("score");
  });

  test("keyboard only: Space plays 1, then 2; 2 chooses sample 2, 0 no difference; Enter sends", async () => {
    const user = userEvent.setup();
    const { props, requestPlay, onAnswer } = setup({ last: true });
    render(<TrialView {...props} />);
    // Before both are heard, a choice key only says what is missing.
    await user.keyboard("2");
    expect(screen.getByRole("status")).toHaveTextContent("Play both samples to the end");
    expect(screen.getAllByRole("radio").some((r) => (r as HTMLInputElement).checked)).toBe(false);
    await user.keyboard(" ");
    expect(requestPlay).toHaveBeenLastCalledWith(1);
    // Space again while it plays: stops it (not heard).
    await user.keyboard(" ");
    expect(audios()[0]?.paused).toBe(true);
    await user.keyboard(" ");
    ends(audios()[0] as HTMLMediaElement);
    await user.keyboard(" ");
    expect(requestPlay).toHaveBeenLastCalledWith(2);
    ends(audios()[1] as HTMLMediaElement);
    // Both heard: Space plays the other one than the last.
    await user.keyboard(" ");
    expect(requestPlay).toHaveBeenLastCalledWith(1);
    await user.keyboard(" ");
    await user.keyboard("0");
    expect(screen.getByRole("radio", { name: "No difference" })).toBeChecked();
    await user.keyboard("2");
    expect(screen.getByRole("radio", { name: "Sample 2" })).toBeChecked();
    await user.keyboard("{Enter}");
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ choice: "2", playCounts: [3, 1] });
    // The keys are said, and the last pair's button is "Finish".
    expect(
      screen.getByText(
        "Keys: Space plays the next sample or stops it; 1 or 2 chooses that sample, 0 “No difference”; Enter confirms.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Finish" })).toHaveAttribute(
      "aria-keyshortcuts",
      "Enter",
    );
  });

  test("Tab reaches each sample's Play, then the answers and Next once both were heard", async () => {
    const user = userEvent.setup();
    const { props, onAnswer } = setup();
    render(<TrialView {...props} />);
    // The pair's heading has focus when it opens; Tab goes on from there.
    expect(screen.getByRole("heading", { name: "Pair 1 of 3" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Play sample 1" })).toHaveFocus();
    await user.keyboard("{Enter}");
    ends(audios()[0] as HTMLMediaElement);
    await user.tab();
    expect(screen.getByRole("button", { name: "Play sample 2" })).toHaveFocus();
    await user.keyboard(" ");
    ends(audios()[1] as HTMLMediaElement);
    await user.tab();
    // The radio group is one tab stop; arrows move within it (and choose).
    expect(screen.getByRole("radio", { name: "Sample 1" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("radio", { name: "Sample 2" })).toBeChecked();
    await user.tab();
    expect(screen.getByRole("button", { name: "Next pair" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ choice: "2", playCounts: [1, 1] });
  });

  test("without “no difference”: no such answer, and 0 chooses nothing", async () => {
    const user = userEvent.setup();
    const { props } = setup({ allowSame: false });
    render(<TrialView {...props} />);
    await hearBoth(user);
    expect(screen.queryByRole("radio", { name: "No difference" })).toBeNull();
    await user.keyboard("0");
    expect(screen.getAllByRole("radio").some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(keyAnswer("ab", false, "0")).toBeNull();
    expect(keyAnswer("ab", true, "0")).toBe("same");
  });

  test("a play the server cannot count does not start, and says why", async () => {
    const user = userEvent.setup();
    const { props, requestPlay } = setup();
    requestPlay.mockResolvedValueOnce({ ok: false, reason: "offline" });
    render(<TrialView {...props} />);
    await user.click(screen.getByRole("button", { name: "Play sample 1" }));
    expect(started).toEqual([]);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The sample could not start: each play is counted by the study's server",
    );
    await user.click(screen.getByRole("button", { name: "Play sample 1" }));
    expect(started).toEqual([audios()[0]]);
  });

  test("the study's question replaces the default one", () => {
    const { props } = setup({ question: "Which one sounds more like a news reader?" });
    render(<TrialView {...props} />);
    expect(
      screen.getByRole("group", { name: "Which one sounds more like a news reader?" }),
    ).toBeInTheDocument();
  });
});

describe("CCR", () => {
  test("the seven P.808 labels in order; “Much better” is +3 for sample 2 against sample 1", async () => {
    const user = userEvent.setup();
    const { props, onAnswer } = setup({ scale: "ccr" });
    render(<TrialView {...props} />);
    expect(screen.getAllByRole("radio").map((o) => o.closest("label")?.textContent)).toEqual([
      "Much worse",
      "Worse",
      "Slightly worse",
      "About the same",
      "Slightly better",
      "Better",
      "Much better",
    ]);
    expect(
      screen.getByRole("group", {
        name: "How natural does the second sample sound compared with the first?",
      }),
    ).toBeInTheDocument();
    await hearBoth(user);
    await user.click(screen.getByRole("radio", { name: "Much better" }));
    await user.click(screen.getByRole("button", { name: "Next pair" }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ score: 3, heardToEnd: true });
    expect(onAnswer.mock.calls[0]?.[0]).not.toHaveProperty("choice");
  });

  test("the study's own question is followed by the scale's direction", () => {
    const { props } = setup({ scale: "ccr", question: "How clear is it?" });
    render(<TrialView {...props} />);
    expect(
      screen.getByRole("group", {
        name: "How clear is it? The second sample compared with the first",
      }),
    ).toBeInTheDocument();
  });

  test("keys 1–7 choose from “Much worse” (−3) to “Much better” (+3)", async () => {
    const user = userEvent.setup();
    const { props, onAnswer } = setup({ scale: "ccr" });
    render(<TrialView {...props} />);
    await hearBoth(user);
    await user.keyboard("1");
    expect(screen.getByRole("radio", { name: "Much worse" })).toBeChecked();
    await user.keyboard("4");
    expect(screen.getByRole("radio", { name: "About the same" })).toBeChecked();
    await user.keyboard("{Enter}");
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ score: 0 });
    expect(
      ["1", "2", "3", "4", "5", "6", "7", "8", "0"].map((k) => keyAnswer("ccr", true, k)),
    ).toEqual(["-3", "-2", "-1", "0", "1", "2", "3", null, null]);
    expect(answerOf("ccr", "3")).toEqual({ score: 3 });
    expect(answerOf("ccr", "-2")).toEqual({ score: -2 });
    expect(answerOf("ab", "same")).toEqual({ choice: "same" });
  });
});

test("a view pair: each side's waveform with its highlighted bins, nothing naming the views", async () => {
  const { props } = setup({
    sides: [
      { duration: 2, bins: [0, 1, 2, 10] },
      { duration: 2, bins: [] },
    ],
  });
  render(<TrialView {...props} />);
  expect(
    screen.getByText(
      "Both samples are the same recording; the shaded parts of each waveform are the parts it highlights.",
    ),
  ).toBeInTheDocument();
  // The fake waveform draws each span as a button with its times, in the samples' order.
  const [first, second] = screen.getAllByTestId("fake-waveform") as [HTMLElement, HTMLElement];
  expect(first.dataset.audio).toBe("blob:one");
  expect(
    within(first)
      .getAllByTestId("wave-span")
      .map((b) => [b.dataset.start, b.dataset.end, b.dataset.editable]),
  ).toEqual([
    ["0", "0.3", "false"],
    ["1", "1.1", "false"],
  ]);
  expect(second.dataset.audio).toBe("blob:two");
  expect(within(second).queryAllByTestId("wave-span")).toEqual([]);
  expect(screen.getByText("Nothing highlighted")).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/regions|union|overlap|saliency|model/i);
});

test("Arabic: right to left, sample 1 first in the list and labelled, the buttons in Arabic", async () => {
  const { props } = setup({ title: "الزوج 1 من 3" });
  render(
    <Language language="ar">
      <TrialView {...props} />
    </Language>,
  );
  const list = await screen.findByRole("list", { name: "أيّ العيّنتين تبدو أكثر طبيعية؟" });
  await waitFor(() => expect(document.documentElement.dir).toBe("rtl"));
  const items = within(list).getAllByRole("listitem");
  expect(items.map((li) => within(li).getByRole("heading").textContent)).toEqual([
    "1العيّنة 1",
    "2العيّنة 2",
  ]);
  expect(within(items[0] as HTMLElement).getByRole("button").textContent).toBe("شغّل العيّنة 1");
  expect(screen.getAllByRole("radio").map((o) => o.closest("label")?.textContent)).toEqual([
    "العيّنة 1",
    "العيّنة 2",
    "لا فرق",
  ]);
});
