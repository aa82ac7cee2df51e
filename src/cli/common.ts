import { errorMessage } from "../domain/util/errorText.ts";
// What every command shares and the entry point needs before loading any command's code: the
// command names, the exit codes and Node's file errors in words. Kept small and free of imports,
// so `main.ts` loads only the code of the command it runs (the bundle is split per command).

/** The commands of each module, which main.ts loads only when one of them runs. */
export const COLLECTION_COMMANDS = new Set(["publish", "collect", "withdraw"]);
export const TRANSCRIPT_COMMANDS = new Set(["aggregate", "wer"]);
export const FILE_COMMANDS = new Set(["import", "export"]);
export const ASR_COMMANDS = new Set(["asr"]);
/**
 * The argument the second thread of `stats` is started with (curveThreads.ts): the entry
 * knows it runs there without loading worker_threads, which costs every command's start
 * about 3 ms.
 */
export const CURVE_THREAD = "--redpen-curve-thread";
export const NEW_COMMANDS = new Set(["new"]);
export const COMPARE_COMMANDS = new Set(["compare"]);

/** Exit codes. */
export const EXIT_OK = 0;
export const EXIT_INTERNAL = 1;
export const EXIT_USAGE = 2;

/** Why a file could not be read, in words. */
export function readError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "EISDIR":
      return "is a directory, not a file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ERR_STRING_TOO_LONG":
      return "too large to read as text";
    default:
      return `cannot read: ${errorMessage(error)}`;
  }
}

/** Why a file or folder could not be written, in words (Node's error codes). */
export function writeError(error: unknown): string {
  switch ((error as { code?: unknown } | null)?.code) {
    case "EEXIST":
    case "ENOTDIR":
      return "a file is in the way of a folder";
    case "EISDIR":
      return "is a folder";
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return "permission denied";
    case "ENOSPC":
    case "EDQUOT":
      return "no space left";
    default:
      return errorMessage(error);
  }
}

/**
 * The folder the user typed the command in when npm runs it as the project's `cli` script
 * (npm starts scripts in the project's folder and gives the user's as INIT_CWD); null
 * otherwise (run directly, or by `npx redpen`, it already runs there).
 */
export function typedIn(env: Record<string, string | undefined>): string | null {
  const folder = env.INIT_CWD;
  if (env.npm_lifecycle_event !== "cli" || !folder) return null;
  return folder;
}
