// The file commands (`import`, `export`) run in-process for the tests: real files through Node's
// fs (or another IO given), stdout and stderr collected.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type ImportExportIO, runImportExportCli } from "./importExport.ts";

export type ImportExportFs = Omit<ImportExportIO, "stdout" | "stderr">;

/** The file system as main.ts wires it. */
export const realImportExportIO = (): ImportExportFs => ({
  readFile: (p) => readFileSync(p, "utf8"),
  readBytes: (p) => new Uint8Array(readFileSync(p)),
  writeFile: (p, d) => writeFileSync(p, d),
  makeDir: (p) => mkdirSync(p, { recursive: true }),
  exists: (p) => existsSync(p),
});

/** Runs `argv`; the exit code and what went to stdout and stderr. */
export function runImportExport(argv: string[], io: ImportExportFs = realImportExportIO()) {
  let out = "";
  let err = "";
  const code = runImportExportCli(argv, {
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
