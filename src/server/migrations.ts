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
  {
    version: 7,
    name: "a submission taken in one call",
    sql: `
      -- A participant's finished clip, taken in one call (one round trip, one transaction of
      -- its own): src/server/submissions.ts says what each outcome answers. Its statements run
      -- one after another, each seeing what was committed before it (as separate statements in
      -- one transaction would), and PL/pgSQL keeps their plans for the connection's life.
      --   p_max_end: where the submission's last span ends (0 without spans), or null when the
      --   server must first see the clip's duration to fit (or refuse) them: then nothing is
      --   stored and the outcome is 'fit', with the duration.
      CREATE FUNCTION take_submission(p_token text, p_study text, p_position integer,
        p_client text, p_body jsonb, p_max_end double precision)
      RETURNS TABLE (outcome text, clip_duration double precision, participant_status text,
        done_positions integer[], clip_count integer, study_settings jsonb)
      LANGUAGE plpgsql AS $$
      DECLARE
        me record;
        slot record;
        taken integer := 0;
        held text;
        now_done integer[];
        now_total integer;
        now_status text;
        complete boolean;
      BEGIN
        -- Who sends (by the session token's hash): their row locked, so a return or a time-out
        -- and this do not cross, and their last sign of life noted.
        UPDATE participants p SET last_seen_at = now()
        WHERE p.study_id = p_study AND p.id = (
          SELECT s.participant_id FROM sessions s
          WHERE s.token_sha256 = p_token AND s.study_id = p_study)
        RETURNING p.id, p.status INTO me;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'bad-session'::text, NULL::float8, NULL::text, NULL::int[], NULL::int,
            NULL::jsonb;
          RETURN;
        END IF;
        -- Their clip at the position, and the client id of its submission if it has one.
        SELECT a.clip_id, c.duration, a.released, s.client_id AS sent INTO slot
        FROM assignments a JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
        LEFT JOIN submissions s ON s.study_id = a.study_id
          AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id
        WHERE a.study_id = p_study AND a.participant_id = me.id AND a.position = p_position;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not-assigned'::text, NULL::float8, me.status, NULL::int[], NULL::int,
            NULL::jsonb;
          RETURN;
        END IF;
        -- Returned, or this clip released: only a replay of what was sent before stands (one
        -- that may have landed while this call waited for the participant's row).
        IF (me.status = 'returned' OR slot.released) AND slot.sent IS DISTINCT FROM p_client
          AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.study_id = p_study
            AND s.participant_id = me.id AND s.clip_id = slot.clip_id AND s.client_id = p_client)
        THEN
          RETURN QUERY SELECT 'returned'::text, NULL::float8, me.status, NULL::int[], NULL::int,
            NULL::jsonb;
          RETURN;
        END IF;
        IF p_max_end IS NULL OR p_max_end > slot.duration THEN
          RETURN QUERY SELECT 'fit'::text, slot.duration, me.status, NULL::int[], NULL::int,
            NULL::jsonb;
          RETURN;
        END IF;
        IF slot.sent IS DISTINCT FROM p_client THEN
          INSERT INTO submissions (study_id, participant_id, clip_id, client_id, body)
          VALUES (p_study, me.id, slot.clip_id, p_client, p_body) ON CONFLICT DO NOTHING;
          GET DIAGNOSTICS taken = ROW_COUNT;
        END IF;
        IF taken = 0 THEN
          -- Who holds this clip's submission: the same client id is a replay, another a second
          -- submission.
          SELECT s.client_id INTO held FROM submissions s WHERE s.study_id = p_study
            AND s.participant_id = me.id AND s.clip_id = slot.clip_id;
          IF held IS DISTINCT FROM p_client THEN
            RETURN QUERY SELECT 'already-submitted'::text, NULL::float8, me.status, NULL::int[],
              NULL::int, NULL::jsonb;
            RETURN;
          END IF;
        END IF;
        -- Their progress after it: each assigned position, done when its submission is in.
        SELECT coalesce(array_agg(a.position ORDER BY a.position)
            FILTER (WHERE s.client_id IS NOT NULL), '{}'), count(*)::int
          INTO now_done, now_total
        FROM assignments a LEFT JOIN submissions s ON s.study_id = a.study_id
          AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id
        WHERE a.study_id = p_study AND a.participant_id = me.id;
        complete := now_total > 0 AND cardinality(now_done) = now_total;
        now_status := me.status;
        IF complete AND me.status <> 'completed' THEN
          UPDATE participants SET status = 'completed', finished_at = COALESCE(finished_at, now())
          WHERE study_id = p_study AND id = me.id;
          now_status := 'completed';
        END IF;
        RETURN QUERY SELECT CASE WHEN taken > 0 THEN 'stored' ELSE 'replay' END, slot.duration,
          now_status, now_done, now_total,
          CASE WHEN complete THEN (SELECT st.settings FROM studies st WHERE st.id = p_study) END;
      END $$;
    `,
  },
  {
    version: 8,
    name: "an arrival in three calls",
    sql: `
      -- A participant's arrival (src/server/arrival.ts), as functions for the same reasons as
      -- take_submission: fewer round trips, and plans kept rather than made on every call.

      -- A participant who arrived before, found by platform id without the study's lock: their
      -- last sign of life noted and a new session for them, unless they returned. Answers the
      -- study's version (no row: no such study), their id when they came back, else their
      -- status when they returned (or a return crossed this), else nothing: a new participant.
      -- The update waits for a transaction holding their row and then checks the status again,
      -- so a time-out or a return is never undone by it.
      CREATE FUNCTION arrival_again(p_study text, p_platform text, p_participant text,
        p_token text)
      RETURNS TABLE (study_version integer, participant_id text, participant_status text)
      LANGUAGE plpgsql AS $$
      DECLARE
        v integer;
        found_id text;
      BEGIN
        SELECT st.version INTO v FROM studies st WHERE st.id = p_study;
        IF NOT FOUND THEN
          RETURN;
        END IF;
        UPDATE participants p SET last_seen_at = now()
        WHERE p.study_id = p_study AND p.platform = p_platform
          AND p.platform_participant = p_participant AND p.status <> 'returned'
        RETURNING p.id INTO found_id;
        IF FOUND THEN
          INSERT INTO sessions (token_sha256, study_id, participant_id)
          VALUES (p_token, p_study, found_id);
          RETURN QUERY SELECT v, found_id, NULL::text;
          RETURN;
        END IF;
        RETURN QUERY SELECT v, NULL::text, (SELECT p.status FROM participants p
          WHERE p.study_id = p_study AND p.platform = p_platform
            AND p.platform_participant = p_participant);
      END $$;

      -- A new participant's turn, in the arrival's transaction: the study's row locked (so
      -- arrivals from every server process are assigned one after another and see each other's
      -- clips), then, each statement seeing every arrival committed before: nothing more when
      -- the study is not at p_version any more or this platform id arrived meanwhile; else the
      -- participants still 'started' who sent nothing for p_minutes time out (as on Prolific,
      -- they count as having returned the study) and their unfinished clips are released; and
      -- the counts the assignment needs: how many participants the study has, and each clip's
      -- assignments that count (all but the released).
      CREATE FUNCTION arrival_counts(p_study text, p_version integer, p_platform text,
        p_participant text, p_minutes integer)
      RETURNS TABLE (study_version integer, known boolean, participant_count integer,
        clip_counts jsonb)
      LANGUAGE plpgsql AS $$
      DECLARE
        v integer;
        gone text[];
      BEGIN
        SELECT st.version INTO v FROM studies st WHERE st.id = p_study FOR UPDATE;
        IF NOT FOUND THEN
          RETURN;
        END IF;
        IF v <> p_version THEN
          RETURN QUERY SELECT v, false, NULL::int, NULL::jsonb;
          RETURN;
        END IF;
        IF EXISTS (SELECT 1 FROM participants p WHERE p.study_id = p_study
            AND p.platform = p_platform AND p.platform_participant = p_participant) THEN
          RETURN QUERY SELECT v, true, NULL::int, NULL::jsonb;
          RETURN;
        END IF;
        WITH timed_out AS (
          UPDATE participants p SET status = 'returned' WHERE p.study_id = p_study
            AND p.status = 'started' AND p.last_seen_at < now() - make_interval(mins => p_minutes)
          RETURNING p.id
        ) SELECT array_agg(id) INTO gone FROM timed_out;
        IF gone IS NOT NULL THEN
          PERFORM release_assignments(p_study, gone);
        END IF;
        RETURN QUERY SELECT v, false,
          (SELECT count(*)::int FROM participants p WHERE p.study_id = p_study),
          (SELECT coalesce(jsonb_object_agg(c.clip_id, c.n), '{}') FROM (
            SELECT a.clip_id, count(*)::int AS n FROM assignments a
            WHERE a.study_id = p_study AND NOT a.released GROUP BY a.clip_id) c);
      END $$;

      -- The participants' unfinished clips no longer count against ratingsPerClip (a return,
      -- a time-out).
      CREATE FUNCTION release_assignments(p_study text, p_participants text[])
      RETURNS void
      LANGUAGE sql AS $$
        UPDATE assignments a SET released = true
        WHERE a.study_id = p_study AND a.participant_id = ANY(p_participants) AND NOT EXISTS (
          SELECT 1 FROM submissions s WHERE s.study_id = a.study_id
          AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id)
      $$;

      -- The new participant, their clips (positions 1, 2, … in p_clips' order) and their
      -- session.
      CREATE FUNCTION arrival_join(p_study text, p_id text, p_platform text,
        p_participant text, p_platform_study text, p_platform_session text, p_profile jsonb,
        p_screening jsonb, p_status text, p_clips text[], p_token text)
      RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO participants (study_id, id, platform, platform_participant, platform_study,
          platform_session, profile, screening, status)
        VALUES (p_study, p_id, p_platform, p_participant, p_platform_study, p_platform_session,
          p_profile, p_screening, p_status);
        INSERT INTO assignments (study_id, participant_id, clip_id, position)
        SELECT p_study, p_id, t.clip_id, t.position::int
        FROM unnest(p_clips) WITH ORDINALITY AS t(clip_id, position);
        INSERT INTO sessions (token_sha256, study_id, participant_id)
        VALUES (p_token, p_study, p_id);
      END $$;
    `,
  },
  {
    version: 9,
    name: "arrivals joining in batches",
    sql: `
      -- New participants who arrive together join in one transaction (a batch: one lock, one
      -- commit and one flush of the log for all; src/server/joining.ts): migration 8's
      -- single-arrival functions give way to ones that take a batch.
      DROP FUNCTION arrival_counts(text, integer, text, text, integer);
      DROP FUNCTION arrival_join(text, text, text, text, text, text, jsonb, jsonb, text, text[],
        text);

      -- New participants' turn (a batch of them, in the order given), in their arrivals'
      -- transaction: the study's row locked (so arrivals from every server process are
      -- assigned one after another and see each other's clips), then, each statement seeing
      -- every arrival committed before: nothing more when the study is not at p_version any
      -- more; which of the platform ids (p_platforms[i], p_participants[i]) arrived
      -- meanwhile (their positions in the arrays, from 1); unless all of them did, the
      -- participants still 'started' who sent nothing for p_minutes time out (as on Prolific,
      -- they count as having returned the study) and their unfinished clips are released; and
      -- the counts the assignment needs: how many participants the study has, and each clip's
      -- assignments that count (all but the released).
      CREATE FUNCTION arrival_counts(p_study text, p_version integer, p_platforms text[],
        p_participants text[], p_minutes integer)
      RETURNS TABLE (study_version integer, known integer[], participant_count integer,
        clip_counts jsonb)
      LANGUAGE plpgsql AS $$
      DECLARE
        v integer;
        already integer[];
        gone text[];
      BEGIN
        SELECT st.version INTO v FROM studies st WHERE st.id = p_study FOR UPDATE;
        IF NOT FOUND THEN
          RETURN;
        END IF;
        IF v <> p_version THEN
          RETURN QUERY SELECT v, NULL::int[], NULL::int, NULL::jsonb;
          RETURN;
        END IF;
        SELECT coalesce(array_agg(t.i::int), '{}') INTO already
        FROM unnest(p_platforms, p_participants) WITH ORDINALITY AS t(platform, participant, i)
        WHERE EXISTS (SELECT 1 FROM participants p WHERE p.study_id = p_study
          AND p.platform = t.platform AND p.platform_participant = t.participant);
        IF cardinality(already) = cardinality(p_platforms) THEN
          RETURN QUERY SELECT v, already, NULL::int, NULL::jsonb;
          RETURN;
        END IF;
        WITH timed_out AS (
          UPDATE participants p SET status = 'returned' WHERE p.study_id = p_study
            AND p.status = 'started' AND p.last_seen_at < now() - make_interval(mins => p_minutes)
          RETURNING p.id
        ) SELECT array_agg(id) INTO gone FROM timed_out;
        IF gone IS NOT NULL THEN
          PERFORM release_assignments(p_study, gone);
        END IF;
        RETURN QUERY SELECT v, already,
          (SELECT count(*)::int FROM participants p WHERE p.study_id = p_study),
          (SELECT coalesce(jsonb_object_agg(c.clip_id, c.n), '{}') FROM (
            SELECT a.clip_id, count(*)::int AS n FROM assignments a
            WHERE a.study_id = p_study AND NOT a.released GROUP BY a.clip_id) c);
      END $$;

      -- The new participants (a JSON array of { id, platform, participant, platform_study,
      -- platform_session, profile, screening, status, token, clips }), their clips
      -- (positions 1, 2, … in the order of their clips) and their sessions.
      CREATE FUNCTION arrival_join(p_study text, p_people jsonb)
      RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO participants (study_id, id, platform, platform_participant, platform_study,
          platform_session, profile, screening, status)
        SELECT p_study, x.id, x.platform, x.participant, x.platform_study, x.platform_session,
          x.profile, x.screening, x.status
        FROM jsonb_to_recordset(p_people) AS x(id text, platform text, participant text,
          platform_study text, platform_session text, profile jsonb, screening jsonb,
          status text);
        INSERT INTO assignments (study_id, participant_id, clip_id, position)
        SELECT p_study, x.id, c.clip_id, c.position::int
        FROM jsonb_to_recordset(p_people) AS x(id text, clips jsonb),
          jsonb_array_elements_text(x.clips) WITH ORDINALITY AS c(clip_id, position);
        INSERT INTO sessions (token_sha256, study_id, participant_id)
        SELECT x.token, p_study, x.id FROM jsonb_to_recordset(p_people) AS x(id text, token text);
      END $$;
    `,
  },
  {
    version: 10,
    name: "generic plans for the participants' calls",
    sql: `
      -- PL/pgSQL keeps each statement's plan but, by default (plan_cache_mode = auto), makes it
      -- again for the values of every call for its first five calls on a connection, after
      -- each ANALYZE of its tables (store.ts runs one after 50, 100, 200 … calls) and whenever
      -- the generic plan is estimated costlier than the average of those: measured under the
      -- server benchmark, planning was about a third of PostgreSQL's CPU. These functions'
      -- statements find rows by a key (a session's token, a participant's platform id, a
      -- position; inserts check theirs), so the plan made once without the values is the one
      -- the values would pick; it is made again only after an ANALYZE. Not arrival_counts: it
      -- counts a whole study's participants and assignments, where the plan for a small new
      -- study beside a large old one should not be the plan for the average study.
      ALTER FUNCTION take_submission(text, text, integer, text, jsonb, double precision)
        SET plan_cache_mode = force_generic_plan;
      ALTER FUNCTION arrival_again(text, text, text, text) SET plan_cache_mode = force_generic_plan;
      ALTER FUNCTION arrival_join(text, jsonb) SET plan_cache_mode = force_generic_plan;
    `,
  },
  {
    version: 13,
    name: "audio served without its metadata",
    sql: `
      -- Audio is stored and served without its tags (src/domain/clips/stripMetadata.ts): put
      -- stripped from now on; audio stored before is stripped the first time it is served, and
      -- this says whether that was done (so it is done once, not on every request).
      ALTER TABLE audio ADD COLUMN metadata_stripped boolean NOT NULL DEFAULT false;
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

/**
 * The statements of a migration: split at semicolons, but not inside a function's body quoted
 * with $$ (no semicolons inside strings in ours); comments outside the bodies dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  for (const [i, part] of sql.split("$$").entries()) {
    if (i % 2 === 1) {
      current += `$$${part}$$`;
      continue;
    }
    const pieces = part.replace(/--[^\n]*/g, "").split(";");
    current += pieces[0];
    for (const piece of pieces.slice(1)) {
      statements.push(current.trim());
      current = piece;
    }
  }
  statements.push(current.trim());
  return statements.filter((s) => s.length > 0);
}
