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
