import { describe, expect, test } from "vitest";
import { PlayCoverage, readSession, writeSession } from "./session.ts";

/** Playhead updates every `step` seconds from `from` to `to`. */
function play(c: PlayCoverage, from: number, to: number, step = 0.02) {
  for (let t = from; t <= to + 1e-9; t += step) c.at(Math.round(t * 1000) / 1000);
}

describe("PlayCoverage: heard to the end", () => {
  test("playing the whole clip from the start counts", () => {
    const c = new PlayCoverage(3);
    play(c, 0, 2.98);
    expect(c.finished()).toBe(true);
    expect(c.coveredShare()).toBe(1);
  });

  test("jumping near the end and playing the rest does not", () => {
    const c = new PlayCoverage(3);
    c.at(0);
    play(c, 2.5, 2.98); // a seek from 0 to 2.5 (a step over 0.75 s) is not listening
    expect(c.finished()).toBe(false);
    // 2.5 … 3.0 of 3 s: one sixth
    expect(c.coveredShare()).toBeCloseTo(1 / 6, 2);
  });

  test("90 % is enough: skipping a quarter second of a 3 s clip still counts", () => {
    const c = new PlayCoverage(3);
    play(c, 0, 1.0);
    play(c, 2.0, 2.98); // skipped 1.0 … 2.0: two thirds heard
    expect(c.finished()).toBe(false);
    const d = new PlayCoverage(3);
    play(d, 0, 1.5);
    play(d, 1.75, 2.98); // skipped 0.25 s of 3: 91.7 % heard
    expect(d.finished()).toBe(true);
  });

  test("going back does not add anything, listening in two halves does", () => {
    const c = new PlayCoverage(2);
    play(c, 0, 1);
    c.at(0.2); // seek back
    expect(c.coveredShare()).toBeCloseTo(0.5, 2);
    play(c, 0.2, 1.98);
    expect(c.finished()).toBe(true);
  });

  test("the heard flag survives a reload through the tab's storage", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    writeSession(storage, "k", { plays: 0, seconds: 0, heard: true });
    expect(readSession(storage, "k")).toEqual({ plays: 0, seconds: 0, heard: true });
    writeSession(storage, "k", { plays: 0, seconds: 0 });
    expect(store.has("k")).toBe(false);
  });
});
