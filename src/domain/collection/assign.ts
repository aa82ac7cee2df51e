// Which clips a crowd participant gets (the collection server runs this inside one database
// transaction, with the counts read in it). The rules, from the RedPen study and VLSP's
// listening tests:
// - K clips (clipsPerParticipant), never two of the same sentence for one participant;
// - one reference (natural) clip in every 10 when the study has reference clips: ceil(K / 10);
// - no clip beyond R participants (ratingsPerClip), and the clips with the fewest participants
//   first, so every clip reaches R before any gets more;
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
  // 0 for the system the Latin square offers this participant for the clip's sentence.
  const latinRank = (c: AssignableClip) =>
    systems.length === 0
      ? 0
      : mod(
          (systemIndex.get(c.system) ?? 0) - p - (sentenceIndex.get(c.sentence) ?? 0),
          systems.length,
        );
  // Sentences in an order that moves with the participant, so ties do not always favour the
  // first sentences.
  const sentenceTurn = (c: AssignableClip) =>
    mod((sentenceIndex.get(c.sentence) ?? 0) - p, Math.max(1, sentences.length));
  // The order of preference: fewest participants, then the Latin square, then the sentence's
  // turn, then the id; each clip's keys computed once, not in every comparison.
  type Ranked = { c: AssignableClip; n: number; latin: number; turn: number };
  const byPreference = (a: Ranked, b: Ranked) =>
    a.n - b.n ||
    a.latin - b.latin ||
    a.turn - b.turn ||
    (a.c.id < b.c.id ? -1 : a.c.id > b.c.id ? 1 : 0);

  const open = clips.filter((c) => count(c) < r);
  const used = new Set<string>();
  const chosen: string[] = [];
  const take = (pool: AssignableClip[], wanted: number) => {
    const ranked = pool.map((c) => ({
      c,
      n: count(c),
      latin: latinRank(c),
      turn: sentenceTurn(c),
    }));
    for (const { c } of ranked.sort(byPreference)) {
      if (wanted <= 0) return;
      if (used.has(c.sentence)) continue;
      used.add(c.sentence);
      chosen.push(c.id);
      wanted--;
    }
  };
  const references = open.filter((c) => c.isReference);
  const hasReferences = clips.some((c) => c.isReference);
  const refs = hasReferences ? Math.min(referenceCount(k), k) : 0;
  take(references, refs);
  take(
    open.filter((c) => !c.isReference),
    k - chosen.length,
  );
  // Fisher–Yates with the participant's own seed.
  const rand = mulberry32(seedOf(options.seed));
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [chosen[i], chosen[j]] = [chosen[j] as string, chosen[i] as string];
  }
  return chosen;
}
