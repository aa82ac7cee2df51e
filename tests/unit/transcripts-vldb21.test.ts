// The VLDB 2021 Crowd Science Challenge's development half (tests/fixtures/vldb21-dev, copied
// from the shared fixtures with its README): ROVER must equal crowd-kit's output recording for
// recording, and the default method must beat it by a point of AWAcc.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
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
