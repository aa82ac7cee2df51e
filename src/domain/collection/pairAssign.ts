// Which pairs a participant judges, and in which order (the collection server runs this inside
// the arrival's transaction, with the counts read under the study's lock), for the two stages
// of docs/server.md, "Paired comparisons":
// - the pre-test: every qualification pair, in an order shuffled per participant, each with
//   its sides in a random order (seeded by the participant's id: the same id, the same trials);
// - a compare study's main trials: K pairs (clipsPerParticipant), never the same pair twice,
//   never a pair beyond R judgments (ratingsPerClip), the least judged pairs first (ties
//   broken by a rotation that moves with the participant, so the load spreads as the rate
//   task's does), preferring pairs of sentences this participant has fewer of; each pair shown
//   a-first or b-first, whichever it has been shown fewer times (a tie: at random), so every
//   pair is met a-first and b-first equally often within one; and ordered so that no two
//   trials in a row share a sentence whenever the chosen pairs allow it.
// An empty list: every pair has R judgments (the study is full).
import { mulberry32 } from "../interchange/generate.ts";
import { seedOf } from "./assign.ts";

export type Side = "a" | "b";

export interface AssignablePair {
  id: string;
  /** The sentence the pair's clips say (a trial's sentence, for the order). */
  sentence: string;
}

/** A pair's main trials so far that count (not released): how many, and how many a-first. */
export interface PairCount {
  n: number;
  aFirst: number;
}

export interface PairAssignOptions {
  /** Trials per participant (the study's clipsPerParticipant). */
  trialsPerParticipant: number;
  /** Judgments per pair, R (the study's ratingsPerClip). */
  judgmentsPerPair: number;
  /** How many participants were assigned before this one (the rotation of ties). */
  participantIndex: number;
  /** The participant's id: seeds their order and the sides of ties. */
  seed: string;
}

/** One trial: the pair, and the side met first (sample 1). */
export interface AssignedTrial {
  pairId: string;
  shownFirst: Side;
}

/** A random side order for each pair, all pairs in a shuffled order (the pre-test). */
export function assignPretest(pairIds: readonly string[], seed: string): AssignedTrial[] {
  const rand = mulberry32(seedOf(`pretest:${seed}`));
  const order = shuffled(pairIds, rand);
  return order.map((pairId) => ({ pairId, shownFirst: rand() < 0.5 ? "a" : "b" }));
}

function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The participant's main trials in the order they judge them. `counts` holds each pair's
 * trials so far (missing: none).
 */
export function assignPairs(
  pairs: readonly AssignablePair[],
  counts: ReadonlyMap<string, PairCount>,
  options: PairAssignOptions,
): AssignedTrial[] {
  const { trialsPerParticipant: k, judgmentsPerPair: r, participantIndex: p } = options;
  const rand = mulberry32(seedOf(`pairs:${options.seed}`));
  const count = (id: string) => counts.get(id)?.n ?? 0;
  const size = pairs.length;
  // The rotation: pair i's turn for participant p, so equally judged pairs take turns.
  const turn = new Map(pairs.map((x, i) => [x.id, (((i - p) % size) + size) % size]));
  const open = pairs.filter((x) => count(x.id) < r);
  const mine = new Map<string, number>();
  const chosen: AssignablePair[] = [];
  const used = new Set<string>();
  while (chosen.length < k) {
    let best: AssignablePair | undefined;
    for (const x of open) {
      if (used.has(x.id)) continue;
      if (best === undefined) {
        best = x;
        continue;
      }
      const d =
        count(x.id) - count(best.id) ||
        (mine.get(x.sentence) ?? 0) - (mine.get(best.sentence) ?? 0) ||
        (turn.get(x.id) ?? 0) - (turn.get(best.id) ?? 0);
      if (d < 0) best = x;
    }
    if (best === undefined) break;
    used.add(best.id);
    chosen.push(best);
    mine.set(best.sentence, (mine.get(best.sentence) ?? 0) + 1);
  }
  const ordered = orderBySentence(shuffled(chosen, rand));
  return ordered.map((x) => {
    const c = counts.get(x.id) ?? { n: 0, aFirst: 0 };
    const bFirst = c.n - c.aFirst;
    const shownFirst: Side =
      c.aFirst < bFirst ? "a" : c.aFirst > bFirst ? "b" : rand() < 0.5 ? "a" : "b";
    return { pairId: x.id, shownFirst };
  });
}

/**
 * The pairs in an order where no two neighbours share a sentence whenever that is possible:
 * at each step the sentence with the most pairs left that differs from the last one (the
 * greedy rule that succeeds whenever no sentence holds more than half the pairs, rounded up);
 * among equals, the given order.
 */
export function orderBySentence<T extends { sentence: string }>(items: readonly T[]): T[] {
  const left = new Map<string, T[]>();
  for (const x of items) left.set(x.sentence, [...(left.get(x.sentence) ?? []), x]);
  const firstAt = new Map(items.map((x, i) => [x, i]));
  const out: T[] = [];
  let last: string | undefined;
  while (out.length < items.length) {
    let pick: string | undefined;
    for (const [sentence, list] of left) {
      if (list.length === 0 || sentence === last) continue;
      const best = pick === undefined ? undefined : (left.get(pick) as T[]);
      if (
        best === undefined ||
        list.length > best.length ||
        (list.length === best.length &&
          (firstAt.get(list[0] as T) ?? 0) < (firstAt.get(best[0] as T) ?? 0))
      )
        pick = sentence;
    }
    // Only the last sentence has pairs left: they follow each other, unavoidably.
    if (pick === undefined) pick = last as string;
    const list = left.get(pick) as T[];
    out.push(list.shift() as T);
    last = pick;
  }
  return out;
}
