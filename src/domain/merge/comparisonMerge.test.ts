import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { expandChoices, planMerge, resolveMerge } from "./merge.ts";
import { applyResolutionToFile } from "./mergeFile.ts";

/** One listener's file of an A/B test. */
function listener(id: string, choice: "a" | "b" | "same"): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "ab", name: "A/B", binSeconds: 0.1, task: "compare" },
    taxonomy: [],
    clips: [
      { id: "c1", name: "a.wav", duration: 1, system: "A" },
      { id: "c2", name: "b.wav", duration: 1, system: "B" },
    ],
    annotators: [{ id, role: "crowd" }],
    submissions: [],
    regions: [],
    reasonLabels: [],
    pairs: [{ id: "p1", a: "c1", b: "c2" }],
    judgments: [{ pairId: "p1", annotatorId: id, choice }],
  };
}

test("listeners' files merge: pairs by id, judgments by pair and annotator", () => {
  const plan = planMerge(undefined, [listener("w1", "a"), listener("w2", "b")], ["w1", "w2"]);
  expect(plan.summary.byKind.pair).toEqual({ new: 1, unchanged: 0, conflicts: 0 });
  expect(plan.summary.byKind.judgment).toEqual({ new: 2, unchanged: 0, conflicts: 0 });
  const stored = applyResolutionToFile(
    { ...listener("w1", "a"), annotators: [], pairs: [], judgments: [] },
    resolveMerge(plan, {}),
  );
  expect(stored.pairs).toEqual([{ id: "p1", a: "c1", b: "c2" }]);
  expect(stored.judgments?.map((j) => [j.annotatorId, j.choice])).toEqual([
    ["w1", "a"],
    ["w2", "b"],
  ]);
});

test("a judgment changed since it was stored is a conflict the person decides", () => {
  const stored = listener("w1", "a");
  const plan = planMerge(stored, [listener("w1", "same")], ["again.json"]);
  expect(plan.conflicts.map((c) => [c.kind, c.id])).toEqual([["judgment", "p1 / w1"]]);
  const keep = applyResolutionToFile(stored, resolveMerge(plan, {}));
  expect(keep.judgments?.[0]?.choice).toBe("a");
  const take = applyResolutionToFile(
    stored,
    resolveMerge(plan, expandChoices(plan, { all: "incoming", byKey: {} })),
  );
  expect(take.judgments?.[0]?.choice).toBe("same");
});

test("a study without a comparison gets no pairs or judgments from a merge", () => {
  const plain: AnnotationFile = { ...listener("w1", "a") };
  delete plain.pairs;
  delete plain.judgments;
  const plan = planMerge(plain, [plain], ["same.json"]);
  const merged = applyResolutionToFile(plain, resolveMerge(plan, {}));
  expect("pairs" in merged).toBe(false);
  expect("judgments" in merged).toBe(false);
});
