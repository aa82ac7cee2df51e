// The `redpen` command as installed: the prebuilt bundle (npm run build:cli, run by `prepare`
// on install) gives the same answers as the CLI run in-process, and a project that installs
// this package gets a working `npx redpen`.
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { runAnalysisCli } from "../../src/cli/analysisCommands.ts";
import { USAGE } from "../../src/cli/usage.ts";

const ROOT = path.resolve(".");
const BIN = path.join(ROOT, "dist-cli", "redpen.cjs");
const FIXTURE = path.join(ROOT, "tests", "golden", "medium.input.json");

beforeAll(() => {
  // Always from the current sources, so the test never checks a stale bundle.
  execFileSync("npm", ["run", "-s", "build:cli"], { cwd: ROOT, stdio: "pipe" });
}, 60_000);

function inProcess(args: string[]) {
  let out = "";
  let err = "";
  const code = runAnalysisCli(args, {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    readFile: (p) => readFileSync(p, "utf8"),
  });
  return { code, out, err };
}

test("the bundle answers as the sources do: help, validate, stats --json, a refusal", () => {
  const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });
  expect(run(["--help"]).stdout).toBe(USAGE);
  for (const args of [
    ["validate", FIXTURE],
    ["stats", FIXTURE, "--json"],
    ["stats", FIXTURE, "--bin", "0"],
  ]) {
    const bundled = run(args);
    const sources = inProcess(args);
    expect({ code: bundled.status, out: bundled.stdout, err: bundled.stderr }).toEqual(sources);
  }
  expect(existsSync(BIN) && readFileSync(BIN, "utf8").startsWith("#!/usr/bin/env node")).toBe(true);
});

test("a transcripts command's output reaches a slow pipe whole before the process ends", () => {
  // The entry ends a finished command's process itself (exitWhenWritten in src/cli/main.ts).
  // ROVER's consensus of the development half is 148,517 bytes, over a pipe's 64 KB, and the
  // shell's pipe (a real pipe: Node's own stdio pipes are socket pairs with larger buffers)
  // is read only after 300 ms: every byte must still arrive, with the command's exit code 0
  // ($PIPESTATUS: the exit code of the pipeline's first command).
  const fixture = path.join(ROOT, "tests", "fixtures", "vldb21-dev");
  const expected = readFileSync(path.join(fixture, "rover-crowdkit.csv"), "utf8");
  const script = '"$0" "$1" aggregate "$2" --method rover | { sleep 0.3; cat; }; exit $PIPESTATUS';
  const r = spawnSync(
    "bash",
    ["-c", script, process.execPath, BIN, path.join(fixture, "responses.csv")],
    { encoding: "utf8", maxBuffer: 1 << 24 },
  );
  expect(r.status).toBe(0);
  expect(r.stdout.length).toBeGreaterThan(65_536);
  expect(r.stdout.replace(/\r\n/g, "\n")).toBe(expected.replace(/\r\n/g, "\n"));
});

/** The files of dist-cli/ a run of the bundle loads, in order (a preloaded hook lists them). */
function bundlesLoaded(args: string[]): { files: string[]; stdout: string } {
  const hook = path.join(mkdtempSync(path.join(tmpdir(), "redpen-hook-")), "hook.cjs");
  writeFileSync(
    hook,
    'process.on("exit", () => process.stderr.write("\\nLOADED " + JSON.stringify(Object.keys(require.cache))));',
  );
  try {
    const r = spawnSync(process.execPath, ["--require", hook, BIN, ...args], { encoding: "utf8" });
    const listed = /\nLOADED (.*)$/.exec(r.stderr)?.[1];
    if (listed === undefined) throw new Error(`no list of modules in: ${r.stderr}`);
    const files = (JSON.parse(listed) as string[])
      .filter((f) => f.startsWith(path.join(ROOT, "dist-cli")))
      .map((f) => path.relative(path.join(ROOT, "dist-cli"), f));
    return { files, stdout: r.stdout };
  } finally {
    rmSync(path.dirname(hook), { recursive: true, force: true });
  }
}

test("`redpen --help` loads the help text alone, not any command's code", () => {
  const { files, stdout } = bundlesLoaded(["-h"]);
  expect(stdout).toBe(USAGE);
  expect(files).toEqual(["redpen.cjs", "cli-usage.cjs"]);
  // The entry and the help text: a few kB, not the megabytes of the commands.
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(ROOT, "dist-cli", f)).size, 0);
  expect(bytes).toBeLessThan(16_000);
});

test("plain ROVER loads the transcripts command alone, not the reliability method's code", () => {
  const responses = path.join(ROOT, "tests", "fixtures", "vldb21-dev", "responses.csv");
  const rover = bundlesLoaded(["aggregate", responses, "--method", "rover"]);
  expect(rover.files).toEqual(["redpen.cjs", "cli-transcripts.cjs"]);
  const reliability = bundlesLoaded(["aggregate", responses]);
  expect(reliability.files).toEqual([
    "redpen.cjs",
    "cli-transcripts.cjs",
    "domain-transcripts-aggregate.cjs",
  ]);
});

test("`report` quotes the pages' default consent in the study's language; `stats` loads no catalogue", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-report-"));
  try {
    const study = JSON.parse(readFileSync(FIXTURE, "utf8"));
    study.study.language = "vi";
    const file = path.join(dir, "vi.json");
    writeFileSync(file, JSON.stringify(study));
    const { files, stdout } = bundlesLoaded(["report", file]);
    const vi = JSON.parse(
      readFileSync(path.join(ROOT, "src/domain/i18n/messages/vi.json"), "utf8"),
    ) as Record<string, string>;
    expect(stdout).toContain(
      "## Consent (verbatim)\n\n- **Text:** the pages' default for this task, in Vietnamese (vi); the study gives none of its own\n",
    );
    expect(stdout).toContain(`\n> ${vi["consent.default"]}\n`);
    expect(files).toContain("domain-i18n-allCatalogues.cjs");
    expect(bundlesLoaded(["stats", file, "--json"]).files).not.toContain(
      "domain-i18n-allCatalogues.cjs",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a project that installs the package gets `npx redpen`", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-install-"));
  try {
    writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: "uses-redpen", private: true }),
    );
    execFileSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--offline", "--ignore-scripts", ROOT],
      {
        cwd: dir,
        stdio: "pipe",
      },
    );
    const r = spawnSync("npx", ["--no-install", "redpen", "validate", FIXTURE], {
      cwd: dir,
      encoding: "utf8",
    });
    const sources = inProcess(["validate", FIXTURE]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(sources.out);
    // npm may print its own configuration warnings first.
    expect(r.stderr.endsWith(sources.err)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

/** A run of the bundle with its code cache in `cache` (src/cli/codeCache.ts). */
function cached(cache: string, args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, REDPEN_CODE_CACHE: cache },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test("the code cache: written by a first run, read by the next, replaced when stale or broken", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-cache-test-"));
  const cache = path.join(dir, "cache");
  try {
    const args = ["stats", FIXTURE, "--json"];
    const expected = inProcess(args);
    expect(cached(cache, args)).toEqual(expected);
    const runFile = path.join(
      cache,
      `cli-analysisCommands.cjs.${process.version}-${process.arch}.v8`,
    );
    const bundle = readFileSync(path.join(ROOT, "dist-cli", "cli-analysisCommands.cjs"));
    // The copy a cache file starts with: the bundle's length in bytes, then the bundle.
    const header = Buffer.alloc(4);
    header.writeUInt32LE(bundle.length);
    const copy = Buffer.concat([header, bundle]);
    // One file per bundle the command loaded, each starting with a copy of its bundle.
    expect(readdirSync(cache).sort()).toEqual(
      ["cli-analysisCommands.cjs", "cli-curveThreads.cjs"].map(
        (b) => `${b}.${process.version}-${process.arch}.v8`,
      ),
    );
    const first = readFileSync(runFile);
    expect(first.subarray(0, copy.length).equals(copy)).toBe(true);
    expect(first.length).toBeGreaterThan(copy.length + 100_000);
    expect(statSync(cache).mode & 0o777).toBe(0o700);

    // Read, not written again: the same answer, the file untouched.
    const before = statSync(runFile).mtimeMs;
    expect(cached(cache, args)).toEqual(expected);
    expect(statSync(runFile).mtimeMs).toBe(before);

    // A cache V8 refuses (the right bundle, a broken body), a cache of another bundle of the
    // same length (one byte changed: V8's own check would not see it) and files cut short:
    // compiled afresh, replaced.
    const other = Buffer.from(first);
    other[copy.length - 10] = (other[copy.length - 10] as number) ^ 1;
    for (const stale of [
      Buffer.concat([copy, Buffer.alloc(4096, 7)]),
      other,
      first.subarray(0, copy.length),
      first.subarray(0, 3),
    ]) {
      writeFileSync(runFile, stale);
      expect(cached(cache, args)).toEqual(expected);
      expect(readFileSync(runFile).subarray(0, copy.length).equals(copy)).toBe(true);
      expect(readFileSync(runFile).length).toBeGreaterThan(copy.length + 100_000);
    }
    expect(readdirSync(cache).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

test("the code cache is not used in a folder others may write, nor when turned off", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-cache-test-"));
  try {
    const args = ["validate", FIXTURE];
    const expected = inProcess(args);
    const open = path.join(dir, "open");
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(cached(open, args)).toEqual(expected);
    expect(readdirSync(open)).toEqual([]);
    expect(cached("off", args)).toEqual(expected);
    expect(existsSync(path.join(process.cwd(), "off"))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the second thread of stats reads the code cache but never writes it", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-cache-test-"));
  try {
    const cache = path.join(dir, "cache");
    // The entry as the second thread starts it (without a job it loads its code and ends):
    // the folder is made, nothing is written into it.
    expect(cached(cache, ["--redpen-curve-thread"])).toEqual({ code: 0, out: "", err: "" });
    expect(readdirSync(cache)).toEqual([]);
    // A command run writes the caches of the bundles it loaded, as before.
    expect(cached(cache, ["validate", FIXTURE]).code).toBe(0);
    expect(readdirSync(cache)).toEqual([
      `cli-analysisCommands.cjs.${process.version}-${process.arch}.v8`,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
