// The `redpen` command as installed: the prebuilt bundle (npm run build:cli, run by `prepare`
// on install) gives the same answers as the CLI run in-process, and a project that installs
// this package gets a working `npx redpen`.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
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
import { runCli, USAGE } from "../../src/cli/run.ts";

const ROOT = path.resolve(".");
const BIN = path.join(ROOT, "dist-cli", "redpen.mjs");
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

test("`redpen --help` loads the help text alone, not any command's code", () => {
  // The modules --help evaluates: the entry's static imports, and the help's chunk with its own.
  const chunks = path.join(ROOT, "dist-cli", "chunks");
  const staticImports = (file: string) =>
    [
      ...readFileSync(file, "utf8").matchAll(/import(?:\{[^}]*\}from)?"\.\/(?:chunks\/)?([^"]+)"/g),
    ].map((m) => path.join(chunks, m[1] as string));
  const usage = readdirSync(chunks).find((f) => f.startsWith("usage-"));
  if (!usage) throw new Error("no usage chunk in dist-cli/chunks");
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const next of staticImports(file)) visit(next);
  };
  for (const file of [...staticImports(BIN), path.join(chunks, usage)]) visit(file);
  const bytes = [...loaded].reduce((sum, f) => sum + statSync(f).size, 0);
  // The help text and the entry's few shared helpers: a few kB, not the ~1 MB of the commands.
  expect(bytes).toBeLessThan(16_000);
  expect(spawnSync(process.execPath, [BIN, "-h"], { encoding: "utf8" }).stdout).toBe(USAGE);
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
