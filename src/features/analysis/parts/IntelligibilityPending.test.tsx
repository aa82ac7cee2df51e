// @vitest-environment happy-dom
// The analysis screen says what the worker is still computing after the first figures: the
// stimuli curve, then the listeners' consensus and reliability (issue 19 item 8, issue 20 item 5).
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { db } from "../../../db/db.ts";
import { applyMerge, planImport } from "../../../db/studyFiles.ts";
import type { AnnotationFile } from "../../../domain/interchange/types.ts";
import {
  computeIntelligibility,
  computeStimuliCurve,
} from "../../../domain/stats/intelligibility.ts";
import { studyConsensus } from "../../../domain/transcripts/studyConsensus.ts";
import { IntelligibilitySection } from "./IntelligibilitySection.tsx";

// The charts (Observable Plot measures text on a canvas happy-dom lacks) are not what is tested here.
vi.mock("./PlotView.tsx", () => ({ PlotView: () => null }));

const file: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "p", name: "p", binSeconds: 0.1, task: "transcribe" },
  taxonomy: [],
  clips: [
    { id: "a1", name: "a1.wav", duration: 2, system: "A", sentence: "s1", text: "the cat sat" },
    { id: "b1", name: "b1.wav", duration: 2, system: "B", sentence: "s1", text: "the cat sat" },
  ],
  annotators: [
    { id: "w1", role: "crowd" },
    { id: "w2", role: "crowd" },
  ],
  submissions: [
    { clipId: "a1", annotatorId: "w1", transcript: "the cat sat" },
    { clipId: "a1", annotatorId: "w2", transcript: "the bat sat" },
    { clipId: "b1", annotatorId: "w1", transcript: "a cat" },
    { clipId: "b1", annotatorId: "w2", transcript: "the cat sat" },
  ],
  regions: [],
  reasonLabels: [],
};

afterEach(cleanup);
beforeEach(async () => {
  await db.delete();
  await db.open();
  const [plan] = await planImport([{ name: "p.json", file }]);
  if (!plan) throw new Error("no plan");
  await applyMerge(plan, {});
});

function section(props: { curvePending: boolean; consensusPending: boolean; withCurve: boolean }) {
  const first = computeIntelligibility(file, { stimuliCurve: false });
  if (!first) throw new Error("nothing scored");
  const it = props.withCurve ? { ...first, stimuliCurve: computeStimuliCurve(file) } : first;
  return (
    <IntelligibilitySection
      studyId="p"
      intelligibility={it}
      why={null}
      alpha={0.05}
      engines={{}}
      groupBy={undefined}
      curvePending={props.curvePending}
      unit="word"
      consensus={props.consensusPending ? undefined : studyConsensus(file)}
      consensusPending={props.consensusPending}
    />
  );
}

test("while the curve and the consensus are computed, the section says so; then shows them", async () => {
  const { rerender } = render(
    section({ curvePending: true, consensusPending: true, withCurve: false }),
  );
  const region = screen.getByRole("region", { name: "Intelligibility (WER)" });
  const statuses = () =>
    within(region)
      .queryAllByRole("status")
      .map((s) => s.textContent);
  expect(statuses()).toContain(
    "Computing the interval width against the number of stimuli (1,000 bootstrap replicates per size)…",
  );
  expect(statuses()).toContain("Estimating each listener's reliability from the consensus…");
  // The curve arrives first; the consensus is still pending.
  rerender(section({ curvePending: false, consensusPending: true, withCurve: true }));
  expect(statuses().some((s) => s?.startsWith("Computing the interval width"))).toBe(false);
  expect(statuses()).toContain("Estimating each listener's reliability from the consensus…");
  // Then the consensus: no status left, and the listeners most reliable first (as
  // `aggregate --annotators` writes them: w2 12.5 %, w1 37.5 %).
  rerender(section({ curvePending: false, consensusPending: false, withCurve: true }));
  const list = await within(region).findByRole("table", {
    name: /Listeners by estimated reliability/,
  });
  expect(
    within(list)
      .getAllByRole("rowheader")
      .map((h) => h.textContent),
  ).toEqual(["w2", "w1"]);
  expect(statuses()).toEqual([]);
});
