import { expect, test } from "vitest";
import type { Clip } from "../../interchange/types.ts";
import {
  againstPairs,
  allSystemPairs,
  csvPairs,
  designPairs,
  pairsPerSentence,
  pretestPairs,
  qualificationFor,
  splitPairs,
  systemsOf,
} from "./pairs.ts";

const clip = (id: string, system?: string, sentence?: string, isReference?: boolean): Clip => ({
  id,
  name: `${id}.wav`,
  duration: 2,
  ...(system ? { system } : {}),
  ...(sentence ? { sentence } : {}),
  ...(isReference ? { isReference } : {}),
});

// Two sentences, each read by a human (the reference) and systems A and B; one clip with no
// sentence, which no construction uses.
const CLIPS: Clip[] = [
  clip("s1_human", "human", "s1", true),
  clip("s1_B", "B", "s1"),
  clip("s1_A", "A", "s1"),
  clip("s2_A", "A", "s2"),
  clip("s2_B", "B", "s2"),
  clip("s2_human", "human", "s2", true),
  clip("loose", "A"),
];

test("every pair of systems per sentence: 3 systems make 3 pairs a sentence, a the first system", () => {
  const made = allSystemPairs(CLIPS);
  expect(made).toEqual({
    ok: true,
    pairs: [
      { id: "s1:A~B", a: "s1_A", b: "s1_B" },
      { id: "s1:A~human", a: "s1_A", b: "s1_human" },
      { id: "s1:B~human", a: "s1_B", b: "s1_human" },
      { id: "s2:A~B", a: "s2_A", b: "s2_B" },
      { id: "s2:A~human", a: "s2_A", b: "s2_human" },
      { id: "s2:B~human", a: "s2_B", b: "s2_human" },
    ],
  });
  expect(systemsOf(CLIPS)).toEqual(["A", "B", "human"]);
  // Sentences in the order a person counts them: s2 before s10.
  const numbered = allSystemPairs([
    clip("x10", "A", "s10"),
    clip("y10", "B", "s10"),
    clip("x2", "A", "s2"),
    clip("y2", "B", "s2"),
  ]);
  expect(numbered.ok && numbered.pairs.map((p) => p.id)).toEqual(["s2:A~B", "s10:A~B"]);
});

test("each system against one: the named system's clip is a, one pair per other system and sentence", () => {
  expect(againstPairs(CLIPS, "human")).toEqual({
    ok: true,
    pairs: [
      { id: "s1:human~A", a: "s1_human", b: "s1_A" },
      { id: "s1:human~B", a: "s1_human", b: "s1_B" },
      { id: "s2:human~A", a: "s2_human", b: "s2_A" },
      { id: "s2:human~B", a: "s2_human", b: "s2_B" },
    ],
  });
  // A sentence the named system does not speak gives no pairs.
  const partial = againstPairs(
    [...CLIPS, clip("s3_A", "A", "s3"), clip("s3_B", "B", "s3")],
    "human",
  );
  expect(partial.ok && partial.pairs.length).toBe(4);
  expect(againstPairs(CLIPS, "C")).toEqual({
    ok: false,
    problems: ['no clip of system "C" has a sentence (the systems: A, B, human)'],
  });
});

test("constructions refuse clips they cannot pair, saying why", () => {
  expect(allSystemPairs([clip("a"), clip("b")])).toEqual({
    ok: false,
    problems: [expect.stringContaining("no clip has both a system and a sentence")],
  });
  expect(allSystemPairs([clip("a", "A", "s1"), clip("b", "A", "s2")])).toEqual({
    ok: false,
    problems: ["no sentence is spoken by two or more systems"],
  });
  expect(
    allSystemPairs([clip("a", "A", "s1"), clip("a2", "A", "s1"), clip("b", "B", "s1")]),
  ).toEqual({
    ok: false,
    problems: [
      'clips "a" and "a2" are both system "A" on sentence "s1": a pair per sentence needs one clip of each system (correct their system or sentence)',
    ],
  });
});

test("a pair,a,b CSV: clips by id or file name, ids as written", () => {
  const text = "\uFEFFpair,a,b\r\np1,s1_A,s1_B\r\n\r\np2, s2_human.wav ,s2_A\r\n";
  expect(csvPairs(text, CLIPS)).toEqual({
    ok: true,
    pairs: [
      { id: "p1", a: "s1_A", b: "s1_B" },
      { id: "p2", a: "s2_human", b: "s2_A" },
    ],
  });
  // Columns in any order, header in any case.
  expect(csvPairs("B,Pair,A\ns1_B,q,s1_A\n", CLIPS)).toEqual({
    ok: true,
    pairs: [{ id: "q", a: "s1_A", b: "s1_B" }],
  });
});

test("a pair,a,b CSV: every problem names its line and column", () => {
  const text = [
    "pair,a,b",
    "p1,s1_A,s1_B",
    "p2,s1_A,nope",
    "p1,s2_A,s2_B",
    "p3,s2_A,s2_A.wav",
    ",s1_A,s1_B",
  ].join("\n");
  expect(csvPairs(text, CLIPS, "pairs.csv")).toEqual({
    ok: false,
    problems: [
      'pairs.csv, line 3, column "b": unknown clip "nope" (no clip has this id or file name)',
      'pairs.csv, line 4, column "pair": duplicate pair id "p1" (first on line 2)',
      'pairs.csv, line 5, column "b": the same clip as a ("s2_A"): a pair compares two different clips',
      'pairs.csv, line 6, column "pair": the pair id is empty',
    ],
  });
  expect(csvPairs("id,left,right\nx,s1_A,s1_B\n", CLIPS, "pairs.csv")).toEqual({
    ok: false,
    problems: [
      'pairs.csv, line 1: the header needs the columns pair,a,b (missing "pair", "a", "b")',
    ],
  });
  expect(csvPairs("pair,a,b\n", CLIPS, "pairs.csv")).toEqual({
    ok: false,
    problems: ["pairs.csv: no pairs (only a header)"],
  });
});

test("the pre-test: natural a against a synthetic b of the same sentence, spread over sentences and systems", () => {
  const three = pretestPairs(CLIPS, { count: 3 });
  if (!three.ok) throw new Error(three.problem);
  expect(three.available).toBe(4);
  expect(three.note).toBeUndefined();
  for (const p of three.pairs) {
    const [a, b] = [p.a, p.b].map((id) => CLIPS.find((c) => c.id === id) as Clip);
    expect(a?.isReference).toBe(true);
    expect(b?.isReference).toBeUndefined();
    expect(a?.sentence).toBe(b?.sentence);
    expect(p.id).toBe(`pretest:${b?.sentence}:${b?.system}`);
  }
  // The first round takes each sentence once, the second system differing from the first.
  const sentence = (id: string) => id.split(":")[1];
  const system = (id: string) => id.split(":")[2];
  const [p1, p2, p3] = three.pairs.map((p) => p.id) as [string, string, string];
  expect(sentence(p1)).not.toBe(sentence(p2));
  expect(system(p1)).not.toBe(system(p2));
  expect(new Set([p1, p2, p3]).size).toBe(3);
  // Seeded: the same clips and seed, the same pairs; clip order does not matter.
  expect(pretestPairs([...CLIPS].reverse(), { count: 3 })).toEqual(three);
  const seeds = new Set(
    ["a", "b", "c", "d", "e", "f"].map((seed) => {
      const r = pretestPairs(CLIPS, { count: 1, seed });
      return r.ok ? r.pairs[0]?.id : "";
    }),
  );
  expect(seeds.size).toBeGreaterThan(1);
});

test("the pre-test's ten pairs over 5 sentences × 3 systems: two per sentence, 3 or 4 per system", () => {
  const clips: Clip[] = [];
  for (let s = 1; s <= 5; s++) {
    clips.push(clip(`s${s}_human`, "human", `s${s}`, true));
    for (const sys of ["espeak", "flite", "festival"])
      clips.push(clip(`s${s}_${sys}`, sys, `s${s}`));
  }
  const made = pretestPairs(clips);
  if (!made.ok) throw new Error(made.problem);
  expect(made.pairs).toHaveLength(10);
  const count = (key: (id: string) => string) => {
    const n = new Map<string, number>();
    for (const p of made.pairs) n.set(key(p.b), (n.get(key(p.b)) ?? 0) + 1);
    return [...n.values()].sort();
  };
  expect(count((id) => id.split("_")[0] as string)).toEqual([2, 2, 2, 2, 2]);
  expect(count((id) => id.split("_")[1] as string)).toEqual([3, 3, 4]);
  expect(new Set(made.pairs.map((p) => p.b)).size).toBe(10);
});

test("the pre-test with fewer pairs than asked, and with none to make", () => {
  const all = pretestPairs(CLIPS, { count: 10 });
  expect(all.ok && all.pairs.length).toBe(4);
  expect(all.ok && all.note).toBe(
    "the clips offer 4 natural–synthetic pairs (fewer than the 10 asked for): the pre-test uses all of them",
  );
  expect(pretestPairs(CLIPS.map((c) => ({ ...c, isReference: false })))).toEqual({
    ok: false,
    problem: expect.stringMatching(/^the study has no reference clips/),
  });
  expect(pretestPairs([clip("h", "human", "s1", true), clip("x", "A", "s2")])).toEqual({
    ok: false,
    problem: expect.stringMatching(/^no sentence has both a reference clip and a synthetic clip/),
  });
  expect(pretestPairs(CLIPS, { count: 0 })).toEqual({
    ok: false,
    problem: "the number of pre-test pairs must be a whole number of 1 or more (got 0)",
  });
});

test("the whole design: main pairs then the pre-test's, ids unique across both, the qualification", () => {
  const csv = "pair,a,b\npretest:s1:A,s1_A,s1_B\n";
  const made = designPairs(CLIPS, {
    construction: { kind: "csv", text: csv },
    pretest: { count: 4, passAccuracy: 0.75, screenOut: false },
  });
  if (!made.ok) throw new Error(made.problems.join("\n"));
  expect(made.main).toEqual([{ id: "pretest:s1:A", a: "s1_A", b: "s1_B" }]);
  expect(made.pretestPairs.map((p) => p.id).sort()).toEqual([
    "pretest:s1:A-2",
    "pretest:s1:B",
    "pretest:s2:A",
    "pretest:s2:B",
  ]);
  expect(made.pairs).toEqual([...made.main, ...made.pretestPairs]);
  expect(made.qualification).toEqual({
    pairs: made.pretestPairs.map((p) => p.id),
    passAccuracy: 0.75,
    screenOut: false,
  });
  expect(splitPairs(made.pairs, made.qualification)).toEqual({
    main: made.main,
    pretest: made.pretestPairs,
  });
  // No pre-test: no qualification; a pre-test alone (any task): pairs of the pre-test only.
  const mainOnly = designPairs(CLIPS, { construction: { kind: "all-systems" } });
  expect(mainOnly.ok && mainOnly.qualification).toBeUndefined();
  const pretestOnly = designPairs(CLIPS, { pretest: {} });
  if (!pretestOnly.ok) throw new Error(pretestOnly.problems.join("\n"));
  expect(pretestOnly.qualification).toEqual({
    pairs: pretestOnly.pretestPairs.map((p) => p.id),
    passAccuracy: 0.7,
  });
  expect(pretestOnly.pretestPairs.map((p) => p.id).sort()).toEqual([
    "pretest:s1:A",
    "pretest:s1:B",
    "pretest:s2:A",
    "pretest:s2:B",
  ]);
  expect(pretestOnly.pairs).toEqual(pretestOnly.pretestPairs);
  expect(designPairs(CLIPS, { pretest: { passAccuracy: 1.5 } })).toEqual({
    ok: false,
    problems: ["pre-test: the pass accuracy must be a number from 0 to 1 (got 1.5)"],
  });
  expect(qualificationFor([], {})).toEqual({ pairs: [], passAccuracy: 0.7 });
});

test("pairs per sentence, for the summary", () => {
  const made = allSystemPairs([...CLIPS, clip("s10_A", "A", "s10"), clip("s10_B", "B", "s10")]);
  expect(made.ok && pairsPerSentence(made.pairs, CLIPS.concat(clip("s10_A", "A", "s10")))).toEqual([
    { sentence: "s1", pairs: 3 },
    { sentence: "s2", pairs: 3 },
    { sentence: "s10", pairs: 1 },
  ]);
});
