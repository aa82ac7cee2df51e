// ROVER (Fiscus 1997) exactly as the statistics spec states it ("Aggregating transcriptions
// (ROVER)") and crowd-kit computes it, generalised to weighted votes for the reliability-weighted
// method (weights all 1 is the spec's ROVER, counts exact). Pure TypeScript: runs in the CLI and,
// later, in a browser worker.
//
// Words are interned as small integers per recording (0 is the empty word ""), so the alignment
// compares numbers; a slot is a short list of (word, votes) pairs.

/** A slot of the word transition network: parallel lists of word ids and their votes. */
export interface Slot {
  words: number[];
  votes: number[];
}

/** Words of one recording's transcripts as ids: `vocabulary[id]` is the word, id 0 is "". */
export interface Interned {
  vocabulary: string[];
  transcripts: Int32Array[];
}

/**
 * The transcripts' words as ids. Each transcript is its normalised words split on " ", so an
 * empty transcript (no words) is the single empty word: the recording's "no words here" vote.
 */
export function internWords(transcripts: readonly (readonly string[])[]): Interned {
  const ids = new Map<string, number>([["", 0]]);
  const vocabulary = [""];
  const out: Int32Array[] = [];
  for (const words of transcripts) {
    const list = words.length === 0 ? [""] : words;
    const row = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const word = list[i] as string;
      let id = ids.get(word);
      if (id === undefined) {
        id = vocabulary.length;
        ids.set(word, id);
        vocabulary.push(word);
      }
      row[i] = id;
    }
    out.push(row);
  }
  return { vocabulary, transcripts: out };
}

function has(slot: Slot, word: number): boolean {
  const words = slot.words;
  for (let i = 0; i < words.length; i++) if (words[i] === word) return true;
  return false;
}

function vote(slot: Slot, word: number, weight: number): void {
  const words = slot.words;
  for (let i = 0; i < words.length; i++) {
    if (words[i] === word) {
      (slot.votes[i] as number) += weight;
      return;
    }
  }
  words.push(word);
  slot.votes.push(weight);
}

// One table reused across calls (grown as needed): the aggregation allocates little.
let table = new Int32Array(1024);

/**
 * Aligns transcript `h` to the network `slots` (the spec's dynamic programming and walk-back) and
 * returns the new network; `before` is the total weight of the transcripts already in (the
 * "no word" votes of a new slot), `weight` this transcript's.
 */
function alignInto(slots: Slot[], h: Int32Array, before: number, weight: number): Slot[] {
  const n = h.length;
  const m = slots.length;
  const width = m + 1;
  const size = (n + 1) * width;
  if (table.length < size) table = new Int32Array(Math.max(size, table.length * 2));
  const dist = table;
  // Per slot: does it hold the empty word (the cost of skipping it).
  const skip = new Uint8Array(m);
  for (let j = 0; j < m; j++) skip[j] = has(slots[j] as Slot, 0) ? 0 : 1;
  for (let j = 0; j <= m; j++) dist[j] = j;
  for (let i = 1; i <= n; i++) {
    const word = h[i - 1] as number;
    const row = i * width;
    const up = row - width;
    dist[row] = i;
    for (let j = 1; j <= m; j++) {
      let best = (dist[up + j - 1] as number) + (has(slots[j - 1] as Slot, word) ? 0 : 1);
      const del = (dist[row + j - 1] as number) + (skip[j - 1] as number);
      if (del < best) best = del;
      const ins = (dist[up + j] as number) + 1;
      if (ins < best) best = ins;
      dist[row + j] = best;
    }
  }
  const out: Slot[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = dist[i * width + j] as number;
    if (i > 0 && j > 0) {
      const slot = slots[j - 1] as Slot;
      const word = h[i - 1] as number;
      if ((dist[(i - 1) * width + j - 1] as number) + (has(slot, word) ? 0 : 1) === here) {
        vote(slot, word, weight);
        out.push(slot);
        i--;
        j--;
        continue;
      }
    }
    if (
      j > 0 &&
      (i === 0 || (dist[i * width + j - 1] as number) + (skip[j - 1] as number) === here)
    ) {
      const slot = slots[j - 1] as Slot;
      vote(slot, 0, weight);
      out.push(slot);
      j--;
      continue;
    }
    const slot: Slot = { words: [0], votes: [before] };
    vote(slot, h[i - 1] as number, weight);
    out.push(slot);
    i--;
  }
  return out.reverse();
}

/**
 * The word transition network of the transcripts, aligned in the order given. `weights[k]` is
 * transcript k's vote (1 each by default: the spec's ROVER, whose counts are then exact).
 */
export function wordNetwork(
  transcripts: readonly Int32Array[],
  weights?: readonly number[],
): Slot[] {
  const first = transcripts[0];
  if (first === undefined) return [];
  const w0 = weights?.[0] ?? 1;
  let slots: Slot[] = Array.from(first, (word) => ({ words: [word], votes: [w0] }));
  let before = w0;
  for (let k = 1; k < transcripts.length; k++) {
    const weight = weights?.[k] ?? 1;
    slots = alignInto(slots, transcripts[k] as Int32Array, before, weight);
    before += weight;
  }
  return slots;
}

/** Compares two words by code points (not UTF-16 code units): negative, 0 or positive. */
export function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(j) as number;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return (a.length - i > 0 ? 1 : 0) - (b.length - j > 0 ? 1 : 0);
}

const codePointLength = (s: string) => {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
};

/** The slot's winner: the most votes, ties to the longer word, then the greater by code points. */
export function slotWinner(slot: Slot, vocabulary: readonly string[]): number {
  let best = slot.words[0] as number;
  let bestVotes = slot.votes[0] as number;
  for (let i = 1; i < slot.words.length; i++) {
    const word = slot.words[i] as number;
    const votes = slot.votes[i] as number;
    if (votes < bestVotes) continue;
    if (votes === bestVotes) {
      const a = vocabulary[word] as string;
      const b = vocabulary[best] as string;
      const la = codePointLength(a);
      const lb = codePointLength(b);
      if (la < lb || (la === lb && compareCodePoints(a, b) <= 0)) continue;
    }
    best = word;
    bestVotes = votes;
  }
  return best;
}

/** The network's consensus as word ids: each slot's winner, empty words dropped. */
export function networkIds(slots: readonly Slot[], vocabulary: readonly string[]): Int32Array {
  const out: number[] = [];
  for (const slot of slots) {
    const word = slotWinner(slot, vocabulary);
    if (word !== 0) out.push(word);
  }
  return Int32Array.from(out);
}

/** The network's consensus words: each slot's winner, empty words dropped. */
export function networkWords(slots: readonly Slot[], vocabulary: readonly string[]): string[] {
  return Array.from(networkIds(slots, vocabulary), (id) => vocabulary[id] as string);
}

/**
 * ROVER over one recording's transcripts, each given as its normalised words (in the order of
 * the responses); returns the consensus words. No transcripts give no words.
 */
export function roverWords(
  transcripts: readonly (readonly string[])[],
  weights?: readonly number[],
): string[] {
  const { vocabulary, transcripts: ids } = internWords(transcripts);
  return networkWords(wordNetwork(ids, weights), vocabulary);
}
