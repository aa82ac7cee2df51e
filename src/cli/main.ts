// Entry point of the command line: `npm run --silent cli -- <command>` (see docs/cli.md).
// All the logic is in the command modules beside it (commandModules.ts says which runs which); this file only connects it to the process, and
// loads the code of the command it runs only (the bundle is split per command, at each dynamic
// import: a command's start does not pay for evaluating every other command's code;
// scripts/build-cli.mjs).
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { enableCodeCache } from "./codeCache.ts";
import {
  ASR_COMMANDS,
  COLLECTION_COMMANDS,
  COMPARE_COMMANDS,
  CURVE_THREAD_ARG,
  IMPORT_EXPORT_COMMANDS,
  NEW_COMMANDS,
  TRANSCRIPT_COMMANDS,
  typedIn,
} from "./commandModules.ts";
import { disk, folders } from "./disk.ts";
import { EXIT_INTERNAL } from "./exitCodes.ts";

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

/**
 * Ends a finished command's process as soon as stdout and stderr have written everything
 * (a pipe takes 64 KB at once; the rest is written as the reader takes it, and `exit` before
 * that would cut the output short). Left to itself, Node would first finish the garbage
 * collector's marking and tear the heap down, which the output does not need.
 */
function exitWhenWritten() {
  const pending = [process.stdout, process.stderr].find((stream) => stream.writableLength > 0);
  if (pending) pending.once("drain", exitWhenWritten);
  else process.exit();
}

// `npm run cli -- …` runs this in the project's folder: the user's relative paths are read from
// the folder they typed the command in, which npm gives as INIT_CWD.
const userFolder = typedIn(process.env);
if (userFolder !== null && userFolder !== process.cwd()) process.chdir(userFolder);

const argv = process.argv.slice(2);
// The second thread of `stats` is started with CURVE_THREAD_ARG (curveThreads.ts).
const curveThread = argv[0] === CURVE_THREAD_ARG;

// Before any command's code is loaded: its bundle's compiled code comes from the cache. The
// second thread only reads it: the command's thread writes the same bundles' caches, and a
// thread ended by `terminate()` while writing would leave a temporary file behind.
enableCodeCache(fileURLToPath(import.meta.url), process.env, { write: !curveThread });

// Output piped into a reader that stops early (`| head`) ends the command quietly.
if (!curveThread) {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    else internal(error);
  });
}

/**
 * Runs the command argv names, loading its code only. Whatever a command throws is a bug, not
 * bad input: `main().catch(internal)` reports it.
 */
async function main(): Promise<void> {
  if (curveThread) {
    // The stimuli curve's intervals or a crowd's consensus, its job given at the thread's start
    // or, for a thread started with the command, sent when it is known.
    const { runCurveThread } = await import("./curveThreads.ts");
    runCurveThread();
  } else if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
    // The help alone loads no command's code.
    const { USAGE } = await import("./usage.ts");
    process.stdout.write(USAGE);
  } else if (argv[0] === "texts") {
    const { runTextsCli } = await import("./texts.ts");
    process.exitCode = runTextsCli(argv, { ...io, ...disk });
  } else if (COLLECTION_COMMANDS.has(argv[0] ?? "")) {
    const { runCollectionCli } = await import("./collection.ts");
    process.exitCode = await runCollectionCli(argv, { ...io, env: process.env, fetch });
  } else if (TRANSCRIPT_COMMANDS.has(argv[0] ?? "")) {
    const { runTranscriptsCli } = await import("./transcripts.ts");
    process.exitCode = await runTranscriptsCli(argv, { ...io, ...disk });
    exitWhenWritten();
  } else if (ASR_COMMANDS.has(argv[0] ?? "")) {
    const { runAsrCli } = await import("./asr.ts");
    // Only here: every other command's start would pay for loading child_process.
    const { execSync } = await import("node:child_process");
    process.exitCode = runAsrCli(argv, {
      ...io,
      ...disk,
      // The recogniser's own log goes to a pipe, shown only when it fails.
      exec: (command) =>
        execSync(command, {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
          maxBuffer: 1 << 26,
        }),
      interactive: process.stderr.isTTY === true,
    });
  } else if (IMPORT_EXPORT_COMMANDS.has(argv[0] ?? "")) {
    const { runImportExportCli } = await import("./importExport.ts");
    process.exitCode = runImportExportCli(argv, {
      ...io,
      ...disk,
      makeDir: (path) => mkdirSync(path, { recursive: true }),
    });
  } else if (COMPARE_COMMANDS.has(argv[0] ?? "")) {
    const { runCompareCli } = await import("./compare.ts");
    process.exitCode = runCompareCli(argv, { ...io, readFile: disk.readFile });
  } else if (NEW_COMMANDS.has(argv[0] ?? "")) {
    const { runNewCli } = await import("./newStudy.ts");
    process.exitCode = runNewCli(argv, { ...io, ...disk, ...folders });
  } else {
    // Only the commands with a report compute a stimuli curve and a consensus: the others load
    // none of the second thread's code.
    const curveRunner =
      argv[0] === "stats" || argv[0] === "report"
        ? (await import("./curveThreads.ts")).threadedCurveRunner(new URL(import.meta.url))
        : undefined;
    // The pages' texts in every language only for the protocol report, which quotes them.
    const pageMessages =
      argv[0] === "report"
        ? (await import("../domain/i18n/allCatalogues.ts")).messagesOf
        : undefined;
    const { runAnalysisCli } = await import("./analysisCommands.ts");
    process.exitCode = runAnalysisCli(argv, {
      ...io,
      readFile: (path) => {
        const text = disk.readFile(path);
        // A large study's second thread starts now, loading its code while this one parses.
        curveRunner?.fileRead(text.length);
        return text;
      },
      readBytes: disk.readBytes,
      // The stimuli curve and a large crowd's consensus on a second thread, running this
      // module (the branch above).
      curveRunner,
      consensusRunner: curveRunner?.consensus,
      ...(pageMessages ? { pageMessages } : {}),
    });
    // Not left to Node's own end, which would first join the curve's thread and finish the
    // garbage collector's marking.
    exitWhenWritten();
  }
}

main().catch(internal);
