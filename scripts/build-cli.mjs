// `npm run build:cli`: the command line as CommonJS bundles in dist-cli/, with no dependency
// at run time. `redpen.cjs` is the entry (src/cli/main.ts); every module the code loads with a
// dynamic `import()` (each command's code, and the heavier paths inside a command) is a bundle
// of its own beside it, required only when that import runs, so a command's start evaluates
// its own code alone.
//
// Why CommonJS: Node 20 starts an ES module entry through its asynchronous module loader (each
// file opened and read through the thread pool, the loader's own modules compiled first), so
// the same command starts later from an ES module than from a CommonJS file (measured in
// docs/transcripts.md#speed). esbuild splits
// shared code into chunks only for ES modules, so here each bundle carries the shared code it
// needs (the domain is pure: copies keep no state that must be shared).

import { chmodSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "dist-cli");
const src = path.join(root, "src");

/** A dynamically imported module's bundle: its path under src/, "/" as "-", e.g. cli-analysisCommands.cjs. */
const bundleOf = (file) =>
  `${path
    .relative(src, file)
    .replace(/\.tsx?$/, "")
    .replaceAll(path.sep, "-")}.cjs`;

/** The modules found behind dynamic imports, each built once. */
const found = new Set();
const queue = [];

/** Every dynamic import of one of our modules becomes a require of its own bundle. */
const split = {
  name: "redpen-split-at-dynamic-imports",
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const file = path.resolve(args.resolveDir, args.path);
      if (!file.startsWith(src + path.sep)) {
        throw new Error(`${args.importer}: a dynamic import outside src/ (${args.path})`);
      }
      if (!found.has(file)) {
        found.add(file);
        queue.push(file);
      }
      return { path: `./${bundleOf(file)}`, external: true };
    });
  },
};

const common = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [split],
  // import() of a bundle as require(): through the ES module loader, Node would also run
  // cjs-module-lexer over each bundle to find its exports, work a require() does not do.
  supported: { "dynamic-import": false },
};

rmSync(out, { recursive: true, force: true });
// The entry: the curve's second thread runs this file again (new URL(import.meta.url)).
await build({
  ...common,
  entryPoints: [path.join(src, "cli", "main.ts")],
  outfile: path.join(out, "redpen.cjs"),
  banner: {
    js: '#!/usr/bin/env node\nvar __redpenEntryUrl=require("node:url").pathToFileURL(__filename).href;',
  },
  define: { "import.meta.url": "__redpenEntryUrl" },
});
chmodSync(path.join(out, "redpen.cjs"), 0o755);
// Wave after wave, each wave's bundles side by side (a bundle may find further modules).
while (queue.length > 0) {
  const wave = queue.splice(0);
  await Promise.all(
    wave.map((file) =>
      build({ ...common, entryPoints: [file], outfile: path.join(out, bundleOf(file)) }),
    ),
  );
}
