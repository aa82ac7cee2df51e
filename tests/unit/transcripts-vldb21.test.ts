// The VLDB 2021 Crowd Science Challenge's development half (tests/fixtures/vldb21-dev, copied
// from the shared fixtures with its README): ROVER must equal crowd-kit's output recording for
// recording, and the default method must beat it by a point of AWAcc.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { transcriptsCsvToFile } from "../../src/domain/formats/csv/readTranscripts.ts";
import { transcriptProblem } from "../../src/domain/interchange/limits.ts";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { computeReport } from "../../src/domain/stats/analyze.ts";
import { aggregateTranscripts } from "../../src/domain/transcripts/aggregate.ts";
import { tokensOf } from "../../src/domain/transcripts/normalise.ts";
import { roverWords } from "../../src/domain/transcripts/rover.ts";
import { scoreTexts } from "../../src/domain/transcripts/score.ts";
import { readResponsesCsv, readTextsCsv } from "../../src/domain/transcripts/taskCsv.ts";

const dir = "tests/fixtures/vldb21-dev";
const readCsv = (name: string) => readFileSync(`${dir}/${name}`, "utf8");

test("ROVER equals crowd-kit's on the VLDB 2021 development half, recording for recording", () => {
  const responses = readResponsesCsv(readCsv("responses.csv"));
  const crowdKit = readTextsCsv(readCsv("rover-crowdkit.csv"));
  const truth = readTextsCsv(readCsv("gt.csv"));
  if (!responses.ok || !crowdKit.ok || !truth.ok) throw new Error("fixture unreadable");
  expect(responses.value).toHaveLength(2211);
  const ours = new Map<string, string>();
  for (const t of responses.value) {
    ours.set(t.task, roverWords(t.texts.map((x) => tokensOf(x))).join(" "));
  }
  const differing = [...crowdKit.value].filter(([task, text]) => ours.get(task) !== text);
  expect(differing).toEqual([]);
  expect(ours.size).toBe(crowdKit.value.size);
  // The fixture's README: crowd-kit's ROVER scores 92.22; the first transcript 78.23.
  expect(scoreTexts(truth.value, ours).awacc?.toFixed(2)).toBe("92.22");
  const first = new Map(responses.value.map((t) => [t.task, t.texts[0] as string]));
  expect(scoreTexts(truth.value, first).awacc?.toFixed(2)).toBe("78.23");
  // The same through the aggregation entry point.
  const rover = aggregateTranscripts(responses.value, "rover");
  expect(rover.tasks.every((t) => t.output === crowdKit.value.get(t.task))).toBe(true);
});

test("the reliability method beats ROVER by a point on the development half", () => {
  const responses = readResponsesCsv(readCsv("responses.csv"));
  const truth = readTextsCsv(readCsv("gt.csv"));
  if (!responses.ok || !truth.ok) throw new Error("fixture unreadable");
  // Two disjoint sub-halves of the recordings, by the task id's FNV-1a hash (docs/transcripts.md):
  // a change is chosen on one and checked on the other.
  const half = (task: string) => {
    let h = 2166136261;
    for (let i = 0; i < task.length; i++) h = Math.imul(h ^ task.charCodeAt(i), 16777619);
    return (h >>> 0) % 2;
  };
  const refs = [0, 1].map((s) => new Map([...truth.value].filter(([task]) => half(task) === s)));
  const score = (method: "rover" | "reliability") => {
    const a = aggregateTranscripts(responses.value, method);
    const hyp = new Map(a.tasks.map((t) => [t.task, t.output]));
    return [truth.value, ...refs].map((r) => (scoreTexts(r, hyp).awacc ?? 0).toFixed(2));
  };
  const rover = score("rover");
  const ours = score("reliability");
  // The whole development half, then sub-halves A and B.
  expect(rover).toEqual(["92.22", "92.01", "92.44"]);
  expect(ours).toEqual(["93.23", "92.93", "93.55"]);
  expect(Number(ours[0]) - Number(rover[0])).toBeGreaterThanOrEqual(1.0);
});

test("a study holding the half's transcripts with line breaks inside is read, validated and scored", () => {
  const responses = readResponsesCsv(readCsv("responses.csv"), { needAnnotator: true });
  const truth = readTextsCsv(readCsv("gt.csv"));
  if (!responses.ok || !truth.ok) throw new Error("fixture unreadable");
  // The recordings with a carriage return or line feed inside a transcript (the published data has them).
  const broken = responses.value.filter((t) => t.texts.some((x) => /[\r\n]/.test(x)));
  expect(broken.length).toBeGreaterThan(10);
  const tasks = broken.slice(0, 40);
  const study: AnnotationFile = {
    format: "redpen-annotations",
    version: 1,
    study: { id: "vldb21-breaks", name: "VLDB 2021 with line breaks", binSeconds: 0.1 },
    taxonomy: [],
    clips: tasks.map((t) => ({
      id: t.task,
      name: `${t.task}.wav`,
      duration: 3,
      system: "tts",
      sentence: t.task,
      text: truth.value.get(t.task) ?? "",
    })),
    annotators: [],
    submissions: [],
    regions: [],
    reasonLabels: [],
  };
  // Through the transcripts CSV (`import transcripts.csv`), quoted cells with their breaks.
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const csv = [
    "clip,annotator,transcript",
    ...tasks.flatMap((t) =>
      t.texts.map((x, i) => [t.task, t.annotators[i] ?? "", x].map(quote).join(",")),
    ),
  ].join("\r\n");
  const imported = transcriptsCsvToFile(csv, study, { role: "crowd" });
  if (!imported.ok)
    throw new Error(imported.errors.map((e) => `${e.path}: ${e.message}`).join("\n"));
  const withBreaks = imported.file.submissions.filter((s) => /[\r\n]/.test(s.transcript ?? ""));
  expect(withBreaks.length).toBeGreaterThan(0);
  // `validate` is the reader; `stats` scores them as whitespace: the same WER as with spaces.
  const file = imported.file;
  expect(parseAnnotationFile(JSON.parse(JSON.stringify(file))).ok).toBe(true);
  const spaced: AnnotationFile = {
    ...file,
    submissions: file.submissions.map((s) => ({
      ...s,
      transcript: (s.transcript ?? "").replace(/[\r\n\t]/g, " "),
    })),
  };
  const wer = (f: AnnotationFile) => computeReport(f).intelligibility?.bySystem.tts?.wer;
  expect(wer(file)).toBeGreaterThan(0);
  expect(wer(file)).toBe(wer(spaced));
});

test("other control characters are still refused, by name", () => {
  expect(transcriptProblem("one\r\ntwo\tthree")).toBeNull();
  expect(transcriptProblem("one\u0007two")).toBe(
    "contains a control character (U+0007 at position 4)",
  );
  expect(transcriptProblem("a\u000bb")).toBe("contains a control character (U+000B at position 2)");
  expect(transcriptProblem("a\u0085b")).toBe("contains a control character (U+0085 at position 2)");
});
