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
    version: 11,
    name: "plays counted by the server",
    sql: `
      -- Each play of a clip the server let start (a study with a play limit: transcribe): the
      -- limit holds across reloads and browsers, and the stored playCount is this count.
      -- play_id is made by the participant's page: a retried request finds its play and counts
      -- nothing more.
      CREATE TABLE plays (
        study_id text NOT NULL,
        participant_id text NOT NULL,
        clip_id text NOT NULL,
        play_id text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (study_id, participant_id, clip_id, play_id),
        FOREIGN KEY (study_id, participant_id, clip_id)
          REFERENCES assignments(study_id, participant_id, clip_id) ON DELETE CASCADE
      );

      -- A play about to start (src/server/plays.ts), in one call: nothing when the study is
      -- not at p_version any more ('stale', with its version: the caller read the limit p_max
      -- from an older one); else the participant's row locked (so two browsers' plays and a
      -- submission are counted one after another), their clip at the position found, and the
      -- play counted unless the clip was sent, its plays are spent (p_max), or p_play was
      -- counted before ('replay': the same count again).
      CREATE FUNCTION take_play(p_token text, p_study text, p_version integer, p_position integer,
        p_play text, p_max integer)
      RETURNS TABLE (outcome text, plays integer, study_version integer)
      LANGUAGE plpgsql AS $$
      DECLARE
        me record;
        slot record;
        n integer;
        v integer;
      BEGIN
        SELECT st.version INTO v FROM studies st WHERE st.id = p_study;
        IF v IS DISTINCT FROM p_version THEN
          RETURN QUERY SELECT 'stale'::text, NULL::int, v;
          RETURN;
        END IF;
        UPDATE participants p SET last_seen_at = now()
        WHERE p.study_id = p_study AND p.id = (
          SELECT s.participant_id FROM sessions s
          WHERE s.token_sha256 = p_token AND s.study_id = p_study)
        RETURNING p.id, p.status INTO me;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'bad-session'::text, NULL::int, v;
          RETURN;
        END IF;
        SELECT a.clip_id, a.released, s.client_id AS sent INTO slot
        FROM assignments a LEFT JOIN submissions s ON s.study_id = a.study_id
          AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id
        WHERE a.study_id = p_study AND a.participant_id = me.id AND a.position = p_position;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not-assigned'::text, NULL::int, v;
          RETURN;
        END IF;
        SELECT count(*)::int INTO n FROM plays WHERE study_id = p_study
          AND participant_id = me.id AND clip_id = slot.clip_id;
        IF EXISTS (SELECT 1 FROM plays WHERE study_id = p_study AND participant_id = me.id
            AND clip_id = slot.clip_id AND play_id = p_play) THEN
          RETURN QUERY SELECT 'replay'::text, n, v;
          RETURN;
        END IF;
        IF slot.sent IS NOT NULL THEN
          RETURN QUERY SELECT 'finished'::text, n, v;
          RETURN;
        END IF;
        IF me.status = 'returned' OR slot.released THEN
          RETURN QUERY SELECT 'returned'::text, n, v;
          RETURN;
        END IF;
        IF n >= p_max THEN
          RETURN QUERY SELECT 'spent'::text, n, v;
          RETURN;
        END IF;
        INSERT INTO plays (study_id, participant_id, clip_id, play_id)
        VALUES (p_study, me.id, slot.clip_id, p_play);
        RETURN QUERY SELECT 'started'::text, n + 1, v;
      END $$;
      ALTER FUNCTION take_play(text, text, integer, integer, text, integer)
        SET plan_cache_mode = force_generic_plan;

      -- take_submission (migration 7) checked against the study's own rules: the caller
      -- checked them against the study at p_version, so nothing is done when the study is not
      -- at it any more ('stale', with its version). For a study that counts plays (p_max_plays
      -- not null) the stored playCount is the plays this server let start, read under the
      -- participant's row lock; more than p_max_plays ('plays', with the count: a study
      -- published again with fewer plays) stores nothing.
      DROP FUNCTION take_submission(text, text, integer, text, jsonb, double precision);
      CREATE FUNCTION take_submission(p_token text, p_study text, p_version integer,
        p_position integer, p_client text, p_body jsonb, p_max_end double precision,
        p_max_plays integer)
      RETURNS TABLE (outcome text, clip_duration double precision, participant_status text,
        done_positions integer[], clip_count integer, study_settings jsonb, play_count integer,
        study_version integer)
      LANGUAGE plpgsql AS $$
      DECLARE
        v integer;
        me record;
        slot record;
        taken integer := 0;
        held text;
        now_done integer[];
        now_total integer;
        now_status text;
        complete boolean;
        counted integer;
      BEGIN
        SELECT st.version INTO v FROM studies st WHERE st.id = p_study;
        IF v IS DISTINCT FROM p_version THEN
          RETURN QUERY SELECT 'stale'::text, NULL::float8, NULL::text, NULL::int[], NULL::int,
            NULL::jsonb, NULL::int, v;
          RETURN;
        END IF;
        UPDATE participants p SET last_seen_at = now()
        WHERE p.study_id = p_study AND p.id = (
          SELECT s.participant_id FROM sessions s
          WHERE s.token_sha256 = p_token AND s.study_id = p_study)
        RETURNING p.id, p.status INTO me;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'bad-session'::text, NULL::float8, NULL::text, NULL::int[], NULL::int,
            NULL::jsonb, NULL::int, v;
          RETURN;
        END IF;
        SELECT a.clip_id, c.duration, a.released, s.client_id AS sent INTO slot
        FROM assignments a JOIN clips c ON c.study_id = a.study_id AND c.clip_id = a.clip_id
        LEFT JOIN submissions s ON s.study_id = a.study_id
          AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id
        WHERE a.study_id = p_study AND a.participant_id = me.id AND a.position = p_position;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not-assigned'::text, NULL::float8, me.status, NULL::int[], NULL::int,
            NULL::jsonb, NULL::int, v;
          RETURN;
        END IF;
        IF (me.status = 'returned' OR slot.released) AND slot.sent IS DISTINCT FROM p_client
          AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.study_id = p_study
            AND s.participant_id = me.id AND s.clip_id = slot.clip_id AND s.client_id = p_client)
        THEN
          RETURN QUERY SELECT 'returned'::text, NULL::float8, me.status, NULL::int[], NULL::int,
            NULL::jsonb, NULL::int, v;
          RETURN;
        END IF;
        IF p_max_end IS NULL OR p_max_end > slot.duration THEN
          RETURN QUERY SELECT 'fit'::text, slot.duration, me.status, NULL::int[], NULL::int,
            NULL::jsonb, NULL::int, v;
          RETURN;
        END IF;
        IF slot.sent IS DISTINCT FROM p_client THEN
          IF p_max_plays IS NOT NULL THEN
            SELECT count(*)::int INTO counted FROM plays WHERE study_id = p_study
              AND participant_id = me.id AND clip_id = slot.clip_id;
            IF counted > p_max_plays THEN
              RETURN QUERY SELECT 'plays'::text, NULL::float8, me.status, NULL::int[], NULL::int,
                NULL::jsonb, counted, v;
              RETURN;
            END IF;
            p_body := jsonb_set(p_body, '{playCount}', to_jsonb(counted));
          END IF;
          INSERT INTO submissions (study_id, participant_id, clip_id, client_id, body)
          VALUES (p_study, me.id, slot.clip_id, p_client, p_body) ON CONFLICT DO NOTHING;
          GET DIAGNOSTICS taken = ROW_COUNT;
        END IF;
        IF taken = 0 THEN
          SELECT s.client_id INTO held FROM submissions s WHERE s.study_id = p_study
            AND s.participant_id = me.id AND s.clip_id = slot.clip_id;
          IF held IS DISTINCT FROM p_client THEN
            RETURN QUERY SELECT 'already-submitted'::text, NULL::float8, me.status, NULL::int[],
              NULL::int, NULL::jsonb, NULL::int, v;
            RETURN;
          END IF;
        END IF;
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
          CASE WHEN complete THEN (SELECT st.settings FROM studies st WHERE st.id = p_study) END,
          NULL::int, v;
      END $$;
      ALTER FUNCTION take_submission(text, text, integer, integer, text, jsonb, double precision,
        integer)
        SET plan_cache_mode = force_generic_plan;
    `,
  },
  {
    version: 12,
    name: "integrity: spans, labels and reasons by foreign key, protocol changes, intake ids",
    sql: `
      -- Integrity in the database, not in the order of calls (issue 37, item 1): every
      -- collected span is a row that its submission owns, an expert's label refers to its span
      -- and each of its reasons to the study's taxonomy, so a withdrawal (which deletes the
      -- participant, and with them their assignments, submissions and spans) takes the labels
      -- on their spans with it, whatever an expert sends meanwhile, and a label on a span that
      -- is gone cannot be stored.

      -- One row per collected span: n from 1, in the order the submission sent them (the n of
      -- the region id <participant>.<clip>.<n>, collecting.ts). Made by the trigger below from
      -- every submission stored, whatever stores it.
      CREATE TABLE spans (
        study_id text NOT NULL,
        participant_id text NOT NULL,
        clip_id text NOT NULL,
        n integer NOT NULL CHECK (n >= 1),
        PRIMARY KEY (study_id, participant_id, clip_id, n),
        FOREIGN KEY (study_id, participant_id, clip_id)
          REFERENCES submissions(study_id, participant_id, clip_id) ON DELETE CASCADE
      );
      INSERT INTO spans (study_id, participant_id, clip_id, n)
      SELECT s.study_id, s.participant_id, s.clip_id, g.n FROM submissions s,
        generate_series(1, jsonb_array_length(s.body->'spans')) AS g(n);
      CREATE FUNCTION submission_spans() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO spans (study_id, participant_id, clip_id, n)
        SELECT NEW.study_id, NEW.participant_id, NEW.clip_id, g.n
        FROM generate_series(1, jsonb_array_length(NEW.body->'spans')) AS g(n);
        RETURN NULL;
      END $$;
      CREATE TRIGGER submission_spans AFTER INSERT ON submissions
        FOR EACH ROW EXECUTE FUNCTION submission_spans();

      -- The study's taxonomy as rows (publishStudy keeps them equal to the published file's),
      -- so that a reason an expert used cannot leave it: the label's reference refuses.
      CREATE TABLE study_reasons (
        study_id text NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
        reason_id text NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (study_id, reason_id)
      );
      INSERT INTO study_reasons (study_id, reason_id, position)
      SELECT st.id, t.item->>'id', t.i::int FROM studies st,
        jsonb_array_elements(st.file->'taxonomy') WITH ORDINALITY AS t(item, i)
      ON CONFLICT DO NOTHING;

      -- An expert's label of one span (one row per expert and span; writing a label locks its
      -- row, so two writes of one label follow each other and the last one wins whole) and its
      -- reasons (one row each, at least one: a label without reasons is deleted).
      CREATE TABLE expert_labels (
        study_id text NOT NULL,
        expert_id text NOT NULL,
        participant_id text NOT NULL,
        clip_id text NOT NULL,
        n integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (study_id, participant_id, clip_id, n, expert_id),
        CONSTRAINT expert_labels_expert FOREIGN KEY (study_id, expert_id)
          REFERENCES experts(study_id, id) ON DELETE CASCADE,
        CONSTRAINT expert_labels_span FOREIGN KEY (study_id, participant_id, clip_id, n)
          REFERENCES spans(study_id, participant_id, clip_id, n) ON DELETE CASCADE
      );
      CREATE INDEX expert_labels_by_expert ON expert_labels (study_id, expert_id);
      -- The reason's reference is checked at commit (DEFERRABLE INITIALLY DEFERRED): deleting a
      -- whole study deletes its taxonomy rows and, through other paths, the labels, in an
      -- order of its own; a reason still used at commit refuses the transaction.
      CREATE TABLE expert_label_reasons (
        study_id text NOT NULL,
        expert_id text NOT NULL,
        participant_id text NOT NULL,
        clip_id text NOT NULL,
        n integer NOT NULL,
        reason_id text NOT NULL,
        PRIMARY KEY (study_id, participant_id, clip_id, n, expert_id, reason_id),
        CONSTRAINT expert_label_reasons_label FOREIGN KEY (study_id, participant_id, clip_id, n, expert_id)
          REFERENCES expert_labels(study_id, participant_id, clip_id, n, expert_id) ON DELETE CASCADE,
        CONSTRAINT expert_label_reasons_reason FOREIGN KEY (study_id, reason_id)
          REFERENCES study_reasons(study_id, reason_id) DEFERRABLE INITIALLY DEFERRED
      );
      CREATE INDEX expert_label_reasons_by_reason ON expert_label_reasons (study_id, reason_id);

      -- The labels stored so far (one row per label, its region id and its reasons as JSON),
      -- moved over: a label whose span is gone (an expert's write that crossed a withdrawal
      -- before this migration) or whose reasons are all gone from the taxonomy is left behind,
      -- as are such reasons of a label (docs/server.md, "Upgrading").
      INSERT INTO expert_labels (study_id, expert_id, participant_id, clip_id, n, updated_at)
      SELECT l.study_id, l.expert_id, r.participant_id, r.clip_id, r.n, l.updated_at
      FROM reason_labels l
      CROSS JOIN LATERAL (SELECT substring(l.region_id FROM '^([^.]+)[.]') AS participant_id,
        substring(l.region_id FROM '^[^.]+[.](.+)[.][0-9]{1,9}$') AS clip_id,
        substring(l.region_id FROM '[.]([0-9]{1,9})$')::int AS n) r
      WHERE EXISTS (SELECT 1 FROM spans sp WHERE sp.study_id = l.study_id
          AND sp.participant_id = r.participant_id AND sp.clip_id = r.clip_id AND sp.n = r.n)
        AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(l.reasons) x(reason)
          JOIN study_reasons sr ON sr.study_id = l.study_id AND sr.reason_id = x.reason);
      INSERT INTO expert_label_reasons (study_id, expert_id, participant_id, clip_id, n, reason_id)
      SELECT DISTINCT e.study_id, e.expert_id, e.participant_id, e.clip_id, e.n, x.reason
      FROM reason_labels l
      JOIN expert_labels e ON e.study_id = l.study_id AND e.expert_id = l.expert_id
        AND l.region_id = e.participant_id || '.' || e.clip_id || '.' || e.n
      CROSS JOIN LATERAL jsonb_array_elements_text(l.reasons) x(reason)
      JOIN study_reasons sr ON sr.study_id = e.study_id AND sr.reason_id = x.reason;
      DROP TABLE reason_labels;

      -- Every change a publish made to a running study (publishChanges.ts), when, and how many
      -- participants had arrived before it: the protocol report lists them (collect gives
      -- them as study.protocolChanges).
      CREATE TABLE study_changes (
        study_id text NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
        version integer NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        participants_before integer NOT NULL,
        changes jsonb NOT NULL,
        PRIMARY KEY (study_id, version)
      );

      -- Intake answers keyed by the question's id, not its text (issue 37, item 9): a study
      -- published before free questions had ids gives them q1, q2 … in their order
      -- (intake.ts, intakeOf, which skips entries without text and keeps 20); the answers
      -- stored under a question's text move to its id (the first question with that text when
      -- two had the same: their answers had overwritten each other already).
      UPDATE participants p SET profile = jsonb_set(p.profile, '{answers}', moved.answers)
      FROM (
        SELECT pa.study_id, pa.id, jsonb_object_agg(coalesce(q.id, a.key), a.value) AS answers
        FROM participants pa
        JOIN studies st ON st.id = pa.study_id
        CROSS JOIN LATERAL jsonb_each(pa.profile->'answers') AS a(key, value)
        LEFT JOIN LATERAL (
          SELECT f.qid AS id FROM (
            SELECT coalesce(x.item->>'id', 'q' || row_number() OVER (ORDER BY x.i)) AS qid,
              left(btrim(x.item->>'text', E' \\t\\n\\r'), 300) AS text, x.i
            FROM jsonb_array_elements(CASE WHEN jsonb_typeof(st.file->'study'->'intake'->'free') = 'array'
                THEN st.file->'study'->'intake'->'free' ELSE '[]'::jsonb END)
              WITH ORDINALITY AS x(item, i)
            WHERE jsonb_typeof(x.item) = 'object' AND jsonb_typeof(x.item->'text') = 'string'
              AND btrim(x.item->>'text', E' \\t\\n\\r') <> ''
            ORDER BY x.i LIMIT 20
          ) f WHERE f.text = a.key ORDER BY f.i LIMIT 1
        ) q ON true
        WHERE jsonb_typeof(pa.profile->'answers') = 'object'
        GROUP BY pa.study_id, pa.id
      ) moved
      WHERE p.study_id = moved.study_id AND p.id = moved.id;
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
  {
    version: 14,
    name: "paired comparisons: trials, their plays per side, judgments, the pre-test",
    sql: `
      -- A participant's trials (src/server/trials.ts): the pairs of the study file's pairs[]
      -- they judge, by stage ('pretest': the qualification's pairs, any task; 'main': a
      -- compare study's) and position (from 1 in each stage), with the side they meet first
      -- (sample 1) and, for a pre-test pair, its reference (natural) side. Chosen at arrival
      -- (domain/collection/pairAssign.ts); a returned or timed-out participant's unjudged main
      -- trials are released (they no longer count against judgments per pair).
      CREATE TABLE trials (
        study_id text NOT NULL,
        participant_id text NOT NULL,
        stage text NOT NULL CHECK (stage IN ('pretest', 'main')),
        position integer NOT NULL CHECK (position >= 1),
        pair_id text NOT NULL,
        shown_first text NOT NULL CHECK (shown_first IN ('a', 'b')),
        reference text CHECK (reference IN ('a', 'b')),
        released boolean NOT NULL DEFAULT false,
        PRIMARY KEY (study_id, participant_id, stage, position),
        UNIQUE (study_id, participant_id, stage, pair_id),
        FOREIGN KEY (study_id, participant_id) REFERENCES participants(study_id, id) ON DELETE CASCADE
      );
      CREATE INDEX trials_by_pair ON trials (study_id, stage, pair_id);

      -- Each view pair's highlighted bins, side a's and b's (domain/collection/viewBins.ts),
      -- computed from the study file when it is published: { pairId: [[bins of a], [bins of b]] }.
      ALTER TABLE studies ADD COLUMN views jsonb;

      -- Each play of a trial's side the server let start (side 1 or 2, the order met);
      -- play_id is made by the participant's page: a retried request counts nothing more.
      CREATE TABLE trial_plays (
        study_id text NOT NULL,
        participant_id text NOT NULL,
        stage text NOT NULL,
        position integer NOT NULL,
        side integer NOT NULL CHECK (side IN (1, 2)),
        play_id text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (study_id, participant_id, stage, position, side, play_id),
        FOREIGN KEY (study_id, participant_id, stage, position)
          REFERENCES trials(study_id, participant_id, stage, position) ON DELETE CASCADE
      );

      -- One judgment of one trial, as the interchange format's judgments[] entry (without its
      -- annotatorId, the participant): converted from the participant's "sample 1 / sample 2"
      -- by take_judgment. client_id is made by the participant's browser: sending the same
      -- judgment again finds it and stores nothing.
      CREATE TABLE judgments (
        study_id text NOT NULL,
        participant_id text NOT NULL,
        stage text NOT NULL,
        position integer NOT NULL,
        pair_id text NOT NULL,
        client_id text NOT NULL,
        body jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (study_id, participant_id, stage, position),
        UNIQUE (study_id, participant_id, stage, pair_id),
        UNIQUE (study_id, client_id),
        FOREIGN KEY (study_id, participant_id, stage, position)
          REFERENCES trials(study_id, participant_id, stage, position) ON DELETE CASCADE
      );

      -- A return or a time-out releases the unjudged main trials too (migration 8's function,
      -- the same signature and callers).
      CREATE OR REPLACE FUNCTION release_assignments(p_study text, p_participants text[])
      RETURNS void
      LANGUAGE sql AS $$
        UPDATE assignments a SET released = true
        WHERE a.study_id = p_study AND a.participant_id = ANY(p_participants) AND NOT EXISTS (
          SELECT 1 FROM submissions s WHERE s.study_id = a.study_id
          AND s.participant_id = a.participant_id AND s.clip_id = a.clip_id);
        UPDATE trials t SET released = true
        WHERE t.study_id = p_study AND t.participant_id = ANY(p_participants)
          AND t.stage = 'main' AND NOT EXISTS (
          SELECT 1 FROM judgments j WHERE j.study_id = t.study_id
          AND j.participant_id = t.participant_id AND j.stage = t.stage
          AND j.position = t.position)
      $$;

      -- A play of a trial's side about to start, in one call, as take_play: nothing when the
      -- study is not at p_version any more ('stale'); else the participant's row locked, their
      -- trial found, and the play counted unless it was counted before ('replay'), the trial is
      -- judged ('finished'), they were screened out or returned, or it is a main trial while
      -- their pre-test is unfinished ('pretest-first'; p_pretest: the study has a pre-test as
      -- published now). A comparison limits no plays.
      CREATE FUNCTION take_trial_play(p_token text, p_study text, p_version integer,
        p_stage text, p_position integer, p_side integer, p_play text, p_pretest boolean)
      RETURNS TABLE (outcome text, plays integer, study_version integer)
      LANGUAGE plpgsql AS $$
      DECLARE
        me record;
        slot record;
        n integer;
        v integer;
      BEGIN
        SELECT st.version INTO v FROM studies st WHERE st.id = p_study;
        IF v IS DISTINCT FROM p_version THEN
          RETURN QUERY SELECT 'stale'::text, NULL::int, v;
          RETURN;
        END IF;
        UPDATE participants p SET last_seen_at = now()
        WHERE p.study_id = p_study AND p.id = (
          SELECT s.participant_id FROM sessions s
          WHERE s.token_sha256 = p_token AND s.study_id = p_study)
        RETURNING p.id, p.status INTO me;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'bad-session'::text, NULL::int, v;
          RETURN;
        END IF;
        SELECT t.released, j.client_id AS sent INTO slot
        FROM trials t LEFT JOIN judgments j ON j.study_id = t.study_id
          AND j.participant_id = t.participant_id AND j.stage = t.stage
          AND j.position = t.position
        WHERE t.study_id = p_study AND t.participant_id = me.id AND t.stage = p_stage
          AND t.position = p_position;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not-assigned'::text, NULL::int, v;
          RETURN;
        END IF;
        SELECT count(*)::int INTO n FROM trial_plays tp WHERE tp.study_id = p_study
          AND tp.participant_id = me.id AND tp.stage = p_stage AND tp.position = p_position
          AND tp.side = p_side;
        IF EXISTS (SELECT 1 FROM trial_plays tp WHERE tp.study_id = p_study
            AND tp.participant_id = me.id AND tp.stage = p_stage AND tp.position = p_position
            AND tp.side = p_side AND tp.play_id = p_play) THEN
          RETURN QUERY SELECT 'replay'::text, n, v;
          RETURN;
        END IF;
        IF slot.sent IS NOT NULL THEN
          RETURN QUERY SELECT 'finished'::text, n, v;
          RETURN;
        END IF;
        IF me.status = 'screened-out' THEN
          RETURN QUERY SELECT 'screened-out'::text, n, v;
          RETURN;
        END IF;
        IF me.status = 'returned' OR slot.released THEN
          RETURN QUERY SELECT 'returned'::text, n, v;
          RETURN;
        END IF;
        IF p_stage = 'main' AND p_pretest AND EXISTS (SELECT 1 FROM trials t WHERE t.study_id = p_study
            AND t.participant_id = me.id AND t.stage = 'pretest' AND NOT EXISTS (
              SELECT 1 FROM judgments j WHERE j.study_id = t.study_id
              AND j.participant_id = t.participant_id AND j.stage = t.stage
              AND j.position = t.position)) THEN
          RETURN QUERY SELECT 'pretest-first'::text, n, v;
          RETURN;
        END IF;
        INSERT INTO trial_plays (study_id, participant_id, stage, position, side, play_id)
        VALUES (p_study, me.id, p_stage, p_position, p_side, p_play);
        RETURN QUERY SELECT 'started'::text, n + 1, v;
      END $$;
      ALTER FUNCTION take_trial_play(text, text, integer, text, integer, integer, text, boolean)
        SET plan_cache_mode = force_generic_plan;

      -- A judgment of a trial, in one call (one transaction, the participant's row locked, so
      -- two browsers' judgments, plays and the pre-test's scoring follow each other). The
      -- caller checked the request against the study at p_version (scale, "same" allowed), so
      -- nothing is done when the study moved on ('stale'). Refused, storing nothing: a trial
      -- not theirs ('not-assigned'), a client id used for another judgment ('client-reused'),
      -- a trial judged before ('already-judged'), a participant screened out or returned, a
      -- main trial before the pre-test is finished ('pretest-first'), a side never played
      -- ('unplayed'). A retried client id answers the progress again ('replay').
      -- Stored as the interchange judgment: sample 1 is the side shown first; choice '1' is
      -- that side, '2' the other; a score s (sample 2 against sample 1) is s when side a came
      -- first and -s when b did (a judgment's score is b against a); playCounts are [a, b].
      -- The pre-test's last answer scores it: correct = answers preferring the reference side,
      -- passed = correct / trials >= p_pass, stored as the participant's natural-pairs
      -- screening entry; failed with p_screen_out: screened out, their clips and main trials
      -- released. The last main trial judged completes the participant.
      CREATE FUNCTION take_judgment(p_token text, p_study text, p_version integer,
        p_stage text, p_position integer, p_client text, p_choice text, p_score integer,
        p_heard boolean, p_seconds double precision, p_completed text, p_pass double precision,
        p_screen_out boolean, p_pretest boolean)
      RETURNS TABLE (outcome text, participant_status text, done_positions integer[],
        trial_count integer, study_settings jsonb, study_version integer)
      LANGUAGE plpgsql AS $$
      DECLARE
        v integer;
        me record;
        slot record;
        held record;
        replayed boolean := false;
        taken integer := 0;
        side1 integer;
        side2 integer;
        other text;
        n_trials integer;
        n_correct integer;
        ok boolean;
        now_status text;
        now_done integer[];
        now_total integer;
      BEGIN
        SELECT st.version INTO v FROM studies st WHERE st.id = p_study;
        IF v IS DISTINCT FROM p_version THEN
          RETURN QUERY SELECT 'stale'::text, NULL::text, NULL::int[], NULL::int, NULL::jsonb, v;
          RETURN;
        END IF;
        UPDATE participants p SET last_seen_at = now()
        WHERE p.study_id = p_study AND p.id = (
          SELECT s.participant_id FROM sessions s
          WHERE s.token_sha256 = p_token AND s.study_id = p_study)
        RETURNING p.id, p.status INTO me;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'bad-session'::text, NULL::text, NULL::int[], NULL::int,
            NULL::jsonb, v;
          RETURN;
        END IF;
        SELECT t.pair_id, t.shown_first, t.released, j.client_id AS sent INTO slot
        FROM trials t LEFT JOIN judgments j ON j.study_id = t.study_id
          AND j.participant_id = t.participant_id AND j.stage = t.stage
          AND j.position = t.position
        WHERE t.study_id = p_study AND t.participant_id = me.id AND t.stage = p_stage
          AND t.position = p_position;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not-assigned'::text, me.status, NULL::int[], NULL::int,
            NULL::jsonb, v;
          RETURN;
        END IF;
        SELECT j.participant_id, j.stage, j.position INTO held FROM judgments j
        WHERE j.study_id = p_study AND j.client_id = p_client;
        IF FOUND THEN
          IF held.participant_id <> me.id OR held.stage <> p_stage
              OR held.position <> p_position THEN
            RETURN QUERY SELECT 'client-reused'::text, me.status, NULL::int[], NULL::int,
              NULL::jsonb, v;
            RETURN;
          END IF;
          replayed := true;
        ELSE
          IF slot.sent IS NOT NULL THEN
            RETURN QUERY SELECT 'already-judged'::text, me.status, NULL::int[], NULL::int,
              NULL::jsonb, v;
            RETURN;
          END IF;
          IF me.status = 'screened-out' OR me.status = 'returned' OR slot.released THEN
            RETURN QUERY SELECT CASE WHEN me.status = 'screened-out' THEN 'screened-out'
              ELSE 'returned' END, me.status, NULL::int[], NULL::int, NULL::jsonb, v;
            RETURN;
          END IF;
          IF p_stage = 'main' AND p_pretest AND EXISTS (SELECT 1 FROM trials t WHERE t.study_id = p_study
              AND t.participant_id = me.id AND t.stage = 'pretest' AND NOT EXISTS (
                SELECT 1 FROM judgments j WHERE j.study_id = t.study_id
                AND j.participant_id = t.participant_id AND j.stage = t.stage
                AND j.position = t.position)) THEN
            RETURN QUERY SELECT 'pretest-first'::text, me.status, NULL::int[], NULL::int,
              NULL::jsonb, v;
            RETURN;
          END IF;
          SELECT count(*) FILTER (WHERE tp.side = 1)::int, count(*) FILTER (WHERE tp.side = 2)::int
            INTO side1, side2
          FROM trial_plays tp WHERE tp.study_id = p_study AND tp.participant_id = me.id
            AND tp.stage = p_stage AND tp.position = p_position;
          IF side1 = 0 OR side2 = 0 THEN
            RETURN QUERY SELECT 'unplayed'::text, me.status, NULL::int[], NULL::int,
              NULL::jsonb, v;
            RETURN;
          END IF;
          other := CASE slot.shown_first WHEN 'a' THEN 'b' ELSE 'a' END;
          INSERT INTO judgments (study_id, participant_id, stage, position, pair_id, client_id,
            body)
          VALUES (p_study, me.id, p_stage, p_position, slot.pair_id, p_client,
            jsonb_strip_nulls(jsonb_build_object(
              'pairId', slot.pair_id,
              'choice', CASE p_choice WHEN '1' THEN slot.shown_first WHEN '2' THEN other
                WHEN 'same' THEN 'same' END,
              'score', CASE WHEN p_score IS NULL THEN NULL
                WHEN slot.shown_first = 'a' THEN p_score ELSE -p_score END,
              'shownFirst', slot.shown_first,
              'playCounts', CASE slot.shown_first WHEN 'a' THEN jsonb_build_array(side1, side2)
                ELSE jsonb_build_array(side2, side1) END,
              'heardToEnd', p_heard,
              'completedAt', p_completed,
              'seconds', p_seconds)))
          ON CONFLICT DO NOTHING;
          GET DIAGNOSTICS taken = ROW_COUNT;
          IF taken = 0 THEN
            RETURN QUERY SELECT 'client-reused'::text, me.status, NULL::int[], NULL::int,
              NULL::jsonb, v;
            RETURN;
          END IF;
        END IF;
        now_status := me.status;
        SELECT coalesce(array_agg(t.position ORDER BY t.position)
            FILTER (WHERE j.client_id IS NOT NULL), '{}'), count(*)::int
          INTO now_done, now_total
        FROM trials t LEFT JOIN judgments j ON j.study_id = t.study_id
          AND j.participant_id = t.participant_id AND j.stage = t.stage
          AND j.position = t.position
        WHERE t.study_id = p_study AND t.participant_id = me.id AND t.stage = p_stage;
        IF taken > 0 AND p_stage = 'pretest' AND cardinality(now_done) = now_total THEN
          SELECT count(*)::int, count(*) FILTER (WHERE j.body->>'choice' = t.reference)::int
            INTO n_trials, n_correct
          FROM trials t JOIN judgments j ON j.study_id = t.study_id
            AND j.participant_id = t.participant_id AND j.stage = t.stage
            AND j.position = t.position
          WHERE t.study_id = p_study AND t.participant_id = me.id AND t.stage = 'pretest';
          ok := n_correct::float8 / n_trials >= p_pass;
          UPDATE participants p SET screening = coalesce(p.screening, '[]'::jsonb)
            || jsonb_build_array(jsonb_build_object('test', 'natural-pairs', 'trials', n_trials,
              'correct', n_correct, 'passed', ok))
          WHERE p.study_id = p_study AND p.id = me.id;
          IF NOT ok AND p_screen_out AND me.status = 'started' THEN
            UPDATE participants p SET status = 'screened-out',
              finished_at = COALESCE(p.finished_at, now())
            WHERE p.study_id = p_study AND p.id = me.id;
            PERFORM release_assignments(p_study, ARRAY[me.id]);
            now_status := 'screened-out';
          END IF;
        END IF;
        IF p_stage = 'main' AND now_total > 0 AND cardinality(now_done) = now_total
            AND me.status = 'started' THEN
          UPDATE participants p SET status = 'completed',
            finished_at = COALESCE(p.finished_at, now())
          WHERE p.study_id = p_study AND p.id = me.id;
          now_status := 'completed';
        END IF;
        RETURN QUERY SELECT CASE WHEN replayed THEN 'replay' ELSE 'stored' END, now_status,
          now_done, now_total, (SELECT st.settings FROM studies st WHERE st.id = p_study), v;
      END $$;
      ALTER FUNCTION take_judgment(text, text, integer, text, integer, text, text, integer,
        boolean, double precision, text, double precision, boolean, boolean)
        SET plan_cache_mode = force_generic_plan;
    `,
  },
  {
    version: 15,
    name: "an arrival's first call also finds the same id through the other link",
    sql: `
      -- Migration 8's arrival_again, which now also answers, for an id it does not know
      -- through this link (p_platform), the participant with the same id through the other
      -- kind of link (p_other): their id and status, in the same call rather than a statement
      -- of its own (on PGlite every statement is one more turn that every other request waits
      -- for). It gives them no session: whether they are the same person depends on whether
      -- the study accepts both kinds of link, which the caller reads from the study at the
      -- version answered (src/server/arrival.ts).
      DROP FUNCTION arrival_again(text, text, text, text);
      CREATE FUNCTION arrival_again(p_study text, p_platform text, p_participant text,
        p_token text, p_other text)
      RETURNS TABLE (study_version integer, participant_id text, participant_status text,
        other_id text, other_status text)
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
          RETURN QUERY SELECT v, found_id, NULL::text, NULL::text, NULL::text;
          RETURN;
        END IF;
        RETURN QUERY SELECT v, NULL::text, (SELECT p.status FROM participants p
            WHERE p.study_id = p_study AND p.platform = p_platform
              AND p.platform_participant = p_participant),
          o.id, o.status
        FROM (SELECT 1) AS one
        LEFT JOIN participants o ON o.study_id = p_study AND o.platform = p_other
          AND o.platform_participant = p_participant;
      END $$;
      ALTER FUNCTION arrival_again(text, text, text, text, text)
        SET plan_cache_mode = force_generic_plan;
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
