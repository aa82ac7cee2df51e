import { describe, expect, test } from "vitest";
import { parseAnnotationFile, serializeAnnotationFile } from "../interchange/schema.ts";
import type { AnnotationFile } from "../interchange/types.ts";
import { planMerge } from "../merge/merge.ts";
import { annotatorSubset } from "./annotatorSubset.ts";

// A hand-made study: two crowd annotators (w1, w2), two experts (e1, e2) who label some of the
// workers' spans. The expected subsets below are worked out by hand from it.
function study(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    exportedAt: "2026-11-21T10:00:00.000Z",
    study: {
      id: "s1",
      name: "Pilot",
      binSeconds: 0.25,
      requireRating: true,
      instructions: "Mark what sounds unnatural.",
    },
    taxonomy: [
      { id: "end_of_speech", label: "End of speech", description: "At the end." },
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy-related" },
    ],
    clips: [
      { id: "c1", name: "a.wav", duration: 3, system: "flite", sentence: "01", uri: "audio/a.wav" },
      { id: "c2", name: "b.wav", duration: 2 },
      { id: "c3", name: "ref.wav", duration: 4, isReference: true, score: 4.5 },
    ],
    annotators: [
      { id: "e1", role: "expert" },
      { id: "e2", role: "expert" },
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
    ],
    submissions: [
      { clipId: "c1", annotatorId: "w1", score: 4, playCount: 2, seconds: 12.5 },
      { clipId: "c1", annotatorId: "w2" },
      { clipId: "c2", annotatorId: "w1", completedAt: "2026-11-21T09:00:00.000Z" },
      { clipId: "c3", annotatorId: "w2", score: 5 },
    ],
    regions: [
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 },
      { id: "r2", clipId: "c1", annotatorId: "w2", start: 2, end: 3 },
      { id: "r3", clipId: "c2", annotatorId: "w2", start: 0, end: 0.5 },
      { id: "r4", clipId: "c1", annotatorId: "w1", start: 2.5, end: 2.75 },
      { id: "r5", clipId: "c3", annotatorId: "w2", start: 1, end: 2 },
    ],
    reasonLabels: [
      { regionId: "r1", annotatorId: "e1", reasons: ["silence"] },
      { regionId: "r2", annotatorId: "e1", reasons: ["energy", "end_of_speech"] },
      { regionId: "r2", annotatorId: "e2", reasons: ["silence"] },
      { regionId: "r4", annotatorId: "e2", reasons: ["energy"] },
    ],
  };
}

const ids = (xs: readonly { id: string }[]) => xs.map((x) => x.id);
const pairs = (xs: readonly { annotatorId: string }[], key: "clipId" | "regionId") =>
  xs.map((x) => `${(x as unknown as Record<string, string>)[key]}/${x.annotatorId}`);

describe("annotatorSubset", () => {
  test("a crowd annotator's subset: header, taxonomy, all clips, them, their submissions and spans", () => {
    const full = study();
    const sub = annotatorSubset(full, "w1");
    expect(sub.format).toBe("redpen-annotations");
    expect(sub.version).toBe(1);
    expect(sub.exportedAt).toBe("2026-11-21T10:00:00.000Z");
    expect(sub.study).toEqual({
      id: "s1",
      name: "Pilot",
      binSeconds: 0.25,
      requireRating: true,
      instructions: "Mark what sounds unnatural.",
    });
    expect(sub.taxonomy).toEqual(full.taxonomy);
    expect(sub.clips).toEqual(full.clips);
    expect(sub.annotators).toEqual([{ id: "w1", role: "crowd" }]);
    expect(sub.submissions).toEqual([
      { clipId: "c1", annotatorId: "w1", score: 4, playCount: 2, seconds: 12.5 },
      { clipId: "c2", annotatorId: "w1", completedAt: "2026-11-21T09:00:00.000Z" },
    ]);
    expect(sub.regions).toEqual([
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 },
      { id: "r4", clipId: "c1", annotatorId: "w1", start: 2.5, end: 2.75 },
    ]);
    // The experts' labels on w1's spans are the experts' work, not w1's.
    expect(sub.reasonLabels).toEqual([]);
  });

  test("another worker's subset holds only their records", () => {
    const sub = annotatorSubset(study(), "w2");
    expect(ids(sub.annotators)).toEqual(["w2"]);
    expect(pairs(sub.submissions, "clipId")).toEqual(["c1/w2", "c3/w2"]);
    expect(ids(sub.regions)).toEqual(["r2", "r3", "r5"]);
  });

  test("an expert's subset: their labels, the spans they label and those spans' annotators", () => {
    const e1 = annotatorSubset(study(), "e1");
    expect(e1.annotators).toEqual([
      { id: "e1", role: "expert" },
      { id: "w1", role: "crowd" },
      { id: "w2", role: "crowd" },
    ]);
    expect(e1.submissions).toEqual([]);
    expect(e1.regions).toEqual([
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 },
      { id: "r2", clipId: "c1", annotatorId: "w2", start: 2, end: 3 },
    ]);
    expect(e1.reasonLabels).toEqual([
      { regionId: "r1", annotatorId: "e1", reasons: ["silence"] },
      { regionId: "r2", annotatorId: "e1", reasons: ["energy", "end_of_speech"] },
    ]);
    expect(e1.clips).toHaveLength(3);

    const e2 = annotatorSubset(study(), "e2");
    expect(ids(e2.annotators)).toEqual(["e2", "w1", "w2"]);
    expect(ids(e2.regions)).toEqual(["r2", "r4"]);
    expect(pairs(e2.reasonLabels, "regionId")).toEqual(["r2/e2", "r4/e2"]);
  });

  test("an expert who has labelled nothing yet gets just the study and themselves", () => {
    const full = study();
    full.annotators.push({ id: "e3", role: "expert" });
    const sub = annotatorSubset(full, "e3");
    expect(sub.annotators).toEqual([{ id: "e3", role: "expert" }]);
    expect(sub.regions).toEqual([]);
    expect(sub.reasonLabels).toEqual([]);
    expect(sub.clips).toHaveLength(3);
  });

  test("every subset, serialized, passes the schema parser unchanged", () => {
    for (const who of ["w1", "w2", "e1", "e2"]) {
      const sub = annotatorSubset(study(), who);
      const parsed = parseAnnotationFile(JSON.parse(serializeAnnotationFile(sub)));
      if (!parsed.ok) throw new Error(`${who}: ${JSON.stringify(parsed.errors)}`);
      expect(parsed.warnings).toEqual([]);
      expect(parsed.file).toEqual(sub);
    }
  });

  test("merged into the full study, a subset finds nothing new and no conflict", () => {
    for (const who of ["w1", "w2", "e1", "e2"]) {
      const sub = annotatorSubset(study(), who);
      const plan = planMerge(study(), [sub], [`${who}.json`]);
      expect(plan.summary.new).toBe(0);
      expect(plan.summary.conflicts).toBe(0);
      const records =
        1 +
        sub.taxonomy.length +
        sub.clips.length +
        sub.annotators.length +
        sub.submissions.length +
        sub.regions.length +
        sub.reasonLabels.length;
      expect(plan.summary.unchanged).toBe(records);
    }
  });

  test("merged into a study without that worker's work, it brings exactly that work", () => {
    const without = study();
    without.annotators = without.annotators.filter((a) => a.id !== "w1");
    without.submissions = without.submissions.filter((s) => s.annotatorId !== "w1");
    without.regions = without.regions.filter((r) => r.annotatorId !== "w1");
    without.reasonLabels = without.reasonLabels.filter(
      (l) => l.regionId !== "r1" && l.regionId !== "r4",
    );
    const plan = planMerge(without, [annotatorSubset(study(), "w1")]);
    expect(plan.summary.conflicts).toBe(0);
    expect(plan.summary.byKind.annotator.new).toBe(1);
    expect(plan.summary.byKind.submission.new).toBe(2);
    expect(plan.entities.region.new.map((v) => v.value.id)).toEqual(["r1", "r4"]);
    expect(plan.summary.new).toBe(5);
  });

  test("everyone's subsets imported into an empty browser rebuild the study's records", () => {
    const subsets = ["w1", "w2", "e1", "e2"].map((who) => annotatorSubset(study(), who));
    const plan = planMerge(undefined, subsets);
    expect(plan.summary.conflicts).toBe(0);
    const full = study();
    expect(plan.entities.annotator.new.map((v) => v.value.id).sort()).toEqual(
      ids(full.annotators).sort(),
    );
    expect(plan.entities.submission.new.map((v) => v.value)).toHaveLength(4);
    expect(plan.entities.region.new.map((v) => v.value.id).sort()).toEqual([
      "r1",
      "r2",
      "r3",
      "r4",
      "r5",
    ]);
    expect(plan.entities.reasonLabel.new).toHaveLength(4);
  });

  test("leaves its input untouched and shares no records with it", () => {
    const full = study();
    const before = structuredClone(full);
    const sub = annotatorSubset(full, "e1");
    expect(full).toEqual(before);
    sub.study.name = "changed";
    (sub.regions[0] as { start: number }).start = 0;
    sub.reasonLabels[0]?.reasons.push("energy");
    expect(full).toEqual(before);
  });

  test("an annotator the study lacks is an error naming them", () => {
    expect(() => annotatorSubset(study(), "w9")).toThrow('study "s1" has no annotator "w9"');
  });

  test("a label pointing at a missing region is an error naming it", () => {
    const broken = study();
    broken.reasonLabels.push({ regionId: "r404", annotatorId: "e1", reasons: ["silence"] });
    expect(() => annotatorSubset(broken, "e1")).toThrow(/points at region "r404"/);
  });

  test("a file without exportedAt gives a subset without it", () => {
    const { exportedAt: _, ...rest } = study();
    const sub = annotatorSubset(rest, "w1");
    expect("exportedAt" in sub).toBe(false);
  });
});
