// What a hostile participant (or a broken client) sends: every field is checked against the
// API contract before any SQL runs, so each of these is a 400 naming the field — never a 500 —
// and nothing is stored. The values are the ones an attack on the server tried.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness, TOKEN } from "./harness.ts";

let h: Harness;
let session: string;
const logged: string[] = [];

beforeAll(async () => {
  h = await startHarness({ log: (line) => logged.push(line) });
  await h.publish(studyFile("hostile", 3, ["A"]), { clipsPerParticipant: 3 });
  const arrived = await h.api("POST", "p/hostile/arrive", {
    platform: "prolific",
    participantId: "PID-hostile",
  });
  expect(arrived.status).toBe(200);
  session = arrived.json.sessionToken as string;
});
afterAll(() => h.close());

const good = { clientId: "client-0001", position: 1, spans: [], heardToEnd: true };

describe("submissions: each field, the reader's rule, a 400 naming it", () => {
  test.each<[string, Record<string, unknown>, string]>([
    ["playCount 0.5", { playCount: 0.5 }, "playCount: must be an integer (got 0.5)"],
    ["playCount 1e308", { playCount: 1e308 }, "playCount: must be at most 10000 (got 1e+308)"],
    ["playCount -1", { playCount: -1 }, "playCount: must be at least 0 (got -1)"],
    ["seconds 1e308", { seconds: 1e308 }, "seconds: must be at most 86400 (got 1e+308)"],
    [
      "completedAt past year 9999",
      { completedAt: "+275760-09-13T00:00:00.000Z" },
      'completedAt: must be an ISO-8601 date and time such as "2026-11-21T10:00:00.000Z" (got "+275760-09-13T00:00:00.000Z")',
    ],
    [
      "completedAt before 1970",
      { completedAt: "1969-12-31T23:59:59.000Z" },
      'completedAt: must be a time from 1970 to 9999 (got "1969-12-31T23:59:59.000Z")',
    ],
    ["position 1.5", { position: 1.5 }, "position: must be an integer (got 1.5)"],
    ["position abc", { position: "abc" }, 'position: must be a number (got "abc")'],
    ["position 2**31", { position: 2 ** 31 }, "position: must be at most 1000 (got 2147483648)"],
    ["score 6", { score: 6 }, "score: must be at most 5 (got 6)"],
    ["heardToEnd missing", { heardToEnd: undefined }, "heardToEnd: is required"],
    [
      "a span's end not a number",
      {
        spans: [
          { start: 0, end: 1 },
          { start: 0, end: 1 },
          { start: 0, end: "x" },
        ],
      },
      'spans[2].end: must be a number (got "x")',
    ],
    [
      "a span's start negative",
      { spans: [{ start: -1, end: 1 }] },
      "spans[0].start: must be at least 0 (got -1)",
    ],
    [
      "the clientId",
      { clientId: "short" },
      'clientId: must be 8–64 letters, digits, _ or - (got "short")',
    ],
  ])("%s", async (_, change, message) => {
    const res = await h.api("POST", "p/hostile/submissions", { ...good, ...change }, session);
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: "bad-submission", message });
  });

  test("a span past the clip is refused by the span rules, with its index", async () => {
    const res = await h.api(
      "POST",
      "p/hostile/submissions",
      { ...good, spans: [{ start: 2.5, end: 3 }] },
      session,
    );
    expect(res.status).toBe(400);
    expect(res.json.error?.message).toMatch(/^spans\[0\]: /);
  });
});

describe("arrivals", () => {
  const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  test.each<[string, Record<string, unknown>, string]>([
    ["sessionId an object", { sessionId: { a: 1 } }, "sessionId: must be a string (got an object)"],
    [
      "a NUL in the participant id",
      { participantId: "ab\u0000c" },
      "participantId: must not contain U+0000 or a lone surrogate",
    ],
    [
      "a bell in Prolific's study id",
      { platformStudyId: "66aa\u0007" },
      "platformStudyId: must not contain control characters",
    ],
    [
      "a lone surrogate in an answer",
      { answers: { age: "\ud800" } },
      "answers.age: must not contain U+0000 or a lone surrogate",
    ],
    [
      "a long session id",
      { sessionId: "s".repeat(129) },
      "sessionId: must be at most 128 characters",
    ],
    [
      "platform elsewhere",
      { platform: "mturk" },
      'platform: must be "prolific" or "link" (got "mturk")',
    ],
    [
      "a forged score with an unknown field",
      { screening: { test: "huggins", trials: 6, correct: 6, passed: true } },
      "screening.choices: is required\nscreening: has a field this does not take: trials, correct, passed",
    ],
  ])("%s", async (_, change, message) => {
    const res = await h.api("POST", "p/hostile/arrive", {
      platform: "prolific",
      participantId: "PID-arrive",
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: "bad-arrival", message });
  });

  test("a 50,000-deep sessionId is a 400, not a 500", async () => {
    const res = await h.raw(
      "POST",
      "p/hostile/arrive",
      `{"platform":"prolific","participantId":"PID-deep","sessionId":${deep(50_000)}}`,
    );
    expect(res.status).toBe(400);
    expect(res.json.error?.message).toMatch(/nests (deeper than 64 levels|too deeply)/);
  });
});

test("addresses: positions, methods, studies", async () => {
  for (const [route, message] of [
    ["p/hostile/clips/1.5/audio", 'position: must be a number (got "1.5")'],
    ["p/hostile/clips/abc/audio", 'position: must be a number (got "abc")'],
    ["p/hostile/clips/2147483648/audio", "position: must be at most 1000 (got 2147483648)"],
    ["p/hostile/clips/0/audio", "position: must be at least 1 (got 0)"],
  ] as const) {
    const res = await h.api("GET", route, undefined, session);
    expect(res.status, route).toBe(400);
    expect(res.json.error?.message).toBe(message);
  }
  const wrongMethod = await h.api("GET", "p/hostile/arrive");
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.headers.get("allow")).toBe("POST");
  const nul = await h.api("GET", "p/a%00b");
  expect(nul.status).toBe(400);
  expect(nul.json.error?.message).toBe("studyId: must not contain U+0000 or a lone surrogate");
  // The longest study id (200 characters, 1,200 once %-encoded) is an id, one longer a 400.
  const longest = await h.api("GET", `p/${encodeURIComponent("é".repeat(200))}`);
  expect(longest.status).toBe(404);
  expect(longest.json.error?.code).toBe("no-study");
  const tooLong = await h.api("GET", `p/${encodeURIComponent("é".repeat(201))}`);
  expect(tooLong.status).toBe(400);
  expect(tooLong.json.error?.message).toMatch(/^studyId: /);
});

test("experts' and researchers' bodies too; nothing refused was stored; no 500 logged", async () => {
  const expert = await h.api("POST", "studies/hostile/experts", { expertId: { a: 1 } }, TOKEN);
  expect(expert.status).toBe(400);
  expect(expert.json.error?.message).toBe("expertId: must be a string (got an object)");
  const settings = await h.api(
    "PUT",
    "studies/hostile",
    { file: studyFile("hostile", 3, ["A"]), settings: { clipsPerParticipant: 0 } },
    TOKEN,
  );
  expect(settings.status).toBe(400);
  expect(settings.json.error?.message).toBe(
    "settings.clipsPerParticipant: must be at least 1 (got 0)",
  );
  const withNul = studyFile("hostile", 3, ["A"]);
  withNul.study.name = "a\u0000b";
  const nulStudy = await h.api("PUT", "studies/hostile", { file: withNul }, TOKEN);
  expect(nulStudy.status).toBe(400);
  expect(nulStudy.json.error?.message).toBe(
    "file.study.name: must not contain U+0000 or a lone surrogate",
  );
  const collected = await h.api("GET", "studies/hostile/collect", undefined, TOKEN);
  expect(collected.json.submissions).toEqual([]);
  expect(collected.json.study).toMatchObject({ name: "Study hostile" });
  expect(parseAnnotationFile(collected.json).ok).toBe(true);
  expect(logged).toEqual([]);
});

test("a NUL (or other text PostgreSQL refuses) in any path parameter is a 400 naming it", async () => {
  const expert = await h.api("POST", "studies/hostile/experts", { expertId: "E-nul" }, TOKEN);
  expect(expert.status).toBe(200);
  const expertToken = String(expert.json.token);
  const cases: [string, string, string | undefined, unknown, string][] = [
    ["HEAD", `audio/${"a".repeat(30)}%00${"b".repeat(33)}`, TOKEN, undefined, "sha256"],
    ["PUT", "audio/%00", TOKEN, undefined, "sha256"],
    ["GET", "x/hostile/clips/%00/audio", expertToken, undefined, "clipId"],
    ["GET", "x/hostile/clips/a%00b/audio", expertToken, undefined, "clipId"],
    ["PUT", "x/hostile/labels/%00", expertToken, { reasons: [] }, "regionId"],
    ["PUT", "x/hostile/labels/r%00", expertToken, { reasons: ["silence"] }, "regionId"],
  ];
  for (const [method, route, auth, body, name] of cases) {
    const res = await h.api(method, route, body, auth);
    expect(res.status, `${method} ${route}`).toBe(400);
    if (method !== "HEAD") expect(res.json.error?.message, route).toMatch(new RegExp(`^${name}: `));
  }
  // A sha256 in an address is 64 hex digits: anything else is refused by name, before any SQL.
  const short = await h.api("PUT", "audio/abc", undefined, TOKEN);
  expect(short.status).toBe(400);
  expect(short.json.error?.message).toBe("sha256: must be a SHA-256 in hex (64 digits 0-9a-f)");
  expect(logged).toEqual([]);
});
