// `npm run bench`: how long `stats --json` takes on three large generated studies, each against
// a process that only reads the same file and JSON.parse-s it (the bare parse).
//
// The studies (generated once, deterministic, cached in bench-data/, gitignored), and the goals
// (stats --json's wall time ÷ the bare parse's, median of the runs):
//   marks        100,000 clips × 3 annotators with random marks (scripts/gen-study.ts)   ≤ 2.5
//   crowd        a large random crowd: 300 annotators each marking every one of 900 clips,
//                270,000 submissions, about 457,000 regions (one in seven past its clip's
//                end), about 410,000 reason labels (scripts/gen-crowd.ts)                 ≤ 2.5
//   transcripts  an intelligibility study of 100,000 transcripts, 10 systems × 600 stimuli,
//                bootstrap and stimuli curve at 1,000 replicates                          ≤ 4
//   judgments    an A/B comparison of 100,000 judgments over 8 systems, the Bradley–Terry
//                bootstrap's 1,000 replicates included (generateComparisons.ts)   ≤ 2 s wall
//
// Every command runs as its own process, started the same way (`node FILE …`, the CLI bundled
// by `npm run build:cli` as installed), under /usr/bin/time, with NODE_EXTRA_CA_CERTS removed
// from its environment (a sandbox may set it; Node then parses every certificate it lists at
// start, although no command opens a TLS connection: it would weigh on the short bare parse).
// The commands take turns within each round (parse, validate, stats, parse, …) so background
// load hits them alike, after one untimed run each.
//
// Options: --study marks|crowd|transcripts|judgments (repeatable; default all four), --runs N
// (default 5), --no-steps (skip the in-process breakdown of each study's CPU time).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { generateComparisonStudy } from "../src/domain/interchange/generateComparisons.ts";
import { generateTranscriptStudy } from "../src/domain/interchange/generateTranscripts.ts";
import { parseAnnotationText, serializeAnnotationFile } from "../src/domain/interchange/schema.ts";
import { computeReport } from "../src/domain/stats/index.ts";
import { generateCrowdStudyText } from "./gen-crowd.ts";
import { generateStudyText } from "./gen-study.ts";

const root = resolve(import.meta.dirname, "..");
const dataDir = join(root, "bench-data");

interface Study {
  name: "marks" | "crowd" | "transcripts" | "judgments";
  file: string;
  /** stats --json's wall time ÷ the bare parse's, at most; or, with `seconds`, its wall time. */
  goal: number;
  seconds?: true;
  make: () => string;
}

const STUDIES: readonly Study[] = [
  {
    name: "marks",
    file: "study-100000x3.json",
    goal: 2.5,
    make: () => generateStudyText({ clips: 100_000, annotators: 3 }),
  },
  { name: "crowd", file: "crowd-900x300.json", goal: 2.5, make: () => generateCrowdStudyText() },
  {
    name: "transcripts",
    file: "sus-10x600-100000.json",
    goal: 4,
    make: () => serializeAnnotationFile(generateTranscriptStudy({ transcripts: 100_000 })),
  },
  {
    name: "judgments",
    file: "pairs-8-100000.json",
    goal: 2,
    seconds: true,
    make: () => serializeAnnotationFile(generateComparisonStudy({ judgments: 100_000 })),
  },
];

interface Options {
  runs: number;
  studies: Study[];
  steps: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { runs: 5, studies: [], steps: true };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--no-steps") {
      options.steps = false;
    } else if (flag === "--study") {
      const study = STUDIES.find((s) => s.name === argv[i + 1]);
      if (study === undefined)
        throw new Error("--study needs marks, crowd, transcripts or judgments");
      options.studies.push(study);
      i++;
    } else if (flag === "--runs") {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error("--runs needs a positive integer");
      options.runs = value;
    } else {
      throw new Error(`unknown option ${flag}`);
    }
  }
  if (options.studies.length === 0) options.studies = [...STUDIES];
  return options;
}

/** The study's file, generated on first use. */
function studyFile(study: Study): string {
  const file = join(dataDir, study.file);
  if (!existsSync(file)) {
    process.stderr.write(`generating ${file} …\n`);
    writeFileSync(file, study.make());
  }
  return file;
}

/** The bare parse: read the file, JSON.parse it, print one number so it is used. */
function parseOnlyScript(): string {
  const file = join(dataDir, "parse-only.mjs");
  writeFileSync(
    file,
    [
      'import { readFileSync } from "node:fs";',
      'const data = JSON.parse(readFileSync(process.argv[2], "utf8"));',
      'process.stdout.write(String(data.clips.length) + "\\n");',
      "",
    ].join("\n"),
  );
  return file;
}

interface Sample {
  wall: number;
  cpu: number;
  rssMb: number;
}

/** Every child's environment: this one without NODE_EXTRA_CA_CERTS. */
const { NODE_EXTRA_CA_CERTS: _, ...childEnv } = process.env;

/** One run under /usr/bin/time: wall-clock and user+system CPU seconds, peak memory. */
function timeRun(command: readonly string[]): Sample {
  const result = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", ...command], {
    cwd: root,
    env: childEnv,
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const last = result.stderr.trim().split("\n").at(-1) ?? "";
  if (result.status !== 0) {
    throw new Error(`${command.join(" ")} failed (${result.status}):\n${result.stderr}`);
  }
  const [wall, user, sys, rssKb] = last.split(" ").map(Number);
  return {
    wall: wall as number,
    cpu: (user as number) + (sys as number),
    rssMb: (rssKb as number) / 1024,
  };
}

/** CPU milliseconds of this process so far (user + system, all threads). */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * Where the CPU time of `stats --json` goes, measured inside this process (one thread: the
 * report's second thread is the CLI's): milliseconds of each step, median over `runs`.
 */
function steps(file: string, runs: number): [string, number][] {
  const names = ["read file", "JSON.parse", "validate", "computeReport", "JSON.stringify"];
  const samples: number[][] = names.map(() => []);
  for (let run = 0; run < runs; run++) {
    let t = cpuMs();
    const lap = (i: number) => {
      const now = cpuMs();
      samples[i]?.push(now - t);
      t = now;
    };
    const text = readFileSync(file, "utf8");
    lap(0);
    JSON.parse(text);
    lap(1);
    // parseAnnotationText parses again; the JSON.parse just measured is taken off.
    const result = parseAnnotationText(text);
    lap(2);
    const validate = samples[2] as number[];
    validate[validate.length - 1] = (validate.at(-1) as number) - (samples[1]?.at(-1) as number);
    if (!result.ok) throw new Error("the benchmark study is not valid");
    const report = computeReport(result.file);
    lap(3);
    JSON.stringify(report, null, 2);
    lap(4);
  }
  return names.map((name, i) => [name, median(samples[i] as number[])]);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** The study's counts of records, for the table's caption. */
function shapeOf(file: string): string {
  const counts = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown[]>;
  return ["clips", "annotators", "submissions", "regions", "reasonLabels", "pairs", "judgments"]
    .map((k) => `${(counts[k]?.length ?? 0).toLocaleString("en-US")} ${k}`)
    .join(", ");
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  mkdirSync(dataDir, { recursive: true });
  const parseOnly = parseOnlyScript();
  execFileSync("npm", ["run", "-s", "build:cli"], { cwd: root, stdio: "inherit" });
  const cli = join(root, "dist-cli", "redpen.cjs");
  const rel = (p: string) => p.slice(root.length + 1);
  const cpuModel = os.cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    `Machine: ${os.cpus().length} cores (${cpuModel}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}; commit ${gitRev()}; NODE_EXTRA_CA_CERTS removed from every child's environment; median of ${options.runs} interleaved runs.\n\n`,
  );
  const verdicts: string[] = [];
  for (const study of options.studies) {
    const file = studyFile(study);
    const commands: [string, string[]][] = [
      ["parse only", ["node", rel(parseOnly), rel(file)]],
      ["validate", ["node", rel(cli), "validate", rel(file)]],
      ["stats --json", ["node", rel(cli), "stats", rel(file), "--json"]],
    ];
    for (const [, command] of commands) timeRun(command);
    const samples = commands.map((): Sample[] => []);
    const loadBefore = os.loadavg()[0] as number;
    for (let run = 0; run < options.runs; run++) {
      commands.forEach(([, command], c) => {
        samples[c]?.push(timeRun(command));
        process.stderr.write(".");
      });
    }
    process.stderr.write("\n");
    const loadAfter = os.loadavg()[0] as number;
    const rows = commands.map(([name], c) => {
      const list = samples[c] ?? [];
      return {
        name,
        wall: median(list.map((s) => s.wall)),
        cpu: median(list.map((s) => s.cpu)),
        rssMb: median(list.map((s) => s.rssMb)),
        walls: list.map((s) => s.wall.toFixed(2)).join(", "),
      };
    });
    const base = rows[0] as (typeof rows)[number];
    const lines = [
      `**${study.name}**: ${rel(file)}, ${(statSync(file).size / 1e6).toFixed(1)} MB: ${shapeOf(file)}. Load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
      "",
      "| command | wall (s) | CPU user+sys (s) | peak RSS (MB) | wall ÷ parse only | CPU ÷ parse only | the runs' wall (s) |",
      "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.wall.toFixed(2)} | ${r.cpu.toFixed(2)} | ${r.rssMb.toFixed(0)} | ${(r.wall / base.wall).toFixed(2)} | ${(r.cpu / base.cpu).toFixed(2)} | ${r.walls} |`,
      ),
    ];
    if (options.steps) {
      lines.push(
        "",
        "| step (in one process) | CPU (ms) |",
        "| --- | ---: |",
        ...steps(file, options.runs).map(([name, ms]) => `| ${name} | ${ms.toFixed(0)} |`),
      );
    }
    process.stdout.write(`${lines.join("\n")}\n\n`);
    const stats = rows[2] as (typeof rows)[number];
    const ratio = stats.wall / base.wall;
    verdicts.push(
      study.seconds
        ? `${study.name}: stats --json ${stats.wall.toFixed(2)} s wall — goal ≤ ${study.goal} s: ${stats.wall <= study.goal ? "met" : "NOT met"}`
        : `${study.name}: stats --json ÷ parse only = ${ratio.toFixed(2)} wall, ${(stats.cpu / base.cpu).toFixed(2)} CPU — goal ≤ ${study.goal}: ${ratio <= study.goal ? "met" : "NOT met"}`,
    );
  }
  process.stdout.write(`${verdicts.join("\n")}\n`);
}

function gitRev(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" })
      .trim()
      .concat(
        execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
          cwd: root,
          encoding: "utf8",
        }).trim() === ""
          ? ""
          : " (with uncommitted changes)",
      );
  } catch {
    return "unknown";
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
