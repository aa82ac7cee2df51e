import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Test files that need no setup. The pure project runs exactly these and the unit project
 * everything else, so each file runs once, and a new folder's tests land in unit by default.
 */
const PURE = [
  "src/domain/**/*.test.ts",
  "src/cli/**/*.test.ts",
  "tests/unit/{bin,check-imports,export-docs,formats,formats-docs,formats-refusals,formats-roundtrip,audio-metadata,pitch-praat,praat-textgrid,praat-textgrid-edge,saliency-formats,transcripts-vldb21}.test.ts",
  // The app's pure helpers: each file imports only functions of its own folder or the domain
  // (no DOM, no database, no stores, no mocks), so it needs none of the unit project's setup
  // (a second of CPU per file under load).
  "src/audio/{colors,format,overlay,reconcile}.test.ts",
  "src/lib/{format,latestRequestWorker}.test.ts",
  "src/features/analysis/{explain,format,quality,sample,sortClips}.test.ts",
  "src/features/annotate/coverage.test.ts",
  "src/features/annotate/expert/annotatorColors.test.ts",
  "src/features/collection/publishDraft.test.ts",
  "src/features/import-export/progressText.test.ts",
];

/** The collection server's tests beside its files: the server project runs them, not unit. */
const SERVER = ["src/server/**/*.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // Pure code (the domain, the command line, the docs' examples, other tools' files):
          // no DOM matchers, no fake IndexedDB, no app code loaded before each file.
          name: "pure",
          include: PURE,
          environment: "node",
          // The files share their worker's modules (no mocks, no module state in pure code):
          // importing the domain once per worker instead of once per file halves the project's
          // CPU time (107 s → 60 s user, 603 tests).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default is one worker fewer than the cores: one, here. Two, so that once the
          // server and browser jobs beside it end, this one uses both cores.
          maxWorkers: 2,
        },
      },
      {
        plugins: [react()],
        test: {
          // Everything else under src/ and tests/unit/: components (DOM files opt in), the
          // database layer, workers, the app.
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...PURE, ...SERVER],
          environment: "node",
          setupFiles: ["tests/setup/unit.ts"],
          maxWorkers: 2,
          // A guard against a hang, not a speed check (speed is measured by the benchmarks):
          // room for a loaded machine, and for the 20 s that findBy… may wait (tests/setup/unit.ts).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The collection server against PGlite and a throwaway PostgreSQL cluster: each
          // service's tests beside it (src/server/), the cross-cutting ones in tests/server/.
          name: "server",
          include: ["tests/server/**/*.test.ts", ...SERVER],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own database (a copy of the migrated template, or
          // its own throwaway cluster on a free port). Most of these files wait on real time
          // (a SIGKILLed server's restart, rate windows, a second server): while every PGlite
          // database was made by initdb the cores were busy and two at a time gained nothing.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // One worker imports playwright-core and the helpers once for all the files (each file
          // still launches its own browser): no mocks, and the helpers keep no state.
          isolate: false,
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own browser: the unit and server jobs (run beside
          // this one by `npm test`) end long before the browser tests, whose pages play clips in
          // real time, and leave a core to them. (While every PGlite database was made by initdb,
          // the cores were busy throughout and two at a time gained nothing.)
          maxWorkers: 2,
        },
      },
    ],
  },
});
