// Entry point of the command line: `npm run --silent cli -- <command>` (see docs/cli.md).
// All the logic is in run.ts; this file only connects it to the process.
import { readFileSync } from "node:fs";
import { EXIT_INTERNAL, runCli } from "./run.ts";

try {
  process.exitCode = runCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readFile: (path) => readFileSync(path, "utf8"),
  });
} catch (error) {
  // A bug, not bad input: say so in one line (the stack only on request).
  const detail = process.env.REDPEN_DEBUG && error instanceof Error ? error.stack : String(error);
  process.stderr.write(`redpen: internal error: ${detail}\n`);
  process.exitCode = EXIT_INTERNAL;
}
