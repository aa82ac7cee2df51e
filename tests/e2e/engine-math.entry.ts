// Bundled into the browser by engine-math.test.ts and imported by it in Node: the statistics'
// transcendental functions over the same seeded arguments, each function's results folded into
// one FNV-1a digest of their bits, and the same for the engine's own Math functions.

import { atanh, exp, ln, log1p, pow, tanh } from "../../src/domain/util/math.ts";
import { seededRandom } from "../../src/domain/util/random.ts";

type Fn = (a: number, b: number) => number;

const CASES: Record<string, { ours: Fn; engine: Fn; args: (g: () => number) => [number, number] }> =
  {
    ln: { ours: (a) => ln(a), engine: (a) => Math.log(a), args: (g) => [g() * 1e3 + 1e-300, 0] },
    exp: {
      ours: (a) => exp(a),
      engine: (a) => Math.exp(a),
      args: (g) => [(g() - 0.5) * 1400, 0],
    },
    log1p: {
      ours: (a) => log1p(a),
      engine: (a) => Math.log1p(a),
      args: (g) => [g() * 10 - 0.999, 0],
    },
    pow: {
      ours: (a, b) => pow(a, b),
      engine: (a, b) => a ** b,
      args: (g) => [g() * 10, (g() - 0.5) * 20],
    },
    atanh: {
      ours: (a) => atanh(a),
      engine: (a) => Math.atanh(a),
      args: (g) => [g() * 2 - 1, 0],
    },
    tanh: {
      ours: (a) => tanh(a),
      engine: (a) => Math.tanh(a),
      args: (g) => [(g() - 0.5) * 40, 0],
    },
  };

function fnv(values: Float64Array): string {
  const words = new Uint32Array(values.buffer);
  let h = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) {
    h ^= words[i] as number;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** Per function: the digest of ours and of the engine's Math over `n` seeded arguments. */
export function digests(n: number): Record<string, { ours: string; engine: string }> {
  const out: Record<string, { ours: string; engine: string }> = {};
  for (const [name, c] of Object.entries(CASES)) {
    const g = seededRandom(`engine-math/${name}`);
    const ours = new Float64Array(n);
    const engine = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const [a, b] = c.args(g);
      ours[i] = c.ours(a, b);
      engine[i] = c.engine(a, b);
    }
    out[name] = { ours: fnv(ours), engine: fnv(engine) };
  }
  return out;
}
