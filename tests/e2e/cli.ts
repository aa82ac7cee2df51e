// The command line in-process, for browser tests that compare a screen or a download with what
// the CLI prints for the same file.
import { readFileSync } from "node:fs";
import { runAnalysisCli } from "../../src/cli/analysisCommands.ts";
import { runCollectionCli } from "../../src/cli/collection.ts";
import { messagesOf } from "../../src/domain/i18n/allCatalogues.ts";

/** What `cli <argv>` prints; a non-zero exit throws, naming the command and what it said. */
export function cliStdout(argv: string[]): string {
  let stdout = "";
  let stderr = "";
  const code = runAnalysisCli(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readFile: (p) => readFileSync(p, "utf8"),
    // As the command line gives them (main.ts): the pages' texts the protocol report quotes.
    pageMessages: messagesOf,
  });
  if (code !== 0) throw new Error(`${argv[0]} exited with ${code}: ${stderr.trim()}`);
  return stdout;
}

/** What `collect STUDY --server BASE --token TOKEN` prints (the collected study file, as JSON). */
export async function collectCli(base: string, token: string, studyId: string): Promise<string> {
  let stdout = "";
  let stderr = "";
  const code = await runCollectionCli(["collect", studyId, "--server", base, "--token", token], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: {},
    fetch,
  });
  if (code !== 0) throw new Error(`collect exited with ${code}: ${stderr.trim()}`);
  return stdout;
}
