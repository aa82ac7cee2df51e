// `aggregate` and `wer` in-process against real files in a temp folder.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { runTranscriptsCli } from "./transcripts.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "redpen-transcripts-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  let out = "";
  let err = "";
  const code = await runTranscriptsCli(argv, {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    readFile: (p) => readFileSync(p, "utf8"),
    writeFile: (p, d) => writeFileSync(p, d),
  });
  return { code, out, err };
}

const fixture = (name: string) => path.join("tests", "fixtures", "vldb21-dev", name);
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

test("aggregate --method rover writes crowd-kit's file byte for byte; wer scores it 92.22", async () => {
  const out = path.join(dir, "rover.csv");
  const r = await run(["aggregate", fixture("responses.csv"), "--method", "rover", "--out", out]);
  expect(r).toEqual({
    code: 0,
    out: `${out}: 2,211 tasks aggregated by rover from 15,477 transcripts of 1,098 annotators\n`,
    err: "",
  });
  expect(readFileSync(out, "utf8")).toBe(readFileSync(fixture("rover-crowdkit.csv"), "utf8"));
  const w = await run(["wer", "--ref", fixture("gt.csv"), "--hyp", out, "--json"]);
  expect(w.code).toBe(0);
  const json = JSON.parse(w.out);
  expect(json.awacc.toFixed(2)).toBe("92.22");
  expect(json).toMatchObject({ tasks: 2211, missing: 0, extra: 0, emptyReferences: 0 });
  expect(json.errors).toBe(json.substitutions + json.deletions + json.insertions);
});

test("aggregate's default is the reliability method: 93.23 on the development half, with --annotators", async () => {
  const annotators = path.join(dir, "annotators.csv");
  const r = await run(["aggregate", fixture("responses.csv"), "--annotators", annotators]);
  expect(r.code).toBe(0);
  expect(r.out.startsWith("task,output\n4221,")).toBe(true);
  const hyp = file("ours.csv", r.out);
  const perTask = path.join(dir, "per-task.csv");
  const w = await run(["wer", "--ref", fixture("gt.csv"), "--hyp", hyp, "--per-task", perTask]);
  expect(w.out.split("\n")[0]).toBe("AWAcc    93.23 % over 2,211 tasks");
  const rows = readFileSync(perTask, "utf8").trim().split("\n");
  expect(rows[0]).toBe(
    "task,refTokens,substitutions,deletions,insertions,errors,wer,accuracy,missing",
  );
  expect(rows).toHaveLength(2212);
  const annotatorRows = readFileSync(annotators, "utf8").trim().split("\n");
  expect(annotatorRows[0]).toBe("annotator,transcripts,errors,words,errorRate,weight");
  expect(annotatorRows).toHaveLength(1099);
});

test("wer: a task missing from the hypotheses scores as an empty text, and is counted", async () => {
  const ref = file("gt.csv", "task,output\na,the cat sat\nb,hello world\n");
  const hyp = file("pred.csv", "task,text\na,The cat sat!\nx,extra\n");
  const w = await run(["wer", "--ref", ref, "--hyp", hyp]);
  expect(w).toEqual({
    code: 0,
    out: [
      "AWAcc    50.00 % over 2 tasks",
      "WER      40.00 % (pooled: 2 errors = S 0 + D 2 + I 0, over 5 reference words)",
      `missing  1 task of ${ref} not in ${hyp} (scored as empty texts)`,
      `extra    1 task of ${hyp} not in ${ref} (ignored)`,
      "",
    ].join("\n"),
    err: "",
  });
});

test("bad input: columns named, long lines numbered, nothing written", async () => {
  const out = path.join(dir, "out.csv");
  const noColumns = file("bad.csv", "id,transcript,who\n1,x,p\n");
  expect(await run(["aggregate", noColumns, "--out", out])).toEqual({
    code: 2,
    out: "",
    err: `${noColumns}: line 1: no "task", no "output" or "text", no "performer" or "worker" column (the header has "id", "transcript", "who")\n`,
  });
  // ROVER needs no annotator column.
  const noWorker = file("nw.csv", "task,output\n1,x\n");
  expect((await run(["aggregate", noWorker, "--method", "rover"])).out).toBe("task,output\n1,x\n");
  const long = file("long.csv", `task,output,performer\n1,"a\nb",p\n2,${"y".repeat(10_001)},p\n`);
  expect(await run(["aggregate", long, "--out", out])).toEqual({
    code: 2,
    out: "",
    err: `${long}: line 4: longer than 10,000 characters (not a transcription CSV?)\n`,
  });
  expect(existsSync(out)).toBe(false);
  const missing = path.join(dir, "missing.csv");
  expect((await run(["aggregate", missing])).err).toBe(`${missing}: no such file\n`);
  expect((await run(["wer", "--ref", missing, "--hyp", noWorker])).code).toBe(2);
  expect((await run(["aggregate", noWorker, "--method", "median"])).err).toMatch(
    /^redpen: --method needs reliability or rover \(got "median"\)/,
  );
  expect((await run(["wer", "--hyp", noWorker])).err).toMatch(/^redpen: wer needs --ref GT.csv/);
  expect((await run(["aggregate", noWorker, "--json"])).err).toMatch(
    /^redpen: aggregate takes no --json/,
  );
  // An --out in a folder that does not exist: said, exit 2.
  const nowhere = path.join(dir, "no", "such", "dir", "x.csv");
  const w = await run(["aggregate", noWorker, "--method", "rover", "--out", nowhere]);
  expect(w.code).toBe(2);
  expect(w.err).toMatch(
    new RegExp(`^${nowhere.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: cannot write: `),
  );
});

/** A study whose listeners typed what they heard, for `aggregate STUDY.json`. */
function sus(): Record<string, unknown> {
  const clip = (id: string) => ({ id, name: `${id}.wav`, duration: 2, text: "the cat sat" });
  const sub = (clipId: string, annotatorId: string, transcript: string) => ({
    clipId,
    annotatorId,
    transcript,
  });
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "sus", name: "SUS", binSeconds: 0.1, task: "transcribe" },
    taxonomy: [],
    clips: [clip("c1"), clip("c2"), clip("c3")],
    annotators: [
      { id: "w2", role: "crowd" },
      { id: "w1", role: "crowd" },
      { id: "w3", role: "crowd" },
      { id: "sphinx", role: "asr", engine: "pocketsphinx en-us" },
    ],
    submissions: [
      sub("c2", "w1", "Hello!"),
      sub("c1", "w2", "the cat sat"),
      sub("c1", "sphinx", "the bat bat bat"),
      sub("c1", "w3", "a cat sat"),
      sub("c1", "w1", "the cat sad"),
    ],
    regions: [],
    reasonLabels: [],
  };
}

test("aggregate STUDY.json: each clip's listeners (not recognisers) merged, task,output,transcripts", async () => {
  const study = file("sus.json", JSON.stringify(sus()));
  // By annotator id: w1 "the cat sad", w2 "the cat sat", w3 "a cat sat". ROVER's slots end as
  // {the: 2, a: 1}, {cat: 3}, {sad: 1, sat: 2}: "the cat sat". The recogniser's "the bat bat bat"
  // is not a listener's and would have changed the slots. c2's one transcript is itself,
  // normalised; c3 has none and is not listed.
  let out = "";
  const code = await runTranscriptsCli(["aggregate", study, "--method", "rover"], {
    stdout: (t) => {
      out += t;
    },
    stderr: () => undefined,
    readFile: (p) => readFileSync(p, "utf8"),
    writeFile: (p, d) => writeFileSync(p, d),
  });
  expect(code).toBe(0);
  expect(out).toBe("task,output,transcripts\nc1,the cat sat,3\nc2,hello,1\n");
  // The default method and --out, --annotators: the listeners' reliabilities by annotator id.
  const target = path.join(dir, "consensus.csv");
  const annotators = path.join(dir, "annotators.csv");
  expect((await run(["aggregate", study, "--out", target, "--annotators", annotators])).code).toBe(
    0,
  );
  expect(
    readFileSync(target, "utf8")
      .split("\n")
      .map((l) => l.split(",")[0]),
  ).toEqual(["task", "c1", "c2", ""]);
  expect(
    readFileSync(annotators, "utf8")
      .split("\n")
      .slice(1, 4)
      .map((l) => l.split(",")[0]),
  ).toEqual(["w1", "w2", "w3"]);
  // --workers, the option's name before --annotators, still writes the same file.
  const before = path.join(dir, "workers.csv");
  expect((await run(["aggregate", study, "--out", target, "--workers", before])).code).toBe(0);
  expect(readFileSync(before, "utf8")).toBe(readFileSync(annotators, "utf8"));
  expect(readFileSync(before, "utf8").split("\n")[0]).toBe(
    "annotator,transcripts,errors,words,errorRate,weight",
  );
});

test("wer scores aggregate STUDY.json's output: --hyp reads it, --ref STUDY.json the clips' texts", async () => {
  const study = file("sus-wer.json", JSON.stringify(sus()));
  const consensus = path.join(dir, "consensus-wer.csv");
  expect((await run(["aggregate", study, "--method", "rover", "--out", consensus])).code).toBe(0);
  // Every clip's text is "the cat sat": c1's consensus "the cat sat" has no error, c2's "hello"
  // one substitution and two deletions, c3 (no transcript) is missing: three deletions.
  // Pooled 6 / 9; AWAcc (1 + 0 + 0) / 3.
  const scored = await run(["wer", "--ref", study, "--hyp", consensus, "--json"]);
  expect(scored.err).toBe("");
  expect(scored.code).toBe(0);
  expect(JSON.parse(scored.out)).toMatchObject({
    tasks: 3,
    refTokens: 9,
    errors: 6,
    substitutions: 1,
    deletions: 5,
    insertions: 0,
    missing: 1,
    extra: 0,
  });
  expect(JSON.parse(scored.out).awacc).toBeCloseTo(100 / 3, 10);
  // The same references as a CSV (task,text) give the same figures.
  const gt = file("gt.csv", "task,text\nc1,the cat sat\nc2,the cat sat\nc3,the cat sat\n");
  expect((await run(["wer", "--ref", gt, "--hyp", consensus, "--json"])).out).toBe(scored.out);
  // A study without clip texts has nothing to score against.
  const bare = file(
    "bare.json",
    JSON.stringify({
      ...sus(),
      clips: (sus().clips as { text?: string }[]).map(({ text: _t, ...c }) => c),
    }),
  );
  const none = await run(["wer", "--ref", bare, "--hyp", consensus]);
  expect(none.code).toBe(2);
  expect(none.err).toBe(`${bare}: no clip has a text (clips[].text): nothing to score against\n`);
});

test("aggregate STUDY.json: a bad study or one without transcripts is said, nothing written", async () => {
  const target = path.join(dir, "out.csv");
  const none = { ...sus(), submissions: [] };
  const empty = file("none.json", JSON.stringify(none));
  let err = "";
  const io = {
    stdout: () => undefined,
    stderr: (t: string) => {
      err += t;
    },
    readFile: (p: string) => readFileSync(p, "utf8"),
    writeFile: (p: string, d: string) => writeFileSync(p, d),
  };
  expect(await runTranscriptsCli(["aggregate", empty, "--out", target], io)).toBe(2);
  expect(err).toBe(`${empty}: no clip has a listener's transcript: nothing to aggregate\n`);
  err = "";
  const bad = file(
    "bad.json",
    JSON.stringify({ ...sus(), study: { id: "sus", name: "SUS", task: "dictate" } }),
  );
  expect(await runTranscriptsCli(["aggregate", bad, "--out", target], io)).toBe(2);
  expect(err).toMatch(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: study.task`));
  expect(existsSync(target)).toBe(false);
});
