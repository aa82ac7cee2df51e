// `redpen new --from MARKED.json --task compare --pairs regions:union~saliency:MODEL` (issue 41
// item 3): the region preference test made from a marked study with saliency, written to disk
// and read back by the app's reader; and each refusal, with nothing written.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, expect, test } from "vitest";
import { parseAnnotationText } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { disk, folders } from "./disk.ts";
import { type NewStudyIO, runNewCli } from "./newStudy.ts";

let dir: string;
let marked: string;
let pref: string;
let out: { stdout: string; stderr: string };

function io(): NewStudyIO {
  return {
    stdout: (t) => {
      out.stdout += t;
    },
    stderr: (t) => {
      out.stderr += t;
    },
    ...disk,
    ...folders,
  };
}
const run = (...argv: string[]) => runNewCli(["new", ...argv], io());

/** Three clips of 1 s (bins of 0.2 s): a and b marked by two listeners, c by nobody. */
const SOURCE: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "marked", name: "Marked", binSeconds: 0.2, instructions: "Mark it." },
  taxonomy: [{ id: "energy", label: "Energy" }],
  clips: [
    { id: "a", name: "a.wav", duration: 1, system: "X", sentence: "s1" },
    { id: "b", name: "b.wav", duration: 1, system: "Y", sentence: "s1" },
    { id: "c", name: "c.wav", duration: 1, system: "Z", sentence: "s1" },
  ],
  annotators: [
    { id: "w1", role: "crowd", profile: { ageBand: "25-34" } },
    { id: "w2", role: "crowd" },
  ],
  submissions: [
    { clipId: "a", annotatorId: "w1", score: 3 },
    { clipId: "a", annotatorId: "w2", score: 2 },
    { clipId: "b", annotatorId: "w1" },
    { clipId: "b", annotatorId: "w2" },
    { clipId: "c", annotatorId: "w1" },
  ],
  regions: [
    { id: "r1", clipId: "a", annotatorId: "w1", start: 0, end: 0.4 },
    { id: "r2", clipId: "a", annotatorId: "w2", start: 0.2, end: 0.6 },
    { id: "r3", clipId: "b", annotatorId: "w1", start: 0.8, end: 1 },
  ],
  reasonLabels: [],
  saliency: [
    { clipId: "a", model: "ig", hopSeconds: 0.2, values: [0, 1, 0, 0, 0] },
    { clipId: "b", model: "ig", hopSeconds: 0.2, values: [1, 0, 0, 0, 0] },
    { clipId: "c", model: "ig", hopSeconds: 0.2, values: [1, 0, 0, 0, 0] },
  ],
};

beforeEach(() => {
  out = { stdout: "", stderr: "" };
  dir = mkdtempSync(join(tmpdir(), "redpen-new-views-"));
  marked = join(dir, "marked.json");
  pref = join(dir, "pref.json");
  writeFileSync(marked, JSON.stringify(SOURCE));
});

test("the region preference test: a view pair per clip with both, the clips' crowd spans and saliency carried", () => {
  const code = run(
    pref,
    "--from",
    marked,
    "--task",
    "compare",
    "--pairs",
    "regions:union~saliency:ig",
    "--scale",
    "ab-no-same",
    "--judgments-per-pair",
    "4",
  );
  expect([code, out.stderr]).toEqual([0, ""]);
  expect(out.stdout).toBe(
    `${pref}: study "marked-region-preference" (Marked (region preference)), 2 clips, 2 systems, task compare, 2 pairs\n` +
      `publish it: redpen publish ${pref} --audio DIR (the audio of ${marked}) --server URL\n`,
  );
  const read = parseAnnotationText(readFileSync(pref, "utf8"), pref);
  expect(read.ok).toBe(true);
  if (!read.ok) return;
  const file = read.file;
  expect(file.study).toMatchObject({
    binSeconds: 0.2,
    task: "compare",
    comparison: { scale: "ab", allowSame: false },
    collection: { ratingsPerClip: 4 },
  });
  expect(file.taxonomy).toEqual(SOURCE.taxonomy);
  // c is marked by nobody: no pair, no clip.
  expect(file.clips.map((c) => c.id)).toEqual(["a", "b"]);
  expect(file.pairs).toEqual([
    { id: "a:regions:union~saliency:ig", clipId: "a", a: "regions:union", b: "saliency:ig" },
    { id: "b:regions:union~saliency:ig", clipId: "b", a: "regions:union", b: "saliency:ig" },
  ]);
  expect(file.annotators).toEqual([
    { id: "w1", role: "crowd" },
    { id: "w2", role: "crowd" },
  ]);
  expect(file.submissions).toEqual([
    { clipId: "a", annotatorId: "w1" },
    { clipId: "a", annotatorId: "w2" },
    { clipId: "b", annotatorId: "w1" },
    { clipId: "b", annotatorId: "w2" },
  ]);
  expect(file.regions.map((r) => r.id)).toEqual(["r1", "r2", "r3"]);
  expect(file.saliency?.map((r) => r.clipId)).toEqual(["a", "b"]);
});

test("the overlap and a number of clips", () => {
  // Only clip a has a bin both its listeners marked (bin 1, 0.2–0.4 s); on b w2 marked nothing.
  expect(
    run(pref, "--from", marked, "--task", "compare", "--pairs", "regions:overlap~saliency:ig"),
  ).toBe(0);
  const file = JSON.parse(readFileSync(pref, "utf8")) as AnnotationFile;
  expect(file.pairs?.map((p) => p.id)).toEqual(["a:regions:overlap~saliency:ig"]);
  out = { stdout: "", stderr: "" };
  expect(
    run(
      pref,
      "--force",
      "--from",
      marked,
      "--task",
      "compare",
      "--pairs",
      "regions:union~saliency:ig",
      "--view-clips",
      "1",
    ),
  ).toBe(0);
  expect((JSON.parse(readFileSync(pref, "utf8")) as AnnotationFile).pairs).toHaveLength(1);
});

test("refused, naming the problem, nothing written", () => {
  const refused = (argv: string[], message: string) => {
    out = { stdout: "", stderr: "" };
    expect(run(pref, ...argv)).toBe(2);
    expect(out.stderr).toContain(message);
    expect(existsSync(pref)).toBe(false);
  };
  refused(
    ["--from", marked, "--task", "compare", "--pairs", "regions:union~saliency:gone"],
    '--pairs regions:union~saliency:gone: no saliency of model "gone" in the study (its models: ig)',
  );
  refused(
    ["--audio", dir, "--task", "compare", "--pairs", "regions:union~saliency:ig"],
    "the views come from a marked study's regions and saliency: give --from STUDY.json",
  );
  refused(
    ["--from", marked, "--task", "compare"],
    "--from: a region preference test compares views of its clips: give --pairs regions:union~saliency:MODEL",
  );
  refused(
    ["--from", marked, "--pairs", "regions:union~saliency:ig"],
    "--from: a region preference test is a paired comparison of views; give --task compare (this one is mark)",
  );
  refused(
    ["--from", marked, "--audio", dir, "--task", "compare"],
    "--from takes the clips, their audio's names and metadata from the marked study",
  );
  refused(
    ["--from", marked, "--task", "compare", "--pairs", "saliency:ig~regions:union"],
    '--pairs: "saliency:ig~regions:union" is not a region preference test: write regions:union~saliency:MODEL',
  );
  refused(
    ["--from", join(dir, "none.json"), "--task", "compare", "--pairs", "regions:union~saliency:ig"],
    `--from: ${join(dir, "none.json")}: `,
  );
  writeFileSync(
    marked,
    JSON.stringify({ ...SOURCE, regions: [{ ...SOURCE.regions[0], end: -1 }] }),
  );
  refused(
    ["--from", marked, "--task", "compare", "--pairs", "regions:union~saliency:ig"],
    "regions[0].end",
  );
});
