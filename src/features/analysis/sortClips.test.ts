import { describe, expect, it } from "vitest";
import type { ClipAgreement } from "../../workers/analysisMessages.ts";
import { sortClips } from "./sortClips.ts";

function clip(
  clipId: string,
  name: string,
  meanKappa: number | null,
  system?: string,
): ClipAgreement {
  return {
    clipId,
    name,
    ...(system === undefined ? {} : { system }),
    isReference: false,
    annotations: 2,
    bins: 10,
    meanKappa,
    unionFraction: 0.5,
    overlapFraction: 0.2,
    meanAnnotatedSeconds: 0.3,
  };
}

const clips = [
  clip("c1", "b.wav", 0.5, "flite"),
  clip("c2", "a10.wav", null, "espeak"),
  clip("c3", "a2.wav", -0.1),
  clip("c4", "c.wav", 0.5, "espeak"),
  clip("c5", "d.wav", 0.9, "festival"),
];

const ids = (list: ClipAgreement[]) => list.map((c) => c.clipId);

describe("sortClips", () => {
  it("sorts by agreement ascending with undefined kappa last, ties by name", () => {
    expect(ids(sortClips(clips, "agreement", "ascending"))).toEqual(["c3", "c1", "c4", "c5", "c2"]);
  });
  it("keeps undefined kappa last when descending too", () => {
    expect(ids(sortClips(clips, "agreement", "descending"))).toEqual([
      "c5",
      "c1",
      "c4",
      "c3",
      "c2",
    ]);
  });
  it("sorts names naturally (a2 before a10)", () => {
    expect(ids(sortClips(clips, "name", "ascending"))).toEqual(["c3", "c2", "c1", "c4", "c5"]);
  });
  it("sorts by system, clips without one first when ascending", () => {
    expect(ids(sortClips(clips, "system", "ascending"))).toEqual(["c3", "c2", "c4", "c5", "c1"]);
  });
  it("does not change its input", () => {
    const before = ids(clips);
    sortClips(clips, "name", "descending");
    expect(ids(clips)).toEqual(before);
  });
});
