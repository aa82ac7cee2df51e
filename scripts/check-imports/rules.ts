// Who may import whom inside src/ (README, "Architecture"): the table the layout promises, and
// the order of the folders inside src/domain/,
// checked on every import of every source file by scripts/check-imports/main.ts (npm run lint).
// Packages (react, dexie, …) are Biome's to police (biome.json); this checks our own folders
// and that no import cycle exists among our files.
import path from "node:path";
import ts from "typescript5";

/**
 * A top-level area: of src/ ("domain", "db", …, or "features/<name>"), "scripts", or a folder
 * of tests/ ("tests/e2e", "tests/server", …).
 */
export function areaOf(file: string): string | null {
  const parts = file.split("/");
  if (parts[0] === "scripts" && parts.length >= 2) return "scripts";
  if (parts[0] === "tests" && parts.length >= 3) return `tests/${parts[1]}`;
  if (parts[0] !== "src" || parts.length < 3) return null;
  if (parts[1] === "features") return parts.length >= 4 ? `features/${parts[2]}` : null;
  return parts[1] ?? null;
}

/** The areas each area may import from (besides itself). */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  domain: [],
  db: ["domain"],
  audio: ["domain"],
  stores: ["domain", "audio"],
  lib: ["domain"],
  components: ["domain", "stores", "lib"],
  workers: ["domain", "db"],
  cli: ["domain"],
  server: ["domain"],
  features: ["domain", "db", "audio", "stores", "lib", "components", "workers"],
  app: ["*"],
  // Outside src/: the browser tests and the server's tests drive the built app and the server
  // from Node, so they reach no browser-side code; the benchmarks and scripts likewise.
  "tests/e2e": ["domain", "cli", "server", "scripts", "tests/server"],
  "tests/server": ["domain", "cli", "server"],
  scripts: ["domain", "cli", "server", "tests/e2e", "tests/server"],
  // Component and unit tests, their fakes and set-up: anything they test.
  "tests/unit": ["*"],
  "tests/helpers": ["*"],
  "tests/setup": ["*"],
  "tests/fixtures": [],
};

/**
 * The feature that is the app's side of the study's tasks (src/features/tasks): its registry
 * points at the participant screens where they live, so it alone may import another feature's
 * files directly (the others still reach it only through its index.ts).
 */
export const TASK_REGISTRY = "features/tasks";

/** The one file through which the features use the database (src/db/repo.ts, "the repository"). */
export const REPOSITORY = "src/db/repo.ts";

/**
 * The order inside src/domain/ (README, "Architecture"), lowest layer first: a folder of the
 * domain may import only the folders of the layers before its own, never one of its own layer
 * or a later one. A new folder of domain/ must be given a layer here.
 */
export const DOMAIN_LAYERS: readonly (readonly string[])[] = [
  ["util", "i18n", "security"],
  ["interchange"],
  ["study", "clips", "acoustics", "merge"],
  ["transcripts"],
  ["stats"],
  ["tasks"],
  ["collection"],
  ["api", "formats"],
  ["export", "report"],
];

/** The folder of domain/ a file is in ("stats" for src/domain/stats/…), or null. */
export function domainFolderOf(file: string): string | null {
  const parts = file.split("/");
  return parts[0] === "src" && parts[1] === "domain" && parts.length >= 4
    ? (parts[2] ?? null)
    : null;
}

/** The layer of a domain folder (its row in DOMAIN_LAYERS), or -1 for one not in the table. */
export function domainLayerOf(folder: string): number {
  return DOMAIN_LAYERS.findIndex((row) => row.includes(folder));
}

/** The rule an import inside src/domain/ breaks, or null. Paths relative to the root. */
export function checkDomainOrder(file: string, target: string): string | null {
  const from = domainFolderOf(file);
  const to = domainFolderOf(target);
  if (from === null || to === null || from === to) return null;
  const own = domainLayerOf(from);
  const theirs = domainLayerOf(to);
  const rule = "a domain folder imports only the folders below it";
  if (own < 0) return `domain/${from}/ has no layer in DOMAIN_LAYERS (${rule}): give it one`;
  if (theirs < 0) return `domain/${to}/ has no layer in DOMAIN_LAYERS (${rule}): give it one`;
  if (theirs < own) return null;
  const below = DOMAIN_LAYERS.slice(0, own).flat();
  return `domain/${from}/ may import only ${below.length ? below.join(", ") : "no other domain folder"} (${rule}), not domain/${to}/`;
}

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

/** The relative imports of a source text (import/export … from, import(), vi.mock). */
export function importsOf(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName).filter((s) => s.startsWith("."));
}

/** The rule an import of `target` from `file` breaks, or null. Paths relative to the root. */
export function check(file: string, target: string): string | null {
  const from = areaOf(file);
  const to = areaOf(target);
  if (from === null || to === null) return null;
  if (from === "domain" && to === "domain") return checkDomainOrder(file, target);
  if (from === to) return null;
  if (from === "app") return null;
  if (from.startsWith("features/") && to.startsWith("features/")) {
    if (from === TASK_REGISTRY) return null;
    // Another feature only through its public entry, index.ts.
    if (path.basename(target) === "index.ts" && target.split("/").length === 4) return null;
    return `${from} may use another feature only through its index.ts, not ${target}`;
  }
  if (from.startsWith("features/") && to === "db" && target !== REPOSITORY)
    return `${from} may use db/ only through the repository, ${REPOSITORY}, not ${target}`;
  const key = from.startsWith("features/") ? "features" : from;
  const allowed = ALLOWED[key] ?? [];
  if (allowed.includes("*") || allowed.includes(to)) return null;
  return `${from}/ may import only ${allowed.length ? allowed.join(", ") : "nothing of ours"}, not ${to}/`;
}

/** Import cycles among `graph` (file → files it imports), each as a list of files. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const s = state.get(next);
      if (s === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (s === undefined && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}
