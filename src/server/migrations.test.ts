// Schema upgrades (migrations.ts): a database that an earlier release of the server made is
// brought up to date by the newer one, and then works: here, one made by the release whose
// newest migration was 8 (arrivals one at a time), upgraded to batched arrivals (9) and generic
// plans (10); one made by the release of migration 9; and one of migration 10 holding what
// that release let through (orphan labels, reasons gone from the taxonomy, intake answers
// keyed by question text), upgraded to foreign keys and question ids (12). On PGlite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { studyFile } from "../../tests/server/fixtures.ts";
import { startHarness, TOKEN } from "../../tests/server/harness.ts";
import { parseAnnotationFile } from "../domain/interchange/schema.ts";
import { MIGRATIONS, migrate, splitStatements } from "./migrations.ts";
import { openPglite, type Store } from "./store.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh PGlite with the migrations up to `upTo` applied, as that release's server left it. */
async function databaseOfRelease(upTo: number): Promise<Store> {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-migrations-"));
  dirs.push(dir);
  const store = await openPglite(dir);
  await store.transaction(async (tx) => {
    await tx.query(
      "CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    for (const m of MIGRATIONS.filter((m) => m.version <= upTo)) {
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        m.version,
        m.name,
      ]);
    }
  });
  return store;
}

/** The argument types of each function of the schema with that name. */
const signatures = (store: Store, name: string) =>
  store
    .query<{ args: string }>(
      "SELECT pg_get_function_identity_arguments(p.oid) AS args FROM pg_proc p WHERE p.proname = $1",
      [name],
    )
    .then((rows) => rows.map((r) => r.args.replace(/p_\w+ /g, "")));

test("a database of the release with migrations 1-8 gets 9 and 10 only, and participants arrive", async () => {
  const store = await databaseOfRelease(8);
  expect(await signatures(store, "arrival_counts")).toEqual(["text, integer, text, text, integer"]);

  const h = await startHarness({}, store); // runs migrate() as the newer server does at start
  const applied = await store.query<{ version: number }>(
    "SELECT version FROM schema_migrations ORDER BY version",
  );
  expect(applied.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
  expect(MIGRATIONS.at(-1)?.version).toBe(15);
  // The single-arrival functions are gone: one of each name, the batch's.
  expect(await signatures(store, "arrival_counts")).toEqual([
    "text, integer, text[], text[], integer",
  ]);
  expect(await signatures(store, "arrival_join")).toEqual(["text, jsonb"]);
  // Migration 15's arrival_again (it also finds the same id through the other link) only.
  expect(await signatures(store, "arrival_again")).toEqual(["text, text, text, text, text"]);

  await h.publish(studyFile("upgraded", 2, ["A"]), { clipsPerParticipant: 2, ratingsPerClip: 1 });
  const arrivals = await Promise.all(
    ["P1", "P2", "P1"].map((pid) =>
      h.api("POST", "p/upgraded/arrive", { platform: "prolific", participantId: pid }),
    ),
  );
  expect(arrivals.map((a) => a.status)).toEqual([200, 200, 200]);
  // The same platform id arriving twice at once is one participant with one set of clips.
  const people = await store.query<{ platform_participant: string; clips: number }>(
    `SELECT p.platform_participant, count(a.clip_id)::int AS clips FROM participants p
     LEFT JOIN assignments a ON a.study_id = p.study_id AND a.participant_id = p.id
     WHERE p.study_id = 'upgraded' GROUP BY p.platform_participant ORDER BY 1`,
  );
  expect(people).toEqual([
    { platform_participant: "P1", clips: 2 },
    { platform_participant: "P2", clips: 2 },
  ]);
  await h.close();
  await store.close();

  // Starting again applies nothing.
  const again = await openPglite(dirs[0] as string);
  expect(await migrate(again)).toEqual([]);
  await again.close();
});

/** The settings a function carries (pg_proc.proconfig), one list per function of that name. */
const settingsOf = (store: Store, name: string) =>
  store
    .query<{ config: string[] | null }>(
      "SELECT p.proconfig AS config FROM pg_proc p WHERE p.proname = $1",
      [name],
    )
    .then((rows) => rows.map((r) => r.config));

test("a database of the release with migration 9 gets 10: the participants' calls keep generic plans", async () => {
  const store = await databaseOfRelease(9);
  expect(await settingsOf(store, "take_submission")).toEqual([null]);

  const h = await startHarness({}, store);
  for (const name of ["take_submission", "arrival_again", "arrival_join"]) {
    expect(await settingsOf(store, name)).toEqual([["plan_cache_mode=force_generic_plan"]]);
  }
  // A whole study's counts keep plans made for the study's values.
  expect(await settingsOf(store, "arrival_counts")).toEqual([null]);
  // The study still runs through them: an arrival, a submission, its replay.
  await h.publish(studyFile("generic", 2, ["A"]), { clipsPerParticipant: 2, ratingsPerClip: 1 });
  const arrived = await h.api("POST", "p/generic/arrive", {
    platform: "prolific",
    participantId: "P1",
  });
  expect(arrived.status).toBe(200);
  const token = arrived.json.sessionToken as string;
  const body = { clientId: "client-0001", position: 1, spans: [], heardToEnd: true };
  const first = await h.api("POST", "p/generic/submissions", body, token);
  const again = await h.api("POST", "p/generic/submissions", body, token);
  expect([first.status, again.status]).toEqual([200, 200]);
  expect([first.json.replay, again.json.replay]).toEqual([false, true]);
  expect(
    await store.query("SELECT count(*)::int AS n FROM submissions WHERE study_id = 'generic'"),
  ).toEqual([{ n: 1 }]);
  await h.close();
  await store.close();
});

test("a database of the release with migration 10 gets 12: orphan labels cleaned, intake answers by question id", async () => {
  const store = await databaseOfRelease(10);
  const file = {
    ...studyFile("old", 1, ["A"]),
    taxonomy: [
      { id: "silence", label: "Silence" },
      { id: "energy", label: "Energy" },
    ],
  };
  file.study.intake = {
    standard: { country: "optional" },
    free: [
      { text: "Seen synthetic speech before?", required: true },
      { text: "   " },
      { text: "__proto__", required: false },
      { text: "Seen synthetic speech before?", required: false },
    ],
  };
  const q = (sql: string, params: unknown[] = []) => store.query(sql, params);
  await q("INSERT INTO studies (id, file, settings) VALUES ('old', $1, $2)", [
    JSON.stringify(file),
    JSON.stringify({ clipsPerParticipant: 2, ratingsPerClip: 3 }),
  ]);
  for (const [i, c] of file.clips.entries()) {
    await q(
      "INSERT INTO clips (study_id, clip_id, position, sentence, system, is_reference, duration) VALUES ('old', $1, $2, $3, $4, false, 2)",
      [c.id, i, c.sentence, c.system],
    );
  }
  // The release stored free answers under the question's text (and "__proto__" not at all).
  await q(
    `INSERT INTO participants (study_id, id, platform, platform_participant, profile)
     VALUES ('old', 'p0001-aa', 'link', 'w1', $1)`,
    [JSON.stringify({ country: "NZ", answers: { "Seen synthetic speech before?": "yes, often" } })],
  );
  const clip = file.clips[1]?.id as string;
  await q(
    "INSERT INTO assignments (study_id, participant_id, clip_id, position) VALUES ('old', 'p0001-aa', $1, 1)",
    [clip],
  );
  await q(
    "INSERT INTO submissions (study_id, participant_id, clip_id, client_id, body) VALUES ('old', 'p0001-aa', $1, 'client-0001', $2)",
    [
      clip,
      JSON.stringify({
        spans: [
          { start: 0.1, end: 0.5 },
          { start: 1, end: 1.5 },
        ],
        heardToEnd: true,
        completedAt: "2026-11-28T10:00:00.000Z",
      }),
    ],
  );
  await q("INSERT INTO experts (study_id, id, token_sha256) VALUES ('old', 'e1', 'x')");
  const labels: [string, string[]][] = [
    [`p0001-aa.${clip}.1`, ["silence", "energy"]],
    // A reason that left the taxonomy: the label keeps its other reason.
    [`p0001-aa.${clip}.2`, ["gone", "energy"]],
    // Orphans: a span past the submission's two, a withdrawn participant's span.
    [`p0001-aa.${clip}.3`, ["silence"]],
    [`p0009-zz.${clip}.1`, ["silence"]],
    // Only reasons that left: nothing of it stays.
    [`p0001-aa.${file.clips[0]?.id}.1`, ["gone"]],
  ];
  for (const [region, reasons] of labels) {
    await q(
      "INSERT INTO reason_labels (study_id, expert_id, region_id, reasons) VALUES ('old', 'e1', $1, $2)",
      [region, JSON.stringify(reasons)],
    );
  }

  const h = await startHarness({}, store);
  expect(
    (await q("SELECT version FROM schema_migrations ORDER BY version")).map((r) => r.version),
  ).toEqual(MIGRATIONS.map((m) => m.version));
  const got = await h.api("GET", "studies/old/collect", undefined, TOKEN);
  const parsed = parseAnnotationFile(got.json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  expect(parsed.file.reasonLabels).toEqual([
    { regionId: `p0001-aa.${clip}.1`, annotatorId: "e1", reasons: ["silence", "energy"] },
    { regionId: `p0001-aa.${clip}.2`, annotatorId: "e1", reasons: ["energy"] },
  ]);
  // Questions q1, q2 and q3 (the blank line is not one); the duplicate text's answers went
  // to the first question with that text.
  expect(parsed.file.annotators[0]?.profile).toEqual({
    country: "NZ",
    answers: { q1: "yes, often" },
  });
  // The spans are rows now, and a withdrawal takes the labels on them along.
  expect(await q("SELECT n FROM spans WHERE study_id = 'old' ORDER BY n")).toEqual([
    { n: 1 },
    { n: 2 },
  ]);
  await q("DELETE FROM participants WHERE study_id = 'old'");
  expect(await q("SELECT 1 FROM expert_labels")).toEqual([]);
  await h.close();
  await store.close();
});

test("a database of the release with migration 13 gets 14: trials, judgments and the pre-test; a return still releases clips", async () => {
  const store = await databaseOfRelease(13);
  const q = (sql: string, params: unknown[] = []) => store.query(sql, params);
  const file = studyFile("before14", 1, ["A"]);
  await q("INSERT INTO studies (id, file, settings) VALUES ('before14', $1, $2)", [
    JSON.stringify(file),
    JSON.stringify({ clipsPerParticipant: 1, ratingsPerClip: 1 }),
  ]);
  await q(
    "INSERT INTO clips (study_id, clip_id, position, sentence, system, is_reference, duration) VALUES ('before14', 's01_A', 0, 's01', 'A', false, 2)",
  );
  await q(
    "INSERT INTO participants (study_id, id, platform, platform_participant) VALUES ('before14', 'p0001-aa', 'link', 'w1')",
  );
  await q(
    "INSERT INTO assignments (study_id, participant_id, clip_id, position) VALUES ('before14', 'p0001-aa', 's01_A', 1)",
  );
  const h = await startHarness({}, store);
  for (const name of ["take_judgment", "take_trial_play"]) {
    expect(await settingsOf(store, name)).toEqual([["plan_cache_mode=force_generic_plan"]]);
  }
  // migration 8's function, replaced with the same signature: clips released as before.
  expect(await signatures(store, "release_assignments")).toEqual(["text, text[]"]);
  await q("SELECT release_assignments('before14', ARRAY['p0001-aa'])");
  expect(await q("SELECT released FROM assignments WHERE study_id = 'before14'")).toEqual([
    { released: true },
  ]);
  // A withdrawal (the participant deleted) takes their trials, plays and judgments along.
  await q(
    "INSERT INTO trials (study_id, participant_id, stage, position, pair_id, shown_first) VALUES ('before14', 'p0001-aa', 'main', 1, 'x', 'a')",
  );
  await q(
    "INSERT INTO trial_plays (study_id, participant_id, stage, position, side, play_id) VALUES ('before14', 'p0001-aa', 'main', 1, 1, 'play-0001')",
  );
  await q(
    "INSERT INTO judgments (study_id, participant_id, stage, position, pair_id, client_id, body) VALUES ('before14', 'p0001-aa', 'main', 1, 'x', 'client-0001', '{}')",
  );
  await q("DELETE FROM participants WHERE study_id = 'before14'");
  for (const table of ["trials", "trial_plays", "judgments"]) {
    expect(await q(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([{ n: 0 }]);
  }
  await h.close();
  await store.close();
});
