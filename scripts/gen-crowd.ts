// Writes a deterministic study shaped like a large random crowd, for `npm run bench -- --crowd`:
//   npx tsx scripts/gen-crowd.ts --out bench-data/crowd.json
// 300 crowd annotators who each mark every one of 900 clips (five systems, one sentence per five
// clips): 270,000 submissions with a random score, about 1.7 regions per submission placed at
// random with no agreement behind them (about 457,000), one region in seven running past its
// clip's end (the CLI clamps those), and nine in ten regions labelled by their own annotator
// with one or two reasons (about 410,000 reasonLabels). Options: --clips N (default 900),
// --annotators N in the crowd (default 300), --per-clip K annotators of each clip, drawn from
// the crowd (default: all), --seed S (default 1), --out FILE (default: standard output).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { mulberry32 } from "../src/domain/interchange/generate.ts";
import { serializeAnnotationFile } from "../src/domain/interchange/schema.ts";
import { DEFAULT_TAXONOMY } from "../src/domain/interchange/taxonomy.ts";
import type {
  AnnotationFile,
  Annotator,
  Clip,
  ReasonLabel,
  Region,
  Submission,
} from "../src/domain/interchange/types.ts";

export interface CrowdOptions {
  /** Clips (default 900). */
  clips?: number;
  /** Crowd annotators (default 300). */
  annotators?: number;
  /** Submissions per clip (default 300: every annotator), each by a different annotator. */
  perClip?: number;
  /** The generator's seed (default 1). */
  seed?: number;
}

const SYSTEMS = ["human", "S1", "S2", "S3", "S4"] as const;
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

/** The study, the same for the same options. */
export function generateCrowdStudy(options: CrowdOptions = {}): AnnotationFile {
  const clipCount = options.clips ?? 900;
  const poolSize = options.annotators ?? 300;
  const perClip = options.perClip ?? poolSize;
  if (poolSize < perClip) throw new Error("--per-clip must be at most the annotators");
  const rand = mulberry32(options.seed ?? 1);
  const taxonomy = DEFAULT_TAXONOMY.map((t) => ({ ...t }));
  const annotators: Annotator[] = Array.from({ length: poolSize }, (_, i) => ({
    id: `w${pad(i + 1, String(poolSize).length)}`,
    role: "crowd",
  }));
  const clips: Clip[] = [];
  const submissions: Submission[] = [];
  const regions: Region[] = [];
  const reasonLabels: ReasonLabel[] = [];
  const idWidth = String(clipCount).length;
  const regionWidth = String(clipCount * perClip * 12).length;
  const startTime = Date.UTC(2026, 10, 1, 9, 0, 0);
  let regionCount = 0;
  for (let c = 0; c < clipCount; c++) {
    const system = SYSTEMS[c % SYSTEMS.length] as string;
    const sentence = `s${pad(Math.floor(c / SYSTEMS.length) + 1, idWidth)}`;
    const clipId = `c${pad(c + 1, idWidth)}`;
    const duration = round3(2 + rand() * 6);
    clips.push({ id: clipId, name: `${sentence}_${system}.wav`, duration, system, sentence });
    const chosen = new Set<number>();
    while (chosen.size < perClip) chosen.add(Math.floor(rand() * poolSize));
    for (const w of chosen) {
      const annotatorId = (annotators[w] as Annotator).id;
      submissions.push({
        clipId,
        annotatorId,
        completedAt: new Date(startTime + (c * perClip + w) * 37_000).toISOString(),
        score: 1 + Math.floor(rand() * 5),
        playCount: 1 + Math.floor(rand() * 3),
        seconds: round3(duration + 5 + rand() * 30),
      });
      const marks = poisson(rand, 1.69);
      for (let m = 0; m < marks; m++) {
        const length = 0.1 + rand() * 1.4;
        const pastEnd = rand() < 1 / 7;
        const start = round3(pastEnd ? duration - rand() * length : rand() * (duration - 0.1));
        // Inside the clip, at least 0.1 s long; past its end, by up to half a second.
        const end = round3(
          pastEnd ? duration + 0.05 + rand() * 0.5 : Math.min(duration, start + length),
        );
        regionCount++;
        const regionId = `r${pad(regionCount, regionWidth)}`;
        regions.push({ id: regionId, clipId, annotatorId, start, end });
        if (rand() < 0.9) {
          const first = Math.floor(rand() * taxonomy.length);
          const reasons = [(taxonomy[first] as { id: string }).id];
          const second = Math.floor(rand() * taxonomy.length);
          if (rand() < 0.3 && second !== first)
            reasons.push((taxonomy[second] as { id: string }).id);
          reasonLabels.push({ regionId, annotatorId, reasons });
        }
      }
    }
  }
  return {
    format: "redpen-annotations",
    version: 1,
    exportedAt: new Date(startTime).toISOString(),
    study: {
      id: `random-crowd-${clipCount}x${poolSize}`,
      name: `Random crowd (${clipCount} clips, ${poolSize} annotators)`,
      binSeconds: 0.1,
    },
    taxonomy,
    clips,
    annotators,
    submissions,
    regions,
    reasonLabels,
  };
}

/** The study as interchange-format text (one record per line). */
export function generateCrowdStudyText(options: CrowdOptions = {}): string {
  return serializeAnnotationFile(generateCrowdStudy(options), { layout: "lines" });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options: CrowdOptions & { out?: string } = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === "--out" && value !== undefined) options.out = value;
    else if (flag === "--clips" && Number.isInteger(Number(value))) options.clips = Number(value);
    else if (flag === "--annotators" && Number.isInteger(Number(value)))
      options.annotators = Number(value);
    else if (flag === "--per-clip" && Number.isInteger(Number(value)))
      options.perClip = Number(value);
    else if (flag === "--seed" && Number.isInteger(Number(value))) options.seed = Number(value);
    else {
      process.stderr.write(`gen-crowd: unknown or incomplete option ${flag ?? ""}\n`);
      process.exit(2);
    }
  }
  const { out, ...rest } = options;
  const text = generateCrowdStudyText(rest);
  if (out === undefined) process.stdout.write(text);
  else writeFileSync(out, text);
}
