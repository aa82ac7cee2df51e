// The connections' warm-up before the server listens (warmConnections.ts): every connection
// goes through an arrival and submissions to the end, on PGlite and on PostgreSQL (ten
// backends), and nothing of it stays in any table; the participants who come next are assigned and submit as ever.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { studyFile } from "../../tests/server/fixtures.ts";
import { openMigratedPglite } from "../../tests/server/pgliteTemplate.ts";
import { type Cluster, startPostgres } from "../../tests/server/postgres.ts";
import { ArriveRequestSchema, SubmissionRequestSchema } from "../domain/api/requests.ts";
import { arrive } from "./arrival.ts";
import { migrate } from "./migrations.ts";
import { openPostgres, type Store } from "./store.ts";
import { publishStudy } from "./studies.ts";
import { submit } from "./submissions.ts";
import { warmConnections } from "./warmConnections.ts";

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

const TABLES = [
  "studies",
  "clips",
  "participants",
  "sessions",
  "assignments",
  "submissions",
  "plays",
];

async function rows(store: Store): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of TABLES) {
    const [row] = await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`);
    counts[t] = row?.n ?? -1;
  }
  return counts;
}

async function check(store: Store) {
  await migrate(store);
  await publishStudy(store, {
    file: studyFile("after", 2, ["A"]),
    settings: { clipsPerParticipant: 2, ratingsPerClip: 1 },
  });
  const before = await rows(store);
  expect(before).toEqual({
    studies: 1,
    clips: 4,
    participants: 0,
    sessions: 0,
    assignments: 0,
    submissions: 0,
    plays: 0,
  });
  // A rolled-back transaction gives back what its work returns and keeps none of its writes;
  // what its work throws comes through.
  const kept = await store.rolledBack(async (tx) => {
    await tx.query("DELETE FROM clips");
    return (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM clips"))[0]?.n;
  });
  expect(kept).toBe(0);
  await expect(
    store.rolledBack(async (tx) => {
      await tx.query("DELETE FROM clips");
      throw new Error("stop");
    }),
  ).rejects.toThrow("stop");
  expect(await rows(store)).toEqual(before);
  expect(await warmConnections(store)).toBe(store.connections);
  expect(await rows(store)).toEqual(before);
  // The next participant: assigned two clips, both taken.
  const { sessionToken, state } = await arrive(
    store,
    "after",
    ArriveRequestSchema.parse({ platform: "prolific", participantId: "P1" }),
  );
  expect(state.clips).toHaveLength(2);
  for (const position of [1, 2]) {
    const r = await submit(
      store,
      "after",
      sessionToken,
      SubmissionRequestSchema.parse({
        clientId: `after-${position}-0000`,
        position,
        spans: [{ start: 0.1, end: 0.5 }],
        heardToEnd: true,
      }),
    );
    expect(r.replay).toBe(false);
  }
  expect(await rows(store)).toEqual({
    ...before,
    participants: 1,
    sessions: 1,
    assignments: 2,
    submissions: 2,
  });
}

test("PGlite: its one connection is warmed, and nothing of it stays", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-warm-"));
  const store = await openMigratedPglite(path.join(dir, "db"));
  cleanup.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => store.close(),
  );
  expect(store.connections).toBe(1);
  await check(store);
});

test("PostgreSQL: its ten connections are warmed, each on a backend of its own, and nothing stays", async () => {
  const cluster: Cluster = await startPostgres();
  cleanup.push(() => cluster.stop());
  const store = await openPostgres(cluster.url);
  cleanup.push(() => store.close());
  expect(store.connections).toBe(10);
  await check(store);
  // Ten backends of this database are connected, kept after the warm-up.
  const [row] = await store.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'",
  );
  expect(row?.n).toBe(10);
  // The participants' calls keep generic plans on a PostgreSQL server too (migration 10).
  const config = await store.query<{ name: string; config: string[] | null }>(
    "SELECT proname AS name, proconfig AS config FROM pg_proc WHERE proname = ANY($1) ORDER BY 1",
    [["arrival_again", "arrival_counts", "arrival_join", "take_submission"]],
  );
  const generic = ["plan_cache_mode=force_generic_plan"];
  expect(config).toEqual([
    { name: "arrival_again", config: generic },
    { name: "arrival_counts", config: null },
    { name: "arrival_join", config: generic },
    { name: "take_submission", config: generic },
  ]);
});
