// The import rules of scripts/check-imports: each rule refuses what it should, with a message
// naming the rule, and lets through what the architecture allows.
import { expect, test } from "vitest";
import { check, cycles, importsOf } from "../../scripts/check-imports/rules.ts";

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
  expect(check("src/cli/run.ts", "src/db/db.ts")).toBe("cli/ may import only domain, not db/");
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
