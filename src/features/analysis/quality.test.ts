import { describe, expect, it } from "vitest";
import { isFlagged } from "./quality.ts";

const annotator = (share: number | null) => ({
  id: "w",
  annotations: 1,
  regions: 1,
  referenceMarkedFraction: share,
});

describe("isFlagged", () => {
  it("flags a share strictly above the threshold", () => {
    expect(isFlagged(annotator(0.21), 0.2)).toBe(true);
    expect(isFlagged(annotator(0.2), 0.2)).toBe(false);
    expect(isFlagged(annotator(0), 0)).toBe(false);
    expect(isFlagged(annotator(0.05), 0)).toBe(true);
  });
  it("never flags an annotator who annotated no reference clip", () => {
    expect(isFlagged(annotator(null), 0)).toBe(false);
  });
  it("never flags an expert or researcher, however much of the references they marked", () => {
    const expert = { ...annotator(0.9), id: "e1" };
    expect(isFlagged(expert, 0.2, new Set(["e1"]))).toBe(false);
    expect(isFlagged(expert, 0.2)).toBe(true);
    expect(isFlagged(annotator(0.9), 0.2, new Set(["e1"]))).toBe(true);
  });
});
