// Seeded random numbers, for what must come out the same for the same seed: the headphone
// check's rounds, the bootstrap's replicates.

/** The generator's starting state for a seed (the string hash). */
export function seedState(seed: string): number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return h >>> 0;
}

/** A small seeded generator (mulberry32 over a string hash): the same seed, the same numbers. */
export function seededRandom(seed: string): () => number {
  let a = seedState(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
