// ROVER (Fiscus 1997) exactly as the statistics spec states it ("Aggregating transcriptions
// (ROVER)") and crowd-kit computes it, generalised to weighted votes for the reliability-weighted
// method (weights all 1 is the spec's ROVER, counts exact). Pure TypeScript: runs in the CLI and,
// later, in a browser worker.
//
// Words are interned as small integers per recording (0 is the empty word ""), so the alignment
// compares numbers; the network is kept in typed arrays reused across recordings.

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
  const vocabulary = new Vocabulary();
  return { vocabulary: vocabulary.words, transcripts: transcripts.map((w) => vocabulary.row(w)) };
}

/** Words as ids, id 0 the empty word: ids are compared, never ordered. */
export class Vocabulary {
  /** The word of each id. */
  readonly words: string[] = [""];
  private readonly ids = new Map<string, number>([["", 0]]);

  /** A transcript's words as ids; no words is the single empty word, [0]. */
  row(list: readonly string[]): Int32Array {
    if (list.length === 0) return Int32Array.of(0);
    const row = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const word = list[i] as string;
      let id = this.ids.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.ids.set(word, id);
        this.words.push(word);
      }
      row[i] = id;
    }
    return row;
  }
}

// The network lives in typed arrays reused from one recording to the next (grown as needed), so
// aligning allocates nothing per cell or per slot. A slot is a list of entries (word id, votes)
// linked through `entryNext` from `slotHead`; `slotEmpty` says whether it holds the empty word.
// `order` is the network: slot numbers in reading order (`width` of them).
let slotHead = new Int32Array(256);
let slotEmpty = new Uint8Array(256);
let slotCount = 0;
let entryWord = new Int32Array(1024);
let entryVotes = new Float64Array(1024);
let entryNext = new Int32Array(1024);
let entryCount = 0;
let order = new Int32Array(256);
let spare = new Int32Array(256);
let width = 0;
let skip = new Uint8Array(256);
let table = new Int32Array(1024);
// match[i * (m + 1) + j]: does slot j (1-based) hold word i of the transcript being aligned;
// positionHead[word] / positionNext[i] list where each word occurs in it (-1 ends a list).
let match = new Uint8Array(1024);
let positionHead = new Int32Array(256).fill(-1);
let positionNext = new Int32Array(256);

function grow<T extends Int32Array | Uint8Array | Float64Array>(a: T, need: number): T {
  if (a.length >= need) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** Room for `slots` more slots and `entries` more entries, a network of `cells` slots. */
function reserve(slots: number, entries: number, cells: number): void {
  const s = slotCount + slots;
  slotHead = grow(slotHead, s);
  slotEmpty = grow(slotEmpty, s);
  const e = entryCount + entries;
  entryWord = grow(entryWord, e);
  entryVotes = grow(entryVotes, e);
  entryNext = grow(entryNext, e);
  order = grow(order, cells);
  spare = grow(spare, cells);
  skip = grow(skip, cells);
}

/** Adds a vote of `weight` for `word` to the slot (room reserved beforehand). */
function vote(slot: number, word: number, weight: number): void {
  for (let e = slotHead[slot] as number; e >= 0; e = entryNext[e] as number) {
    if (entryWord[e] === word) {
      entryVotes[e] = (entryVotes[e] as number) + weight;
      return;
    }
  }
  const e = entryCount++;
  entryWord[e] = word;
  entryVotes[e] = weight;
  entryNext[e] = slotHead[slot] as number;
  slotHead[slot] = e;
  if (word === 0) slotEmpty[slot] = 1;
}

function newSlot(): number {
  const s = slotCount++;
  slotHead[s] = -1;
  slotEmpty[s] = 0;
  return s;
}

/**
 * Aligns transcript `h` to the network (the spec's dynamic programming and walk-back); `before`
 * is the total weight of the transcripts already in (the "no word" votes of a new slot),
 * `weight` this transcript's.
 */
function alignInto(h: Int32Array, before: number, weight: number): void {
  const n = h.length;
  const m = width;
  const w = m + 1;
  reserve(n, 2 * n + m, n + m);
  const size = (n + 1) * w;
  if (table.length < size) {
    table = new Int32Array(Math.max(size, table.length * 2));
    match = new Uint8Array(table.length);
  }
  // The module's arrays as locals (they are not reassigned below): the loops keep them in registers.
  const dist = table;
  const net = order;
  const gap = skip;
  const empty = slotEmpty;
  const slotFirst = slotHead;
  const entryAfter = entryNext;
  const entryWords = entryWord;
  for (let j = 0; j < m; j++) gap[j] = empty[net[j] as number] === 1 ? 0 : 1;
  // Which slots hold which of h's words: each slot's entries looked up once in h's positions.
  const same = match;
  same.fill(0, 0, size);
  positionNext = grow(positionNext, n);
  const head = positionHead;
  const next = positionNext;
  for (let i = 0; i < n; i++) {
    const word = h[i] as number;
    next[i] = head[word] as number;
    head[word] = i;
  }
  for (let j = 0; j < m; j++) {
    for (let e = slotFirst[net[j] as number] as number; e >= 0; e = entryAfter[e] as number) {
      for (let p = head[entryWords[e] as number] as number; p >= 0; p = next[p] as number) {
        same[(p + 1) * w + j + 1] = 1;
      }
    }
  }
  for (let i = 0; i < n; i++) head[h[i] as number] = -1;
  for (let j = 0; j <= m; j++) dist[j] = j;
  for (let i = 1; i <= n; i++) {
    const row = i * w;
    const up = row - w;
    dist[row] = i;
    for (let j = 1; j <= m; j++) {
      let best = (dist[up + j - 1] as number) + 1 - (same[row + j] as number);
      const del = (dist[row + j - 1] as number) + (gap[j - 1] as number);
      if (del < best) best = del;
      const ins = (dist[up + j] as number) + 1;
      if (ins < best) best = ins;
      dist[row + j] = best;
    }
  }
  // Walked back from the end, the new network comes out last slot first.
  const out = spare;
  let count = 0;
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = dist[i * w + j] as number;
    if (i > 0 && j > 0) {
      const slot = net[j - 1] as number;
      const word = h[i - 1] as number;
      if ((dist[(i - 1) * w + j - 1] as number) + 1 - (same[i * w + j] as number) === here) {
        vote(slot, word, weight);
        out[count++] = slot;
        i--;
        j--;
        continue;
      }
    }
    if (j > 0 && (i === 0 || (dist[i * w + j - 1] as number) + (gap[j - 1] as number) === here)) {
      const slot = net[j - 1] as number;
      vote(slot, 0, weight);
      out[count++] = slot;
      j--;
      continue;
    }
    const slot = newSlot();
    vote(slot, 0, before);
    vote(slot, h[i - 1] as number, weight);
    out[count++] = slot;
    i--;
  }
  for (let a = 0, b = count - 1; a < b; a++, b--) {
    const t = out[a] as number;
    out[a] = out[b] as number;
    out[b] = t;
  }
  spare = net;
  order = out;
  width = count;
}

/**
 * Builds the word transition network of the transcripts (word ids below `words`), aligned in the
 * order given.
 * `weights[k]` is transcript k's vote (1 each by default: the spec's ROVER, whose counts are then
 * exact).
 */
function buildNetwork(
  transcripts: readonly Int32Array[],
  words: number,
  weights?: ArrayLike<number>,
): void {
  if (positionHead.length < words) positionHead = new Int32Array(words).fill(-1);
  slotCount = 0;
  entryCount = 0;
  width = 0;
  const first = transcripts[0];
  if (first === undefined) return;
  const w0 = weights?.[0] ?? 1;
  reserve(first.length, first.length, first.length);
  for (let i = 0; i < first.length; i++) {
    const slot = newSlot();
    vote(slot, first[i] as number, w0);
    order[width++] = slot;
  }
  let before = w0;
  for (let k = 1; k < transcripts.length; k++) {
    const weight = weights?.[k] ?? 1;
    alignInto(transcripts[k] as Int32Array, before, weight);
    before += weight;
  }
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
function slotWinner(slot: number, vocabulary: readonly string[]): number {
  let e = slotHead[slot] as number;
  let best = entryWord[e] as number;
  let bestVotes = entryVotes[e] as number;
  for (e = entryNext[e] as number; e >= 0; e = entryNext[e] as number) {
    const word = entryWord[e] as number;
    const votes = entryVotes[e] as number;
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

/**
 * ROVER over one recording's transcripts given as word ids (`vocabulary[id]`, id 0 the empty
 * word), aligned in the order given, each with its vote (`weights`, 1 each by default): the
 * consensus as word ids, each slot's winner with empty words dropped.
 */
export function roverIds(
  transcripts: readonly Int32Array[],
  vocabulary: readonly string[],
  weights?: ArrayLike<number>,
): Int32Array {
  buildNetwork(transcripts, vocabulary.length, weights);
  const out = new Int32Array(width);
  let n = 0;
  for (let j = 0; j < width; j++) {
    const word = slotWinner(order[j] as number, vocabulary);
    if (word !== 0) out[n++] = word;
  }
  return n === width ? out : out.slice(0, n);
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
  return Array.from(roverIds(ids, vocabulary, weights), (id) => vocabulary[id] as string);
}
