// Issue 37, items 1–4: integrity in the database, not in the order of calls. An expert's label
// that crosses a withdrawal can never stay on a deleted span (PostgreSQL, where the two really
// run at once), a label is cleared with `reasons: []`, a taxonomy that drops a used reason is
// refused, a live study's settings survive a PUT without them, two publishers cannot overwrite
// each other (If-Match), and every change to a running study is recorded for the report.
import { afterAll, beforeAll, expect, test } from "vitest";
import { versionTag } from "../../src/domain/api/endpoints.ts";
import type { PublishedStudy } from "../../src/domain/collection/protocol.ts";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { protocolFacts, protocolReport } from "../../src/domain/report/protocol.ts";
import { computeReport } from "../../src/domain/stats/analyze.ts";
import { openPostgres, type Store } from "../../src/server/store.ts";
import { studyFile } from "./fixtures.ts";
import { audioOf, type Harness, startHarness, TOKEN } from "./harness.ts";
import { type Cluster, startPostgres } from "./postgres.ts";

let lite: Harness;
let pg: Harness;
let cluster: Cluster;
let pgStore: Store;
beforeAll(async () => {
  cluster = await startPostgres();
  pgStore = await openPostgres(cluster.url, 4);
  [lite, pg] = await Promise.all([startHarness(), startHarness({}, pgStore)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([lite?.close(), pg?.close()]);
  await pgStore?.close();
  cluster?.stop();
});

const TAXONOMY = [
  { id: "silence", label: "Silence" },
  { id: "energy", label: "Energy" },
];

/** A study with one participant's two clips sent (two spans each) and an expert's token. */
async function studyWithWork(h: Harness, id: string) {
  const file: AnnotationFile = { ...studyFile(id, 2, ["A"]), taxonomy: TAXONOMY };
  await h.publish(file, { clipsPerParticipant: 2, completionCode: "DONE1" });
  const arrived = await h.api("POST", `p/${id}/arrive`, { platform: "link", participantId: "w1" });
  const session = arrived.json.sessionToken as string;
  const pid = (arrived.json.state as { participantId: string }).participantId;
  for (const position of [1, 2]) {
    const sent = await h.api(
      "POST",
      `p/${id}/submissions`,
      {
        clientId: `${id}-client-${position}`,
        position,
        spans: [
          { start: 0.1, end: 0.4 },
          { start: 0.5, end: 0.9 },
        ],
        heardToEnd: true,
      },
      session,
    );
    expect(sent.status).toBe(200);
  }
  const expert = await h.api("POST", `studies/${id}/experts`, { expertId: "e1" }, TOKEN);
  const collected = await collect(h, id);
  return {
    file,
    pid,
    expertToken: expert.json.token as string,
    regions: collected.regions.map((r) => r.id),
  };
}

/** The collected file, which must pass the reader (`validate`) and the analysis (`stats`). */
async function collect(h: Harness, id: string): Promise<AnnotationFile> {
  const got = await h.api("GET", `studies/${id}/collect`, undefined, TOKEN);
  expect(got.status).toBe(200);
  const parsed = parseAnnotationFile(got.json);
  if (!parsed.ok) throw new Error(`collect does not validate: ${JSON.stringify(parsed.errors)}`);
  computeReport(parsed.file);
  return parsed.file;
}

const label = (h: Harness, id: string, token: string, region: string, reasons: string[]) =>
  h.api("PUT", `x/${id}/labels/${encodeURIComponent(region)}`, { reasons }, token);

const published = async (h: Harness, id: string) =>
  (await h.api("GET", `studies/${id}/published`, undefined, TOKEN))
    .json as unknown as PublishedStudy;

test("a label sent while a withdrawal is being written never stays on the deleted span (PostgreSQL)", async () => {
  const { pid, expertToken, regions } = await studyWithWork(pg, "race");
  const region = regions[0] as string;
  // The withdrawal's transaction deletes the participant (and, by cascade, what is theirs) and
  // stays open; the expert's label arrives meanwhile. Before migration 12 the label's check saw
  // the span (the delete not committed yet) and its insert had nothing to wait for: it was
  // acknowledged, and stayed on a span that no longer existed.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let deleted: () => void = () => undefined;
  const deleting = new Promise<void>((resolve) => {
    deleted = resolve;
  });
  const withdrawal = pgStore.transaction(async (tx) => {
    await tx.query("DELETE FROM participants WHERE study_id = $1 AND id = $2", ["race", pid]);
    deleted();
    await gate;
  });
  await deleting;
  let answered = false;
  const put = label(pg, "race", expertToken, region, ["silence"]).then((r) => {
    answered = true;
    return r;
  });
  // Until the label's write is either answered or waiting for the withdrawal's row lock.
  for (let i = 0; i < 200 && !answered; i++) {
    const waiting = await pgStore.query(
      "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%expert_label%'",
    );
    if (waiting.length > 0) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  release();
  await withdrawal;
  const answer = await put;
  expect([answer.status, answer.json.error?.code]).toEqual([404, "no-region"]);
  const file = await collect(pg, "race");
  expect(file.reasonLabels).toEqual([]);
  expect(file.regions).toEqual([]);
});

test("labels: `reasons: []` clears a label (200), also once its span is withdrawn; a label on a withdrawn span is 404", async () => {
  for (const h of [lite, pg]) {
    const { expertToken, regions } = await studyWithWork(h, "clear");
    const [r1, r2] = regions as [string, string];
    expect((await label(h, "clear", expertToken, r1, ["energy", "silence"])).json).toEqual({
      regionId: r1,
      annotatorId: "e1",
      reasons: ["silence", "energy"],
    });
    expect((await label(h, "clear", expertToken, r2, ["energy"])).status).toBe(200);
    expect((await collect(h, "clear")).reasonLabels).toHaveLength(2);
    const cleared = await label(h, "clear", expertToken, r1, []);
    expect([cleared.status, cleared.json.reasons]).toEqual([200, []]);
    expect((await collect(h, "clear")).reasonLabels).toEqual([
      { regionId: r2, annotatorId: "e1", reasons: ["energy"] },
    ]);
    const gone = await h.api(
      "POST",
      "studies/clear/withdraw",
      { participant: "w1", platform: "link" },
      TOKEN,
    );
    expect(gone.json).toMatchObject({ submissions: 2, spans: 4, reasonLabels: 1 });
    expect((await label(h, "clear", expertToken, r2, [])).status).toBe(200);
    const late = await label(h, "clear", expertToken, r2, ["silence"]);
    expect([late.status, late.json.error?.code]).toEqual([404, "no-region"]);
    expect((await collect(h, "clear")).reasonLabels).toEqual([]);
    // A whole study still goes with its row (docs/server.md, "For how long").
    await h.store.query("DELETE FROM studies WHERE id = 'clear'");
    expect(await h.store.query("SELECT 1 FROM expert_labels WHERE study_id = 'clear'")).toEqual([]);
  }
});

test("a taxonomy that drops a reason experts used is refused, naming it and its labels", async () => {
  const h = lite;
  const { file, expertToken, regions } = await studyWithWork(h, "drop");
  for (const region of regions.slice(0, 3))
    expect((await label(h, "drop", expertToken, region, ["silence"])).status).toBe(200);
  const before = await published(h, "drop");
  const dropped = { ...file, taxonomy: [{ id: "energy", label: "Energy" }] };
  const refused = await h.api(
    "PUT",
    "studies/drop",
    { file: dropped, audio: audioOf(file) },
    TOKEN,
    { "if-match": versionTag(before.version) },
  );
  expect(refused.status).toBe(409);
  expect(refused.json.error).toEqual({
    code: "reason-in-use",
    message:
      'the taxonomy leaves out a reason that experts have used: "silence" (3 labels). Keep it in the taxonomy, or have the experts take it off those labels first; nothing was changed',
  });
  expect((await published(h, "drop")).version).toBe(before.version);
  // Dropping the reason nobody used is a change like any other.
  const kept = { ...file, taxonomy: [{ id: "silence", label: "Silence" }] };
  const ok = await h.api("PUT", "studies/drop", { file: kept, audio: audioOf(file) }, TOKEN, {
    "if-match": versionTag(before.version),
  });
  expect(ok.status).toBe(200);
  const collected = await collect(h, "drop");
  expect(collected.taxonomy.map((t) => t.id)).toEqual(["silence"]);
  expect(collected.reasonLabels).toHaveLength(3);
});

test("a live study's settings: no settings or {} keep them; If-Match or nothing changes (428, 412)", async () => {
  const h = lite;
  const { file } = await studyWithWork(h, "guard");
  const v1 = await published(h, "guard");
  expect(v1.settings).toEqual({
    clipsPerParticipant: 2,
    ratingsPerClip: 3,
    completionCode: "DONE1",
  });
  const put = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    h.api("PUT", "studies/guard", { file, audio: audioOf(file), ...body }, TOKEN, headers);
  // Without If-Match: refused, nothing changed (the wipe was a 200).
  const blind = await put({});
  expect([blind.status, blind.json.error?.code]).toEqual([428, "version-needed"]);
  expect(blind.json.error?.message).toContain(`send If-Match: "${v1.version}"`);
  expect((await published(h, "guard")).version).toBe(v1.version);
  // With it: no settings, then {}, keep every setting.
  const first = await put({}, { "if-match": versionTag(v1.version) });
  expect(first.status).toBe(200);
  const second = await put(
    { settings: {} },
    { "if-match": versionTag(first.json.version as number) },
  );
  expect(second.status).toBe(200);
  const v3 = await published(h, "guard");
  expect(v3.settings).toEqual(v1.settings);
  expect(v3.version).toBe(second.json.version);
  // A publisher who read version 1 cannot overwrite what came after.
  const stale = await put(
    { settings: { completionCode: null } },
    { "if-match": versionTag(v1.version) },
  );
  expect(stale.status).toBe(412);
  expect(stale.json.error?.message).toBe(
    `study "guard" was published again since you read it (you read version ${v1.version}, it is now version ${v3.version}): read it back, check what would change, and publish again; nothing was changed`,
  );
  // Two publishers who read the same version at once: one wins, the other is told.
  const both = await Promise.all([
    put({ settings: { completionCode: "A" } }, { "if-match": versionTag(v3.version) }),
    put({ settings: { completionCode: "B" } }, { "if-match": versionTag(v3.version) }),
  ]);
  expect(both.map((b) => b.status).sort()).toEqual([200, 412]);
  const won = both[0]?.status === 200 ? "A" : "B";
  expect((await published(h, "guard")).settings.completionCode).toBe(won);
  // null takes a setting away; the participant who finishes then gets no code, as confirmed.
  const latest = await published(h, "guard");
  const removed = await put(
    { settings: { completionCode: null } },
    { "if-match": versionTag(latest.version) },
  );
  expect(removed.status).toBe(200);
  expect((await published(h, "guard")).settings).toEqual({
    clipsPerParticipant: 2,
    ratingsPerClip: 3,
  });
});

test("every change to a running study is recorded with its time and who had arrived, and reported", async () => {
  const h = lite;
  const { file } = await studyWithWork(h, "log");
  const v1 = await published(h, "log");
  // First the instructions change; a second participant arrives; then a new completion code
  // and a headphone check for whoever arrives next.
  const worded = { ...file, study: { ...file.study, instructions: "Listen closely." } };
  const a = await h.api("PUT", "studies/log", { file: worded, audio: audioOf(file) }, TOKEN, {
    "if-match": versionTag(v1.version),
  });
  expect(a.status).toBe(200);
  const second = await h.api("POST", "p/log/arrive", { platform: "link", participantId: "w2" });
  expect(second.status).toBe(200);
  const checked = {
    ...worded,
    study: { ...worded.study, screening: { test: "huggins", trials: 6, passAt: 5 } },
  };
  const b = await h.api(
    "PUT",
    "studies/log",
    { file: checked, audio: audioOf(file), settings: { completionCode: "DONE2" } },
    TOKEN,
    { "if-match": versionTag(a.json.version as number) },
  );
  expect(b.status).toBe(200);
  // Publishing the same again records nothing.
  const c = await h.api("PUT", "studies/log", { file: checked, audio: audioOf(file) }, TOKEN, {
    "if-match": versionTag(b.json.version as number),
  });
  expect(c.status).toBe(200);
  const collected = await collect(h, "log");
  const changes = collected.study.protocolChanges as {
    at: string;
    participantsBefore: number;
    changes: { what: string; from: string; to: string }[];
  }[];
  expect(changes.map((x) => [x.participantsBefore, x.changes])).toEqual([
    [1, [{ what: "Instructions", from: '"Mark what sounds wrong."', to: '"Listen closely."' }]],
    [
      2,
      [
        { what: "Completion code", from: '"DONE1"', to: '"DONE2"' },
        { what: "Headphone check", from: "(none)", to: '{"passAt":5,"test":"huggins","trials":6}' },
      ],
    ],
  ]);
  for (const x of changes) expect(Date.now() - Date.parse(x.at)).toBeLessThan(600_000);
  const markdown = protocolReport(protocolFacts(collected), computeReport(collected), "markdown");
  expect(markdown).toContain("## Changes to the protocol during collection");
  expect(markdown).toContain(
    `| ${changes[1]?.at.slice(0, 10)} ${changes[1]?.at.slice(11, 16)} | 2 | Headphone check | (none) | {"passAt":5,"test":"huggins","trials":6} |`,
  );
  // Publishing the collected file again (its copy of the changes included) changes nothing.
  const d = await h.api(
    "PUT",
    "studies/log",
    {
      file: { ...collected, annotators: [], submissions: [], regions: [], reasonLabels: [] },
      audio: audioOf(file),
    },
    TOKEN,
    { "if-match": versionTag(c.json.version as number) },
  );
  expect(d.status).toBe(200);
  expect(((await collect(h, "log")).study.protocolChanges as unknown[]).length).toBe(2);
});

test("a label given while a publish drops its reason: one of them is refused, never a label on a lost reason (PostgreSQL)", async () => {
  const { file, pid } = await studyWithWork(pg, "crossed");
  const before = await published(pg, "crossed");
  const clip = (await collect(pg, "crossed")).regions[0]?.clipId as string;
  // The expert's label is being written (as setExpertReasons writes it, not committed yet) when
  // the publish that drops its reason comes and commits. The reason's reference is checked at
  // commit: the label's transaction is refused then (the API answers it 409), so no label is
  // left with a reason the taxonomy no longer has, and `collect` still validates.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let written: () => void = () => undefined;
  const writing = new Promise<void>((resolve) => {
    written = resolve;
  });
  const labelling = pgStore.transaction(async (tx) => {
    const key = ["crossed", "e1", pid, clip, 1];
    await tx.query(
      "INSERT INTO expert_labels (study_id, expert_id, participant_id, clip_id, n) VALUES ($1, $2, $3, $4, $5)",
      key,
    );
    await tx.query(
      "INSERT INTO expert_label_reasons (study_id, expert_id, participant_id, clip_id, n, reason_id) VALUES ($1, $2, $3, $4, $5, 'energy')",
      key,
    );
    written();
    await gate;
  });
  await writing;
  const dropped = { ...file, taxonomy: [{ id: "silence", label: "Silence" }] };
  const publish = await pg.api(
    "PUT",
    "studies/crossed",
    { file: dropped, audio: audioOf(file) },
    TOKEN,
    { "if-match": versionTag(before.version) },
  );
  expect(publish.status).toBe(200);
  release();
  await expect(labelling).rejects.toMatchObject({
    code: "23503",
    constraint: "expert_label_reasons_reason",
  });
  const after = await collect(pg, "crossed");
  expect(after.taxonomy.map((t) => t.id)).toEqual(["silence"]);
  expect(after.reasonLabels).toEqual([]);
});
