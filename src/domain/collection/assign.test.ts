import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type AssignableClip, assignClips, referenceCount, seedOf } from "./assign.ts";

/** n sentences × the given systems; "human" clips are references. */
function grid(n: number, systems: string[]): AssignableClip[] {
  const clips: AssignableClip[] = [];
  for (let s = 1; s <= n; s++) {
    for (const system of systems) {
      const sentence = `s${String(s).padStart(2, "0")}`;
      clips.push({
        id: `${sentence}_${system}`,
        sentence,
        system,
        isReference: system === "human",
      });
    }
  }
  return clips;
}

/** Assigns `participants` one after another, counting as the server does. */
function run(clips: AssignableClip[], participants: number, k: number, r: number) {
  const counts = new Map<string, number>();
  const all: string[][] = [];
  for (let p = 0; p < participants; p++) {
    const got = assignClips(clips, counts, {
      clipsPerParticipant: k,
      ratingsPerClip: r,
      participantIndex: p,
      seed: `w${p}`,
    });
    for (const id of got) counts.set(id, (counts.get(id) ?? 0) + 1);
    all.push(got);
  }
  return { counts, all };
}

const byId = (clips: AssignableClip[]) => new Map(clips.map((c) => [c.id, c]));

describe("assignClips", () => {
  test("one reference in every 10, no sentence twice, K clips", () => {
    expect([referenceCount(10), referenceCount(5), referenceCount(20), referenceCount(11)]).toEqual(
      [1, 1, 2, 2],
    );
    const clips = grid(30, ["human", "A", "B", "C"]);
    const index = byId(clips);
    const { all } = run(clips, 8, 10, 3);
    for (const got of all) {
      expect(got).toHaveLength(10);
      const mine = got.map((id) => index.get(id) as AssignableClip);
      expect(mine.filter((c) => c.isReference)).toHaveLength(1);
      expect(new Set(mine.map((c) => c.sentence)).size).toBe(10);
    }
  });

  test("a study without reference clips gets K test clips", () => {
    const clips = grid(12, ["A", "B"]);
    const { all } = run(clips, 1, 10, 3);
    expect(all[0]).toHaveLength(10);
  });

  test("every clip reaches R before any gets more, and none goes past R", () => {
    // 10 sentences × 1 system, R = 2, K = 4: 20 slots in all. Five participants fill them.
    const clips = grid(10, ["A"]);
    const counts = new Map<string, number>();
    for (let p = 0; p < 7; p++) {
      const got = assignClips(clips, counts, {
        clipsPerParticipant: 4,
        ratingsPerClip: 2,
        participantIndex: p,
        seed: `w${p}`,
      });
      for (const id of got) counts.set(id, (counts.get(id) ?? 0) + 1);
      const values = clips.map((c) => counts.get(c.id) ?? 0);
      // Balanced: the fullest and the emptiest clip differ by at most one.
      expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
      expect(Math.max(...values)).toBeLessThanOrEqual(2);
      // After 20 slots the study is full: later participants get nothing.
      if (p >= 5) expect(got).toEqual([]);
      else if (p < 5) expect(got).toHaveLength(4);
    }
  });

  test("a Latin square: with one clip per sentence each, systems rotate over participants", () => {
    // 3 sentences × 3 systems, K = 3: participant p gets system (p + j) mod 3 for sentence j.
    const clips = grid(3, ["A", "B", "C"]);
    const index = byId(clips);
    const { all, counts } = run(clips, 3, 3, 1);
    const rows = all.map((got) =>
      got
        .map((id) => index.get(id) as AssignableClip)
        .sort((a, b) => a.sentence.localeCompare(b.sentence))
        .map((c) => c.system)
        .join(""),
    );
    expect(rows).toEqual(["ABC", "BCA", "CAB"]);
    // Every clip exactly once: each system heard on each sentence by one participant.
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(9);
  });

  test("the order is shuffled per participant, the same for the same id", () => {
    const clips = grid(20, ["A"]);
    const opts = { clipsPerParticipant: 20, ratingsPerClip: 5, participantIndex: 0 };
    const a = assignClips(clips, new Map(), { ...opts, seed: "5f1a" });
    const again = assignClips(clips, new Map(), { ...opts, seed: "5f1a" });
    const b = assignClips(clips, new Map(), { ...opts, seed: "77bb" });
    expect(again).toEqual(a);
    expect(b).not.toEqual(a);
    expect([...a].sort()).toEqual([...b].sort());
    expect(seedOf("a")).toBe(0xe40c292c); // FNV-1a 32 of "a"
  });
});

describe("assignClips balances the systems (issue 36)", () => {
  /** Each participant's clips by sentence order, as "sentence_system". */
  const sorted = (all: string[][]) => all.map((got) => [...got].sort());

  test("3 participants × 4 clips × 4 systems (5 sentences, R = 1): one clip of each system each", () => {
    // Worked by hand. Each next clip comes from a system the participant has none of; among
    // those, the emptiest clip, on the least heard sentence, the one the Latin square offers
    // (participant p: system (p + j) mod 4 on sentence j), in the participant's sentence turn
    // (p starts at sentence p).
    // p0: s01 A (rank 0, turn 0), s02 B, s03 C, s04 D.
    // p1 (those 4 clips full; s05 the least heard): s05 B (rank 0), then of A, C, D on s01–s04:
    //   s02 C (rank 0, turn 0), s03 D, then A: s04 A (rank 0).
    // p2 (s01 and s05 least heard): s05 C (rank 0, turn 2 before s01's 3), then of A, B, D:
    //   s01 D (rank 1; s01 B is rank 3, s01 A full), then of A, B on s02–s04: s03 A (rank 0,
    //   turn 0), then B: s04 B (rank 0).
    // The previous rule (fewest participants first, then the square) gave p2 A, B, C, C.
    const clips = grid(5, ["A", "B", "C", "D"]);
    const { all, counts } = run(clips, 3, 4, 1);
    expect(sorted(all)).toEqual([
      ["s01_A", "s02_B", "s03_C", "s04_D"],
      ["s02_C", "s03_D", "s04_A", "s05_B"],
      ["s01_D", "s03_A", "s04_B", "s05_C"],
    ]);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  test("16 sentences, one system each (4 per system), K = 3: no system left unheard", () => {
    // Systems A s00–s03, B s04–s07, C s08–s11, D s12–s15. Each participant gets three
    // different systems; the one left out moves on: D, then C, then B (the least heard first).
    // The previous rule gave A, B, C to all three: D was never heard.
    const clips: AssignableClip[] = Array.from({ length: 16 }, (_, i) => ({
      id: `c${String(i).padStart(2, "0")}`,
      sentence: `s${String(i).padStart(2, "0")}`,
      system: "ABCD"[Math.floor(i / 4)] as string,
      isReference: false,
    }));
    const index = byId(clips);
    const { all } = run(clips, 3, 3, 1);
    const systems = all.map((got) =>
      got
        .map((id) => index.get(id)?.system)
        .sort()
        .join(""),
    );
    expect(systems).toEqual(["ABC", "ABD", "ACD"]);
  });

  /** Largest minus smallest. */
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

  test("property: systems even per participant and overall, each system's clips within two", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 4 }),
        (systemCount, k, participants, extraR, extraSentences) => {
          // A full grid with at least K sentences; R ≥ the participants, so every clip stays
          // open and the balance is the assignment's alone.
          const systems = "ABCDE".slice(0, systemCount).split("");
          const clips = grid(k + extraSentences, systems);
          const index = byId(clips);
          const r = participants + extraR;
          const counts = new Map<string, number>();
          const totals = new Map(systems.map((s) => [s, 0]));
          for (let p = 0; p < participants; p++) {
            const got = assignClips(clips, counts, {
              clipsPerParticipant: k,
              ratingsPerClip: r,
              participantIndex: p,
              seed: `w${p}`,
            });
            expect(got).toHaveLength(k);
            const mine = got.map((id) => index.get(id) as AssignableClip);
            expect(new Set(mine.map((c) => c.sentence)).size).toBe(k);
            const own = new Map(systems.map((s) => [s, 0]));
            for (const c of mine) {
              own.set(c.system, (own.get(c.system) ?? 0) + 1);
              totals.set(c.system, (totals.get(c.system) ?? 0) + 1);
              counts.set(c.id, (counts.get(c.id) ?? 0) + 1);
            }
            // As evenly as K allows for the participant, and as evenly as can be overall.
            expect(spread([...own.values()])).toBeLessThanOrEqual(1);
            expect(spread([...totals.values()])).toBeLessThanOrEqual(1);
            for (const s of systems) {
              const ofSystem = clips
                .filter((c) => c.system === s)
                .map((c) => counts.get(c.id) ?? 0);
              // Within one: not always possible, as no sentence may come twice (2 systems,
              // 8 sentences, K = 7: the sentence a participant leaves out keeps a clip of each
              // system behind while their other clips get one more); never more than two.
              expect(spread(ofSystem)).toBeLessThanOrEqual(2);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("property: never past R, never a sentence twice, K or every open sentence", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            sentence: fc.integer({ min: 0, max: 7 }),
            system: fc.constantFrom("A", "B", "C", "human"),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 10 }),
        (specs, k, r, participants) => {
          const clips = specs.map(
            (s, i): AssignableClip => ({
              id: `c${i}`,
              sentence: `s${s.sentence}`,
              system: s.system,
              isReference: s.system === "human",
            }),
          );
          const counts = new Map<string, number>();
          for (let p = 0; p < participants; p++) {
            const open = clips.filter((c) => (counts.get(c.id) ?? 0) < r);
            const got = assignClips(clips, counts, {
              clipsPerParticipant: k,
              ratingsPerClip: r,
              participantIndex: p,
              seed: `w${p}`,
            });
            const mine = got.map((id) => clips.find((c) => c.id === id) as AssignableClip);
            expect(new Set(mine.map((c) => c.sentence)).size).toBe(got.length);
            // Fewer than K only when every open test clip's sentence is taken already.
            expect(got.length).toBeLessThanOrEqual(k);
            if (got.length < k) {
              const taken = new Set(mine.map((c) => c.sentence));
              const left = open.filter((c) => !c.isReference && !taken.has(c.sentence));
              expect(left).toEqual([]);
            }
            for (const id of got) counts.set(id, (counts.get(id) ?? 0) + 1);
            for (const n of counts.values()) expect(n).toBeLessThanOrEqual(r);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
