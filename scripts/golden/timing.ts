// Quick timing check of the statistics (not a test): a synthetic study of 100,000 clips × 3
// annotators (~450,000 regions, ~400,000 reason labels), analysed once cold and then ten times.
//   npx tsx scripts/golden/timing.ts [clips]
import { mulberry32 } from "../../src/domain/interchange/generate.ts";
import { DEFAULT_TAXONOMY } from "../../src/domain/interchange/taxonomy.ts";
import type {
  AnnotationFile,
  ReasonLabel,
  Region,
  Submission,
} from "../../src/domain/interchange/types.ts";
import { analyze, computeReport } from "../../src/domain/stats/index.ts";

function syntheticStudy(clipCount: number): AnnotationFile {
  const rand = mulberry32(42); // deterministic, so every run times the same study
  const systems = ["human", "N13", "N17", "N18", "B01"];
  const annotators = ["w1", "w2", "w3"];
  const clips: AnnotationFile["clips"] = [];
  const submissions: Submission[] = [];
  const regions: Region[] = [];
  const reasonLabels: ReasonLabel[] = [];
  for (let i = 0; i < clipCount; i++) {
    const system = systems[i % systems.length] as string;
    const duration = Math.round((1.5 + rand() * 4.5) * 1000) / 1000;
    clips.push({
      id: `c${i}`,
      name: `${system}_${i}.wav`,
      duration,
      system,
      sentence: String(i % 1000),
      score: 1 + rand() * 4,
      isReference: system === "human",
    });
    for (const annotatorId of annotators) {
      submissions.push({ clipId: `c${i}`, annotatorId, score: 1 + Math.floor(rand() * 5) });
      const n = Math.floor(rand() * 4); // 0–3 regions, 1.5 on average
      for (let r = 0; r < n; r++) {
        const start = rand() * duration;
        const id = `r${regions.length}`;
        regions.push({ id, clipId: `c${i}`, annotatorId, start, end: start + 0.05 + rand() * 0.8 });
        if (rand() < 0.9) {
          reasonLabels.push({
            regionId: id,
            annotatorId: "e1",
            reasons: [DEFAULT_TAXONOMY[Math.floor(rand() * 11)]?.id ?? "undefined"],
          });
        }
      }
    }
  }
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "bench", name: "Timing", binSeconds: 0.1 },
    taxonomy: [...DEFAULT_TAXONOMY],
    clips,
    annotators: [
      ...annotators.map((id) => ({ id, role: "crowd" as const })),
      { id: "e1", role: "expert" },
    ],
    submissions,
    regions,
    reasonLabels,
  };
}

const clipCount = Number(process.argv[2] ?? 100_000);
const file = syntheticStudy(clipCount);
console.log(
  `${file.clips.length} clips, ${file.submissions.length} submissions, ${file.regions.length} regions, ${file.reasonLabels.length} reason labels`,
);
// Wall time suffers when other processes share the CPU: report the fastest and the median of
// ten runs (the first includes JIT warm-up) and the process CPU time (all threads, GC included).
function time(label: string, work: () => unknown): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < 10; run++) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    work();
    const used = process.cpuUsage(cpu0);
    wall.push(performance.now() - t0);
    cpu.push((used.user + used.system) / 1000);
  }
  const fmt = (v: number[]) => {
    const sorted = [...v].sort((a, b) => a - b);
    return `min ${sorted[0]?.toFixed(0)} ms, median ${sorted[5]?.toFixed(0)} ms`;
  };
  console.log(`${label}: wall ${fmt(wall)}; cpu ${fmt(cpu)}`);
}

// The command line analyses once per process: the first call (cold JIT) is the one it pays.
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const first = computeReport(file);
const firstCpu = process.cpuUsage(cpu0);
console.log(
  `first computeReport: wall ${(performance.now() - t0).toFixed(0)} ms, cpu ${((firstCpu.user + firstCpu.system) / 1000).toFixed(0)} ms (meanPairwiseKappa ${first.agreement.meanPairwiseKappa})`,
);
time("computeReport", () => computeReport(file));
time("analyze", () => analyze(file));
