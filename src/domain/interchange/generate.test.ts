import { describe, expect, test } from "vitest";
import { generateStudy, mulberry32 } from "./generate.ts";
import { parseAnnotationFile } from "./schema.ts";

describe("generateStudy", () => {
  const study = generateStudy({ clips: 2000, annotators: 3, seed: 7 });

  test("is a valid file that needs no clamping", () => {
    const result = parseAnnotationFile(JSON.parse(JSON.stringify(study)));
    expect(result.ok && result.warnings).toEqual([]);
  });

  test("is deterministic for a seed, and differs between seeds", () => {
    expect(generateStudy({ clips: 50, seed: 3 })).toEqual(generateStudy({ clips: 50, seed: 3 }));
    expect(generateStudy({ clips: 50, seed: 3 })).not.toEqual(
      generateStudy({ clips: 50, seed: 4 }),
    );
  });

  test("has the asked shape: durations 2–8 s, four systems plus human references", () => {
    expect(study.clips).toHaveLength(2000);
    for (const clip of study.clips) {
      expect(clip.duration).toBeGreaterThanOrEqual(2);
      expect(clip.duration).toBeLessThanOrEqual(8);
      expect(clip.isReference).toBe(clip.system === "human");
    }
    expect(new Set(study.clips.map((c) => c.system))).toEqual(
      new Set(["human", "S1", "S2", "S3", "S4"]),
    );
  });

  test("each clip has A crowd submissions; about 1.5 regions each, some none", () => {
    expect(study.submissions).toHaveLength(2000 * 3);
    const perClip = new Map<string, Set<string>>();
    for (const s of study.submissions) {
      const set = perClip.get(s.clipId) ?? new Set();
      set.add(s.annotatorId);
      perClip.set(s.clipId, set);
    }
    expect([...perClip.values()].every((s) => s.size === 3)).toBe(true);
    const perSubmission = study.regions.length / study.submissions.length;
    expect(perSubmission).toBeGreaterThan(1.35);
    expect(perSubmission).toBeLessThan(1.65);
    const marked = new Set(study.regions.map((r) => `${r.clipId}|${r.annotatorId}`));
    const empty = study.submissions.filter((s) => !marked.has(`${s.clipId}|${s.annotatorId}`));
    expect(empty.length / study.submissions.length).toBeGreaterThan(0.1);
    // Worse systems get more regions than the human references.
    const count = (system: string) =>
      study.regions.filter(
        (r) => r.clipId && study.clips[Number(r.clipId.slice(1)) - 1]?.system === system,
      ).length;
    expect(count("S4")).toBeGreaterThan(3 * count("human"));
  });

  test("two experts label most regions with one or two reasons", () => {
    const labellers = new Set(study.reasonLabels.map((l) => l.annotatorId));
    expect(labellers).toEqual(new Set(["e1", "e2"]));
    const share = study.reasonLabels.length / study.regions.length;
    expect(share).toBeGreaterThan(0.85);
    expect(share).toBeLessThan(0.95);
    for (const l of study.reasonLabels) {
      expect(l.reasons.length).toBeGreaterThanOrEqual(1);
      expect(l.reasons.length).toBeLessThanOrEqual(2);
    }
  });

  test("ids are listed in sorted order, as the app exports them", () => {
    for (const list of [study.clips, study.annotators, study.regions]) {
      const ids = list.map((x) => x.id);
      expect(ids).toEqual([...ids].sort());
    }
  });
});

test("mulberry32 gives the reference sequence for seed 1", () => {
  // First outputs of mulberry32(1), computed independently (a Python port of the published algorithm).
  const rand = mulberry32(1);
  const first = [rand(), rand(), rand()].map((x) => Math.round(x * 4294967296));
  expect(first).toEqual([2693262067, 11749833, 2265367787]);
});
