// A deterministic generator of realistic, valid studies in the interchange format, for
// benchmarks (command line and browser) and for demos. Same options and seed, same file.
//
// The study: sentences spoken by a human (the reference clips) and four synthesizers of
// decreasing quality. Each clip hides a few "true" unnatural spans (more for worse systems);
// each crowd annotator finds most of them with jittered edges and adds the odd false alarm,
// so agreement is real but imperfect. Two experts share the labelling of most regions, with
// 1–2 reasons each, drawn from a per-system error profile.
import { DEFAULT_TAXONOMY } from "./taxonomy.ts";
import type { AnnotationFile, Annotator, Clip, ReasonLabel, Region, Submission } from "./types.ts";

export interface GenerateOptions {
  /** Number of clips (default 20). */
  clips?: number;
  /** Crowd annotators per clip (default 3). */
  annotators?: number;
  /** Size of the crowd pool the per-clip annotators are drawn from (default 4 × annotators). */
  pool?: number;
  /** PRNG seed (default 1). */
  seed?: number;
}

/** mulberry32: a small, fast, seedable 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SystemProfile {
  name: string;
  /** Mean number of true unnatural spans per clip. */
  spans: number;
  /** Typical listening-test score (1–5). */
  mos: number;
  /** Relative weights of the taxonomy's reasons, in DEFAULT_TAXONOMY order. */
  reasons: readonly number[];
}

// Weights in order: end_of_speech, silence, high_pitch, voice_trembling, flat_pitch, energy,
// spacing, word_duration, accuracy, background_noise, undefined.
const SYSTEMS: readonly SystemProfile[] = [
  { name: "human", spans: 0.3, mos: 4.6, reasons: [1, 2, 1, 1, 1, 1, 2, 2, 1, 3, 4] },
  { name: "S1", spans: 1.4, mos: 3.9, reasons: [2, 1, 3, 1, 2, 3, 2, 3, 1, 1, 1] },
  { name: "S2", spans: 1.85, mos: 3.3, reasons: [3, 2, 2, 4, 3, 2, 3, 3, 2, 1, 1] },
  { name: "S3", spans: 2.3, mos: 2.7, reasons: [4, 3, 2, 2, 5, 2, 4, 4, 3, 2, 1] },
  { name: "S4", spans: 2.75, mos: 2.1, reasons: [6, 4, 1, 3, 3, 4, 5, 5, 6, 4, 1] },
];

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** A Poisson draw by inversion (small means only). */
function poisson(rand: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rand();
  while (p > limit && k < 12) {
    k++;
    p *= rand();
  }
  return k;
}

function weightedIndex(rand: () => number, weights: readonly number[], total: number): number {
  let x = rand() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i] as number;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** A valid study in the interchange format, the same for the same options. */
export function generateStudy(options: GenerateOptions = {}): AnnotationFile {
  const clipCount = options.clips ?? 20;
  const perClip = options.annotators ?? 3;
  const poolSize = Math.max(perClip, options.pool ?? perClip * 4);
  const rand = mulberry32(options.seed ?? 1);

  const taxonomy = DEFAULT_TAXONOMY.map((t) => ({ ...t }));
  const crowd: Annotator[] = Array.from({ length: poolSize }, (_, i) => ({
    id: `w${pad(i + 1, String(poolSize).length)}`,
    role: "crowd",
  }));
  const experts: Annotator[] = [
    { id: "e1", role: "expert" },
    { id: "e2", role: "expert" },
  ];

  const clips: Clip[] = [];
  const submissions: Submission[] = [];
  const regions: Region[] = [];
  const reasonLabels: ReasonLabel[] = [];
  const idWidth = String(clipCount).length;
  const sentenceWidth = String(Math.ceil(clipCount / SYSTEMS.length)).length;
  const startTime = Date.UTC(2026, 10, 1, 9, 0, 0);
  let regionCount = 0;
  // Zero-padded ids sort like their numbers, as in the app's exports (sorted by id).
  const regionWidth = String(clipCount * perClip * 8).length;

  const sentenceDurations: number[] = [];
  for (let c = 0; c < clipCount; c++) {
    const sentenceIndex = Math.floor(c / SYSTEMS.length);
    const system = SYSTEMS[c % SYSTEMS.length] as SystemProfile;
    // The same sentence lasts about as long whoever speaks it.
    if (sentenceDurations[sentenceIndex] === undefined)
      sentenceDurations[sentenceIndex] = 2.5 + rand() * 5;
    const base = sentenceDurations[sentenceIndex] as number;
    const duration = round3(Math.min(8, Math.max(2, base * (0.9 + rand() * 0.2))));
    const sentence = `s${pad(sentenceIndex + 1, sentenceWidth)}`;
    const clipId = `c${pad(c + 1, idWidth)}`;
    const mos = Math.min(5, Math.max(1, system.mos + (rand() - 0.5)));
    clips.push({
      id: clipId,
      name: `${sentence}_${system.name}.wav`,
      duration,
      system: system.name,
      sentence,
      score: Math.round(mos * 100) / 100,
      isReference: system.name === "human",
      uri: `audio/${sentence}_${system.name}.wav`,
    });

    // The clip's true unnatural spans; one in five sits at the end of the speech.
    const spans: { start: number; end: number; reason: number }[] = [];
    const spanCount = poisson(rand, system.spans);
    const reasonTotal = system.reasons.reduce((a, b) => a + b, 0);
    for (let k = 0; k < spanCount; k++) {
      const length = 0.2 + rand() * 0.7;
      const atEnd = rand() < 0.2;
      const start = atEnd ? Math.max(0, duration - length - 0.05) : rand() * (duration - length);
      spans.push({
        start,
        end: Math.min(duration, start + length),
        reason: atEnd ? 0 : weightedIndex(rand, system.reasons, reasonTotal),
      });
    }

    // Which crowd annotators annotate this clip: `perClip` distinct ones from the pool.
    const chosen = new Set<number>();
    while (chosen.size < perClip) chosen.add(Math.floor(rand() * poolSize));
    const expert = experts[sentenceIndex % 2] as Annotator;
    for (const w of chosen) {
      const annotator = crowd[w] as Annotator;
      const marks: { start: number; end: number; reason: number }[] = [];
      for (const span of spans) {
        if (rand() < 0.8) {
          const start = Math.max(0, span.start + (rand() - 0.5) * 0.3);
          const end = Math.min(duration, span.end + (rand() - 0.5) * 0.3);
          if (end - start > 0.05) marks.push({ start, end, reason: span.reason });
        }
      }
      if (rand() < 0.12) {
        const start = rand() * (duration - 0.4);
        marks.push({ start, end: start + 0.1 + rand() * 0.3, reason: 10 });
      }
      const plays = 1 + Math.floor(rand() * 4);
      submissions.push({
        clipId,
        annotatorId: annotator.id,
        completedAt: new Date(startTime + (c * perClip + w) * 37_000).toISOString(),
        score: Math.min(5, Math.max(1, Math.round(mos + (rand() - 0.5) * 1.5))),
        playCount: plays,
        seconds: round3(duration * plays + 5 + rand() * 40),
      });
      for (const mark of marks) {
        regionCount++;
        const regionId = `r${pad(regionCount, regionWidth)}`;
        const start = round3(mark.start);
        const end = Math.max(round3(mark.end), round3(start + 0.05));
        regions.push({
          id: regionId,
          clipId,
          annotatorId: annotator.id,
          start,
          end: Math.min(end, duration),
        });
        if (rand() < 0.9) {
          const first =
            rand() < 0.75 ? mark.reason : weightedIndex(rand, system.reasons, reasonTotal);
          const reasons = [(taxonomy[first] as { id: string }).id];
          if (rand() < 0.3) {
            const second = weightedIndex(rand, system.reasons, reasonTotal);
            if (second !== first) reasons.push((taxonomy[second] as { id: string }).id);
          }
          reasonLabels.push({ regionId, annotatorId: expert.id, reasons });
        }
      }
    }
  }

  return {
    format: "redpen-annotations",
    version: 1,
    exportedAt: new Date(startTime).toISOString(),
    study: {
      id: `synthetic-${clipCount}x${perClip}`,
      name: `Synthetic study (${clipCount} clips, ${perClip} annotators per clip)`,
      binSeconds: 0.1,
      instructions: "Drag across every part of the clip that sounds unnatural.",
      generator: { seed: options.seed ?? 1, pool: poolSize },
    },
    taxonomy,
    clips,
    annotators: [...experts, ...crowd],
    submissions,
    regions,
    reasonLabels,
  };
}
