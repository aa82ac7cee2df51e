// Entry point of the command line: `npm run --silent cli -- <command>` (see docs/cli.md).
// All the logic is in run.ts; this file only connects it to the process.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { ASR_COMMANDS, runAsrCli } from "./asr.ts";
import { COLLECTION_COMMANDS, runCollectionCli } from "./collection.ts";
import { FILE_COMMANDS, runFilesCli } from "./files.ts";
import { EXIT_INTERNAL, runCli } from "./run.ts";

const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
};

function internal(error: unknown) {
  // A bug, not bad input: say so in one line (the stack only on request).
  const detail = process.env.REDPEN_DEBUG && error instanceof Error ? error.stack : String(error);
  process.stderr.write(`redpen: internal error: ${detail}\n`);
  process.exitCode = EXIT_INTERNAL;
}

const argv = process.argv.slice(2);
if (COLLECTION_COMMANDS.has(argv[0] ?? "")) {
  runCollectionCli(argv, { ...io, env: process.env, fetch }).then((code) => {
    process.exitCode = code;
  }, internal);
} else if (ASR_COMMANDS.has(argv[0] ?? "")) {
  try {
    process.exitCode = runAsrCli(argv, {
      ...io,
      readFile: (path) => readFileSync(path, "utf8"),
      writeFile: (path, data) => writeFileSync(path, data),
      exists: (path) => existsSync(path),
      // The recogniser's own log goes to a pipe, shown only when it fails.
      exec: (command) =>
        execSync(command, {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
          maxBuffer: 1 << 26,
        }),
      interactive: process.stderr.isTTY === true,
    });
  } catch (error) {
    internal(error);
  }
} else if (FILE_COMMANDS.has(argv[0] ?? "")) {
  try {
    process.exitCode = runFilesCli(argv, {
      ...io,
      readFile: (path) => readFileSync(path, "utf8"),
      readBytes: (path) => readFileSync(path),
      writeFile: (path, data) => writeFileSync(path, data),
      makeDir: (path) => mkdirSync(path, { recursive: true }),
      exists: (path) => existsSync(path),
    });
  } catch (error) {
    internal(error);
  }
} else {
  try {
    process.exitCode = runCli(argv, {
      ...io,
      readFile: (path) => readFileSync(path, "utf8"),
      readBytes: (path) => readFileSync(path),
    });
  } catch (error) {
    internal(error);
  }
}
