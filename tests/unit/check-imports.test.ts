// The import rules of scripts/check-imports: each rule refuses what it should, with a message
// naming the rule, and lets through what the architecture allows.
import { readdirSync } from "node:fs";
import { expect, test } from "vitest";
import { check, cycles, DOMAIN_LAYERS, importsOf } from "../../scripts/check-imports/rules.ts";

test("db imports no UI store; workers nothing of the features; the domain nothing of ours", () => {
  expect(check("src/db/write.ts", "src/stores/notices.ts")).toBe(
    "db/ may import only domain, not stores/",
  );
  expect(check("src/db/write.ts", "src/domain/interchange/types.ts")).toBeNull();
  expect(check("src/workers/importHandler.ts", "src/features/import-export/conflictView.ts")).toBe(
    "workers/ may import only domain, db, not features/import-export/",
  );
  expect(check("src/domain/merge/merge.ts", "src/db/db.ts")).toBe(
    "domain/ may import only nothing of ours, not db/",
  );
  expect(check("src/cli/analysisCommands.ts", "src/db/db.ts")).toBe(
    "cli/ may import only domain, not db/",
  );
  expect(check("src/lib/routes.ts", "src/features/studies/StudyPage.tsx")).toBe(
    "lib/ may import only domain, not features/studies/",
  );
});

test("a feature uses another only through its index.ts; the app may import anything", () => {
  expect(
    check("src/features/studies/HomePage.tsx", "src/features/import-export/ImportAnnotations.tsx"),
  ).toBe(
    "features/studies may use another feature only through its index.ts, not src/features/import-export/ImportAnnotations.tsx",
  );
  expect(
    check("src/features/studies/HomePage.tsx", "src/features/import-export/index.ts"),
  ).toBeNull();
  expect(check("src/features/studies/StudyPage.tsx", "src/features/studies/format.ts")).toBeNull();
  expect(check("src/features/annotate/CrowdScreen.tsx", "src/app/App.tsx")).toBe(
    "features/annotate/ may import only domain, db, audio, stores, lib, components, workers, not app/",
  );
  expect(check("src/app/App.tsx", "src/features/annotate/AnnotatePage.tsx")).toBeNull();
});

test("the task registry points at other features' screens in place; others reach it by index.ts", () => {
  expect(check("src/features/tasks/mark.ts", "src/features/annotate/ClipWorkspace.tsx")).toBeNull();
  expect(check("src/features/annotate/CrowdScreen.tsx", "src/features/tasks/index.ts")).toBeNull();
  expect(check("src/features/annotate/CrowdScreen.tsx", "src/features/tasks/mark.ts")).toBe(
    "features/annotate may use another feature only through its index.ts, not src/features/tasks/mark.ts",
  );
  expect(check("src/features/tasks/mark.ts", "src/db/db.ts")).toBe(
    "features/tasks may use db/ only through the repository, src/db/repo.ts, not src/db/db.ts",
  );
});

test("cycles are found, with the files in order", () => {
  const graph = new Map([
    ["src/workers/analysisMessages.ts", ["src/workers/packAnalysis.ts"]],
    [
      "src/workers/packAnalysis.ts",
      ["src/workers/analysisMessages.ts", "src/domain/interchange/types.ts"],
    ],
    ["src/domain/interchange/types.ts", []],
  ]);
  // Found from the first file in sorted order that is on the cycle.
  expect(cycles(graph)).toEqual([
    [
      "src/workers/analysisMessages.ts",
      "src/workers/packAnalysis.ts",
      "src/workers/analysisMessages.ts",
    ],
  ]);
  expect(
    cycles(
      new Map([
        ["a.ts", ["b.ts"]],
        ["b.ts", []],
      ]),
    ),
  ).toEqual([]);
});

test("imports are read with TypeScript's own scanner: static, type-only, dynamic; not strings", () => {
  const text = [
    'import { a } from "./a.ts";',
    'import type { B } from "../b.ts";',
    'export { c } from "./c.ts";',
    'const d = () => import("./d.ts");',
    'import React from "react";',
    'const s = "import x from \\"./not-an-import.ts\\"";',
  ].join("\n");
  expect(importsOf(text).sort()).toEqual(["../b.ts", "./a.ts", "./c.ts", "./d.ts"]);
});

test("the features reach the database only through the repository", () => {
  expect(check("src/features/annotate/expert/useExpertData.ts", "src/db/db.ts")).toBe(
    "features/annotate may use db/ only through the repository, src/db/repo.ts, not src/db/db.ts",
  );
  expect(check("src/features/import-export/AddAudio.tsx", "src/db/space.ts")).toBe(
    "features/import-export may use db/ only through the repository, src/db/repo.ts, not src/db/space.ts",
  );
  expect(check("src/features/annotate/expert/useExpertData.ts", "src/db/repo.ts")).toBeNull();
  // the worker side and the shell may use the database's modules
  expect(check("src/workers/inlineImport.ts", "src/db/db.ts")).toBeNull();
  expect(check("src/app/useStartup.ts", "src/db/demo.ts")).toBeNull();
});

test("scripts/ and tests/ follow their folders' rules too", () => {
  expect(check("tests/e2e/annotate.test.ts", "src/features/annotate/keys.ts")).toBe(
    "tests/e2e/ may import only domain, cli, server, scripts, tests/server, not features/annotate/",
  );
  expect(check("tests/e2e/annotate.test.ts", "src/db/repo.ts")).toBe(
    "tests/e2e/ may import only domain, cli, server, scripts, tests/server, not db/",
  );
  expect(check("tests/server/contract.test.ts", "tests/e2e/chromium.ts")).toBe(
    "tests/server/ may import only domain, cli, server, not tests/e2e/",
  );
  expect(check("scripts/bench-annotate.ts", "src/stores/annotate.ts")).toBe(
    "scripts/ may import only domain, cli, server, tests/e2e, tests/server, not stores/",
  );
  expect(check("scripts/bench-server.ts", "tests/server/serverProcess.ts")).toBeNull();
  expect(
    check("tests/unit/import-other-tools.test.tsx", "src/features/import-export/index.ts"),
  ).toBeNull();
  // the app's code never imports a test's helpers
  expect(check("src/audio/Waveform.tsx", "tests/helpers/fakeWaveform.ts")).toBe(
    "audio/ may import only domain, not tests/helpers/",
  );
});

test("inside domain/, a folder imports only the folders of the layers below its own", () => {
  // the layers, lowest first: every folder of src/domain/ has one, and only one
  const folders = DOMAIN_LAYERS.flat();
  expect(new Set(folders).size).toBe(folders.length);
  expect([...folders].sort()).toEqual(
    readdirSync(new URL("../../src/domain", import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort(),
  );
  // downwards: the statistics read the format's types, the exports use the other tools' writers
  expect(check("src/domain/stats/bins.ts", "src/domain/interchange/types.ts")).toBeNull();
  expect(check("src/domain/export/bundles.ts", "src/domain/formats/eaf/write.ts")).toBeNull();
  expect(check("src/domain/tasks/figures.ts", "src/domain/stats/report.ts")).toBeNull();
  // within one folder, anything
  expect(check("src/domain/stats/anova.ts", "src/domain/stats/math.ts")).toBeNull();
  // upwards: refused, naming both folders, what the folder may import, and the rule
  expect(check("src/domain/interchange/schema.ts", "src/domain/study/binWidth.ts")).toBe(
    "domain/interchange/ may import only util, i18n, security (a domain folder imports only the folders below it), not domain/study/",
  );
  expect(check("src/domain/stats/intelligibility.ts", "src/domain/tasks/index.ts")).toBe(
    "domain/stats/ may import only util, i18n, security, interchange, study, clips, acoustics, merge, transcripts (a domain folder imports only the folders below it), not domain/tasks/",
  );
  // the collection protocol's types lie below the API contract, which is typed by them
  expect(check("src/domain/api/requests.ts", "src/domain/collection/protocol.ts")).toBeNull();
  expect(check("src/domain/collection/protocol.ts", "src/domain/api/requests.ts")).toBe(
    "domain/collection/ may import only util, i18n, security, interchange, study, clips, acoustics, merge, transcripts, stats, tasks (a domain folder imports only the folders below it), not domain/api/",
  );
  // sideways, within one layer: refused too
  expect(check("src/domain/study/spans.ts", "src/domain/clips/wav.ts")).toBe(
    "domain/study/ may import only util, i18n, security, interchange (a domain folder imports only the folders below it), not domain/clips/",
  );
  // a folder of the lowest layer imports no other domain folder
  expect(check("src/domain/util/fixed.ts", "src/domain/i18n/languages.ts")).toBe(
    "domain/util/ may import only no other domain folder (a domain folder imports only the folders below it), not domain/i18n/",
  );
  // a new folder must be given a layer before anything imports it or it imports anything
  expect(check("src/domain/pairs/score.ts", "src/domain/interchange/types.ts")).toBe(
    "domain/pairs/ has no layer in DOMAIN_LAYERS (a domain folder imports only the folders below it): give it one",
  );
  expect(check("src/domain/report/facts.ts", "src/domain/pairs/score.ts")).toBe(
    "domain/pairs/ has no layer in DOMAIN_LAYERS (a domain folder imports only the folders below it): give it one",
  );
  // outside domain/, the domain is one area as before
  expect(check("src/cli/analysisCommands.ts", "src/domain/api/client.ts")).toBeNull();
});
