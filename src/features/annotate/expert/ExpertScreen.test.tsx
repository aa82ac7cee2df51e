// @vitest-environment happy-dom
// The expert screen against the real repository in fake-indexeddb, with the wavesurfer
// wrapper replaced by a fake that renders each span it is given as a button.
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import {
  waveformHandle as handle,
  resetWaveformHandle,
} from "../../../../tests/helpers/fakeWaveform.tsx";
import { SPAN_PALETTE } from "../../../audio/colors.ts";
import { db } from "../../../db/db.ts";
import {
  addClips,
  addRegion,
  createStudy,
  ensureAnnotator,
  listReasonLabels,
  listRegions,
  saveSubmission,
  setReasons,
} from "../../../db/repo.ts";
import { putSaliency } from "../../../db/saliency.ts";
import { resetExpertUi } from "../../../stores/expert.ts";
import { useNotices } from "../../../stores/notices.ts";
import { ExpertScreen } from "./ExpertScreen.tsx";

vi.mock("../../../audio/Waveform.tsx", async () =>
  (await import("../../../../tests/helpers/fakeWaveform.tsx")).fakeWaveformModule(4),
);

const STUDY = "t";
const wav = () => new Blob([new Uint8Array(44)], { type: "audio/wav" });

async function seed(clips: string[]) {
  await createStudy({ id: STUDY, name: "Test study" });
  await addClips(
    STUDY,
    clips.map((id) => ({ clip: { id, name: `${id}.wav`, duration: 4 }, blob: wav() })),
  );
  for (const id of ["w1", "w2"]) await ensureAnnotator(STUDY, id, "crowd");
  await ensureAnnotator(STUDY, "e1", "expert");
}

const region = (clipId: string, annotatorId: string, start: number, end: number) =>
  addRegion(STUDY, { clipId, annotatorId, start, end });

async function labelsOf(regionId: string) {
  const labels = await listReasonLabels(STUDY, [regionId]);
  return labels.filter((l) => l.annotatorId === "e1").map((l) => l.reasons);
}

/** Waits until the spans are listed and the (fake) waveform has its audio. */
async function ready(spans: number) {
  await waitFor(() => expect(regionItems()).toHaveLength(spans));
  await screen.findByTestId("fake-waveform");
}

function regionItems() {
  return within(screen.getByRole("list", { name: "Regions" })).getAllByRole("listitem");
}

beforeEach(async () => {
  localStorage.clear();
  resetExpertUi();
  useNotices.getState().clear();
  await db.delete();
  await db.open();
  resetWaveformHandle();
});
afterEach(() => cleanup());

test("spans from two annotators are listed and drawn read-only, in two colours", async () => {
  await seed(["c1"]);
  const a = await region("c1", "w1", 0.5, 1.25);
  await region("c1", "w2", 2, 3);
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);

  await waitFor(() => expect(regionItems()).toHaveLength(2));
  const [first, second] = regionItems();
  expect(first).toHaveTextContent("w1");
  expect(first).toHaveTextContent("0:00.50–0:01.25");
  expect(second).toHaveTextContent("w2");
  expect(second).toHaveTextContent("0:02.00–0:03.00");
  // Two annotators in the study, sorted: w1 gets the palette's first colour, w2 its second.
  const swatches = screen.getAllByTestId("span-color");
  expect(swatches[0]).toHaveStyle({ backgroundColor: SPAN_PALETTE[0] });
  expect(swatches[1]).toHaveStyle({ backgroundColor: SPAN_PALETTE[1] });

  const drawn = await screen.findAllByTestId("wave-span");
  expect(drawn.map((d) => [d.textContent, d.dataset.color, d.dataset.editable])).toEqual([
    ["w1", SPAN_PALETTE[0], "false"],
    ["w2", SPAN_PALETTE[1], "false"],
  ]);
  // The legend: id, span count, a toggle per annotator.
  expect(screen.getByRole("button", { name: "w1: 1 span, shown" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await userEvent.click(screen.getByRole("button", { name: "w2: 1 span, shown" }));
  expect(screen.getByRole("button", { name: "w2: 1 span, hidden" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  expect(screen.getAllByTestId("wave-span").map((d) => d.textContent)).toEqual(["w1"]);
  expect(regionItems()).toHaveLength(1);
  expect(a.id).toBeTruthy();
});

test("ticking a checkbox and pressing number keys store the right reasons", async () => {
  await seed(["c1"]);
  const r1 = await region("c1", "w1", 0.5, 1.25);
  const r2 = await region("c1", "w2", 2, 3);
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(2);

  // Select w2's span from the waveform, tick "End of speech" with the mouse.
  await user.click(screen.getAllByTestId("wave-span")[1] as HTMLElement);
  expect(screen.getByRole("group", { name: /Reasons for w2's span/ })).toBeInTheDocument();
  const eos = screen.getByRole("checkbox", { name: "End of speech" });
  expect(eos).toHaveAccessibleDescription("Position of region is at the end of each utterance.");
  await user.click(eos);
  await waitFor(async () => expect(await labelsOf(r2.id)).toEqual([["end_of_speech"]]));

  // Keys: "0" is the 10th type (Background noise), "3" High pitch, "9" Accuracy.
  await user.keyboard("9");
  await user.keyboard("0");
  await user.keyboard("3");
  await waitFor(async () =>
    expect(await labelsOf(r2.id)).toEqual([
      ["end_of_speech", "high_pitch", "accuracy", "background_noise"],
    ]),
  );
  // Keys change boxes without focus, so the change is announced.
  expect(screen.getByText("High pitch ticked for w2's span 0:02.00–0:03.00")).toHaveAttribute(
    "role",
    "status",
  );
  // Pressing a key again removes that reason; the list row shows what is ticked.
  await user.keyboard("0");
  expect(
    screen.getByText("Background noise unticked for w2's span 0:02.00–0:03.00"),
  ).toBeInTheDocument();
  await waitFor(async () =>
    expect(await labelsOf(r2.id)).toEqual([["end_of_speech", "high_pitch", "accuracy"]]),
  );
  await waitFor(() =>
    expect(regionItems()[1]).toHaveTextContent("End of speechHigh pitchAccuracy"),
  );
  expect(screen.getByRole("checkbox", { name: "Background noise" })).not.toBeChecked();
  expect(screen.getByRole("checkbox", { name: "High pitch" })).toBeChecked();

  // "[" moves to the previous span; untick all of a span's reasons and its label is deleted.
  await user.keyboard("[[");
  expect(screen.getByRole("group", { name: /Reasons for w1's span/ })).toBeInTheDocument();
  await user.keyboard("2");
  await waitFor(async () => expect(await labelsOf(r1.id)).toEqual([["silence"]]));
  await user.keyboard("2");
  await waitFor(async () => expect(await labelsOf(r1.id)).toEqual([]));
  expect(await labelsOf(r2.id)).toEqual([["end_of_speech", "high_pitch", "accuracy"]]);

  // "-" is Undefined ("none of the above"): it takes the other reasons away, and a reason
  // ticked after it takes Undefined away.
  await user.keyboard("]]");
  await user.keyboard("-");
  await waitFor(async () => expect(await labelsOf(r2.id)).toEqual([["undefined"]]));
  expect(screen.getByRole("checkbox", { name: "High pitch" })).not.toBeChecked();
  await user.keyboard("5");
  await waitFor(async () => expect(await labelsOf(r2.id)).toEqual([["flat_pitch"]]));
});

test("reason keys do nothing while typing in a text field", async () => {
  await seed(["c1"]);
  const r1 = await region("c1", "w1", 0.5, 1.25);
  const user = userEvent.setup();
  render(
    <>
      <input aria-label="Notes" />
      <ExpertScreen studyId={STUDY} annotatorId="e1" />
    </>,
  );
  await ready(1);
  // The first unlabelled span is selected on arrival.
  expect(screen.getByRole("group", { name: /Reasons for w1's span/ })).toBeInTheDocument();
  await user.click(screen.getByRole("textbox", { name: "Notes" }));
  await user.keyboard("1 n");
  expect(screen.getByRole("textbox", { name: "Notes" })).toHaveValue("1 n");
  expect(handle.playPause).not.toHaveBeenCalled();
  await new Promise((r) => setTimeout(r, 50));
  expect(await labelsOf(r1.id)).toEqual([]);
  expect(screen.getByRole("checkbox", { name: "End of speech" })).not.toBeChecked();
});

test("with the filter on, Next and Previous skip clips whose spans are all labelled", async () => {
  await seed(["c1", "c2", "c3", "c4", "c5"]);
  const a1 = await region("c1", "w1", 0, 1);
  const b2 = await region("c2", "w1", 0, 1);
  await region("c3", "w2", 0, 1); // open
  const d4 = await region("c4", "w1", 0, 1);
  await region("c4", "w2", 1, 2); // c4 half labelled: open
  // c5 has no spans: nothing to label, skipped by the filter.
  for (const r of [a1, b2, d4]) await setReasons(STUDY, r.id, "e1", ["silence"]);
  // Another expert's reasons do not count for e1.
  await ensureAnnotator(STUDY, "e2", "expert");
  const c3 = (await listRegions(STUDY, "c3"))[0]?.id ?? "";
  await setReasons(STUDY, c3, "e2", ["energy"]);

  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await screen.findByText("Clip 1 of 5");
  expect(await screen.findByText("3 of 5 spans labelled")).toBeInTheDocument();

  await user.click(screen.getByRole("checkbox", { name: /Only clips with unlabelled spans/ }));
  await user.click(screen.getByRole("button", { name: /Next clip/ }));
  expect(await screen.findByText("Clip 3 of 5")).toBeInTheDocument();
  await user.keyboard("n");
  expect(await screen.findByText("Clip 4 of 5")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: /Next clip/ })).toBeDisabled();
  await user.keyboard("p");
  expect(await screen.findByText("Clip 3 of 5")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: /Previous clip/ })).toBeDisabled();

  // Labelling c3's only span closes it: Previous is still disabled, Next goes to c4.
  await user.keyboard("1");
  await waitFor(() => expect(screen.getByText("4 of 5 spans labelled")).toBeInTheDocument());
  await user.keyboard("n");
  expect(await screen.findByText("Clip 4 of 5")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: /Previous clip/ })).toBeDisabled();

  // Filter off: every clip, including the empty one, with its empty state.
  await user.click(screen.getByRole("checkbox", { name: /Only clips with unlabelled spans/ }));
  await user.click(screen.getByRole("button", { name: /Next clip/ }));
  expect(await screen.findByText("Clip 5 of 5")).toBeInTheDocument();
  expect(
    await screen.findByText("No crowd annotator marked anything on this clip"),
  ).toBeInTheDocument();
});

test("Show union draws the merged spans of the visible annotators", async () => {
  await seed(["c1"]);
  await region("c1", "w1", 0.5, 1.5);
  await region("c1", "w2", 1, 2); // overlaps w1's
  await region("c1", "w2", 2, 2.5); // touches it
  await region("c1", "w1", 3, 3.5); // apart
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await waitFor(() => expect(regionItems()).toHaveLength(4));
  // Nothing selected, so only the union is drawn.
  act(() => {
    (document.activeElement as HTMLElement | null)?.blur();
  });
  await user.click(screen.getByRole("checkbox", { name: "Show union" }));
  const spans = () =>
    screen
      .getAllByTestId("wave-span")
      .filter((s) => s.textContent === "union")
      .map((s) => [Number(s.dataset.start), Number(s.dataset.end)]);
  await waitFor(() =>
    expect(spans()).toEqual([
      [0.5, 2.5],
      [3, 3.5],
    ]),
  );
  expect(screen.getByTestId("union-summary")).toHaveTextContent("2 merged spans");
  // The selected span (the first one, chosen on arrival) stays drawn over the union.
  expect(
    screen
      .getAllByTestId("wave-span")
      .filter((s) => s.textContent !== "union")
      .map((s) => s.textContent),
  ).toEqual(["w1"]);
  // Hiding w2 leaves the union of w1's spans alone.
  await user.click(screen.getByRole("button", { name: "w2: 2 spans, shown" }));
  await waitFor(() =>
    expect(spans()).toEqual([
      [0.5, 1.5],
      [3, 3.5],
    ]),
  );
  // Union off: the individual spans again.
  await user.click(screen.getByRole("checkbox", { name: "Show union" }));
  expect(screen.getAllByTestId("wave-span").map((s) => s.textContent)).toEqual(["w1", "w1"]);
});

test("Space plays, L loops the selected span, ? opens the shortcuts", async () => {
  await seed(["c1"]);
  const r1 = await region("c1", "w1", 0.5, 1.5);
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(1);
  await user.keyboard(" ");
  expect(handle.playPause).toHaveBeenCalledTimes(1);
  await user.keyboard("l");
  await waitFor(() => expect(handle.playSpan).toHaveBeenCalledWith(r1.id, true));
  expect(screen.getByRole("button", { name: /Loop span/ })).toHaveAttribute("aria-pressed", "true");
  await user.keyboard("l");
  expect(handle.stopLoop).toHaveBeenCalled();
  await user.click(screen.getByRole("button", { name: /^Play w1's span/ }));
  await waitFor(() => expect(handle.playSpan).toHaveBeenLastCalledWith(r1.id, false));
  await user.keyboard("?");
  const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
  expect(within(dialog).getByText("Toggle “Undefined”")).toBeInTheDocument();
  // Keys are off while the dialog is open; Escape closes it.
  await user.keyboard("1");
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(await labelsOf(r1.id)).toEqual([]);
});

test("an unknown study says so", async () => {
  render(<ExpertScreen studyId="nope" annotatorId="e1" />);
  expect(await screen.findByRole("heading", { name: "Study not found" })).toBeInTheDocument();
});

test("a failed write shows the error and unticks the box again", async () => {
  await seed(["c1"]);
  const r1 = await region("c1", "w1", 0.5, 1.25);
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(1);
  await screen.findByRole("group", { name: /Reasons for w1's span/ });
  // The expert's registration disappears behind the screen's back: setReasons refuses.
  await db.annotators.delete([STUDY, "e1"]);
  await user.keyboard("1");
  await waitFor(() =>
    expect(useNotices.getState().notices.map((n) => n.message)).toContainEqual(
      expect.stringMatching(/Could not save the reasons: annotator "e1" is not registered/),
    ),
  );
  await waitFor(() =>
    expect(screen.getByRole("checkbox", { name: "End of speech" })).not.toBeChecked(),
  );
  expect(await labelsOf(r1.id)).toEqual([]);
});

test("holding a reason key ticks it once, not on every repeat", async () => {
  await seed(["c1"]);
  const r1 = await region("c1", "w1", 0.5, 1.25);
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(1);
  await screen.findByRole("group", { name: /Reasons for w1's span/ });
  await user.keyboard("{4>4/}"); // four keydowns (three of them repeats), then keyup
  await waitFor(async () => expect(await labelsOf(r1.id)).toEqual([["voice_trembling"]]));
  await new Promise((r) => setTimeout(r, 50));
  expect(await labelsOf(r1.id)).toEqual([["voice_trembling"]]);
});

test("focus moves to the clip heading on opening and on N / P, as on the crowd screen", async () => {
  await seed(["c1", "c2"]);
  await region("c1", "w1", 0, 1);
  await region("c2", "w1", 0, 1);
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(1);
  // Focus moves in an effect, which may run after the list is already in the DOM.
  await waitFor(() =>
    expect(screen.getByRole("heading", { level: 1, name: "c1.wav" })).toHaveFocus(),
  );

  // Tab onto the span's row in the list; N removes it with the old clip: focus goes to the new
  // clip's heading, not to the page body.
  await user.click(regionItems()[0]?.querySelector("button") as HTMLElement);
  await user.keyboard("n");
  await waitFor(() =>
    expect(screen.getByRole("heading", { level: 1, name: "c2.wav" })).toHaveFocus(),
  );
  await user.click(screen.getByRole("button", { name: /Previous clip/ }));
  await waitFor(() =>
    expect(screen.getByRole("heading", { level: 1, name: "c1.wav" })).toHaveFocus(),
  );
});

test("a focused reason checkbox keeps focus across N / P, and reason keys work right after", async () => {
  await seed(["c1", "c2"]);
  const a = await region("c1", "w1", 0, 1);
  const b = await region("c2", "w2", 1, 2);
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(1);

  // Keyboard labelling: Tab reaches the reasons; Space ticks the focused box.
  const silence = screen.getByRole("checkbox", { name: "Silence" });
  silence.focus();
  await user.keyboard(" ");
  await waitFor(async () => expect(await labelsOf(a.id)).toEqual([["silence"]]));

  await user.keyboard("n");
  await screen.findByRole("heading", { level: 1, name: "c2.wav" });
  expect(screen.getByRole("group", { name: /Reasons for w2's span/ })).toBeInTheDocument();
  expect(screen.getByRole("checkbox", { name: "Silence" })).toHaveFocus();
  // "3" is High pitch, "0" Background noise: on c2's span, straight after N.
  await user.keyboard("30");
  await waitFor(async () =>
    expect(await labelsOf(b.id)).toEqual([["high_pitch", "background_noise"]]),
  );
  expect(screen.getByRole("checkbox", { name: "Silence" })).toHaveFocus();

  await user.keyboard("p");
  await screen.findByRole("heading", { level: 1, name: "c1.wav" });
  expect(screen.getByRole("checkbox", { name: "Silence" })).toHaveFocus();
  // "2" is Silence: unticking it on c1's span leaves no reasons there.
  await user.keyboard("2");
  await waitFor(async () => expect(await labelsOf(a.id)).toEqual([]));
  expect(await labelsOf(b.id)).toEqual([["high_pitch", "background_noise"]]);
});

test("the study's progress follows crowd work that arrives while the screen is open", async () => {
  await seed(["c1", "c2"]);
  const a = await region("c1", "w1", 0.5, 1.25);
  await region("c2", "w2", 1, 2);
  await setReasons(STUDY, a.id, "e1", ["silence"]);
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(1);
  expect(await screen.findByText("1 of 2 spans labelled")).toBeInTheDocument();
  expect(screen.getByText("Clip 1 of 2")).toBeInTheDocument();
  // A merge (or another tab) adds a span on the other clip: the index is read again.
  await region("c2", "w1", 2.5, 3);
  expect(await screen.findByText("1 of 3 spans labelled")).toBeInTheDocument();
  expect(screen.getByText("(1 clip left)")).toBeInTheDocument();
});

test("several overlapping spans labelled at once: O selects them, a key ticks all, mixed boxes say so", async () => {
  await seed(["c1"]);
  const a = await region("c1", "w1", 0.5, 1.25);
  const b = await region("c1", "w2", 1, 2);
  const c = await region("c1", "w2", 3, 3.5);
  await setReasons(STUDY, b.id, "e1", ["energy"]);
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(3);

  // The first span without reasons (a) is selected; O takes a and b (they overlap), not c.
  await user.keyboard("o");
  expect(screen.getByRole("group", { name: /Reasons for 2 spans/ })).toBeInTheDocument();
  expect(screen.getByText("2 spans selected: reasons go to all of them")).toBeInTheDocument();
  // Energy is on b only: mixed, "1 of 2".
  const energy = screen.getByRole("checkbox", { name: /^Energy-related.*1 of 2/ });
  expect((energy as HTMLInputElement).indeterminate).toBe(true);
  expect(energy).toHaveAttribute("aria-checked", "mixed");
  // "3" (High pitch) goes to both, in one write.
  await user.keyboard("3");
  await waitFor(async () => {
    expect(await labelsOf(a.id)).toEqual([["high_pitch"]]);
    expect(await labelsOf(b.id)).toEqual([["high_pitch", "energy"]]);
  });
  expect(screen.getByText("High pitch ticked for 2 spans")).toHaveAttribute("role", "status");
  // A mixed reason is given to all; pressed again, taken from all.
  await user.keyboard("6");
  await waitFor(async () => expect(await labelsOf(a.id)).toEqual([["high_pitch", "energy"]]));
  await user.keyboard("6");
  await waitFor(async () => {
    expect(await labelsOf(a.id)).toEqual([["high_pitch"]]);
    expect(await labelsOf(b.id)).toEqual([["high_pitch"]]);
  });
  // Undefined on the group: each span is left with Undefined alone.
  await user.keyboard("-");
  await waitFor(async () => {
    expect(await labelsOf(a.id)).toEqual([["undefined"]]);
    expect(await labelsOf(b.id)).toEqual([["undefined"]]);
  });
  expect(await labelsOf(c.id)).toEqual([]);

  // A row's checkbox adds c to the group; "Label one span only" goes back to one span.
  await user.click(screen.getByRole("checkbox", { name: /Label w2's span 0:03.00–0:03.50 with/ }));
  expect(screen.getByRole("group", { name: /Reasons for 3 spans/ })).toBeInTheDocument();
  await user.keyboard("2");
  await waitFor(async () => {
    expect(await labelsOf(c.id)).toEqual([["silence"]]);
    expect(await labelsOf(a.id)).toEqual([["silence"]]);
  });
  await user.click(screen.getByRole("button", { name: "Label one span only" }));
  expect(screen.getByRole("group", { name: /Reasons for w1's span/ })).toBeInTheDocument();
  await user.keyboard("2");
  await waitFor(async () => expect(await labelsOf(a.id)).toEqual([]));
  expect(await labelsOf(c.id)).toEqual([["silence"]]);
});

test("the majority consensus: drawn when asked, and a click on it selects the spans under it", async () => {
  await seed(["c1"]);
  await ensureAnnotator(STUDY, "w3", "crowd");
  // 4 s clip, 0.1 s bins: w1 0.5–1.25 and w2 1.0–2.0 overlap on bins 10–12 (1.0–1.3);
  // w3 finished the clip marking nothing, so a bin needs two of three marks.
  const a = await region("c1", "w1", 0.5, 1.25);
  const b = await region("c1", "w2", 1, 2);
  await region("c1", "w2", 3, 3.5);
  await saveSubmission(STUDY, { clipId: "c1", annotatorId: "w3" });
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(3);
  expect(screen.queryByText(/Majority consensus/)).toBeNull();
  await user.click(screen.getByRole("checkbox", { name: "Consensus" }));
  expect(screen.getByTestId("consensus-summary")).toHaveTextContent(
    "Majority consensus: 1 region, 0.30 s",
  );
  const drawn = screen.getAllByTestId("wave-span");
  const consensus = drawn.find((d) => d.textContent === "consensus") as HTMLElement;
  expect(consensus).toBeDefined();
  await user.click(consensus);
  expect(screen.getByRole("group", { name: /Reasons for 2 spans/ })).toBeInTheDocument();
  await user.keyboard("4");
  await waitFor(async () => {
    expect(await labelsOf(a.id)).toEqual([["voice_trembling"]]);
    expect(await labelsOf(b.id)).toEqual([["voice_trembling"]]);
  });
});

test("a model's saliency: a toggle when the clip has one, drawing the model's top bins", async () => {
  await seed(["c1", "c2"]);
  // 4 s clip, 0.1 s bins: the spans' union covers 0.5–1.25 and 2–3 s, 8 + 10 = 18 bins.
  await region("c1", "w1", 0.5, 1.25);
  await region("c1", "w2", 2, 3);
  // The model's highest 18 bins: 3–4 s (value 1), then the earliest of the zeros, 0–0.8 s.
  const values = Array.from({ length: 40 }, (_, k) => (k >= 30 ? 1 : 0));
  await putSaliency(STUDY, [{ clipId: "c1", model: "ig", hopSeconds: 0.1, values }]);
  const user = userEvent.setup();
  render(<ExpertScreen studyId={STUDY} annotatorId="e1" />);
  await ready(2);
  const toggle = await screen.findByRole("checkbox", { name: "Model saliency (ig)" });
  expect(screen.getAllByTestId("wave-span").filter((d) => d.textContent === "ig")).toEqual([]);
  await user.click(toggle);
  const drawn = screen.getAllByTestId("wave-span").filter((d) => d.textContent === "ig");
  expect(drawn.map((d) => [d.dataset.start, d.dataset.end, d.dataset.color])).toEqual([
    ["0", "0.8", "#117733"],
    ["3", "4", "#117733"],
  ]);
});
