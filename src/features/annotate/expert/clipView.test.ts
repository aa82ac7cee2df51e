import { describe, expect, test } from "vitest";
import { SPAN_PALETTE } from "../../../audio/colors.ts";
import type { ReasonLabelRecord, RegionRecord } from "../../../db/repo.ts";
import {
  buildClipView,
  overlappingGroup,
  selectionForWaveformId,
  stepSpan,
  waveformSpans,
} from "./clipView.ts";

const r = (id: string, clipId: string, annotatorId: string, start: number, end: number) =>
  ({ studyId: "s", id, clipId, annotatorId, start, end }) satisfies RegionRecord;
const regions = [
  r("a", "c1", "w2", 0.2, 0.6),
  r("b", "c1", "w1", 0.5, 1.0),
  r("c", "c1", "w2", 2.0, 2.5),
  r("d", "c2", "w1", 0, 1),
];
const labels: ReasonLabelRecord[] = [
  { studyId: "s", regionId: "a", annotatorId: "e1", reasons: ["silence"] },
  { studyId: "s", regionId: "b", annotatorId: "e2", reasons: ["energy"] },
];

describe("buildClipView", () => {
  test("one clip's spans, this expert's reasons, a legend with counts and the union", () => {
    const v = buildClipView("c1", regions, labels, "e1", ["w1", "w2"], new Set());
    expect(v.spans.map((s) => [s.id, s.color, s.reasons])).toEqual([
      ["a", SPAN_PALETTE[1], ["silence"]],
      ["b", SPAN_PALETTE[0], []], // e2's reasons are not e1's
      ["c", SPAN_PALETTE[1], []],
    ]);
    expect(v.legend).toEqual([
      { annotatorId: "w1", color: SPAN_PALETTE[0], spans: 1, visible: true },
      { annotatorId: "w2", color: SPAN_PALETTE[1], spans: 2, visible: true },
    ]);
    expect(v.union).toEqual([
      { start: 0.2, end: 1.0 },
      { start: 2.0, end: 2.5 },
    ]);
  });

  test("hidden annotators leave the visible spans and the union, not the legend", () => {
    const v = buildClipView("c1", regions, labels, "e1", ["w1", "w2"], new Set(["w2"]));
    expect(v.visibleSpans.map((s) => s.id)).toEqual(["b"]);
    expect(v.spans).toHaveLength(3);
    expect(v.union).toEqual([{ start: 0.5, end: 1.0 }]);
    expect(v.legend.find((e) => e.annotatorId === "w2")?.visible).toBe(false);
  });
});

describe("the waveform's spans", () => {
  const v = buildClipView("c1", regions, labels, "e1", ["w1", "w2"], new Set());
  const [a] = v.spans;

  test("without the union: every visible span, read-only, labelled with its annotator", () => {
    expect(waveformSpans(v, false, a).map((s) => [s.id, s.label, s.editable])).toEqual([
      ["a", "w2", false],
      ["b", "w1", false],
      ["c", "w2", false],
    ]);
  });

  test("with the union: the merged spans, and the selected span on top", () => {
    const drawn = waveformSpans(v, true, a);
    expect(drawn.map((s) => [s.start, s.end, s.label])).toEqual([
      [0.2, 1.0, "union"],
      [2.0, 2.5, "union"],
      [0.2, 0.6, "w2"],
    ]);
    expect(waveformSpans(v, true, undefined)).toHaveLength(2);
    // Clicking a union span selects the first span inside it.
    expect(selectionForWaveformId(v, drawn[1]?.id ?? "")).toEqual(["c"]);
    expect(selectionForWaveformId(v, drawn[0]?.id ?? "")).toEqual(["a"]);
    expect(selectionForWaveformId(v, "b")).toEqual(["b"]);
    expect(selectionForWaveformId(v, null)).toEqual([]);
  });
});

describe("the majority consensus on the expert screen", () => {
  // A 3 s clip, 0.1 s bins. w1: 0.5–1.0 (bins 5–9); w2: 0.2–0.6 (bins 2–5) and 2.0–2.5
  // (bins 20–24); w3 submitted the clip without a span. Three voters: a bin needs two marks.
  // Only bin 5 (0.5–0.6) has two (w1, w2).
  const input = { submitted: ["w3", "w1"], duration: 3, binSeconds: 0.1 };

  test("counts the crowd annotators who submitted without a span as voters", () => {
    const v = buildClipView("c1", regions, labels, "e1", ["w1", "w2", "w3"], new Set(), input);
    expect(v.voters).toBe(3);
    expect(v.consensus).toEqual([{ start: 0.5, end: 0.6 }]);
    // Without w3 the two left need both marks (a tie is no majority): still only bin 5.
    const two = buildClipView("c1", regions, labels, "e1", ["w1", "w2"], new Set(), {
      ...input,
      submitted: [],
    });
    expect(two.consensus).toEqual([{ start: 0.5, end: 0.6 }]);
  });

  test("hiding an annotator in the legend does not change the consensus", () => {
    const v = buildClipView("c1", regions, labels, "e1", ["w1", "w2"], new Set(["w2"]), input);
    expect(v.consensus).toEqual([{ start: 0.5, end: 0.6 }]);
  });

  test("one voter: no consensus (null), and nothing drawn for it", () => {
    const one = regions.filter((x) => x.annotatorId === "w1");
    const v = buildClipView("c1", one, [], "e1", ["w1"], new Set(), { ...input, submitted: [] });
    expect(v.consensus).toBeNull();
    expect(waveformSpans(v, false, undefined, true).map((s) => s.label)).toEqual(["w1"]);
  });

  test("drawn on top of the spans; a click on a region selects every span overlapping it", () => {
    const v = buildClipView("c1", regions, labels, "e1", ["w1", "w2", "w3"], new Set(), input);
    const drawn = waveformSpans(v, false, undefined, true);
    expect(drawn.map((s) => [s.label, s.start, s.end])).toEqual([
      ["w2", 0.2, 0.6],
      ["w1", 0.5, 1.0],
      ["w2", 2.0, 2.5],
      ["consensus", 0.5, 0.6],
    ]);
    expect(selectionForWaveformId(v, drawn[3]?.id ?? null)).toEqual(["a", "b"]);
  });
});

test("overlappingGroup: the spans of the selected span's union piece", () => {
  const v = buildClipView("c1", regions, labels, "e1", ["w1", "w2"], new Set());
  expect(overlappingGroup(v, "b")).toEqual(["a", "b"]);
  expect(overlappingGroup(v, "c")).toEqual(["c"]);
  expect(overlappingGroup(v, "zz")).toEqual([]);
});

test("stepSpan walks the list and stops at its ends", () => {
  const spans = [{ id: "a" }, { id: "b" }, { id: "c" }];
  expect(stepSpan(spans, null, 1)).toBe("a");
  expect(stepSpan(spans, null, -1)).toBe("c");
  expect(stepSpan(spans, "a", 1)).toBe("b");
  expect(stepSpan(spans, "c", 1)).toBe("c");
  expect(stepSpan(spans, "a", -1)).toBe("a");
  expect(stepSpan([], "a", 1)).toBeNull();
});
