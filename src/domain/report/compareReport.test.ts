import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { computeReport } from "../stats/index.ts";
import { protocolFacts, protocolReport } from "./protocol.ts";

// Two systems over two sentences: pairs p1 and p2 (x against y), judged by three listeners;
// p0 is a pre-test pair (the human recording h1 against x1). Worked by hand: on x − y, the
// listeners chose b, b, a on p1 and b, same on p2: 1 a-win, 3 b-wins, 1 same.
function study(): AnnotationFile {
  const clip = (id: string, system: string, sentence: string, isReference = false) => ({
    id,
    name: `${id}.wav`,
    duration: 2,
    system,
    sentence,
    ...(isReference ? { isReference } : {}),
  });
  return {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: "ab",
      name: "AB",
      binSeconds: 0.1,
      task: "compare",
      comparison: { scale: "ab", question: "Which sounds more natural?" },
      qualification: { pairs: ["p0"], passAccuracy: 0.7 },
    },
    taxonomy: [],
    clips: [
      clip("x1", "x", "s1"),
      clip("y1", "y", "s1"),
      clip("x2", "x", "s2"),
      clip("y2", "y", "s2"),
      clip("h1", "human", "s1", true),
    ],
    annotators: ["l1", "l2", "l3"].map((id) => ({ id, role: "crowd" as const })),
    submissions: [],
    regions: [],
    reasonLabels: [],
    pairs: [
      { id: "p0", a: "h1", b: "x1" },
      { id: "p1", a: "x1", b: "y1" },
      { id: "p2", a: "x2", b: "y2" },
    ],
    judgments: [
      { pairId: "p0", annotatorId: "l1", choice: "a" },
      { pairId: "p0", annotatorId: "l2", choice: "b" },
      { pairId: "p1", annotatorId: "l1", choice: "b" },
      { pairId: "p1", annotatorId: "l2", choice: "b" },
      { pairId: "p1", annotatorId: "l3", choice: "a" },
      { pairId: "p2", annotatorId: "l1", choice: "b" },
      { pairId: "p2", annotatorId: "l2", choice: "same" },
    ],
  } as AnnotationFile;
}

test("a comparison's report states its design, the pre-test and the preferences, and no rating", () => {
  const file = study();
  const md = protocolReport(protocolFacts(file), computeReport(file), "markdown");
  expect(md).toContain("## Paired comparison");
  expect(md).toContain("- **Scale:** A/B preference: which of the two sounds more natural");
  expect(md).toContain("- **“No difference” offered:** yes");
  expect(md).toContain("- **Question (verbatim):** Which sounds more natural?");
  expect(md).toContain("- **Pairs judged (the pre-test's apart):** 2");
  expect(md).toContain("- **Judgments counted (pairs of two different items):** 5");
  // One pair of items (x, y) with all five judgments.
  expect(md).toContain("- **Judgments per pair of items:** median 5 (5–5)");
  // l1 chose the human recording (a), l2 did not: one of two passed at 0.7.
  expect(md).toContain(
    "- **Pre-test (natural against synthetic pairs):** 1 pairs, pass at accuracy ≥ 0.7; 1 of 2 passed",
  );
  // x wins 1, y wins 3, 1 same: prefer x = 1/4; p = 2·(C(4,0) + C(4,1))/2⁴ = 0.625 (one pair: Holm leaves it).
  expect(md).toContain("| x − y | 5 | 1 | 3 | 1 | 0.250 | 0.625 |");
  expect(md).not.toContain("Rating question");
  expect(md).not.toContain("MOS per system");
});
