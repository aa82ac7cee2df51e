// The one test that runs the real entry point in a child process, to prove the wiring:
// exit codes, stdout/stderr, and no stack trace for bad input.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { generateStudy } from "../domain/interchange/generate.ts";
import { serializeAnnotationFile } from "../domain/interchange/schema.ts";

function cli(...args: string[]) {
  // node with tsx's loader rather than `npx tsx`: npx costs about 0.9 s of CPU per run here.
  const result = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    encoding: "utf8",
    cwd: process.cwd(),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test("the real command line: a good file, a bad file, stats --json", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "redpen-cli-"));
  const good = join(dir, "good.json");
  const bad = join(dir, "bad.json");
  const study = generateStudy({ clips: 10, annotators: 2, seed: 5 });
  writeFileSync(good, serializeAnnotationFile(study));
  writeFileSync(bad, serializeAnnotationFile({ ...study, clips: study.clips.slice(1) }));

  const ok = cli("validate", good);
  expect(ok).toEqual({
    code: 0,
    stdout: `${good}: valid (10 clips, ${study.annotators.length} annotators, ${study.regions.length} regions)\n`,
    stderr: "",
  });

  const refused = cli("validate", bad);
  expect(refused.code).toBe(2);
  expect(refused.stdout).toBe("");
  const firstClip = study.clips[0]?.id as string;
  expect(refused.stderr.split("\n")[0]).toBe(
    `${bad}: submissions[0].clipId: no clip with id "${firstClip}"`,
  );
  expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack trace

  const missing = cli("stats", join(dir, "missing.json"));
  expect(missing).toEqual({
    code: 2,
    stdout: "",
    stderr: `${join(dir, "missing.json")}: no such file\n`,
  });

  const stats = cli("stats", good, "--json");
  expect(stats.code).toBe(0);
  expect(JSON.parse(stats.stdout).dataset.clips).toBe(10);
});
