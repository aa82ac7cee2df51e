// The collection server's schema, as numbered migrations that run in order, once each, on
// PGlite and on PostgreSQL alike (plain SQL both understand). A migration is never edited
// after it has shipped: a change is a new migration.
import type { Store } from "./store.ts";

export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "studies, audio, participants, assignments, submissions",
    sql: `
      CREATE TABLE settings (
        key text PRIMARY KEY,
        value text NOT NULL
      );
      -- A published study: the interchange file without its annotations (header, taxonomy,
      -- clips) and the collection settings.
      CREATE TABLE studies (
        id text PRIMARY KEY,
        file jsonb NOT NULL,
        settings jsonb NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- Audio, stored once whatever study uses it, by the SHA-256 of its bytes.
      CREATE TABLE audio (
        sha256 text PRIMARY KEY,
        mime text NOT NULL,
        bytes bytea NOT NULL
      );
      CREATE TABLE clips (
        study_id text NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
        clip_id text NOT NULL,
        position integer NOT NULL,
        sentence text NOT NULL,
        system text NOT NULL,
        is_reference boolean NOT NULL,
        duration double precision NOT NULL,
        audio_sha256 text,
        PRIMARY KEY (study_id, clip_id)
      );
      CREATE TABLE participants (
        study_id text NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
        id text NOT NULL,
        platform text NOT NULL,
        platform_participant text NOT NULL,
        platform_study text,
        platform_session text,
        status text NOT NULL DEFAULT 'started',
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        PRIMARY KEY (study_id, id),
        UNIQUE (study_id, platform, platform_participant)
      );
      CREATE TABLE sessions (
        token_sha256 text PRIMARY KEY,
        study_id text NOT NULL,
        participant_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (study_id, participant_id) REFERENCES participants(study_id, id) ON DELETE CASCADE
      );
      CREATE TABLE assignments (
        study_id text NOT NULL,
        participant_id text NOT NULL,
        clip_id text NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (study_id, participant_id, clip_id),
        UNIQUE (study_id, participant_id, position),
        FOREIGN KEY (study_id, participant_id) REFERENCES participants(study_id, id) ON DELETE CASCADE,
        FOREIGN KEY (study_id, clip_id) REFERENCES clips(study_id, clip_id) ON DELETE CASCADE
      );
      CREATE INDEX assignments_by_clip ON assignments (study_id, clip_id);
      -- One finished clip of one participant. client_id is made by the participant's browser:
      -- sending the same submission again finds it and stores nothing.
      CREATE TABLE submissions (
        study_id text NOT NULL,
        participant_id text NOT NULL,
        clip_id text NOT NULL,
        client_id text NOT NULL,
        body jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (study_id, participant_id, clip_id),
        UNIQUE (study_id, client_id),
        FOREIGN KEY (study_id, participant_id, clip_id)
          REFERENCES assignments(study_id, participant_id, clip_id) ON DELETE CASCADE
      );
    `,
  },
  {
    version: 2,
    name: "experts and their reason labels",
    sql: `
      -- An expert of one study, with the token of their link (stored hashed).
      CREATE TABLE experts (
        study_id text NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
        id text NOT NULL,
        token_sha256 text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (study_id, id)
      );
      -- The reasons an expert gives one collected span (region ids as collect() makes them).
      CREATE TABLE reason_labels (
        study_id text NOT NULL,
        expert_id text NOT NULL,
        region_id text NOT NULL,
        reasons jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (study_id, region_id, expert_id),
        FOREIGN KEY (study_id, expert_id) REFERENCES experts(study_id, id) ON DELETE CASCADE
      );
    `,
  },
  {
    version: 3,
    name: "participants' intake answers",
    sql: `
      -- The intake questionnaire's answers (domain/collection/intake.ts), as annotators[].profile.
      ALTER TABLE participants ADD COLUMN profile jsonb;
    `,
  },
  {
    version: 4,
    name: "participants' headphone screening",
    sql: `
      -- The headphone screening's result (domain/collection/headphoneCheck.ts), as annotators[].screening.
      ALTER TABLE participants ADD COLUMN screening jsonb;
    `,
  },
  {
    version: 5,
    name: "honest slots: released assignments, last sign of life",
    sql: `
      -- A returned (or timed-out) participant's unfinished clips go to others: their
      -- assignments stay (positions are theirs) but no longer count against ratingsPerClip.
      ALTER TABLE assignments ADD COLUMN released boolean NOT NULL DEFAULT false;
      -- When the participant last arrived or sent a clip: past the study's slot timeout, a
      -- participant still 'started' loses their unfinished clips.
      ALTER TABLE participants ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
      UPDATE assignments a SET released = true FROM participants p
        WHERE p.study_id = a.study_id AND p.id = a.participant_id AND p.status = 'returned'
          AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.study_id = a.study_id
            AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id);
    `,
  },
  {
    version: 6,
    name: "a study's version, for the servers' caches",
    sql: `
      -- Every publish gives the study a new version, never used before on this database (a
      -- study published, withdrawn and published again included): a server process keeps the
      -- parsed study file and clip list it has read under (study id, version), and reads
      -- them again only when the version it finds in the study's row has moved.
      CREATE SEQUENCE study_versions AS integer;
      ALTER TABLE studies ADD COLUMN version integer NOT NULL DEFAULT nextval('study_versions');
    `,
  },
];

/**
 * The key of the advisory lock migrations hold ("RedP"): one server migrates at a time, even
 * on a fresh database where the migrations table does not exist yet to be locked.
 */
export const MIGRATION_LOCK = 0x52656450;

/**
 * Brings the schema up to the newest migration; returns the versions it applied. Everything
 * runs in one transaction that first takes a transaction-scoped advisory lock: two servers
 * starting at once on the same (even empty) database apply each migration once, the second
 * waiting for the first and then finding them applied; a failure applies none.
 */
export async function migrate(store: Store): Promise<number[]> {
  return store.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await tx.query<{ version: number }>("SELECT version FROM schema_migrations")).map(
        (r) => r.version,
      ),
    );
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        m.version,
        m.name,
      ]);
      applied.push(m.version);
    }
    return applied;
  });
}

/** The statements of a migration (no semicolons inside strings in ours). */
function splitStatements(sql: string): string[] {
  return sql
    .split(";")
    .map((s) => s.replace(/--[^\n]*/g, "").trim())
    .filter((s) => s.length > 0);
}
