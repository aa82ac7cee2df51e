import { describe, expect, test } from "vitest";
import {
  clipsWithUnlabelledSpans,
  keyForReasonIndex,
  labelledRegionIds,
  labelProgress,
  reasonIndexForKey,
  stepClip,
  toggleReason,
} from "./expert.ts";
import { DEFAULT_TAXONOMY } from "./taxonomy.ts";

const ORDER = DEFAULT_TAXONOMY.map((t) => t.id);

describe("reason keys", () => {
  test("1–9 then 0 then - cover the eleven types in order", () => {
    expect(reasonIndexForKey("1")).toBe(0);
    expect(reasonIndexForKey("9")).toBe(8);
    expect(reasonIndexForKey("0")).toBe(9);
    expect(reasonIndexForKey("-")).toBe(10);
    expect(reasonIndexForKey("=")).toBeUndefined();
    expect(reasonIndexForKey("a")).toBeUndefined();
    expect(keyForReasonIndex(0)).toBe("1");
    expect(keyForReasonIndex(10)).toBe("-");
    expect(keyForReasonIndex(11)).toBeUndefined();
  });
});

describe("toggleReason", () => {
  test("adds a missing reason in taxonomy order, not click order", () => {
    expect(toggleReason(["background_noise"], "end_of_speech", ORDER)).toEqual([
      "end_of_speech",
      "background_noise",
    ]);
  });
  test("removes a present reason, leaving an empty list after the last", () => {
    expect(toggleReason(["silence", "energy"], "silence", ORDER)).toEqual(["energy"]);
    expect(toggleReason(["energy"], "energy", ORDER)).toEqual([]);
  });
  test("drops duplicates in the stored list", () => {
    expect(toggleReason(["energy", "energy"], "silence", ORDER)).toEqual(["silence", "energy"]);
  });
});

describe("progress and the unlabelled filter", () => {
  const regions = [
    { id: "r1", clipId: "a" },
    { id: "r2", clipId: "a" },
    { id: "r3", clipId: "b" },
    { id: "r4", clipId: "c" },
  ];
  const labels = [
    { regionId: "r1", annotatorId: "e1", reasons: ["silence"] },
    { regionId: "r2", annotatorId: "e2", reasons: ["silence"] }, // another expert's
    { regionId: "r3", annotatorId: "e1", reasons: ["energy", "spacing"] },
    { regionId: "r4", annotatorId: "e1", reasons: [] }, // emptied: not labelled
  ];

  test("only this expert's non-empty labels count", () => {
    const labelled = labelledRegionIds(labels, "e1");
    expect([...labelled].sort()).toEqual(["r1", "r3"]);
    expect(labelProgress(regions, labelled)).toEqual({ labelled: 2, total: 4 });
    expect(labelProgress([], labelled)).toEqual({ labelled: 0, total: 0 });
  });

  test("clips whose spans are all labelled drop out", () => {
    const open = clipsWithUnlabelledSpans(regions, labelledRegionIds(labels, "e1"));
    expect([...open].sort()).toEqual(["a", "c"]);
  });

  test("stepClip skips excluded clips both ways and stops at the ends", () => {
    const clips = ["a", "b", "c", "d", "e"];
    const open = new Set(["a", "d"]);
    const include = (id: string) => open.has(id);
    expect(stepClip(clips, 0, 1, include)).toBe(3);
    expect(stepClip(clips, 3, 1, include)).toBeUndefined();
    expect(stepClip(clips, 4, -1, include)).toBe(3);
    expect(stepClip(clips, 2, -1, include)).toBe(0);
    expect(stepClip(clips, 0, -1, include)).toBeUndefined();
    expect(stepClip(clips, 1, 1)).toBe(2);
    expect(stepClip([], 0, 1)).toBeUndefined();
  });
});
