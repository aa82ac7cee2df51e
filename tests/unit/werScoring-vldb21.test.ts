// The WebAssembly scoring (src/domain/stats/werScoring.ts) on real crowd transcripts, typed as
// people type (capitals, punctuation, doubled spaces): every transcript of the VLDB 2021
// development half against its true text, the same counts as align.ts on normalise.ts's words.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { scoreWordsInWasm } from "../../src/domain/stats/werScoring.ts";
import { errorCounts } from "../../src/domain/transcripts/align.ts";
import { tokensOf } from "../../src/domain/transcripts/normalise.ts";
import { readResponsesCsv, readTextsCsv } from "../../src/domain/transcripts/taskCsv.ts";

const dir = "tests/fixtures/vldb21-dev";

test("every transcript of the VLDB 2021 development half scores as in JavaScript", () => {
  const responses = readResponsesCsv(readFileSync(`${dir}/responses.csv`, "utf8"));
  const truth = readTextsCsv(readFileSync(`${dir}/gt.csv`, "utf8"));
  if (!responses.ok || !truth.ok) throw new Error("fixture unreadable");
  const tasks = responses.value.filter((t) => tokensOf(truth.value.get(t.task) ?? "").length > 0);
  const refs = tasks.map((t) => tokensOf(truth.value.get(t.task) as string));
  const transcripts: string[] = [];
  const clips: number[] = [];
  tasks.forEach((t, c) => {
    for (const text of t.texts) {
      transcripts.push(text);
      clips.push(c);
    }
  });
  // Non-ASCII transcripts (a few) are JavaScript's: these are the ASCII ones.
  const ascii = transcripts
    .map((text, t) => [text, clips[t]] as const)
    .filter(([text]) => /^[\0-\x7f]*$/.test(text));
  expect(ascii.length).toBeGreaterThan(9000);
  const n = ascii.length;
  const out = {
    errors: new Int32Array(n),
    substitutions: new Int32Array(n),
    deletions: new Int32Array(n),
    insertions: new Int32Array(n),
  };
  const clipOf = Int32Array.from(ascii, ([, c]) => c as number);
  expect(
    scoreWordsInWasm(
      ascii.map(([text]) => text),
      clipOf,
      refs,
      out,
    ),
  ).toBe(true);
  let differing = 0;
  let errors = 0;
  ascii.forEach(([text, c], t) => {
    const js = errorCounts(refs[c as number] as string[], tokensOf(text));
    errors += js.errors;
    if (
      js.errors !== out.errors[t] ||
      js.substitutions !== out.substitutions[t] ||
      js.deletions !== out.deletions[t] ||
      js.insertions !== out.insertions[t]
    ) {
      differing++;
    }
  });
  expect(differing).toBe(0);
  expect(errors).toBeGreaterThan(10000);
});
