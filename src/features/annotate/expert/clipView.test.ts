import { describe, expect, test } from "vitest";
import { SPAN_PALETTE } from "../../../audio/colors.ts";
import type { ReasonLabelRecord, RegionRecord } from "../../../db/repo.ts";
import { buildClipView, spanForWaveformId, stepSpan, waveformSpans } from "./clipView.ts";

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
    expect(spanForWaveformId(v, drawn[1]?.id ?? "")).toBe("c");
    expect(spanForWaveformId(v, drawn[0]?.id ?? "")).toBe("a");
    expect(spanForWaveformId(v, "b")).toBe("b");
    expect(spanForWaveformId(v, null)).toBeNull();
  });
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
