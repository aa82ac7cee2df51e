// @vitest-environment happy-dom
// The transcript view's consensus and the listeners by reliability, on a study worked by hand
// (src/domain/transcripts/studyConsensus.test.ts works the same study's figures).
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test } from "vitest";
import { db } from "../../../db/db.ts";
import { applyMerge, planImport } from "../../../db/studyFiles.ts";
import type { AnnotationFile } from "../../../domain/interchange/types.ts";
import { studyConsensus } from "../../../domain/transcripts/studyConsensus.ts";
import { ReliabilityList } from "./ReliabilityList.tsx";
import { TranscriptView } from "./TranscriptView.tsx";

const file: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "t", name: "t", binSeconds: 0.1, task: "transcribe" },
  taxonomy: [],
  clips: [
    { id: "c1", name: "c1.wav", duration: 2, system: "A", text: "The cat sat." },
    { id: "c2", name: "c2.wav", duration: 2, system: "A" },
  ],
  annotators: ["a", "b", "c", "d"].map((id) => ({ id, role: "crowd" as const })),
  submissions: [
    { clipId: "c1", annotatorId: "a", transcript: "the cat sat" },
    { clipId: "c2", annotatorId: "a", transcript: "hello world" },
    { clipId: "c1", annotatorId: "b", transcript: "the cat sat" },
    { clipId: "c2", annotatorId: "b", transcript: "Hello, world!" },
    { clipId: "c1", annotatorId: "c", transcript: "A cat sat" },
    { clipId: "c2", annotatorId: "c", transcript: "hello word" },
    { clipId: "c1", annotatorId: "d", transcript: "dog ran far" },
    { clipId: "c2", annotatorId: "d", transcript: "good bye" },
  ],
  regions: [],
  reasonLabels: [],
};

afterEach(cleanup);
beforeEach(async () => {
  await db.delete();
  await db.open();
  const [plan] = await planImport([{ name: "t.json", file }]);
  if (!plan) throw new Error("no plan");
  await applyMerge(plan, {});
});

/** Each body row as [annotator, its WER]. */
function werColumn(table: HTMLElement) {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => {
      const cells = within(row).queryAllByRole("cell");
      return [within(row).getByRole("rowheader").textContent, cells.at(-1)?.textContent];
    });
}

test("a clip with a text: every transcript against it, the consensus under them", async () => {
  render(
    <TranscriptView
      studyId="t"
      unit="word"
      consensus={studyConsensus(file)}
      consensusPending={false}
    />,
  );
  const table = await screen.findByRole("table", {
    name: /Transcripts of c1\.wav, aligned with its text/,
  });
  // c typed "a" for "the" (1 of 3 words), d three substitutions; the consensus is "the cat sat".
  await waitFor(() =>
    expect(werColumn(table)).toEqual([
      ["a", "0.0%"],
      ["b", "0.0%"],
      ["c", "33.3%"],
      ["d", "100.0%"],
      ["Consensus", "0.0%"],
    ]),
  );
  expect(within(table).getByRole("row", { name: /^Consensus/ }).textContent).toContain(
    "the cat sat",
  );
  expect(screen.getByText("WER")).toBeInTheDocument();
});

test("a clip without a text: each listener's WER against the consensus, labelled so", async () => {
  const user = userEvent.setup();
  render(
    <TranscriptView
      studyId="t"
      unit="word"
      consensus={studyConsensus(file)}
      consensusPending={false}
    />,
  );
  const select = await screen.findByRole("combobox", { name: "Clip" });
  await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(2));
  expect(within(select).getByRole("option", { name: /c2\.wav/ }).textContent).toContain(
    "no reference text",
  );
  await user.selectOptions(select, "c2");
  const table = await screen.findByRole("table", {
    name: /Transcripts of c2\.wav, aligned with the listeners' consensus \(no reference text\)/,
  });
  expect(
    within(table).getByRole("columnheader", {
      name: "WER against the consensus (no reference text)",
    }),
  ).toBeInTheDocument();
  // Against "hello world": c one substitution of two words, d two.
  await waitFor(() =>
    expect(werColumn(table)).toEqual([
      ["a", "0.0%"],
      ["b", "0.0%"],
      ["c", "50.0%"],
      ["d", "100.0%"],
      ["Consensus", ""],
    ]),
  );
  expect(within(table).getByRole("row", { name: /^Consensus/ }).textContent).toContain(
    "hello world",
  );
});

test("while the worker computes the consensus, the view says so", async () => {
  render(<TranscriptView studyId="t" unit="word" consensus={undefined} consensusPending />);
  const table = await screen.findByRole("table", { name: /Transcripts of c1\.wav/ });
  expect(within(table).getByRole("status").textContent).toBe("Computing the listeners' consensus…");
});

test("the listeners by estimated reliability, as worked by hand", () => {
  render(<ReliabilityList annotators={studyConsensus(file)?.annotators} pending={false} />);
  const table = screen.getByRole("table", { name: /Listeners by estimated reliability/ });
  const rows = within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((c) => c.textContent));
  // (0 + 1.75) / (5 + 5) = 0.175, ln(0.825 / 0.175) = 1.5506; (2 + 1.75) / 10 = 0.375,
  // ln(5 / 3) = 0.5108; (5 + 1.75) / 10 = 0.675: wrong more than half the time, no vote.
  expect(rows).toEqual([
    ["a", "2", "0", "5", "17.5%", "1.551"],
    ["b", "2", "0", "5", "17.5%", "1.551"],
    ["c", "2", "2", "5", "37.5%", "0.511"],
    ["d", "2", "5", "5", "67.5%", "0 (left out)"],
  ]);
  expect(screen.getByText(/\(1 left out\)/)).toBeInTheDocument();
});

test("the reliability list while pending, and with no listener", () => {
  const { rerender } = render(<ReliabilityList annotators={undefined} pending />);
  expect(screen.getByRole("status").textContent).toMatch(/Estimating each listener's reliability/);
  rerender(<ReliabilityList annotators={null} pending={false} />);
  expect(screen.queryByRole("table")).toBeNull();
});
