import { expect, test } from "vitest";
import type { AnnotationFile } from "../interchange/types.ts";
import { byReliability, studyConsensus } from "./studyConsensus.ts";

// Two clips, four listeners and a recogniser. Worked by hand (docs/transcripts.md's method):
// ROVER gives "the cat sat" and "hello world"; against them a and b make 0 errors, c 1 + 1,
// d 3 + 2, on 3 + 2 consensus words each. The crowd's rate is 7 / 20 and the prior is worth
// 2 recordings of the mean length, 2 · 20 / 8 = 5 words with 5 · 0.35 = 1.75 errors, so
// a, b: (0 + 1.75) / (5 + 5) = 0.175, weight ln(0.825 / 0.175) = ln(33/7);
// c: (2 + 1.75) / 10 = 0.375, weight ln(5/3); d: (5 + 1.75) / 10 = 0.675 ≥ 0.5, weight 0.
// The weighted rounds keep both consensus texts, so the figures stay.
function study(): AnnotationFile {
  return {
    format: "redpen-annotations",
    version: 1,
    study: { id: "t", name: "t", binSeconds: 0.1, task: "transcribe" },
    taxonomy: [],
    clips: [
      { id: "c1", name: "c1.wav", duration: 2, system: "A", text: "The cat sat." },
      { id: "c2", name: "c2.wav", duration: 2, system: "A" },
      { id: "c3", name: "c3.wav", duration: 2, system: "A" },
    ],
    annotators: [
      { id: "d", role: "crowd" },
      { id: "c", role: "crowd" },
      { id: "b", role: "crowd" },
      { id: "a", role: "crowd" },
      { id: "asr", role: "asr", engine: "test" },
    ],
    submissions: [
      { clipId: "c2", annotatorId: "d", transcript: "good bye" },
      { clipId: "c1", annotatorId: "d", transcript: "dog ran far" },
      { clipId: "c1", annotatorId: "c", transcript: "A cat sat" },
      { clipId: "c2", annotatorId: "c", transcript: "hello word" },
      { clipId: "c1", annotatorId: "b", transcript: "the cat sat" },
      { clipId: "c2", annotatorId: "b", transcript: "Hello, world!" },
      { clipId: "c1", annotatorId: "a", transcript: "the cat sat" },
      { clipId: "c2", annotatorId: "a", transcript: "hello world" },
      { clipId: "c1", annotatorId: "asr", transcript: "a bat sat" },
      { clipId: "c3", annotatorId: "asr", transcript: "only a recogniser heard this" },
    ],
    regions: [],
    reasonLabels: [],
  };
}

test("the study's consensus and its listeners by reliability, as worked by hand", () => {
  const out = studyConsensus(study());
  expect(out?.method).toBe("reliability");
  expect(out?.clips).toEqual([
    { clip: "c1", consensus: "the cat sat", transcripts: 4 },
    { clip: "c2", consensus: "hello world", transcripts: 4 },
  ]);
  const rows = out?.annotators.map((w) => [w.annotator, w.transcripts, w.errors, w.words]);
  expect(rows).toEqual([
    ["a", 2, 0, 5],
    ["b", 2, 0, 5],
    ["c", 2, 2, 5],
    ["d", 2, 5, 5],
  ]);
  const [a, b, c, d] = out?.annotators ?? [];
  expect(a?.errorRate).toBeCloseTo(0.175, 12);
  expect(b?.errorRate).toBeCloseTo(0.175, 12);
  expect(c?.errorRate).toBeCloseTo(0.375, 12);
  expect(d?.errorRate).toBeCloseTo(0.675, 12);
  expect(a?.weight).toBeCloseTo(1.550597412411167, 12);
  expect(c?.weight).toBeCloseTo(0.5108256237659907, 12);
  expect(d?.weight).toBe(0);
});

test("no listener transcript: no consensus", () => {
  const file = study();
  file.submissions = file.submissions.filter((s) => s.annotatorId === "asr");
  expect(studyConsensus(file)).toBeNull();
});

test("ties in the error rate go by id in code-unit order", () => {
  const w = (annotator: string, errorRate: number) => ({
    annotator,
    transcripts: 1,
    errors: 0,
    words: 1,
    errorRate,
    weight: 1,
  });
  expect(byReliability([w("b", 0.2), w("Z", 0.2), w("a", 0.1)]).map((x) => x.annotator)).toEqual([
    "a",
    "Z",
    "b",
  ]);
});
