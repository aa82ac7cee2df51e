// A synthetic paired-comparison study (an A/B preference test) for benchmarks and tests:
// `systems` systems speaking the same `sentences` sentences, every pair of systems per sentence
// a pair, and `judgments` judgments spread over `listeners` listeners, each judging distinct
// pairs; a listener prefers the system with the lower index more often, and says "same" now and
// then. Deterministic for a seed.
import { mulberry32 } from "./generate.ts";
import type { AnnotationFile, Clip, Judgment, Pair } from "./types.ts";

export interface ComparisonStudyOptions {
  systems?: number;
  sentences?: number;
  judgments?: number;
  listeners?: number;
  seed?: number;
}

export function generateComparisonStudy(options: ComparisonStudyOptions = {}): AnnotationFile {
  const systems = options.systems ?? 8;
  const sentences = options.sentences ?? 50;
  const total = options.judgments ?? 100_000;
  const listeners = options.listeners ?? 1000;
  const rand = mulberry32(options.seed ?? 1);
  const clips: Clip[] = [];
  const pairs: Pair[] = [];
  for (let t = 0; t < sentences; t++) {
    const sentence = `t${String(t).padStart(3, "0")}`;
    for (let s = 0; s < systems; s++) {
      clips.push({
        id: `S${s}_${sentence}`,
        name: `S${s}_${sentence}.wav`,
        duration: 2,
        system: `S${s}`,
        sentence,
      });
    }
    for (let x = 0; x < systems; x++) {
      for (let y = x + 1; y < systems; y++) {
        pairs.push({
          id: `${sentence}:S${x}:S${y}`,
          a: `S${x}_${sentence}`,
          b: `S${y}_${sentence}`,
        });
      }
    }
  }
  const perListener = Math.min(pairs.length, Math.ceil(total / listeners));
  const judgments: Judgment[] = [];
  const ids = Array.from({ length: listeners }, (_, i) => `L${String(i + 1).padStart(4, "0")}`);
  for (const annotatorId of ids) {
    // A listener's pairs: a seeded run through the pairs from a random start, a random stride.
    const start = Math.floor(rand() * pairs.length);
    for (let k = 0; k < perListener && judgments.length < total; k++) {
      const pair = pairs[(start + k * 7) % pairs.length] as Pair;
      const [x, y] = pair.id
        .split(":")
        .slice(1)
        .map((s) => Number(s.slice(1))) as [number, number];
      const r = rand();
      const preferA = 0.5 + 0.05 * (y - x);
      const choice = r < 0.1 ? "same" : r < 0.1 + 0.9 * preferA ? "a" : "b";
      judgments.push({ pairId: pair.id, annotatorId, choice });
    }
  }
  return {
    format: "redpen-annotations",
    version: 1,
    study: {
      id: "pairs-bench",
      name: "Paired comparison benchmark",
      binSeconds: 0.1,
      task: "compare",
    },
    taxonomy: [],
    clips,
    annotators: ids.map((id) => ({ id, role: "crowd" })),
    submissions: [],
    regions: [],
    reasonLabels: [],
    pairs,
    judgments,
  };
}
