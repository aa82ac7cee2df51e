import { describe, expect, it } from "vitest";
import { DEFAULT_TAXONOMY } from "../domain/interchange/taxonomy.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { analyze } from "../domain/stats/index.ts";
import { packAnalysis, unpackAnalysis } from "./packAnalysis.ts";

const file: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "p", name: "Pack", binSeconds: 0.1 },
  taxonomy: [...DEFAULT_TAXONOMY],
  clips: [
    {
      id: "a",
      name: "a.wav",
      duration: 1,
      system: "X",
      sentence: "1",
      score: 2,
      isReference: true,
    },
    { id: "b", name: "b.wav", duration: 2, score: 3 },
    { id: "c", name: "c.wav", duration: 1.5, system: "Y", score: 1 },
    { id: "d", name: "d.wav", duration: 1 },
  ],
  annotators: [
    { id: "w1", role: "crowd" },
    { id: "w2", role: "crowd" },
  ],
  submissions: [{ clipId: "b", annotatorId: "w2" }],
  regions: [
    { id: "r1", clipId: "a", annotatorId: "w1", start: 0, end: 0.5 },
    { id: "r2", clipId: "a", annotatorId: "w2", start: 0.2, end: 0.6 },
    { id: "r3", clipId: "b", annotatorId: "w1", start: 1, end: 1.5 },
    { id: "r4", clipId: "c", annotatorId: "w1", start: 0.1, end: 0.3 },
  ],
  reasonLabels: [],
};

describe("packAnalysis / unpackAnalysis", () => {
  it("round-trips to an equal analysis: nulls, missing optional fields and all", () => {
    const analysis = analyze(file);
    // The fixture covers the awkward cases: null kappa, no system, no sentence, no annotation.
    expect(analysis.clips.some((c) => c.meanKappa === null)).toBe(true);
    expect(analysis.clips.some((c) => c.system === undefined)).toBe(true);
    expect(analysis.clips.some((c) => c.meanAnnotatedSeconds === null)).toBe(true);
    const { packed, transfer } = packAnalysis(analysis);
    const back = unpackAnalysis(structuredClone(packed));
    expect(back).toEqual(analysis);
    for (const clip of back.clips) {
      if (clip.system === undefined) expect("system" in clip).toBe(false);
      if (clip.sentence === undefined) expect("sentence" in clip).toBe(false);
    }
    expect(transfer.length).toBeGreaterThan(0);
  });

  it("keeps the report object as it is", () => {
    const analysis = analyze(file, { binSeconds: 0.25 });
    expect(unpackAnalysis(packAnalysis(analysis).packed).report).toBe(analysis.report);
  });
});
