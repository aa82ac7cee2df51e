import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { RedPenDB } from "../db/db.ts";
import { studyToFile } from "../db/studyFiles.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { protocolFacts } from "../domain/report/protocol.ts";
import { analyze, computeReport } from "../domain/stats/index.ts";
import { aggregateTranscripts } from "../domain/transcripts/aggregate.ts";
import { studyResponses } from "../domain/transcripts/studyResponses.ts";
import type { AnalysisResponse } from "./analysisMessages.ts";
import { type AnalysisDeps, runAnalysis } from "./runAnalysis.ts";

let database: RedPenDB | undefined;
afterEach(async () => {
  await database?.delete();
  database = undefined;
});

async function seed(): Promise<RedPenDB> {
  database = new RedPenDB(`run-analysis-${Math.random()}`);
  const studyId = "s1";
  await database.studies.add({
    id: studyId,
    name: "Pilot",
    binSeconds: 0.1,
    taxonomy: [{ id: "silence", label: "Silence" }],
    requireRating: false,
    createdAt: "2026-11-21T00:00:00.000Z",
    extra: {},
  });
  await database.clips.bulkAdd([
    { studyId, id: "c1", name: "a.wav", duration: 1, system: "A", order: 0, score: 2 },
    { studyId, id: "c2", name: "b.wav", duration: 1, system: "B", order: 1, score: 4 },
  ]);
  await database.annotators.bulkAdd([
    { studyId, id: "w1", role: "crowd" },
    { studyId, id: "w2", role: "crowd" },
    { studyId, id: "e1", role: "expert" },
  ]);
  await database.regions.bulkAdd([
    { studyId, id: "r1", clipId: "c1", annotatorId: "w1", start: 0, end: 0.5 },
    { studyId, id: "r2", clipId: "c1", annotatorId: "w2", start: 0.2, end: 0.5 },
    { studyId, id: "r3", clipId: "c2", annotatorId: "w1", start: 0.5, end: 0.6 },
  ]);
  await database.submissions.add({ studyId, clipId: "c2", annotatorId: "w2" });
  await database.reasonLabels.add({
    studyId,
    regionId: "r1",
    annotatorId: "e1",
    reasons: ["silence"],
  });
  return database;
}

function collect() {
  const messages: AnalysisResponse[] = [];
  return { messages, post: (m: AnalysisResponse) => messages.push(m) };
}

describe("runAnalysis", () => {
  it("reads the stored study, reports progress and posts the same figures as computeReport", async () => {
    const db = await seed();
    const { messages, post } = collect();
    let t = 0;
    await runAnalysis({ id: 7, studyId: "s1", binSeconds: 0.25 }, post, {
      studyToFile: (id) => studyToFile(id, db),
      analyze,
      now: () => (t += 5),
    });
    expect(messages.map((m) => m.type)).toEqual(["progress", "progress", "done"]);
    expect(messages[0]).toEqual({ id: 7, type: "progress", stage: "loading" });
    // 2 clips + 1 submission + 3 regions + 1 reason label
    expect(messages[1]).toEqual({ id: 7, type: "progress", stage: "analysing", rows: 7, clips: 2 });
    const done = messages[2];
    if (done?.type !== "done") throw new Error("no result");
    const file = (await studyToFile("s1", db)) as AnnotationFile;
    expect(done.analysis.report).toEqual(computeReport(file, { binSeconds: 0.25 }));
    expect(done.analysis.report.binSeconds).toBe(0.25);
    // By hand, 0.25 s bins: c1 w1 1100, w2 1100; c2 w1 0010, w2 0000 → po 7/8,
    // pe 3/8·2/8 + 5/8·6/8 = 9/16, kappa = (7/8 − 9/16) / (7/16) = 5/7.
    const [pair] = done.analysis.report.agreement.pairs;
    expect(pair).toMatchObject({ a: "w1", b: "w2", clips: 2, bins: 8 });
    expect(pair?.kappa).toBeCloseTo(5 / 7, 12);
    expect(done.study).toEqual({
      name: "Pilot",
      task: "mark",
      binSeconds: 0.1,
      taxonomy: [{ id: "silence", label: "Silence" }],
      nonCrowd: ["e1"],
      // What the protocol report needs, from the same file.
      protocol: protocolFacts(file),
      // No rule is on: nobody is excluded.
      quality: expect.objectContaining({ excluded: [], applied: false }),
      resampling: expect.objectContaining({ mos: {}, replicates: 1000, curve: [] }),
      // Not a transcription test: nothing to explain.
      intelligibility: { why: null, alpha: 0.05, unit: "word", engines: {} },
    });
    expect(done.millis).toBe(10);
    expect(done.loadMillis).toBe(5);
  });

  it("leaves out the raters the study's quality rules catch, unless asked to include them", async () => {
    const db = await seed();
    // w1 marked half of clip c1 … and c1 is made a reference clip: the RedPen filter at 0.2.
    await db.clips.update(["s1", "c1"], { isReference: true });
    await db.studies.update("s1", {
      extra: { qualityRules: { referenceMarked: { on: true, threshold: 0.2 } } },
    });
    const file = (await studyToFile("s1", db)) as AnnotationFile;
    const run = async (includeExcluded: boolean) => {
      const { messages, post } = collect();
      await runAnalysis({ id: 1, studyId: "s1", includeExcluded }, post, {
        studyToFile: (id) => studyToFile(id, db),
        analyze,
      });
      const done = messages.at(-1);
      if (done?.type !== "done") throw new Error("no result");
      return done;
    };
    const applied = await run(false);
    // w1 marked 0.5 s of c1's 1 s and w2 0.3 s: both above 0.2 of the reference bins.
    expect(applied.study.quality?.excluded).toEqual([
      { id: "w1", rules: ["referenceMarked"] },
      { id: "w2", rules: ["referenceMarked"] },
    ]);
    expect(applied.study.quality?.applied).toBe(true);
    const without = file.annotators.filter((a) => a.role !== "crowd");
    expect(applied.analysis.report).toEqual(
      computeReport({
        ...file,
        annotators: without,
        submissions: [],
        regions: [],
        reasonLabels: [],
      }),
    );
    expect(applied.study.protocol?.exclusions).toBe(
      "2 of 2 raters excluded (2 marked more than 0.2 of the reference clips' bins)",
    );
    const included = await run(true);
    expect(included.study.quality?.applied).toBe(false);
    expect(included.analysis.report).toEqual(computeReport(file));
  });

  it("reuses the study it read for a new bin width only when asked, and only for that study", async () => {
    const db = await seed();
    const reads: string[] = [];
    const cache: NonNullable<AnalysisDeps["cache"]> = {};
    const deps = {
      studyToFile: (id: string) => {
        reads.push(id);
        return studyToFile(id, db);
      },
      analyze,
      cache,
    };
    const { messages, post } = collect();
    await runAnalysis({ id: 1, studyId: "s1" }, post, deps);
    const estimates = cache.resampling?.value;
    await runAnalysis({ id: 2, studyId: "s1", binSeconds: 0.25, reuse: true }, post, deps);
    expect(reads).toEqual(["s1"]);
    const second = messages.at(-1);
    if (second?.type !== "done") throw new Error("no result");
    // The resampling estimates do not depend on the bin width: the same ones, not recomputed.
    expect(estimates).toBeDefined();
    expect(cache.resampling?.value).toBe(estimates);
    expect(second.loadMillis).toBe(0);
    expect(second.analysis.report.agreement.pairs[0]?.kappa).toBeCloseTo(5 / 7, 12);
    await runAnalysis({ id: 3, studyId: "s1", binSeconds: 0.25 }, post, deps);
    await runAnalysis({ id: 4, studyId: "other", reuse: true }, post, deps);
    expect(reads).toEqual(["s1", "s1", "other"]);
    expect(messages.at(-1)).toEqual({ id: 4, type: "not-found", studyId: "other" });
  });

  it("uses the study's bin width when the request has none", async () => {
    const db = await seed();
    const { messages, post } = collect();
    await runAnalysis({ id: 1, studyId: "s1" }, post, {
      studyToFile: (id) => studyToFile(id, db),
      analyze,
      countRows: async () => 7,
    });
    expect(messages[1]).toEqual({ id: 1, type: "progress", stage: "loading", rows: 7 });
    const done = messages.at(-1);
    expect(done?.type === "done" && done.analysis.report.binSeconds).toBe(0.1);
  });

  it("answers not-found for a study that is not stored", async () => {
    const db = await seed();
    const { messages, post } = collect();
    await runAnalysis({ id: 2, studyId: "nope" }, post, {
      studyToFile: (id) => studyToFile(id, db),
      analyze,
    });
    expect(messages.at(-1)).toEqual({ id: 2, type: "not-found", studyId: "nope" });
  });

  it("posts a failure as an error message naming the study", async () => {
    const { messages, post } = collect();
    await runAnalysis({ id: 3, studyId: "s9" }, post, {
      studyToFile: () => Promise.reject(new Error("IndexedDB is closed")),
      analyze,
    });
    expect(messages.at(-1)).toEqual({
      id: 3,
      type: "error",
      message: 'Analysis of study "s9" failed: IndexedDB is closed',
    });
  });

  it("with transcripts: the figures first, then the stimuli curve and the consensus in messages of their own", async () => {
    const golden = JSON.parse(
      readFileSync("tests/golden/intelligibility-chars.input.json", "utf8"),
    ) as AnnotationFile;
    const { messages, post } = collect();
    await runAnalysis({ id: 3, studyId: golden.study.id }, post, {
      studyToFile: async () => golden,
      analyze,
    });
    expect(messages.map((m) => m.type)).toEqual([
      "progress",
      "progress",
      "done",
      "curve",
      "consensus",
    ]);
    const done = messages[2];
    const curve = messages[3];
    const consensus = messages[4];
    if (done?.type !== "done" || curve?.type !== "curve" || consensus?.type !== "consensus") {
      throw new Error("no result");
    }
    expect(done.study.intelligibility?.curvePending).toBe(true);
    expect(done.study.intelligibility?.consensusPending).toBe(true);
    expect(done.study.intelligibility?.unit).toBe("character");
    // The consensus is what `cli aggregate STUDY.json --annotators` computes: per clip, and every
    // listener by estimated reliability (lowest error rate first).
    const cli = aggregateTranscripts(studyResponses(golden), "reliability");
    expect(consensus.consensus?.clips).toEqual(
      cli.tasks.map((t) => ({ clip: t.task, consensus: t.output, transcripts: t.transcripts })),
    );
    // A new bin width on the same study reuses the consensus (it does not depend on the bins).
    const cache: NonNullable<AnalysisDeps["cache"]> = {};
    const again = collect();
    await runAnalysis({ id: 4, studyId: golden.study.id }, again.post, {
      studyToFile: async () => golden,
      analyze,
      cache,
    });
    const first = cache.consensus?.value;
    expect(first?.clips).toEqual(consensus.consensus?.clips);
    await runAnalysis(
      { id: 5, studyId: golden.study.id, binSeconds: 0.5, reuse: true },
      again.post,
      {
        studyToFile: async () => golden,
        analyze,
        cache,
      },
    );
    const last = again.messages.at(-1);
    expect(last?.type === "consensus" && last.consensus).toBe(first);
    expect(consensus.consensus?.annotators.map((w) => w.annotator).sort()).toEqual(
      cli.annotators.map((w) => w.annotator).sort(),
    );
    const rates = consensus.consensus?.annotators.map((w) => w.errorRate) ?? [];
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    const report = computeReport(golden);
    expect(done.analysis.report.intelligibility?.stimuliCurve).toEqual([]);
    // Together they are the report stats --json prints.
    expect({
      ...done.analysis.report,
      intelligibility: {
        ...done.analysis.report.intelligibility,
        stimuliCurve: curve.stimuliCurve,
      },
    }).toEqual(report);
  });
});
