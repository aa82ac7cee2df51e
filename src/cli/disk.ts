// The files and folders on disk, as the commands' IO interfaces name them: one home for the
// command line (main.ts) and for the tests that run a command on real files.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";

/** The files on disk, as every command's IO names them (each takes the ones it needs). */
export const disk = {
  // The bytes, then decoded: the same text as Node 20's readFileSync(path, "utf8") (invalid
  // sequences become U+FFFD either way, a BOM is kept), sooner (docs/benchmarks-cli.md).
  readFile: (path: string) => readFileSync(path).toString("utf8"),
  readBytes: (path: string) => readFileSync(path),
  writeFile: (path: string, data: string | Uint8Array) => writeFileSync(path, data),
  exists: (path: string) => existsSync(path),
};

/** The folders on disk, as `new` reads a folder of recordings (NewStudyIO). */
export const folders = {
  listFiles: (dir: string) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name),
  baseName: (path: string) => basename(resolve(path)),
  join,
  resolve: (path: string) => resolve(path),
};
