import { expect, test } from "vitest";
import { aggregateTranscripts } from "./aggregate.ts";
import type { TaskResponses } from "./taskCsv.ts";

const task = (id: string, rows: [string, string][]): TaskResponses => ({
  task: id,
  texts: rows.map((r) => r[1]),
  annotators: rows.map((r) => r[0]),
});

test("a task with one transcript returns it; an empty transcript is a vote for no words", () => {
  const a = aggregateTranscripts([
    task("1", [["w1", "Only this, one."]]),
    task("2", [
      ["w1", ""],
      ["w2", ""],
      ["w3", "noise"],
    ]),
  ]);
  expect(a.tasks).toEqual([
    { task: "1", output: "only this one", transcripts: 1 },
    { task: "2", output: "", transcripts: 3 },
  ]);
});

test("an annotator who disagrees with the crowd everywhere loses their vote", () => {
  // w1..w3 agree on four recordings; w4 (always wrong) and w5 (right) split the fifth 1–1 on
  // their own, where plain ROVER would take w4's "zzz" (longer on a tie).
  const tasks = ["a", "b", "c", "d"].map((id) =>
    task(id, [
      ["w1", `say ${id}`],
      ["w2", `say ${id}`],
      ["w3", `say ${id}`],
      ["w4", "zzz qqq"],
    ]),
  );
  tasks.push(
    task("e", [
      ["w4", "zzz"],
      ["w5", "e"],
    ]),
  );
  expect(aggregateTranscripts(tasks, "rover").tasks[4]?.output).toBe("zzz");
  const a = aggregateTranscripts(tasks);
  expect(a.tasks.map((t) => t.output)).toEqual(["say a", "say b", "say c", "say d", "e"]);
  const w4 = a.annotators.find((w) => w.annotator === "w4");
  const w1 = a.annotators.find((w) => w.annotator === "w1");
  expect(w4?.weight).toBe(0);
  expect(w4?.errorRate).toBeGreaterThan(0.5);
  expect(w1?.weight).toBeGreaterThan(1);
  expect(a.annotators.map((w) => w.annotator)).toEqual(["w1", "w2", "w3", "w4", "w5"]);
});
