// The `redpen` command as installed: the prebuilt bundle (npm run build:cli, run by `prepare`
// on install) gives the same answers as the CLI run in-process, and a project that installs
// this package gets a working `npx redpen`.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { runCli, USAGE } from "../../src/cli/run.ts";

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
  const code = runCli(args, {
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
