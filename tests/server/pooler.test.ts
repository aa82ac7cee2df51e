// The server behind a connection pooler in transaction mode (PgBouncer, as managed PostgreSQL
// services put one in front of the database), with fewer backends than the server's pool has
// connections: it starts (its warm-up of every connection does not wait for backends the
// pooler does not have), and participants arrive and submit, every submission stored once, a
// retry answered as a replay. Its statements are unnamed and it keeps no state in a session,
// which a pooler that hands each transaction to any backend requires (PgBouncer 1.18 here
// tracks no prepared statements at all).
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { studyFile } from "./fixtures.ts";
import { publishStudy } from "./harness.ts";
import { type Pooler, startPgBouncer } from "./pgbouncer.ts";
import { type Cluster, startPostgres } from "./postgres.ts";
import { callServer as call, spawnServer } from "./serverProcess.ts";

const TOKEN = "pooler-token";
let cluster: Cluster | undefined;
let pooler: Pooler | undefined;
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill("SIGKILL");
  pooler?.stop();
  cluster?.stop();
});

test("behind PgBouncer in transaction mode with 3 backends: it starts, and every submission is stored once", async () => {
  cluster = await startPostgres();
  pooler = await startPgBouncer(cluster.url, 3);
  const started = spawnServer(["--rate", "100000", "--arrival-rate", "1000000"], {
    ...process.env,
    REDPEN_TOKEN: TOKEN,
    DATABASE_URL: pooler.url,
  });
  server = started.proc;
  const base = await started.url;

  // 10 sentences × 3 clips, K = 4, R = 2: 60 places for 15 participants, who get what the
  // assignment gives them (each submits every clip it gave).
  const file = studyFile("pooled", 10, ["A", "B"]);
  const published = await publishStudy(
    base,
    file,
    { clipsPerParticipant: 4, ratingsPerClip: 2 },
    TOKEN,
  );
  expect(published.status).toBe(200);
  const arrivals = await Promise.all(
    Array.from({ length: 15 }, (_, i) =>
      call(base, "POST", "p/pooled/arrive", { platform: "prolific", participantId: `PID-${i}` }),
    ),
  );
  expect(arrivals.map((r) => r.status)).toEqual(Array(15).fill(200));
  const given = await Promise.all(
    arrivals.map(async (arrival, i) => {
      const token = arrival.json.sessionToken as string;
      const clips = (arrival.json.state as { clips: { position: number }[] }).clips;
      expect(clips.length).toBeGreaterThan(0);
      const answers = await Promise.all(
        clips.flatMap(({ position }) => {
          const body = {
            clientId: `pooled-${i}-${position}-xx`,
            position,
            spans: [{ start: 0.1, end: 0.2 }],
            heardToEnd: true,
          };
          // Each clip sent twice at once, as a retry crossing the first answer.
          return [0, 1].map(() => call(base, "POST", "p/pooled/submissions", body, token));
        }),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(2 * clips.length).fill(200));
      // One of each pair stored it, the other was answered as its replay.
      expect(answers.filter((r) => r.json.replay === true)).toHaveLength(clips.length);
      return clips.length;
    }),
  );
  const total = given.reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThanOrEqual(30);

  // Straight from the database, past the pooler: every clip once, every participant completed.
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  try {
    const counts = await db.query<{ n: number; distinct: number; completed: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (participant_id, clip_id))::int AS distinct,
         (SELECT count(*)::int FROM participants WHERE study_id = 'pooled' AND status = 'completed') AS completed
       FROM submissions WHERE study_id = 'pooled'`,
    );
    expect(counts.rows).toEqual([{ n: total, distinct: total, completed: 15 }]);
  } finally {
    await db.end();
  }
});
