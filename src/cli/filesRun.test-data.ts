// The file commands (`import`, `export`) run in-process for the tests: real files through Node's
// fs (or another IO given), stdout and stderr collected.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type FilesIO, runFilesCli } from "./files.ts";

export type FilesFs = Omit<FilesIO, "stdout" | "stderr">;

/** The file system as main.ts wires it. */
export const realFilesIO = (): FilesFs => ({
  readFile: (p) => readFileSync(p, "utf8"),
  readBytes: (p) => new Uint8Array(readFileSync(p)),
  writeFile: (p, d) => writeFileSync(p, d),
  makeDir: (p) => mkdirSync(p, { recursive: true }),
  exists: (p) => existsSync(p),
});

/** Runs `argv`; the exit code and what went to stdout and stderr. */
export function runFiles(argv: string[], io: FilesFs = realFilesIO()) {
  let out = "";
  let err = "";
  const code = runFilesCli(argv, {
    ...io,
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
  });
  return { code, out, err };
}
