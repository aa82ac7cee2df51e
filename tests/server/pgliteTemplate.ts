// A migrated, empty PGlite database for a test, copied from a template instead of made anew.
// PGlite started in an empty folder runs initdb inside its WebAssembly build, about 4 s of CPU
// here (7 s while other tests run), and the suite starts some forty such databases; opening a
// copy of one made before takes under 1 s. The template is made once per machine for the
// migrations and PGlite version at hand (its folder's name says which), kept in the system's
// temporary folder, and made again when either changes. Tests that are about making a database
// (src/server/migrations.test.ts) still start from an empty folder.
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { MIGRATIONS, migrate } from "../../src/server/migrations.ts";
import { openPglite, type Store } from "../../src/server/store.ts";

/** PGlite's version, from its package (a data folder is PGlite's own format). */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("@electric-sql/pglite");
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string })
    .version;
}

/** The template's folder: its name says which migrations and PGlite made it. */
function templateFolder(): string {
  const key = createHash("sha256")
    .update(pgliteVersion())
    .update(JSON.stringify(MIGRATIONS))
    .digest("hex")
    .slice(0, 16);
  return path.join(tmpdir(), `redpen-pglite-template-${key}`);
}

let made: Promise<string> | undefined;

/**
 * The template, made if this machine has none yet: in a folder of its own, then renamed into
 * place, so a template that exists is whole (several test processes may make one at once on a
 * fresh machine; the first rename wins and the others' copies are deleted).
 */
function template(): Promise<string> {
  made ??= (async () => {
    const folder = templateFolder();
    if (existsSync(folder)) return folder;
    const building = mkdtempSync(`${folder}-building-`);
    const store = await openPglite(building);
    await migrate(store);
    await store.close();
    try {
      renameSync(building, folder);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    }
    return folder;
  })();
  return made;
}

/**
 * Makes `dir` (which must not exist yet, or be empty) a copy of the template: a PGlite data
 * folder with every migration applied and no data. Returns `dir`.
 */
export async function migratedPgliteFolder(dir: string): Promise<string> {
  const from = await template();
  mkdirSync(dir, { recursive: true });
  cpSync(from, dir, { recursive: true });
  return dir;
}

/** PGlite in `dir` (a new folder), migrated: a copy of the template, opened. */
export async function openMigratedPglite(dir: string): Promise<Store> {
  return openPglite(await migratedPgliteFolder(dir));
}
