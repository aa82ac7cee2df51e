import fc from "fast-check";
import { expect, test } from "vitest";
import { readResponsesCsv, readTable, readTextsCsv, toTextsCsv } from "./taskCsv.ts";

test("responses: quoted fields across lines, tasks in order of first appearance", () => {
  const csv =
    '\uFEFFtask,output,performer\r\nt2,"hello,\nworld",p1\r\nt1,hi,p2\r\n\r\nt2,"say ""hi""",p3\r\n';
  const r = readResponsesCsv(csv, { needAnnotator: true });
  expect(r).toEqual({
    ok: true,
    value: [
      { task: "t2", texts: ["hello,\nworld", 'say "hi"'], annotators: ["p1", "p3"] },
      { task: "t1", texts: ["hi"], annotators: ["p2"] },
    ],
  });
});

test("responses: crowd-kit's column names, any column order; an empty text is a transcript", () => {
  const r = readResponsesCsv("worker,text,task\nw1,,a\nw2,yes,a\n", { needAnnotator: true });
  expect(r).toEqual({
    ok: true,
    value: [{ task: "a", texts: ["", "yes"], annotators: ["w1", "w2"] }],
  });
});

test("missing columns are named, with the header there is", () => {
  expect(readResponsesCsv("id,transcript\n1,x\n", { needAnnotator: true })).toEqual({
    ok: false,
    errors: [
      'line 1: no "task", no "output" or "text", no "performer" or "worker" column (the header has "id", "transcript")',
    ],
  });
  // The annotator column is needed only when asked for.
  expect(readResponsesCsv("task,output\n1,x\n").ok).toBe(true);
  expect(readTextsCsv("task,answer\n1,x\n")).toEqual({
    ok: false,
    errors: ['line 1: no "output" or "text" column (the header has "task", "answer")'],
  });
});

test("a line over 10,000 characters is refused with its line number", () => {
  const long = "x".repeat(10_001);
  const csv = `task,output,performer\na,"two\nlines",p\nb,${long},p\n`;
  expect(readResponsesCsv(csv)).toEqual({
    ok: false,
    errors: ["line 4: longer than 10,000 characters (not a transcription CSV?)"],
  });
  // 10,000 is allowed.
  expect(readResponsesCsv(`task,output\nb,${"x".repeat(9_998)}\n`).ok).toBe(true);
});

test("rows with the wrong number of fields, empty tasks and an unclosed quote name their line", () => {
  const r = readResponsesCsv('task,output,performer\na,"x\ny",p\nb,hello, world,p\n,z,p\n');
  expect(r).toEqual({
    ok: false,
    errors: ["line 4: 4 fields where the header has 3 (a comma in an unquoted text?)"],
  });
  expect(readResponsesCsv("task,output,performer\n,z,p\n")).toEqual({
    ok: false,
    errors: ["line 2: the task is empty"],
  });
  const unclosed = readResponsesCsv('task,output\na,ok\nb,"never closed\n');
  expect(unclosed.ok).toBe(false);
  if (!unclosed.ok) expect(unclosed.errors[0]).toMatch(/^line 3: /);
  expect(readResponsesCsv("")).toEqual({
    ok: false,
    errors: ["the file is empty (expected a header line such as task,output)"],
  });
});

test("texts files: one row per task; a task twice is refused", () => {
  expect(readTextsCsv("task,output\na,x\nb,y\na,z\n")).toEqual({
    ok: false,
    errors: ['line 4: task "a" again (first on line 2)'],
  });
  const ok = readTextsCsv("task,output\nb,y\na,\n");
  expect(ok.ok && [...ok.value]).toEqual([
    ["b", "y"],
    ["a", ""],
  ]);
});

test("writing task,output: quoted where needed, read back the same", () => {
  const rows = [
    { task: "1", output: "plain" },
    { task: "2", output: 'a "quote", a comma' },
    { task: "3", output: "" },
  ];
  const csv = toTextsCsv(rows);
  expect(csv).toBe('task,output\n1,plain\n2,"a ""quote"", a comma"\n3,\n');
  const back = readTextsCsv(csv);
  expect(back.ok && [...back.value]).toEqual(rows.map((r) => [r.task, r.output]));
});

test("the one-pass reader gives papaparse's table, or leaves the file to papaparse", () => {
  // Files built from the characters that matter (quotes, commas, line ends, long runs).
  const piece = fc.constantFrom(
    '"',
    ",",
    "\n",
    "\r",
    "\r\n",
    "a",
    "b ",
    '""',
    ',"x\r\ny",',
    "x".repeat(6000),
    "\uFEFF",
  );
  const file = fc.array(piece, { maxLength: 30 }).map((p) => `task,output\n${p.join("")}`);
  const cell = fc
    .string({ maxLength: 8 })
    .map((s) => (/[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s));
  const good = fc
    .array(fc.tuple(cell, cell), { maxLength: 8 })
    .map((rows) => `task,output\n${rows.map((r) => r.join(",")).join("\n")}\n`);
  fc.assert(
    fc.property(fc.oneof(file, good), (text) => {
      expect(readTable(text)).toEqual(readTable(text, false));
    }),
    { numRuns: 2000 },
  );
});
