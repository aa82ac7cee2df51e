import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { conflictTitle, spanTitle } from "./conflictView.ts";
import {
  MISSING_REGIONS_KEY,
  planMerge,
  resolutionSize,
  resolveMerge,
  sameContent,
} from "./merge.ts";

/** A small study: two clips, one crowd annotator with two regions, one expert label. */
function base(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "s", name: "Pilot", binSeconds: 0.1 },
    taxonomy: [
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy-related" },
    ],
    clips: [
      { id: "c1", name: "a.wav", duration: 2 },
      { id: "c2", name: "b.wav", duration: 3, system: "X" },
    ],
    annotators: [
      { id: "w1", role: "crowd" },
      { id: "e1", role: "expert" },
    ],
    submissions: [{ clipId: "c1", annotatorId: "w1", score: 3 }],
    regions: [
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 },
      { id: "r2", clipId: "c2", annotatorId: "w1", start: 1, end: 2 },
    ],
    reasonLabels: [{ regionId: "r1", annotatorId: "e1", reasons: ["silence", "energy"] }],
  };
}

/** A second annotator's file of the same study: shares study, taxonomy, clips. */
function w2(): AnnotationFile {
  const f = base();
  return {
    ...f,
    annotators: [{ id: "w2", role: "crowd" }],
    submissions: [{ clipId: "c2", annotatorId: "w2" }],
    regions: [{ id: "q1", clipId: "c2", annotatorId: "w2", start: 0, end: 0.4 }],
    reasonLabels: [],
  };
}

describe("planMerge", () => {
  test("into an empty store everything is new, with hand-counted totals", () => {
    const plan = planMerge(undefined, [base()], ["w1.json"]);
    expect(plan.studyExists).toBe(false);
    expect(plan.summary.byKind).toEqual({
      study: { new: 1, unchanged: 0, conflicts: 0 },
      taxonomy: { new: 2, unchanged: 0, conflicts: 0 },
      clip: { new: 2, unchanged: 0, conflicts: 0 },
      annotator: { new: 2, unchanged: 0, conflicts: 0 },
      submission: { new: 1, unchanged: 0, conflicts: 0 },
      region: { new: 2, unchanged: 0, conflicts: 0 },
      reasonLabel: { new: 1, unchanged: 0, conflicts: 0 },
      pair: { new: 0, unchanged: 0, conflicts: 0 },
      judgment: { new: 0, unchanged: 0, conflicts: 0 },
    });
    expect(plan.summary).toMatchObject({ new: 11, unchanged: 0, conflicts: 0 });
    expect(plan.entities.region.new.map((v) => v.source)).toEqual(["w1.json", "w1.json"]);
  });

  test("the stored file again: all unchanged, nothing new, nothing to write", () => {
    const stored = base();
    // Same content, different key order and reason order, plus explicit defaults.
    const again: AnnotationFile = JSON.parse(JSON.stringify(base()));
    again.clips[0] = { duration: 2, name: "a.wav", id: "c1", isReference: false };
    again.study = { ...again.study, requireRating: false };
    again.reasonLabels[0] = { annotatorId: "e1", regionId: "r1", reasons: ["energy", "silence"] };
    const plan = planMerge(stored, [again]);
    expect(plan.summary).toMatchObject({ new: 0, unchanged: 11, conflicts: 0 });
    expect(resolutionSize(resolveMerge(plan, {}))).toBe(0);
  });

  test("the same file twice in one import counts once", () => {
    const plan = planMerge(undefined, [base(), base()], ["a.json", "b.json"]);
    expect(plan.summary).toMatchObject({ new: 11, unchanged: 0, conflicts: 0 });
  });

  test("new, unchanged and conflicting records against the store", () => {
    const incoming = w2();
    incoming.clips[1] = { ...(incoming.clips[1] as AnnotationFile["clips"][number]), score: 4 };
    const plan = planMerge(base(), [incoming], ["w2.json"]);
    expect(plan.summary.byKind.clip).toEqual({ new: 0, unchanged: 1, conflicts: 1 });
    expect(plan.summary.byKind.annotator).toEqual({ new: 1, unchanged: 0, conflicts: 0 });
    expect(plan.summary.byKind.region).toEqual({ new: 1, unchanged: 0, conflicts: 0 });
    expect(plan.summary.byKind.study).toEqual({ new: 0, unchanged: 1, conflicts: 0 });
    const [conflict] = plan.conflicts;
    expect(conflict).toMatchObject({
      key: "clip:c2",
      kind: "clip",
      id: "c2",
      current: { stored: true, source: "stored", value: { id: "c2", system: "X" } },
      incoming: { stored: false, source: "w2.json", value: { id: "c2", score: 4 } },
    });
    // Keep: only the new records are written; incoming: the clip too.
    const keep = resolveMerge(plan, {});
    expect(keep.clips).toEqual([]);
    expect(keep.annotators).toEqual([{ id: "w2", role: "crowd" }]);
    expect(keep.regions.map((r) => r.id)).toEqual(["q1"]);
    expect(keep.study).toBeUndefined();
    const take = resolveMerge(plan, { "clip:c2": "incoming" });
    expect(take.clips).toEqual([{ id: "c2", name: "b.wav", duration: 3, system: "X", score: 4 }]);
  });

  test("conflicts between two incoming files, with no stored study", () => {
    const a = base();
    const b = w2();
    b.study = { ...b.study, name: "Pilot (renamed)" };
    b.annotators.push({ id: "w1", role: "expert" });
    const plan = planMerge(undefined, [a, b], ["a.json", "b.json"]);
    expect(plan.conflicts.map((c) => c.key)).toEqual(["study:s", "annotator:w1"]);
    const study = plan.conflicts[0];
    expect(study?.current).toMatchObject({ stored: false, source: "a.json" });
    expect(study?.incoming).toMatchObject({ source: "b.json", value: { name: "Pilot (renamed)" } });
    expect(resolveMerge(plan, {}).study?.name).toBe("Pilot");
    expect(resolveMerge(plan, { "study:s": "incoming" }).study?.name).toBe("Pilot (renamed)");
    const roles = resolveMerge(plan, { "annotator:w1": "incoming" }).annotators;
    expect(roles.find((x) => x.id === "w1")?.role).toBe("expert");
  });

  test("a third distinct version is its own conflict; the last chosen incoming wins", () => {
    const v = (score: number) => ({
      ...base(),
      clips: [{ id: "c1", name: "a.wav", duration: 2, score }],
    });
    const plan = planMerge(v(1), [v(2), v(3), v(2)], ["x", "y", "z"]);
    expect(plan.entities.clip.conflicts.map((c) => c.key)).toEqual(["clip:c1", "clip:c1#2"]);
    const pick = (choices: Record<string, "keep" | "incoming">) =>
      resolveMerge(plan, choices).clips.map((c) => c.score);
    expect(pick({})).toEqual([]);
    expect(pick({ "clip:c1": "incoming" })).toEqual([2]);
    expect(pick({ "clip:c1": "incoming", "clip:c1#2": "incoming" })).toEqual([3]);
  });

  test("refuses files of different studies", () => {
    const other = { ...base(), study: { id: "t", name: "T", binSeconds: 0.1 } };
    expect(() => planMerge(undefined, [base(), other])).toThrow(/different studies/);
  });

  test("a study without requireRating takes the stored setting; an explicit one can clash", () => {
    const stored = base();
    stored.study = { ...stored.study, requireRating: true };
    expect(planMerge(stored, [base()]).summary.byKind.study.unchanged).toBe(1);
    const off = base();
    off.study = { ...off.study, requireRating: false };
    expect(planMerge(stored, [off]).conflicts.map((c) => c.key)).toEqual(["study:s"]);
  });

  test("a collected study's published settings (study.collection) are no conflict", () => {
    const collected = base();
    collected.study = {
      ...collected.study,
      collection: { clipsPerParticipant: 4, ratingsPerClip: 2 },
    };
    const plan = planMerge(base(), [collected]);
    expect(plan.summary.byKind.study.unchanged).toBe(1);
    expect(plan.conflicts).toEqual([]);
    // … and are kept: the study as stored, with the settings it was published with.
    expect(resolveMerge(plan, {}).study).toEqual({
      ...base().study,
      collection: { clipsPerParticipant: 4, ratingsPerClip: 2 },
    });
    // A file without them, or with the same, changes nothing.
    expect(resolveMerge(planMerge(base(), [base()]), {}).study).toBeUndefined();
    expect(resolveMerge(planMerge(collected, [collected]), {}).study).toBeUndefined();
  });

  test("taxonomy: replaced in place in the stored order, new entries appended", () => {
    const incoming = base();
    incoming.taxonomy = [
      { id: "energy", label: "Energy" },
      { id: "accuracy", label: "Accuracy" },
    ];
    const plan = planMerge(base(), [incoming]);
    const r = resolveMerge(plan, { "taxonomy:energy": "incoming" });
    expect(r.taxonomy).toEqual([
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy" },
      { id: "accuracy", label: "Accuracy" },
    ]);
    expect(resolveMerge(plan, {}).taxonomy?.map((t) => t.label)).toEqual([
      "Silence",
      "Energy-related",
      "Accuracy",
    ]);
  });
});

describe("reason labels follow their region", () => {
  /** Stored: r1 = 0.5..1 labelled by e1. Incoming: r1 moved to 0.6..1, labelled differently by e1 and newly by e2. */
  function moved(): AnnotationFile {
    const f = base();
    f.annotators.push({ id: "e2", role: "expert" });
    f.regions[0] = { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.6, end: 1 };
    f.reasonLabels = [
      { regionId: "r1", annotatorId: "e1", reasons: ["energy"] },
      { regionId: "r1", annotatorId: "e2", reasons: ["silence"] },
    ];
    return f;
  }

  test("the label conflict is marked as following the region conflict", () => {
    const plan = planMerge(base(), [moved()]);
    const label = plan.conflicts.find((c) => c.kind === "reasonLabel");
    expect(label?.followsRegion).toBe("region:r1");
  });

  test("keeping the stored region keeps its stored labels and drops the incoming ones", () => {
    const r = resolveMerge(planMerge(base(), [moved()]), {});
    expect(r.regions).toEqual([]);
    expect(r.reasonLabels).toEqual([]);
    expect(r.deleteReasonLabels).toEqual([]);
    expect(r.droppedReasonLabels.map((v) => v.value.annotatorId).sort()).toEqual(["e1", "e2"]);
  });

  test("taking the incoming region takes the labels made on it", () => {
    const r = resolveMerge(planMerge(base(), [moved()]), { "region:r1": "incoming" });
    expect(r.regions).toEqual([{ id: "r1", clipId: "c1", annotatorId: "w1", start: 0.6, end: 1 }]);
    expect(r.reasonLabels).toEqual([
      { regionId: "r1", annotatorId: "e2", reasons: ["silence"] },
      { regionId: "r1", annotatorId: "e1", reasons: ["energy"] },
    ]);
    expect(r.deleteReasonLabels).toEqual([]);
  });

  test("stored labels made on a replaced region are removed", () => {
    const incoming = moved();
    incoming.reasonLabels = [];
    const r = resolveMerge(planMerge(base(), [incoming]), { "region:r1": "incoming" });
    expect(r.deleteReasonLabels).toEqual([{ regionId: "r1", annotatorId: "e1" }]);
  });

  test("a stored label repeated unchanged on the incoming region version stays", () => {
    const incoming = moved();
    incoming.reasonLabels = [{ regionId: "r1", annotatorId: "e1", reasons: ["silence", "energy"] }];
    const plan = planMerge(base(), [incoming]);
    expect(plan.summary.byKind.reasonLabel).toEqual({ new: 0, unchanged: 1, conflicts: 0 });
    const r = resolveMerge(plan, { "region:r1": "incoming" });
    expect(r.deleteReasonLabels).toEqual([]);
  });
});

describe("spans left out of a re-sent file", () => {
  /** Stored: w1 finished c1 and c2 with r1, r2 (labelled by e1) on c1 and r3 on c2; w2 finished c1 with r4 (labelled by e1). */
  function stored(): AnnotationFile {
    const f = base();
    f.annotators.push({ id: "w2", role: "crowd" });
    f.submissions = [
      { clipId: "c1", annotatorId: "w1" },
      { clipId: "c2", annotatorId: "w1" },
      { clipId: "c1", annotatorId: "w2" },
    ];
    f.regions = [
      { id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 },
      { id: "r2", clipId: "c1", annotatorId: "w1", start: 1.2, end: 1.5 },
      { id: "r3", clipId: "c2", annotatorId: "w1", start: 0, end: 1 },
      { id: "r4", clipId: "c1", annotatorId: "w2", start: 0, end: 0.3 },
    ];
    f.reasonLabels = [
      { regionId: "r2", annotatorId: "e1", reasons: ["silence"] },
      { regionId: "r4", annotatorId: "e1", reasons: ["energy"] },
    ];
    return f;
  }
  /** w1's file sent again after deleting r2 and r3: both clips finished, only r1 left. */
  function resent(): AnnotationFile {
    const f = base();
    f.submissions = [
      { clipId: "c1", annotatorId: "w1" },
      { clipId: "c2", annotatorId: "w1" },
    ];
    f.regions = [{ id: "r1", clipId: "c1", annotatorId: "w1", start: 0.5, end: 1 }];
    f.reasonLabels = [];
    return f;
  }

  test("stored spans of the clips the file finished, which it lacks, are left out; others are not", () => {
    const plan = planMerge(stored(), [resent()], ["w1.json"]);
    // r4 is w2's (the file has no w2 submission); r1 is in the file.
    expect(plan.missingRegions).toEqual([
      {
        region: { id: "r2", clipId: "c1", annotatorId: "w1", start: 1.2, end: 1.5 },
        source: "w1.json",
        labelledBy: ["e1"],
      },
      {
        region: { id: "r3", clipId: "c2", annotatorId: "w1", start: 0, end: 1 },
        source: "w1.json",
        labelledBy: [],
      },
    ]);
  });

  test("kept unless chosen: removing takes the labels on them too", () => {
    const plan = planMerge(stored(), [resent()], ["w1.json"]);
    const kept = resolveMerge(plan, {});
    expect(kept.deleteRegions).toEqual([]);
    expect(kept.deleteReasonLabels).toEqual([]);
    expect(resolutionSize(kept)).toBe(0);
    const removed = resolveMerge(plan, { [MISSING_REGIONS_KEY]: "incoming" });
    expect(removed.deleteRegions).toEqual(["r2", "r3"]);
    expect(removed.deleteReasonLabels).toEqual([{ regionId: "r2", annotatorId: "e1" }]);
    expect(resolutionSize(removed)).toBe(3);
  });

  test("nothing is left out by a file without that submission, a span another file brings, or a new study", () => {
    const noSubmission = resent();
    noSubmission.submissions = [{ clipId: "c1", annotatorId: "w1" }]; // c2 not finished in it
    expect(planMerge(stored(), [noSubmission]).missingRegions.map((m) => m.region.id)).toEqual([
      "r2",
    ]);
    // An expert's file in the same import carries r2 (with a label), so it is not left out.
    const expert = stored();
    expert.submissions = [];
    expert.regions = [expert.regions[1] as AnnotationFile["regions"][number]];
    expert.reasonLabels = [{ regionId: "r2", annotatorId: "e1", reasons: ["silence"] }];
    expect(planMerge(stored(), [resent(), expert]).missingRegions.map((m) => m.region.id)).toEqual([
      "r3",
    ]);
    expect(planMerge(undefined, [resent()]).missingRegions).toEqual([]);
    // The stored file itself leaves nothing out.
    expect(planMerge(stored(), [stored()]).missingRegions).toEqual([]);
  });
});

test("sameContent ignores key order, undefined keys and reason order, not values", () => {
  expect(
    sameContent(
      "region",
      { id: "r", clipId: "c", annotatorId: "a", start: 0, end: 1 },
      {
        end: 1,
        start: 0,
        annotatorId: "a",
        clipId: "c",
        id: "r",
      },
    ),
  ).toBe(true);
  expect(
    sameContent(
      "clip",
      { id: "c", name: "n", duration: 1, system: undefined },
      { id: "c", name: "n", duration: 1 },
    ),
  ).toBe(true);
  expect(
    sameContent(
      "clip",
      { id: "c", name: "n", duration: 1 },
      { id: "c", name: "n", duration: 1.0001 },
    ),
  ).toBe(false);
  expect(
    sameContent(
      "study",
      { id: "s", name: "S", binSeconds: 0.1, protocol: { a: [1, 2] } },
      { id: "s", name: "S", binSeconds: 0.1, protocol: { a: [2, 1] } },
    ),
  ).toBe(false);
});

describe("for any study file", () => {
  const fileArb = fc
    .record({
      clips: fc.uniqueArray(fc.constantFrom("c1", "c2", "c3"), { minLength: 1 }),
      annotators: fc.uniqueArray(fc.constantFrom("w1", "w2", "e1"), { minLength: 1 }),
      spans: fc.array(fc.tuple(fc.nat(9), fc.nat(9), fc.integer({ min: 1, max: 50 })), {
        maxLength: 8,
      }),
    })
    .map(({ clips, annotators, spans }): AnnotationFile => {
      const regions = spans.map(([c, a, len], i) => ({
        id: `r${i}`,
        clipId: clips[c % clips.length] as string,
        annotatorId: annotators[a % annotators.length] as string,
        start: i / 10,
        end: i / 10 + len / 10,
      }));
      return {
        ...base(),
        clips: clips.map((id) => ({ id, name: `${id}.wav`, duration: 9 })),
        annotators: annotators.map((id) => ({ id, role: "crowd" as const })),
        submissions: [],
        regions,
        reasonLabels: regions
          .filter((_, i) => i % 2 === 0)
          .map((r) => ({ regionId: r.id, annotatorId: r.annotatorId, reasons: ["silence"] })),
      };
    });

  test("into nothing: all new, and writing it then planning again: all unchanged", () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const first = planMerge(undefined, [file]);
        expect(first.summary.conflicts).toBe(0);
        const r = resolveMerge(first, {});
        const stored: AnnotationFile = {
          ...file,
          study: r.study ?? file.study,
          taxonomy: r.taxonomy ?? [],
          clips: r.clips,
          annotators: r.annotators,
          submissions: r.submissions,
          regions: r.regions,
          reasonLabels: r.reasonLabels,
        };
        expect(stored).toEqual(file);
        const again = planMerge(stored, [file, file]);
        expect(again.summary).toMatchObject({ new: 0, conflicts: 0 });
        expect(resolutionSize(resolveMerge(again, {}))).toBe(0);
      }),
      { numRuns: 100 },
    );
  });
});

test("the choice rule, once: own choice, else the region's for a label that follows it, else 'All'", async () => {
  const { chosenFor } = await import("./merge.ts");
  const choices = {
    all: "keep" as const,
    byKey: { "clip:c2": "incoming" as const, "region:r1": "incoming" as const },
  };
  expect(chosenFor({ key: "clip:c2" }, choices)).toBe("incoming");
  expect(chosenFor({ key: "clip:c3" }, choices)).toBe("keep");
  expect(chosenFor({ key: "reasonLabel:r1|e1", followsRegion: "region:r1" }, choices)).toBe(
    "incoming",
  );
  expect(chosenFor({ key: "clip:c3" }, { ...choices, all: "incoming" })).toBe("incoming");
  // An id named like an Object.prototype member is an ordinary key.
  expect(chosenFor({ key: "constructor" }, choices)).toBe("keep");
});

describe("how conflicts are named", () => {
  test("a span by its clip, annotator and stored times; other records by kind and id", () => {
    expect(spanTitle({ clipId: "s01_human", annotatorId: "w1", start: 1.4249, end: 3.2251 })).toBe(
      "s01_human · w1 · 1.42–3.23 s",
    );
    const region = (start: number, end: number) => ({
      id: "r-9f2c",
      clipId: "s01_human",
      annotatorId: "w1",
      start,
      end,
    });
    const conflict = {
      kind: "region",
      key: "r-9f2c",
      id: "r-9f2c",
      current: { value: region(1.42, 3.23), stored: true, source: "stored" },
      incoming: { value: region(1.5, 3.23), stored: false, source: "w1.json" },
    } as unknown as Parameters<typeof conflictTitle>[0];
    expect(conflictTitle(conflict)).toBe("Span s01_human · w1 · 1.42–3.23 s");
    expect(conflictTitle({ ...conflict, kind: "clip", id: "c2" } as typeof conflict)).toBe(
      "Clip c2",
    );
  });
});
