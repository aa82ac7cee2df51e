// `npm run bench:aggregate`: the speed of `aggregate` (docs/transcripts.md, README "Performance").
//
// 1. ROVER on the VLDB 2021 development half (tests/fixtures/vldb21-dev), wall clock with process
//    start: the bundled CLI (`node dist-cli/redpen.cjs aggregate … --method rover`) against the same
//    algorithm in plain CPython (scripts/rover.py); their outputs must be byte-equal (and equal to
//    crowd-kit's file). Every CPython found is timed, Debian's /usr/bin/python3 (built with
//    optimisations) and the `python3` on PATH (a version manager's build may be much slower), and
//    the ratio is against the fastest of them. Our command is timed twice: in the environment as
//    given, and with NODE_EXTRA_CA_CERTS removed from its environment (a default Node install):
//    Node 20 parses every certificate of that file at start, before any of our code runs, whether
//    or not the process makes a TLS connection (nodejs/node#40524; later Node versions load them
//    when first needed), and `aggregate` makes none. Both ratios are printed. Runs interleaved,
//    median of --runs (default 5).
// 2. 1,000,000 generated transcripts (142,858 recordings × 7, cached in bench-data/, gitignored)
//    aggregated by the default method and by ROVER under /usr/bin/time -v: wall clock and peak
//    memory (maximum resident set size). Goals: under 60 s and under 2 GB. `--dev-only` skips it.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { extraCerts, nodeEnvironments } from "./nodeEnvironments.ts";

const root = resolve(import.meta.dirname, "..");
const dataDir = join(root, "bench-data");
const cli = join(root, "dist-cli", "redpen.cjs");
const fixture = join(root, "tests", "fixtures", "vldb21-dev");
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag >= 0 ? Number(process.argv[runsFlag + 1]) : 5;
/** `--dev-only`: part 1 alone (the million transcripts take minutes). */
const devOnly = process.argv.includes("--dev-only");

function timed(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { seconds: number; cpu: number; maxRssMb: number; stdout: string } {
  const r = spawnSync("/usr/bin/time", ["-v", command, ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
    env,
  });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${r.stderr}`);
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(
    r.stderr,
  );
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
  const user = /User time \(seconds\): ([\d.]+)/.exec(r.stderr);
  const system = /System time \(seconds\): ([\d.]+)/.exec(r.stderr);
  const cpu = Number(user?.[1] ?? 0) + Number(system?.[1] ?? 0);
  if (!wall || !rss) throw new Error(`no timing in ${r.stderr}`);
  const seconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]);
  return { seconds, cpu, maxRssMb: Number(rss[1]) / 1024, stdout: r.stdout };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** A small seeded generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 1,000,000 transcripts: 142,858 recordings of 6–14 words from a 5,000-word vocabulary, 7
 * transcripts each by annotators drawn from 20,000, each annotator with an error rate between
 * 2% and 60% (per word: substituted, dropped or with a word put after it, equally likely).
 */
function generate(path: string): void {
  const g = random(20);
  const vocabulary = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);
  const word = () => vocabulary[Math.floor(g() * vocabulary.length)] as string;
  const errorRates = Array.from({ length: 20_000 }, () => 0.02 + 0.58 * g() ** 2);
  const lines = ["task,output,performer"];
  let n = 0;
  for (let task = 0; n < 1_000_000; task++) {
    const truth = Array.from({ length: 6 + Math.floor(g() * 9) }, word);
    for (let k = 0; k < 7 && n < 1_000_000; k++, n++) {
      const annotator = Math.floor(g() * errorRates.length);
      const e = errorRates[annotator] as number;
      const out: string[] = [];
      for (const w of truth) {
        if (g() >= e) out.push(w);
        else {
          const kind = g();
          if (kind < 1 / 3) out.push(word());
          else if (kind >= 2 / 3) out.push(w, word());
        }
      }
      lines.push(`r${task},${out.join(" ")},p${annotator}`);
    }
  }
  writeFileSync(path, `${lines.join("\n")}\n`);
}

execFileSync("npm", ["run", "-s", "build:cli"], { cwd: root, stdio: "ignore" });
// Each CPython once, as the interpreter itself (not a version manager's shim in front of it:
// pyenv's adds a shell): Debian's, and the one `python3` on PATH finds.
const interpreter = (python: string) =>
  execFileSync(python, ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();
const pythons = [
  ...new Set(
    [
      ...(existsSync("/usr/bin/python3") ? [interpreter("/usr/bin/python3")] : []),
      interpreter("python3"),
    ].map((p) => realpathSync(p)),
  ),
].map((path) => ({
  path,
  version: execFileSync(path, ["--version"], { encoding: "utf8" }).trim(),
  wall: [] as number[],
  cpu: [] as number[],
}));
mkdirSync(dataDir, { recursive: true });
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

// 1. ROVER on the development half: Node against CPython. Our command runs in the environment as
// given and without NODE_EXTRA_CA_CERTS (when it is set), one after the other in every round.
const responses = join(fixture, "responses.csv");
const expected = readFileSync(join(fixture, "rover-crowdkit.csv"), "utf8");
const nodeRuns = nodeEnvironments().map(({ certsRemoved, env }) => ({
  label: certsRemoved
    ? ", NODE_EXTRA_CA_CERTS removed (a default Node install)"
    : extraCerts === undefined
      ? ""
      : ", as given (NODE_EXTRA_CA_CERTS set)",
  env,
  wall: [] as number[],
  cpu: [] as number[],
}));
const loadBefore = load();
for (let i = 0; i < runs; i++) {
  let output: string | undefined;
  for (const run of nodeRuns) {
    const a = timed("node", [cli, "aggregate", responses, "--method", "rover"], run.env);
    if (a.stdout !== expected) throw new Error("the CLI's ROVER differs from crowd-kit's file");
    output = a.stdout;
    run.wall.push(a.seconds);
    run.cpu.push(a.cpu);
  }
  for (const python of pythons) {
    const b = timed(python.path, [join(root, "scripts", "rover.py"), responses]);
    if (b.stdout !== output) {
      throw new Error(`scripts/rover.py under ${python.path}: output differs from the CLI's`);
    }
    python.wall.push(b.seconds);
    python.cpu.push(b.cpu);
  }
}
console.log(
  `ROVER, development half (15,477 transcripts), median of ${runs}, wall clock with process start (load average ${loadBefore} before, ${load()} after):`,
);
for (const run of nodeRuns) {
  console.log(
    `  node dist-cli/redpen.cjs aggregate --method rover${run.label}  ${median(run.wall).toFixed(2)} s (CPU ${median(run.cpu).toFixed(2)} s)`,
  );
}
for (const python of pythons) {
  console.log(
    `  ${python.path} scripts/rover.py (${python.version})  ${median(python.wall).toFixed(2)} s (CPU ${median(python.cpu).toFixed(2)} s)`,
  );
}
const fastest = pythons.reduce((a, b) => (median(b.wall) < median(a.wall) ? b : a));
const fastestS = median(fastest.wall);
for (const run of nodeRuns) {
  console.log(
    `  ratio against the fastest CPython (${fastest.path})${run.label}: ${(fastestS / median(run.wall)).toFixed(1)}×`,
  );
}
console.log("  (outputs byte-equal, and equal to crowd-kit's)");
if (nodeRuns.length > 1) {
  const [given, bare] = nodeRuns as [(typeof nodeRuns)[0], (typeof nodeRuns)[0]];
  console.log(
    `  the two differ by Node's own start: with NODE_EXTRA_CA_CERTS set, Node 20 parses all of its certificates before running any code (nodejs/node#40524, +${(median(given.wall) - median(bare.wall)).toFixed(2)} s wall here); aggregate makes no TLS connection`,
  );
}

// 2. A million transcripts.
if (devOnly) process.exit(0);
const big = join(dataDir, "transcripts-1m.csv");
if (!existsSync(big)) generate(big);
for (const method of ["reliability", "rover"]) {
  const out = join(dataDir, `aggregated-1m-${method}.csv`);
  const r = timed("node", [cli, "aggregate", big, "--method", method, "--out", out]);
  console.log(
    `1,000,000 transcripts, --method ${method}: ${r.seconds.toFixed(1)} s (CPU ${r.cpu.toFixed(1)} s), peak memory ${Math.round(r.maxRssMb)} MB`,
  );
}
