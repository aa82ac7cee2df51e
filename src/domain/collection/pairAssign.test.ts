import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type AssignablePair,
  type AssignedTrial,
  assignPairs,
  assignPretest,
  orderBySentence,
  type PairCount,
} from "./pairAssign.ts";

/** `sentences` × every two of `systems`: pair ids `<sentence>:<x>-<y>`. */
function design(sentences: number, systems: number): AssignablePair[] {
  const out: AssignablePair[] = [];
  for (let s = 1; s <= sentences; s++) {
    for (let i = 0; i < systems; i++) {
      for (let j = i + 1; j < systems; j++) out.push({ id: `s${s}:${i}-${j}`, sentence: `s${s}` });
    }
  }
  return out;
}

/** Participants arriving one after another, the counts moved by each (as joining.ts does). */
function crowd(pairs: AssignablePair[], people: number, k: number, r: number) {
  const counts = new Map<string, PairCount>();
  const given: AssignedTrial[][] = [];
  for (let p = 0; p < people; p++) {
    const trials = assignPairs(pairs, counts, {
      trialsPerParticipant: k,
      judgmentsPerPair: r,
      participantIndex: p,
      seed: `link:w${p}`,
    });
    for (const t of trials) {
      const c = counts.get(t.pairId) ?? { n: 0, aFirst: 0 };
      counts.set(t.pairId, { n: c.n + 1, aFirst: c.aFirst + (t.shownFirst === "a" ? 1 : 0) });
    }
    given.push(trials);
  }
  return { counts, given };
}

const sentenceOf = (id: string) => id.slice(0, id.indexOf(":"));

describe("assignPairs", () => {
  test("hand-worked: 2 sentences × 3 systems (6 pairs), K = 2, R = 1: three participants fill it, the fourth gets none", () => {
    const pairs = design(2, 3);
    const { counts, given } = crowd(pairs, 4, 2, 1);
    // Each of the first three gets two pairs of different sentences; all six pairs once.
    for (const trials of given.slice(0, 3)) {
      expect(trials).toHaveLength(2);
      expect(new Set(trials.map((t) => sentenceOf(t.pairId))).size).toBe(2);
    }
    expect([...counts.values()].map((c) => c.n)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(given[3]).toEqual([]);
  });

  test("hand-worked: one pair, R = 4: sides alternate so a-first and b-first are 2 and 2", () => {
    const pairs = [{ id: "x", sentence: "s" }];
    const { counts, given } = crowd(pairs, 5, 1, 4);
    const sides = given.slice(0, 4).map((t) => t[0]?.shownFirst);
    expect(counts.get("x")).toEqual({ n: 4, aFirst: 2 });
    // Never the same side twice in a row from a tie: after one a-first the next is b-first.
    for (let i = 1; i < 4; i += 2) expect(sides[i]).not.toBe(sides[i - 1]);
    expect(given[4]).toEqual([]);
  });

  test("the least judged pairs first, and the counts given are respected", () => {
    const pairs = design(3, 2); // s1:0-1, s2:0-1, s3:0-1
    const counts = new Map<string, PairCount>([
      ["s1:0-1", { n: 2, aFirst: 1 }],
      ["s2:0-1", { n: 0, aFirst: 0 }],
      ["s3:0-1", { n: 1, aFirst: 1 }],
    ]);
    const trials = assignPairs(pairs, counts, {
      trialsPerParticipant: 2,
      judgmentsPerPair: 2,
      participantIndex: 7,
      seed: "x",
    });
    expect(trials.map((t) => t.pairId).sort()).toEqual(["s2:0-1", "s3:0-1"]);
    // s3 has been shown a-first once and b-first never: b first now.
    expect(trials.find((t) => t.pairId === "s3:0-1")?.shownFirst).toBe("b");
  });

  test("properties: R never exceeded, sides balanced ±1, no pair twice, no sentence twice in a row when avoidable, load even", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 30 }),
        (sentences, systems, k, r, people) => {
          const pairs = design(sentences, systems);
          const { counts, given } = crowd(pairs, people, k, r);
          for (const c of counts.values()) {
            expect(c.n).toBeLessThanOrEqual(r);
            expect(Math.abs(c.aFirst - (c.n - c.aFirst))).toBeLessThanOrEqual(1);
          }
          for (const trials of given) {
            const ids = trials.map((t) => t.pairId);
            expect(new Set(ids).size).toBe(ids.length);
            // Avoidable: no sentence holds more than half the trials, rounded up.
            const per = new Map<string, number>();
            for (const id of ids) per.set(sentenceOf(id), (per.get(sentenceOf(id)) ?? 0) + 1);
            const most = Math.max(0, ...per.values());
            if (most <= Math.ceil(ids.length / 2)) {
              for (let i = 1; i < ids.length; i++) {
                expect(sentenceOf(ids[i] as string)).not.toBe(sentenceOf(ids[i - 1] as string));
              }
            }
          }
          // Load: while no pair is full, the pairs' counts are within one of each other.
          const total = given.reduce((n, t) => n + t.length, 0);
          if (total < pairs.length * r) {
            const ns = pairs.map((p) => counts.get(p.id)?.n ?? 0);
            expect(Math.max(...ns) - Math.min(...ns)).toBeLessThanOrEqual(1);
            // Nobody was given fewer than K while pairs were open to them.
            for (const trials of given) expect(trials.length).toBe(Math.min(k, pairs.length));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  test("the same participant id gets the same trials", () => {
    const pairs = design(4, 3);
    const options = { trialsPerParticipant: 5, judgmentsPerPair: 3, participantIndex: 2 };
    const a = assignPairs(pairs, new Map(), { ...options, seed: "prolific:P1" });
    const b = assignPairs(pairs, new Map(), { ...options, seed: "prolific:P1" });
    expect(a).toEqual(b);
  });
});

describe("orderBySentence", () => {
  test("hand-worked: a a a b b c → no two neighbours alike", () => {
    const items = ["a", "a", "a", "b", "b", "c"].map((sentence, i) => ({ sentence, i }));
    const out = orderBySentence(items).map((x) => x.sentence);
    expect(out).toEqual(["a", "b", "a", "b", "a", "c"]);
  });

  test("unavoidable: a a a b keeps the extra a's together at the end only", () => {
    const out = orderBySentence(["a", "a", "a", "b"].map((sentence) => ({ sentence })));
    expect(out.map((x) => x.sentence)).toEqual(["a", "b", "a", "a"]);
  });
});

describe("assignPretest", () => {
  test("every qualification pair once, shuffled per participant, sides seeded", () => {
    const ids = ["q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8", "q9", "q10"];
    const one = assignPretest(ids, "link:w1");
    expect(one.map((t) => t.pairId).sort()).toEqual([...ids].sort());
    expect(assignPretest(ids, "link:w1")).toEqual(one);
    // Another participant: another order or other sides (ten pairs: the same is 1 in 10!·2¹⁰).
    expect(assignPretest(ids, "link:w2")).not.toEqual(one);
    // Over many participants both sides come first.
    const firsts = new Set(
      Array.from({ length: 20 }, (_, i) => assignPretest(["q1"], `w${i}`)[0]?.shownFirst),
    );
    expect([...firsts].sort()).toEqual(["a", "b"]);
  });
});
