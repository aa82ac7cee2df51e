// Which module runs which command, and what else the entry point needs before loading any
// command's code (the second thread's argument, the folder the user typed the command in). Kept
// small and free of imports, so `main.ts` loads only the code of the command it runs (the bundle
// is split per command).

/** The commands of each module, which main.ts loads only when one of them runs. */
export const COLLECTION_COMMANDS = new Set(["publish", "collect", "withdraw"]);
export const TRANSCRIPT_COMMANDS = new Set(["aggregate", "wer"]);
export const IMPORT_EXPORT_COMMANDS = new Set(["import", "export"]);
export const ASR_COMMANDS = new Set(["asr"]);
/**
 * The argument the second thread of `stats` is started with (curveThreads.ts): the entry
 * knows it runs there without loading worker_threads, which every other command would pay for
 * at its start.
 */
export const CURVE_THREAD_ARG = "--redpen-curve-thread";
export const NEW_COMMANDS = new Set(["new"]);
export const COMPARE_COMMANDS = new Set(["compare"]);

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
