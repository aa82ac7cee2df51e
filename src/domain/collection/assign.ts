// Which clips a crowd participant gets (the collection server runs this inside one database
// transaction, with the counts read in it). The rules, from the RedPen study and VLSP's
// listening tests:
// - K clips (clipsPerParticipant), never two of the same sentence for one participant;
// - one reference (natural) clip in every 10 when the study has reference clips: ceil(K / 10);
// - no clip beyond R participants (ratingsPerClip);
// - the systems as evenly as K allows for each participant: their test clips are picked one at
//   a time, each from a system they have the fewest clips of so far (with K = 4 and 4 systems,
//   one of each; with K = 3, three different ones);
// - across participants, each system as evenly as R allows: among the systems a participant
//   has equally few of, the one with the fewest assignments so far for its number of clips
//   (so the system left out of a K = 3 participant's set is another one for the next), and
//   within the system the clip with the fewest participants, on the least heard sentence, so
//   its clips reach R together (within two: one sentence per participant can keep a clip back);
// - reference clips on the sentences with the fewest open test clips, which stay for the tests;
// - among equally filled clips, a Latin square over systems × sentences: participant p is
//   offered system (p + j) mod S for sentence j first, so systems are spread evenly over
//   sentences and over participants;
// - the order shuffled per participant (seeded by their id: the same id, the same order).
// Fewer than K clips come back when the clips still open cannot make K without repeating a
// sentence; none when every clip has R participants (the study is full).
import { mulberry32 } from "../interchange/generate.ts";

export interface AssignableClip {
  id: string;
  /** Clips of the same sentence (from different systems) share it. */
  sentence: string;
  system: string;
  isReference: boolean;
}

export interface AssignOptions {
  clipsPerParticipant: number;
  ratingsPerClip: number;
  /** How many participants were assigned before this one (the Latin-square row). */
  participantIndex: number;
  /** The participant's id: seeds the order of their clips. */
  seed: string;
}

/** A 32-bit FNV-1a hash of `text`, to seed the shuffle. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** How many reference clips a participant of K clips gets when the study has some. */
export function referenceCount(clipsPerParticipant: number): number {
  return Math.ceil(clipsPerParticipant / 10);
}

/** A clip open to this participant with its keys, computed once per call. */
interface Ranked {
  c: AssignableClip;
  /** Participants it has. */
  n: number;
  /** Participants its sentence has, over all its clips. */
  heard: number;
  /** 0 for the system the Latin square offers this participant for the clip's sentence. */
  latin: number;
  /** The sentence's turn for this participant. */
  turn: number;
  /** Its system's index (test clips), -1 for a reference clip. */
  system: number;
}

const byId = (a: Ranked, b: Ranked) => (a.c.id < b.c.id ? -1 : a.c.id > b.c.id ? 1 : 0);

/**
 * Fewest participants, then the least heard sentence (so that no sentence is left behind by
 * everyone), then the Latin square, then the sentence's turn, then the id.
 */
const byClip = (a: Ranked, b: Ranked) =>
  a.n - b.n || a.heard - b.heard || a.latin - b.latin || a.turn - b.turn || byId(a, b);

/**
 * The participant's clips, in the order they will annotate them. `counts` says how many
 * participants each clip has already (missing = 0).
 */
export function assignClips(
  clips: readonly AssignableClip[],
  counts: ReadonlyMap<string, number>,
  options: AssignOptions,
): string[] {
  const { clipsPerParticipant: k, ratingsPerClip: r, participantIndex: p } = options;
  const sentences = [...new Set(clips.map((c) => c.sentence))].sort();
  const systems = [...new Set(clips.filter((c) => !c.isReference).map((c) => c.system))].sort();
  const sentenceIndex = new Map(sentences.map((s, i) => [s, i]));
  const systemIndex = new Map(systems.map((s, i) => [s, i]));
  const count = (c: AssignableClip) => counts.get(c.id) ?? 0;
  const mod = (a: number, n: number) => ((a % n) + n) % n;
  const sentenceHeard = new Map<string, number>();
  for (const c of clips)
    sentenceHeard.set(c.sentence, (sentenceHeard.get(c.sentence) ?? 0) + count(c));
  const rank = (c: AssignableClip): Ranked => {
    const sentence = sentenceIndex.get(c.sentence) ?? 0;
    const system = c.isReference ? -1 : (systemIndex.get(c.system) ?? 0);
    return {
      c,
      n: count(c),
      heard: sentenceHeard.get(c.sentence) ?? 0,
      latin: systems.length === 0 || system < 0 ? 0 : mod(system - p - sentence, systems.length),
      // Sentences in an order that moves with the participant, so ties do not always favour
      // the first sentences.
      turn: mod(sentence - p, Math.max(1, sentences.length)),
      system,
    };
  };
  // Each system's assignments so far and its number of clips (every clip, open or full).
  const systemTotal = systems.map(() => 0);
  const systemSize = systems.map(() => 0);
  for (const c of clips) {
    const s = systemIndex.get(c.system);
    if (c.isReference || s === undefined) continue;
    systemTotal[s] = (systemTotal[s] ?? 0) + count(c);
    systemSize[s] = (systemSize[s] ?? 0) + 1;
  }
  const mine = systems.map(() => 0);

  const open = clips.filter((c) => count(c) < r).map(rank);
  const used = new Set<string>();
  const chosen: string[] = [];
  const choose = (x: Ranked) => {
    used.add(x.c.sentence);
    chosen.push(x.c.id);
  };

  // The reference clips first: the emptiest, on a sentence with the fewest open test clips
  // (those stay for the test clips), as the Latin square and the turn order them.
  const openTests = new Map<string, number>();
  for (const x of open)
    if (x.system >= 0) openTests.set(x.c.sentence, (openTests.get(x.c.sentence) ?? 0) + 1);
  const tests = (x: Ranked) => openTests.get(x.c.sentence) ?? 0;
  const hasReferences = clips.some((c) => c.isReference);
  let refs = hasReferences ? Math.min(referenceCount(k), k) : 0;
  const references = open
    .filter((x) => x.system < 0)
    .sort(
      (a, b) =>
        a.n - b.n || tests(a) - tests(b) || a.latin - b.latin || a.turn - b.turn || byId(a, b),
    );
  for (const x of references) {
    if (refs <= 0) break;
    if (used.has(x.c.sentence)) continue;
    choose(x);
    refs--;
  }

  // Then the test clips one at a time: the system this participant has fewest of, the least
  // heard system for its size among those, its emptiest clip on a sentence not used yet.
  const testClips = open.filter((x) => x.system >= 0);
  // Fewer of the system so far (this participant's), then the system's assignments per clip
  // (a / x < b / y as a·y < b·x), then the clip's own order.
  const better = (a: Ranked, b: Ranked) => {
    const own = (mine[a.system] ?? 0) - (mine[b.system] ?? 0);
    if (own !== 0) return own < 0;
    const load =
      (systemTotal[a.system] ?? 0) * (systemSize[b.system] ?? 0) -
      (systemTotal[b.system] ?? 0) * (systemSize[a.system] ?? 0);
    if (load !== 0) return load < 0;
    return byClip(a, b) < 0;
  };
  while (chosen.length < k) {
    let best: Ranked | undefined;
    for (const x of testClips) {
      if (used.has(x.c.sentence)) continue;
      if (best === undefined || better(x, best)) best = x;
    }
    if (best === undefined) break;
    choose(best);
    mine[best.system] = (mine[best.system] ?? 0) + 1;
    systemTotal[best.system] = (systemTotal[best.system] ?? 0) + 1;
  }

  // Fisher–Yates with the participant's own seed.
  const rand = mulberry32(seedOf(options.seed));
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [chosen[i], chosen[j]] = [chosen[j] as string, chosen[i] as string];
  }
  return chosen;
}
