// A V8 code cache for the command line's bundles (dist-cli/*.cjs), as Node 22 keeps one with
// module.enableCompileCache() and CPython keeps .pyc files: the first run of a command compiles
// its bundle's functions as it meets them and, as the process exits, writes their bytecode;
// later runs start from it instead of parsing and compiling again (what it saves, measured:
// docs/benchmarks-cli.md).
//
// Where: REDPEN_CODE_CACHE names the folder ("off" or "0": no cache); by default a folder of
// this user's own in the system's temporary folder, used only if it is a real folder owned by
// this user that no one else may write (a cache is code this process runs). Each bundle's
// cache starts with a copy of the bundle it was made from (its length, then its text), so a
// rebuilt or upgraded bundle (even of the same length, which V8's own check would let through)
// is compiled afresh and its cache replaced; V8 refuses a cache of another V8 version or flags
// itself. The copy is compared as text rather than by a digest: hashing would load node:crypto
// on every run, where comparing is one pass over text already read. Everything here is best-effort: a
// cache that cannot be read or written is no cache, never an error.
import { lstatSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";

/** Node's CommonJS module, as far as the cache uses it (the compile hook of v8-compile-cache). */
interface CjsModule {
  exports: unknown;
  require(id: string): unknown;
  _compile(content: string, filename: string): unknown;
}
interface CjsStatics {
  wrap(content: string): string;
  _resolveFilename(request: string, parent: CjsModule, isMain: boolean, options?: unknown): string;
  _cache: Record<string, unknown>;
  enableCompileCache?: (dir: string) => unknown;
}

/** A cache file's header: the length in bytes of the bundle's copy that follows it. */
const HEADER_BYTES = 4;

/** The cache folder, if it may be used: created if missing, a folder of this user's only. */
function usableFolder(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    if (!st.isDirectory()) return false;
    if (process.getuid !== undefined && st.uid !== process.getuid()) return false;
    // Nobody else may write it (on Windows the mode says nothing of that; its temporary
    // folder is the user's own).
    return process.platform === "win32" || (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** Writes a cache file whole or not at all (readers never see half of one). */
function save(file: string, source: Buffer, data: Buffer): void {
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(source.length);
    writeFileSync(temporary, Buffer.concat([header, source, data]), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was written.
    }
  }
}

/**
 * Starts using the code cache for the bundles beside `entryFile` (the running redpen.cjs);
 * does nothing when the entry is not a bundle (the sources under tsx) or the cache is off.
 * With `write: false` it is read and never written. Returns the folder in use, or null.
 */
export function enableCodeCache(
  entryFile: string,
  env: Record<string, string | undefined>,
  options: { write?: boolean } = {},
): string | null {
  if (!entryFile.endsWith(".cjs")) return null;
  const setting = env.REDPEN_CODE_CACHE;
  if (setting === "off" || setting === "0") return null;
  const dir =
    setting !== undefined && setting !== ""
      ? path.resolve(setting)
      : path.join(tmpdir(), `redpen-code-cache-${process.getuid?.() ?? "user"}`);
  if (!usableFolder(dir)) return null;
  const statics = Module as unknown as CjsStatics;
  if (typeof statics.enableCompileCache === "function") {
    // Node 22.1 and later: Node's own cache, in the same folder.
    statics.enableCompileCache(dir);
    return dir;
  }
  const bundles = path.dirname(entryFile);
  const proto = (Module as unknown as { prototype: CjsModule }).prototype;
  const compile = proto._compile;
  const pending: (() => void)[] = [];
  proto._compile = function compileWithCache(this: CjsModule, content: string, filename: string) {
    if (path.dirname(filename) !== bundles || !filename.endsWith(".cjs")) {
      return compile.call(this, content, filename);
    }
    const file = path.join(dir, `${path.basename(filename)}.${process.version}-${process.arch}.v8`);
    let cachedData: Buffer | undefined;
    try {
      const data = readFileSync(file);
      const length = data.length > HEADER_BYTES ? data.readUInt32LE(0) : -1;
      const end = HEADER_BYTES + length;
      if (
        length >= 0 &&
        data.length > end &&
        data.toString("utf8", HEADER_BYTES, end) === content
      ) {
        cachedData = data.subarray(end);
      }
    } catch {
      // No cache yet.
    }
    // The same wrapper as Node's (a line starting with #! is not JavaScript inside it).
    const source = statics.wrap(content.startsWith("#!") ? `//${content}` : content);
    const script = new vm.Script(source, { filename, cachedData });
    if (
      options.write !== false &&
      (cachedData === undefined || script.cachedDataRejected === true)
    ) {
      // Written as the process exits, with every function compiled by then.
      pending.push(() => save(file, Buffer.from(content), script.createCachedData()));
    }
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
    const requireHere = Object.assign((id: string) => this.require(id), {
      resolve: (request: string, options?: unknown) =>
        statics._resolveFilename(request, this, false, options),
      main: process.mainModule,
      cache: statics._cache,
    });
    return wrapper.call(
      this.exports,
      this.exports,
      requireHere,
      this,
      filename,
      path.dirname(filename),
    );
  };
  process.once("exit", () => {
    for (const write of pending) write();
  });
  return dir;
}
