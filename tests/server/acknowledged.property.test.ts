// What the server acknowledges, the analysis accepts (issue 18, item 3): fast-check drives the
// API with arbitrary arrivals and submissions — well-formed ones and every kind of hostile
// value (0.5 and 1e308 plays, dates past year 9999, NUL and lone surrogates, objects where text
// belongs, deep nesting) — and after each run asserts that no request got a 500 and that what
// `collect` returns is a file `validate`, `stats --json` and the app's import (planMerge and
// resolveMerge, as the merge preview runs them) all accept.
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runAnalysisCli } from "../../src/cli/analysisCommands.ts";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import { planMerge, resolveMerge } from "../../src/domain/merge/merge.ts";
import { compareFile, studyFile } from "./fixtures.ts";
import { type Harness, startHarness, TOKEN } from "./harness.ts";

let h: Harness;
const logged: string[] = [];

beforeAll(async () => {
  h = await startHarness({ log: (line) => logged.push(line) });
  const file = studyFile("prop", 4, ["A", "B"]);
  file.study.intake = {
    standard: { ageBand: "optional", nativeLanguages: "optional", headphones: "optional" },
    free: [{ text: "Anything else?", required: false }],
  };
  await h.publish(file, { clipsPerParticipant: 3, ratingsPerClip: 1000 });
  // Comparisons with a pre-test: A/B (failing screens out) and CCR (record-only).
  await h.publish(compareFile("prop-ab", 3, ["A", "B", "C"], { pretest: 2 }), {
    clipsPerParticipant: 3,
    ratingsPerClip: 1000,
  });
  await h.publish(
    compareFile("prop-ccr", 2, ["A", "B"], { scale: "ccr", pretest: 2, screenOut: false }),
    {
      clipsPerParticipant: 2,
      ratingsPerClip: 1000,
    },
  );
});
afterAll(() => h.close());

const nasty = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00",
  "\u0007bell",
  "line\nbreak",
  "x".repeat(3000),
  "[object Object]",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "1969-12-31T23:59:59Z",
  "2026-11-21T10:00:00",
  "2026-11-21T10:00:00.000+14:00",
  "9999-12-31T23:59:59.999-01:00",
);
const text = fc.oneof(fc.string({ unit: "binary", maxLength: 20 }), nasty);
const number = fc.oneof(fc.integer({ min: -3, max: 8 }), fc.double(), {
  arbitrary: fc.constantFrom(0.5, 1e308, -0, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, 1e-300),
  weight: 3,
});
const deep = fc.integer({ min: 60, max: 80 }).map((n) => {
  let v: unknown = "x";
  for (let i = 0; i < n; i++) v = [v];
  return v;
});
const anything = fc.oneof(text, number, fc.boolean(), fc.constant(null), deep, fc.anything());
/**
 * A good record, or the same record with one field made hostile: most requests get through
 * and each field is hit alone, so a hostile value the server wrongly takes is acknowledged.
 */
function oneHostile<T extends Record<string, unknown>>(
  good: fc.Arbitrary<T>,
  hostile: { [K in keyof T]?: fc.Arbitrary<unknown> },
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(hostile) as (keyof T & string)[];
  return fc.oneof(
    good,
    fc
      .tuple(good, fc.constantFrom(...keys))
      .chain(([record, key]) =>
        (hostile[key] as fc.Arbitrary<unknown>).map((value) => ({ ...record, [key]: value })),
      ),
  );
}
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const pid = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,12}$/);
const date = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  nasty,
  anything,
);

const arrival = oneHostile(
  fc.record(
    {
      platform: fc.constantFrom("prolific", "link"),
      participantId: pid,
      platformStudyId: pid,
      sessionId: pid,
      answers: fc.dictionary(
        fc.constantFrom("ageBand", "nativeLanguages", "headphones", "free:q1", "other"),
        fc.oneof(text, fc.constantFrom("18–24", "yes", "no", "English, Welsh")),
      ),
    },
    { requiredKeys: ["platform", "participantId"] },
  ),
  {
    platform: anything,
    participantId: anything,
    platformStudyId: fc.oneof(text, anything),
    sessionId: fc.oneof(text, anything),
    answers: anything,
  },
);

const goodSpan = fc
  .tuple(
    fc.double({ min: 0, max: 1.9, noNaN: true }),
    fc.double({ min: 0.001, max: 3, noNaN: true }),
  )
  .map(([start, length]) => ({ start, end: start + length }));
const submission = oneHostile(
  fc.record(
    {
      clientId: fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/),
      position: fc.integer({ min: 1, max: 3 }),
      score: fc.integer({ min: 1, max: 5 }),
      spans: fc.array(goodSpan, { maxLength: 4 }),
      heardToEnd: fc.boolean(),
      playCount: fc.nat(20),
      seconds: fc.double({ min: 0, max: 600, noNaN: true }),
      completedAt: fc
        .date({ min: new Date(0), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString()),
    },
    { requiredKeys: ["clientId", "position", "spans", "heardToEnd"] },
  ),
  {
    clientId: anything,
    position: fc.oneof(number, anything),
    score: number,
    spans: fc.oneof(
      anything,
      fc.array(fc.record({ start: fc.oneof(number, anything), end: fc.oneof(number, anything) }), {
        minLength: 1,
        maxLength: 3,
      }),
    ),
    heardToEnd: anything,
    playCount: number,
    seconds: number,
    completedAt: date,
  },
);

test("whatever the server acknowledged, validate, stats and the app's import accept", async () => {
  const answers = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      arrival,
      fc.array(submission, { maxLength: 4 }),
      maybe(fc.boolean()),
      async (arrive, submissions, giveBack) => {
        const arrived = await h.api("POST", "p/prop/arrive", arrive);
        expect(arrived.status).toBeLessThan(500);
        const token = arrived.json.sessionToken as string | undefined;
        if (token) {
          for (const s of submissions) {
            const sent = await h.api("POST", "p/prop/submissions", s, token);
            expect(sent.status).toBeLessThan(500);
            answers.set(sent.status, (answers.get(sent.status) ?? 0) + 1);
          }
          if (giveBack) expect((await h.api("POST", "p/prop/return", {}, token)).status).toBe(200);
        }
        const collected = await h.api("GET", "studies/prop/collect", undefined, TOKEN);
        expect(collected.status).toBe(200);
        const parsed = parseAnnotationFile(collected.json);
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
        const text = JSON.stringify(collected.json);
        const io = (out: string[]) => ({
          stdout: (t: string) => out.push(t),
          stderr: (t: string) => out.push(t),
          readFile: () => text,
        });
        const said: string[] = [];
        expect(runAnalysisCli(["validate", "collected.json"], io(said)), said.join("")).toBe(0);
        expect(runAnalysisCli(["stats", "collected.json", "--json"], io(said)), said.join("")).toBe(
          0,
        );
        const plan = planMerge(undefined, [parsed.file], ["collected.json"]);
        resolveMerge(plan, {});
      },
    ),
    { numRuns: 120 },
  );
  const collected = await h.api("GET", "studies/prop/collect", undefined, TOKEN);
  // The runs did store something, and refused something: the property is not vacuous.
  expect(answers.get(400) ?? 0).toBeGreaterThan(5);
  expect((collected.json.submissions as unknown[]).length).toBeGreaterThan(5);
  expect(logged).toEqual([]);
});

/** A play of a trial's side, or a judgment: well-formed mostly, each field hostile alone. */
const stage = fc.constantFrom("pretest", "main");
const trialPlay = fc.record({
  kind: fc.constant("play" as const),
  stage,
  position: fc.integer({ min: 1, max: 3 }),
  side: fc.integer({ min: 1, max: 2 }),
});
const position3 = fc.integer({ min: 1, max: 3 });
const judgmentRequest = oneHostile(
  fc
    .record({
      clientId: fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/),
      stage,
      position: position3,
      answer: fc.oneof(
        fc.record({ choice: fc.constantFrom("1", "2", "same") }),
        fc.record({ score: fc.integer({ min: -3, max: 3 }) }),
      ),
      heardToEnd: fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, fc.constant(false)),
      seconds: fc.double({ min: 0, max: 600, noNaN: true }),
      completedAt: fc
        .date({ min: new Date(0), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString()),
    })
    .map(({ answer, ...rest }) => ({ ...rest, ...answer }) as Record<string, unknown>),
  {
    clientId: anything,
    stage: anything,
    position: fc.oneof(number, anything),
    choice: anything,
    score: number,
    heardToEnd: anything,
    seconds: number,
    completedAt: date,
    passed: fc.boolean(),
  },
).map((body) => ({ kind: "judge" as const, body }));

/** Both samples of the trial a judgment names played first (when it names one), as a page does. */
async function judgeAfterPlays(study: string, token: string, body: Record<string, unknown>) {
  const { stage: st, position } = body;
  if ((st === "pretest" || st === "main") && typeof position === "number") {
    for (const side of [1, 2]) {
      const played = await h.api(
        "POST",
        `p/${study}/trials/${st}/${position}/${side}/plays`,
        { playId: `play-${Math.random().toString(36).slice(2, 12)}` },
        token,
      );
      expect(played.status).toBeLessThan(500);
    }
  }
  return h.api("POST", `p/${study}/judgments`, body, token);
}

test("whatever the server acknowledged of judgments, validate, stats and the app's import accept", async () => {
  const answers = new Map<number, number>();
  let plays = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("prop-ab", "prop-ccr"),
      pid,
      fc.array(fc.oneof(trialPlay, judgmentRequest), { maxLength: 12 }),
      async (study, participantId, actions) => {
        const arrived = await h.api("POST", `p/${study}/arrive`, {
          platform: "link",
          participantId,
        });
        expect(arrived.status).toBeLessThan(500);
        const token = arrived.json.sessionToken as string | undefined;
        if (token) {
          for (const action of actions) {
            const sent =
              action.kind === "play"
                ? await h.api(
                    "POST",
                    `p/${study}/trials/${action.stage}/${action.position}/${action.side}/plays`,
                    { playId: `play-${Math.random().toString(36).slice(2, 12)}` },
                    token,
                  )
                : await judgeAfterPlays(study, token, action.body);
            expect(sent.status).toBeLessThan(500);
            if (action.kind === "play") plays += sent.status === 200 ? 1 : 0;
            else answers.set(sent.status, (answers.get(sent.status) ?? 0) + 1);
          }
        }
        const collected = await h.api("GET", `studies/${study}/collect`, undefined, TOKEN);
        expect(collected.status).toBe(200);
        const parsed = parseAnnotationFile(collected.json);
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
        const text = JSON.stringify(collected.json);
        const io = (out: string[]) => ({
          stdout: (t: string) => out.push(t),
          stderr: (t: string) => out.push(t),
          readFile: () => text,
        });
        const said: string[] = [];
        expect(runAnalysisCli(["validate", "collected.json"], io(said)), said.join("")).toBe(0);
        expect(runAnalysisCli(["stats", "collected.json", "--json"], io(said)), said.join("")).toBe(
          0,
        );
        const plan = planMerge(undefined, [parsed.file], ["collected.json"]);
        resolveMerge(plan, {});
      },
    ),
    { numRuns: 80 },
  );
  // The runs did store judgments and refuse some: the property is not vacuous.
  let judged = 0;
  for (const study of ["prop-ab", "prop-ccr"]) {
    const collected = await h.api("GET", `studies/${study}/collect`, undefined, TOKEN);
    judged += (collected.json.judgments as unknown[]).length;
  }
  expect(plays).toBeGreaterThan(20);
  expect(answers.get(400) ?? 0).toBeGreaterThan(5);
  expect(judged).toBeGreaterThan(3);
  expect(logged).toEqual([]);
});
