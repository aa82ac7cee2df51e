// The database connections' warm-up, before the server listens: every connection to the
// database goes once through what a participant's calls run (an arrival, a return visit, a
// submission fitted, stored and sent again, a play of a play-limited clip counted) on a study
// of its own, in a transaction that is rolled back, so that nothing of it stays. Each
// PostgreSQL backend compiles a PL/pgSQL function at its first call and plans each statement
// in it when it first runs it, and keeps both for the connection's life; without this, the
// first participants paid for it (a study's launch brings them all at once; measured
// in docs/server.md, "Performance") and, on PGlite, everyone waiting behind them. The server's
// own code is warmed by warmup.ts.
import { randomBytes } from "node:crypto";
import type { Sql, Store } from "./store.ts";
import { sha256 } from "./studies.ts";

/** The calls of a participant's arrival and submissions, on a study no one sees. */
async function participantCalls(tx: Sql) {
  const study = `warm-up-${randomBytes(8).toString("hex")}`;
  const token = sha256(randomBytes(32));
  const [row] = await tx.query<{ version: number }>(
    "INSERT INTO studies (id, file, settings) VALUES ($1, '{}', '{}') RETURNING version",
    [study],
  );
  const version = row?.version;
  await tx.query(
    `INSERT INTO clips (study_id, clip_id, position, sentence, system, is_reference, duration)
     VALUES ($1, 'a', 0, 's', 'A', false, 2), ($1, 'b', 1, 's', 'B', false, 2)`,
    [study],
  );
  const [again] = await tx.query<{ study_version: number }>(
    "SELECT * FROM arrival_again($1, $2, $3, $4, $5)",
    [study, "warm-up", "p", token, "warm-up-other"],
  );
  await tx.query("SELECT * FROM arrival_counts($1, $2, $3, $4, $5)", [
    study,
    again?.study_version,
    ["warm-up"],
    ["p"],
    60,
  ]);
  const person = {
    id: "p",
    platform: "warm-up",
    participant: "p",
    platform_study: null,
    platform_session: null,
    profile: null,
    screening: null,
    status: "started",
    token,
    clips: ["a", "b"],
  };
  await tx.query("SELECT arrival_join($1, $2)", [study, JSON.stringify([person])]);
  await tx.query("SELECT * FROM arrival_again($1, $2, $3, $4, $5)", [
    study,
    "warm-up",
    "p",
    sha256(randomBytes(32)),
    "warm-up-other",
  ]);
  const body = JSON.stringify({ spans: [], heardToEnd: true, completedAt: new Date(0) });
  const take = "SELECT * FROM take_submission($1, $2, $3, $4, $5, $6, $7, $8)";
  // Spans to fit (the clip's duration answered), stored, a replay, the last clip (completed).
  const calls: [number, string, string | null, number | null, string][] = [
    [1, "c1", null, null, "fit"],
    [1, "c1", body, 0, "stored"],
    [1, "c1", body, 0, "replay"],
    [2, "c2", body, 0, "stored"],
  ];
  for (const [position, client, stored, maxEnd, expected] of calls) {
    const [taken] = await tx.query<{ outcome: string; participant_status: string }>(take, [
      token,
      study,
      version,
      position,
      client,
      stored,
      maxEnd,
      position === 2 ? 2 : null,
    ]);
    if (taken?.outcome !== expected) throw new Error(`warm-up: ${taken?.outcome} for ${expected}`);
    // A play of the second clip (a study with a play limit), before it is finished.
    if (expected === "replay") {
      const [played] = await tx.query<{ outcome: string }>(
        "SELECT * FROM take_play($1, $2, $3, $4, $5, $6)",
        [token, study, version, 2, "warm-up-play", 2],
      );
      if (played?.outcome !== "started") throw new Error(`warm-up: play ${played?.outcome}`);
    }
  }
}

/**
 * How long the first transactions wait for the others to have a connection of their own. A
 * connection pooler in transaction mode (PgBouncer, Supavisor) in front of PostgreSQL may have
 * fewer backends than the store has connections: the transactions that got none wait for one
 * until those holding them finish, which without this bound they never would (the server did
 * not start behind a PgBouncer pool of 5).
 */
const TOGETHER_MS = 2000;

/**
 * Warms every connection the store holds at once (each PostgreSQL backend has its own compiled
 * functions and plans), each in a transaction that is rolled back (`store.rolledBack`). Returns
 * how many went through to the end. A failure is not the server's: it starts, and the first
 * participants pay as before.
 */
export async function warmConnections(store: Store): Promise<number> {
  const n = store.connections;
  let entered = 0;
  let allIn: () => void = () => undefined;
  // Every transaction holds its connection until all have one (n different connections), or
  // for TOGETHER_MS at most: then those that have one go on, and the others follow as
  // connections come free.
  const together = new Promise<void>((resolve) => {
    allIn = resolve;
  });
  const timer = setTimeout(() => allIn(), TOGETHER_MS);
  const outcomes = await Promise.all(
    Array.from({ length: n }, () =>
      store
        .rolledBack(async (tx) => {
          if (++entered === n) allIn();
          await together;
          await participantCalls(tx);
          return true;
        })
        .catch(() => {
          allIn(); // one failed: the others must not wait for it
          return false;
        }),
    ),
  );
  clearTimeout(timer);
  return outcomes.filter(Boolean).length;
}
