// Two server processes on one PostgreSQL (DATABASE_URL), participants alternating between
// them under load (issue 18, item 6): arrivals from both are assigned in the database's
// transactions, so no clip goes past ratingsPerClip; every submission is sent to both servers
// at once (a retry landing on the other machine), and each is stored exactly once. The two
// start at the same moment on an empty database: the migrations run once (an advisory lock).
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { MIGRATIONS } from "../../src/server/migrations.ts";
import { studyFile } from "./fixtures.ts";
import { publishStudy } from "./harness.ts";
import { type Cluster, startPostgres } from "./postgres.ts";
import { callServer as call, spawnServer } from "./serverProcess.ts";

const TOKEN = "two-servers-token";
let cluster: Cluster | undefined;
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  cluster?.stop();
});

/** `src/server/main.ts` on a free port against `url`; resolves with its address. */
function startServer(url: string): Promise<string> {
  const { proc, url: address } = spawnServer(["--rate", "100000", "--arrival-rate", "1000000"], {
    ...process.env,
    REDPEN_TOKEN: TOKEN,
    DATABASE_URL: url,
  });
  children.push(proc);
  return address;
}

test("two servers, one PostgreSQL: no slot handed out twice, nothing lost or doubled", async () => {
  cluster = await startPostgres();
  // Both at once on the empty database: the migrations' advisory lock makes one apply them
  // and the other wait and find them applied (no "relation already exists", no half schema).
  const [a, b] = (await Promise.all([startServer(cluster.url), startServer(cluster.url)])) as [
    string,
    string,
  ];
  const servers = [a, b];
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  try {
    const versions = await db.query<{ version: number }>(
      "SELECT version FROM schema_migrations ORDER BY version",
    );
    expect(versions.rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
  } finally {
    await db.end();
  }
  // 20 sentences × 4 clips, K = 8, R = 2: 160 places for 80 arriving ids (the last ones get
  // fewer than 8 clips, then none: 409).
  const file = studyFile("two", 20, ["A", "B", "C"]);
  const published = await publishStudy(
    a,
    file,
    { clipsPerParticipant: 8, ratingsPerClip: 2 },
    TOKEN,
  );
  expect(published.status).toBe(200);
  const arrivals = await Promise.all(
    Array.from({ length: 80 }, (_, i) =>
      call(servers[i % 2] as string, "POST", "p/two/arrive", {
        platform: "prolific",
        participantId: `PID-${i}`,
      }),
    ),
  );
  expect(new Set(arrivals.map((r) => r.status))).toEqual(new Set([200, 409]));
  const admitted = arrivals.filter((r) => r.status === 200);
  let expected = 0;
  expect(
    admitted.reduce((n, r) => n + (r.json.state as { clips: unknown[] }).clips.length, 0),
  ).toBe(160);
  await Promise.all(
    admitted.map(async (arrival, i) => {
      const token = arrival.json.sessionToken as string;
      const clips = (arrival.json.state as { clips: { position: number }[] }).clips;
      expected += clips.length;
      for (const { position } of clips) {
        const body = {
          clientId: `two-${i}-${position}-xxxx`,
          position,
          spans: [{ start: 0.1, end: 0.2 }],
          heardToEnd: true,
          playCount: 1,
        };
        // The same submission to both servers at once: one stores it, the other replays.
        const both = await Promise.all(
          servers.map((s) => call(s, "POST", "p/two/submissions", body, token)),
        );
        expect(both.map((r) => r.status)).toEqual([200, 200]);
        expect(both.map((r) => r.json.replay).sort()).toEqual([false, true]);
      }
    }),
  );
  const collected = await call(b, "GET", "studies/two/collect", undefined, TOKEN);
  const subs = collected.json.submissions as { clipId: string; annotatorId: string }[];
  expect(subs).toHaveLength(expected);
  expect(new Set(subs.map((s) => `${s.annotatorId}/${s.clipId}`)).size).toBe(expected);
  const perClip = new Map<string, number>();
  for (const s of subs) perClip.set(s.clipId, (perClip.get(s.clipId) ?? 0) + 1);
  expect(Math.max(...perClip.values())).toBeLessThanOrEqual(2);
  expect((collected.json.regions as unknown[]).length).toBe(expected);

  // Published again on A with a third rating per clip and a new consent: B, which keeps the
  // study it read per version, sees both at its next request (the study was full on B).
  const republished = await publishStudy(
    a,
    file,
    { clipsPerParticipant: 8, ratingsPerClip: 3, consent: "Again." },
    TOKEN,
  );
  expect(republished.status).toBe(200);
  expect((await call(b, "GET", "p/two")).json.consent).toBe("Again.");
  const late = await call(b, "POST", "p/two/arrive", { platform: "prolific", participantId: "L" });
  expect(late.status).toBe(200);
  expect((late.json.state as { clips: unknown[] }).clips).toHaveLength(8);

  // The same platform id arriving on both servers at once: one participant, one set of clips.
  const twice = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      Promise.all(
        servers.map((s) =>
          call(s, "POST", "p/two/arrive", { platform: "link", participantId: `DUP-${i}` }),
        ),
      ),
    ),
  );
  let given = 0;
  for (const pair of twice) {
    expect(pair.map((r) => r.status)).toEqual([200, 200]);
    const [first, second] = pair.map(
      (r) => r.json.state as { participantId: string; clips: unknown[] },
    );
    expect(first?.participantId).toBe(second?.participantId);
    expect(first?.clips).toEqual(second?.clips);
    given += first?.clips.length ?? 0;
  }
  const check = new pg.Client({ connectionString: cluster.url });
  await check.connect();
  try {
    const dup = await check.query<{ n: number; clips: number }>(
      `SELECT count(DISTINCT p.id)::int AS n, count(a.clip_id)::int AS clips FROM participants p
       LEFT JOIN assignments a ON a.study_id = p.study_id AND a.participant_id = p.id
       WHERE p.study_id = 'two' AND p.platform_participant LIKE 'DUP-%'`,
    );
    expect(dup.rows[0]).toEqual({ n: 10, clips: given });
  } finally {
    await check.end();
  }
});
