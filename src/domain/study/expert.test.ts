import { describe, expect, test } from "vitest";
import { DEFAULT_TAXONOMY } from "../interchange/taxonomy.ts";
import {
  keyForReasonIndex,
  reasonIndexForKey,
  stepClip,
  studyLabelState,
  toggleReason,
  toggleReasonOnAll,
  withReason,
} from "./expert.ts";

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

describe("Undefined excludes the other reasons", () => {
  test("ticking Undefined takes every other reason away", () => {
    expect(toggleReason(["high_pitch", "energy"], "undefined", ORDER)).toEqual(["undefined"]);
  });
  test("ticking another reason takes Undefined away", () => {
    expect(toggleReason(["undefined"], "flat_pitch", ORDER)).toEqual(["flat_pitch"]);
  });
  test("unticking Undefined leaves nothing; taking a reason away never adds one", () => {
    expect(toggleReason(["undefined"], "undefined", ORDER)).toEqual([]);
    expect(withReason(["undefined"], "silence", false, ORDER)).toEqual(["undefined"]);
  });
});

describe("toggleReasonOnAll (several spans at once)", () => {
  test("given to all unless all have it; Undefined's rule applies to each span", () => {
    // Two of three have Energy: it is given to the third, the others keep theirs.
    expect(
      toggleReasonOnAll([["energy"], ["silence", "energy"], ["undefined"]], "energy", ORDER),
    ).toEqual({
      present: true,
      reasons: [["energy"], ["silence", "energy"], ["energy"]],
    });
    // All three have it: taken from all.
    expect(toggleReasonOnAll([["energy"], ["silence", "energy"]], "energy", ORDER)).toEqual({
      present: false,
      reasons: [[], ["silence"]],
    });
    // Undefined on spans with other reasons: each is left with Undefined alone.
    expect(toggleReasonOnAll([["high_pitch"], []], "undefined", ORDER).reasons).toEqual([
      ["undefined"],
      ["undefined"],
    ]);
  });
});

describe("Next and Previous", () => {
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

describe("studyLabelState", () => {
  test("sums the counts, lists the open clips, and lets overrides replace a clip's counts", () => {
    const ids = ["a", "b", "c", "d"];
    const spans = [2, 0, 3, 1];
    const labelled = [2, 0, 1, 0];
    expect(studyLabelState(ids, spans, labelled)).toEqual({
      progress: { labelled: 3, total: 6 },
      open: new Set(["c", "d"]),
    });
    // "c" seen live with all 3 labelled; "a" lost a label since the counts were read.
    const overrides = new Map([
      ["c", { spans: 3, labelled: 3 }],
      ["a", { spans: 2, labelled: 1 }],
    ]);
    expect(studyLabelState(ids, spans, labelled, overrides)).toEqual({
      progress: { labelled: 4, total: 6 },
      open: new Set(["a", "d"]),
    });
  });
});
