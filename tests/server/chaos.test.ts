// The chaos test (issue 37, "What to build" 2): researchers, experts and participants at once,
// against PGlite and a real PostgreSQL 15 server, for 50 rounds. In each round, concurrently:
// two researchers publish a change each (confirmed: the changes listed by publishChanges, sent
// with the version they read; a 412 is read again and retried) and withdraw a participant of an
// earlier round; two experts label, relabel and clear spans, among them that participant's; new
// participants arrive, send their clips (some replayed), come back with the same id, or give
// the study back. After every round the collected file must pass `validate` (the reader) and
// `stats --json` (computeReport), and hold exactly what was acknowledged: every acknowledged
// submission and label once (the withdrawn's gone), each researcher's last acknowledged change,
// one recorded change per acknowledged publish. Bounded loops, loopback only.
import { afterAll, beforeAll, expect, test } from "vitest";
import { versionTag } from "../../src/domain/api/endpoints.ts";
import type { CollectionSettings, PublishedStudy } from "../../src/domain/collection/protocol.ts";
import { publishChanges } from "../../src/domain/collection/publishChanges.ts";
import { settingsUpdate } from "../../src/domain/collection/settings.ts";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { computeReport } from "../../src/domain/stats/analyze.ts";
import { openPostgres, type Store } from "../../src/server/store.ts";
import { studyFile } from "./fixtures.ts";
import { audioOf, type Harness, startHarness, TOKEN } from "./harness.ts";
import { type Cluster, startPostgres } from "./postgres.ts";

const ROUNDS = 50;
const ARRIVALS_PER_ROUND = 2;
const REGIONS_PER_EXPERT = 4;
const EXPERTS = ["e1", "e2"];
const TAXONOMY = [
  { id: "silence", label: "Silence" },
  { id: "energy", label: "Energy" },
  { id: "high_pitch", label: "High pitch" },
];

let cluster: Cluster;
let pgStore: Store;
beforeAll(async () => {
  cluster = await startPostgres();
  pgStore = await openPostgres(cluster.url, 6);
}, 60_000);
afterAll(async () => {
  await pgStore?.close();
  cluster?.stop();
});

/** A small deterministic generator, so that a failing run can be run again as it was. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the server acknowledged, as the actors saw it. */
interface Ledger {
  /** `<participant>|<clip>` → the spans sent, for each acknowledged submission. */
  submissions: Map<string, number>;
  /** `<expert>|<region>` → the reasons of the last acknowledged label (no entry: cleared). */
  labels: Map<string, string[]>;
  /** Server ids of participants whose withdrawal was acknowledged. */
  withdrawn: Set<string>;
  /** Platform ids of participants who arrived, with their server ids. */
  arrived: Map<string, string>;
  completionCode: string;
  instructions: string;
  /** Acknowledged publishes that changed something. */
  changes: number;
  /** The taxonomy's reason ids as last acknowledged. */
  reasons: string[];
}

async function runChaos(h: Harness, id: string, seed: number) {
  const rand = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const file: AnnotationFile = { ...studyFile(id, 4, ["A", "B"]), taxonomy: TAXONOMY };
  await h.publish(file, {
    clipsPerParticipant: 3,
    ratingsPerClip: 1000,
    completionCode: "C0",
  });
  const tokens = new Map<string, string>();
  for (const e of EXPERTS) {
    const made = await h.api("POST", `studies/${id}/experts`, { expertId: e }, TOKEN);
    tokens.set(e, made.json.token as string);
  }
  const ledger: Ledger = {
    submissions: new Map(),
    labels: new Map(),
    withdrawn: new Set(),
    arrived: new Map(),
    completionCode: "C0",
    instructions: file.study.instructions as string,
    changes: 0,
    reasons: TAXONOMY.map((t) => t.id),
  };
  const refused: string[] = [];
  /** A refusal must be one the API documents, never a 5xx. */
  const expectRefusal = (what: string, status: number, allowed: number[]) => {
    if (!allowed.includes(status)) refused.push(`${what}: ${status}`);
  };
  let collected = await collect(h, id);

  for (let round = 1; round <= ROUNDS; round++) {
    const regions = collected.regions.map((r) => ({ id: r.id, who: r.annotatorId }));
    const living = [...ledger.arrived.entries()].filter(([, pid]) => !ledger.withdrawn.has(pid));
    const leaving = round % 3 === 0 && living.length > 0 ? pick(living) : undefined;
    const actors: Promise<void>[] = [];

    // Researchers: two publishers at once, each confirming its change on what it read.
    const publisher = async (kind: "code" | "text") => {
      // Dropping a reason a label uses is refused (409): then the change goes without it.
      let drop = round % 10 === 5;
      for (let attempt = 0; attempt < 6; attempt++) {
        const read = await h.api("GET", `studies/${id}/published`, undefined, TOKEN);
        const published = read.json as unknown as PublishedStudy;
        const settings: CollectionSettings = { ...published.settings };
        const next = structuredClone(published.file);
        delete next.study.protocolChanges;
        let reasons = next.taxonomy.map((t) => t.id);
        if (kind === "code") settings.completionCode = `C${round}`;
        else {
          next.study.instructions = `Round ${round}: mark what sounds wrong.`;
          // Now and then the third reason is dropped (refused while a label uses it) or back.
          if (drop) next.taxonomy = next.taxonomy.filter((t) => t.id !== "high_pitch");
          if (round % 10 === 0 && !reasons.includes("high_pitch"))
            next.taxonomy = [...next.taxonomy, TAXONOMY[2] as (typeof TAXONOMY)[number]];
          reasons = next.taxonomy.map((t) => t.id);
        }
        const changes = publishChanges(published, {
          settings,
          file: next,
          audio: Object.fromEntries(
            Object.entries(audioOf(next)).map(([clip, a]) => [clip, a.sha256]),
          ),
        });
        expect(changes.length).toBeGreaterThan(0);
        const put = await h.api(
          "PUT",
          `studies/${id}`,
          {
            file: next,
            settings: settingsUpdate(published.settings, settings),
            audio: audioOf(next),
          },
          TOKEN,
          { "if-match": versionTag(published.version) },
        );
        if (put.status === 412) continue;
        if (put.status === 409 && put.json.error?.code === "reason-in-use" && drop) {
          expect(put.json.error.message).toContain('"high_pitch"');
          drop = false;
          continue;
        }
        expect([put.status, put.json.error]).toEqual([200, undefined]);
        ledger.changes++;
        if (kind === "code") ledger.completionCode = `C${round}`;
        else {
          ledger.instructions = next.study.instructions as string;
          ledger.reasons = reasons;
        }
        return;
      }
      throw new Error(`round ${round}: the ${kind} publisher got 412 six times`);
    };
    actors.push(publisher("code"), publisher("text"));

    // The researcher withdraws someone while the experts label their spans.
    if (leaving) {
      actors.push(
        (async () => {
          const [platformId, pid] = leaving;
          const gone = await h.api(
            "POST",
            `studies/${id}/withdraw`,
            { participant: platformId, platform: "link" },
            TOKEN,
          );
          expect(gone.status).toBe(200);
          ledger.withdrawn.add(pid);
        })(),
      );
    }

    // Experts: labels, relabels and clears, concurrently over regions (one region's writes by
    // one expert in turn, so the last acknowledged is the one that must stay).
    for (const expert of EXPERTS) {
      const token = tokens.get(expert) as string;
      const chosen = new Set<string>();
      const theirs = leaving ? regions.filter((r) => r.who === leaving[1]) : [];
      for (const r of theirs.slice(0, 3)) chosen.add(r.id);
      for (let i = 0; i < REGIONS_PER_EXPERT && regions.length > 0; i++)
        chosen.add(pick(regions).id);
      for (const region of chosen) {
        const steps: string[][] = [];
        const sets = [["silence"], ["energy", "silence"], ["high_pitch"], ["energy"], []];
        const n = 1 + Math.floor(rand() * 2);
        for (let i = 0; i < n; i++) steps.push(pick(sets));
        actors.push(
          (async () => {
            for (const reasons of steps) {
              const put = await h.api(
                "PUT",
                `x/${id}/labels/${encodeURIComponent(region)}`,
                { reasons },
                token,
              );
              if (put.status === 200) {
                const key = `${expert}|${region}`;
                if (reasons.length === 0) ledger.labels.delete(key);
                else ledger.labels.set(key, put.json.reasons as string[]);
              } else expectRefusal(`label ${region}`, put.status, [400, 404, 409]);
            }
          })(),
        );
      }
    }

    // Participants: new ones arrive and send their clips; some replay, come back, or give up.
    for (let k = 0; k < ARRIVALS_PER_ROUND; k++) {
      const platformId = `r${round}-${k}`;
      const mood = pick(["steady", "steady", "replays", "comes back", "gives back"] as const);
      actors.push(
        (async () => {
          const arrive = () =>
            h.api("POST", `p/${id}/arrive`, { platform: "link", participantId: platformId });
          let arrived = await arrive();
          expect(arrived.status).toBe(200);
          const pid = (arrived.json.state as { participantId: string }).participantId;
          ledger.arrived.set(platformId, pid);
          const clips = (arrived.json.state as { clips: { position: number }[] }).clips;
          let session = arrived.json.sessionToken as string;
          for (const [i, { position }] of clips.entries()) {
            const spans = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, j) => ({
              start: 0.1 + j * 0.5,
              end: 0.4 + j * 0.5,
            }));
            const body = {
              clientId: `${id}-${platformId}-${position}`,
              position,
              spans,
              heardToEnd: true,
            };
            const sent = await h.api("POST", `p/${id}/submissions`, body, session);
            if (sent.status !== 200) {
              expectRefusal(`submission ${platformId}/${position}`, sent.status, [403]);
              continue;
            }
            const clip = await clipOf(h, id, pid, position);
            ledger.submissions.set(`${pid}|${clip}`, spans.length);
            if (mood === "replays") {
              const again = await h.api("POST", `p/${id}/submissions`, body, session);
              expect([again.status, again.json.replay]).toEqual([200, true]);
            }
            if (i === 0 && mood === "comes back") {
              arrived = await arrive();
              expect(arrived.status).toBe(200);
              expect((arrived.json.state as { participantId: string }).participantId).toBe(pid);
              session = arrived.json.sessionToken as string;
            }
            if (i === 0 && mood === "gives back") {
              const back = await h.api("POST", `p/${id}/return`, {}, session);
              expect(back.status).toBe(200);
            }
          }
        })(),
      );
    }

    await Promise.all(actors);
    expect(refused).toEqual([]);
    collected = await collect(h, id);
    check(collected, ledger, round);
  }
  return { ledger, collected };
}

const clipCache = new Map<string, string>();
/** The clip at a participant's position (read from the database: the test's own bookkeeping). */
async function clipOf(h: Harness, id: string, pid: string, position: number) {
  const key = `${id}|${pid}|${position}`;
  const known = clipCache.get(key);
  if (known) return known;
  const [row] = await h.store.query<{ clip_id: string }>(
    "SELECT clip_id FROM assignments WHERE study_id = $1 AND participant_id = $2 AND position = $3",
    [id, pid, position],
  );
  clipCache.set(key, row?.clip_id as string);
  return row?.clip_id as string;
}

/** The collected file: `validate` (the reader) and `stats --json` (computeReport) pass. */
async function collect(h: Harness, id: string): Promise<AnnotationFile> {
  const got = await h.api("GET", `studies/${id}/collect`, undefined, TOKEN);
  expect(got.status).toBe(200);
  const parsed = parseAnnotationFile(got.json);
  if (!parsed.ok) throw new Error(`validate fails: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
  JSON.stringify(computeReport(parsed.file));
  return parsed.file;
}

/** Exactly what was acknowledged: nothing lost, nothing doubled, the withdrawn gone. */
function check(file: AnnotationFile, ledger: Ledger, round: number) {
  const where = `round ${round}`;
  const subs = file.submissions.map((s) => `${s.annotatorId}|${s.clipId}`);
  expect(new Set(subs).size, where).toBe(subs.length);
  const expected = [...ledger.submissions.keys()].filter(
    (k) => !ledger.withdrawn.has(k.split("|")[0] as string),
  );
  expect(subs.sort(), where).toEqual(expected.sort());
  for (const s of file.submissions) {
    const spans = file.regions.filter(
      (r) => r.annotatorId === s.annotatorId && r.clipId === s.clipId,
    ).length;
    expect(spans, where).toBe(ledger.submissions.get(`${s.annotatorId}|${s.clipId}`));
  }
  for (const pid of ledger.withdrawn)
    expect(
      file.annotators.some((a) => a.id === pid),
      where,
    ).toBe(false);
  const labels = file.reasonLabels.map((l) => [`${l.annotatorId}|${l.regionId}`, l.reasons]);
  expect(new Set(labels.map((l) => l[0])).size, where).toBe(labels.length);
  const wanted = [...ledger.labels.entries()].filter(([key]) => {
    const region = key.split("|")[1] as string;
    return !ledger.withdrawn.has(region.slice(0, region.indexOf(".")));
  });
  const sorted = (xs: [string, string[]][]) =>
    xs.map(([k, r]) => [k, [...r].sort()]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  expect(sorted(labels as [string, string[]][]), where).toEqual(sorted(wanted));
  expect(file.study.instructions, where).toBe(ledger.instructions);
  expect(
    file.taxonomy.map((t) => t.id),
    where,
  ).toEqual(ledger.reasons);
  expect((file.study.protocolChanges as unknown[] | undefined)?.length ?? 0, where).toBe(
    ledger.changes,
  );
}

test("chaos on PGlite: 50 rounds of researchers, experts and participants at once", async () => {
  const h = await startHarness();
  try {
    const { ledger, collected } = await runChaos(h, "chaos", 37);
    const published = await h.api("GET", "studies/chaos/published", undefined, TOKEN);
    expect((published.json.settings as CollectionSettings).completionCode).toBe(
      ledger.completionCode,
    );
    expect(ledger.withdrawn.size).toBeGreaterThan(10);
    expect(collected.reasonLabels.length).toBeGreaterThan(20);
  } finally {
    await h.close();
  }
}, 120_000);

test("chaos on PostgreSQL 15: 50 rounds of researchers, experts and participants at once", async () => {
  const h = await startHarness({}, pgStore);
  try {
    const { ledger, collected } = await runChaos(h, "chaos", 38);
    const published = await h.api("GET", "studies/chaos/published", undefined, TOKEN);
    expect((published.json.settings as CollectionSettings).completionCode).toBe(
      ledger.completionCode,
    );
    expect(ledger.withdrawn.size).toBeGreaterThan(10);
    expect(collected.reasonLabels.length).toBeGreaterThan(20);
  } finally {
    await h.close();
  }
}, 120_000);
