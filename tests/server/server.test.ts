// The collection server over HTTP, on both storages: embedded PGlite and a real PostgreSQL
// server (a throwaway cluster). Which database health names, a participant's whole visit
// (arrive, blind clips, each clip stored once however often it is sent, the completion code,
// collect), refusals that change nothing, and 200 participants arriving at once. Each service's
// own cases are beside it in src/server/*.test.ts (on PGlite).
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { DEFAULT_RATING_SCALE } from "../../src/domain/study/ratingScale.ts";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import { ensureResearcherToken } from "../../src/server/service.ts";
import { openPostgres, type Store } from "../../src/server/store.ts";
import { studyFile } from "./fixtures.ts";
import { audioOf, sha, wavOf } from "./harness.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";
import { type Cluster, startPostgres } from "./postgres.ts";
import { apiFetch } from "./serverProcess.ts";

const TOKEN = "researcher-token-for-tests";

interface Backend {
  name: string;
  open(): Promise<Store>;
  done(): void;
}

let cluster: Cluster | undefined;
const dirs: string[] = [];
const backends: Backend[] = [
  {
    name: "PGlite",
    open: () => {
      const dir = mkdtempSync(path.join(tmpdir(), "redpen-pglite-"));
      dirs.push(dir);
      return openMigratedPglite(path.join(dir, "db"));
    },
    done: () => undefined,
  },
  {
    name: "PostgreSQL",
    open: async () => {
      cluster = await startPostgres();
      return openPostgres(cluster.url);
    },
    done: () => cluster?.stop(),
  },
];

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each(backends)("on $name", (backend) => {
  let store: Store;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    store = await backend.open();
    await migrate(store);
    await ensureResearcherToken(store, TOKEN);
    server = createCollectionServer({
      store,
      rate: { perSecond: 10_000, burst: 10_000 },
      arrivalRate: { perMinute: 1_000_000, burst: 10_000 },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
    backend.done();
  });

  const api = async (
    method: string,
    route: string,
    body?: unknown,
    auth?: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await apiFetch(base, method, route, body, auth, headers);
    const text = await res.text();
    return {
      status: res.status,
      json: text
        ? (JSON.parse(text) as Record<string, unknown> & {
            error?: { code: string; message: string };
          })
        : {},
    };
  };

  async function publish(file: AnnotationFile, settings: Record<string, unknown> = {}) {
    const audio = audioOf(file);
    const result = await api("PUT", `studies/${file.study.id}`, { file, settings, audio }, TOKEN);
    expect(result.status).toBe(200);
    for (const c of file.clips) {
      const bytes = wavOf(c.id);
      if ((result.json.missingAudio as string[]).includes(sha(bytes))) {
        expect(
          (await api("PUT", `audio/${sha(bytes)}`, bytes, TOKEN, { "content-type": "audio/wav" }))
            .status,
        ).toBe(200);
      }
    }
    return result.json;
  }

  test("health says which database", async () => {
    expect((await api("GET", "health")).json).toEqual({
      ok: true,
      database: backend.name === "PGlite" ? "pglite" : "postgresql",
    });
  });

  test("a participant's whole visit: arrive, blind clips, send each once, completion code, collect", async () => {
    const file = studyFile("visit", 6, ["espeak", "flite"]);
    await publish(file, {
      clipsPerParticipant: 5,
      ratingsPerClip: 2,
      completionCode: "C0DE42",
      completionUrl: "https://app.prolific.com/submissions/complete?cc=C0DE42",
    });
    const arrival = await api("POST", "p/visit/arrive", {
      platform: "prolific",
      participantId: "5f1a2b",
      platformStudyId: "66aa",
      sessionId: "77bb",
    });
    expect(arrival.status).toBe(200);
    const token = arrival.json.sessionToken as string;
    const state = arrival.json.state as {
      clips: { position: number; duration: number }[];
      study: Record<string, string>;
      done: number[];
    };
    expect(state.clips.map((c) => c.position)).toEqual([1, 2, 3, 4, 5]);
    expect(state.study).toEqual({
      name: "Study visit",
      instructions: "Mark what sounds wrong.",
      consent: "I agree.",
      // A Prolific completion address: the study takes Prolific's links only (links.ts).
      links: "prolific",
      requireRating: false,
      ratingScale: DEFAULT_RATING_SCALE,
    });
    // What the consent step shows is readable before arriving; an unknown study says so.
    expect((await api("GET", "p/visit")).json).toEqual({
      name: "Study visit",
      instructions: "Mark what sounds wrong.",
      consent: "I agree.",
      links: "prolific",
    });
    const unknown = await api("GET", "p/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.message).toBe('no study "nope" is published on this server');
    // Blind: nothing names a clip, a system or a sentence.
    // (The rating question's "human-sounding" is the question's wording, not a system; the
    // session token is 43 random base64url characters, which can spell "s06" by chance.)
    expect(
      JSON.stringify({ ...arrival.json, sessionToken: "(random)" }).replace(
        JSON.stringify(DEFAULT_RATING_SCALE),
        "",
      ),
    ).not.toMatch(/espeak|flite|human|s0\d/);
    // Audio of one's own clip, with caching headers; not another study's.
    const audio = await fetch(`${base}/api/p/visit/clips/1/audio`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect((await api("GET", "p/pub/state", undefined, token)).status).toBe(401);

    // A bad span is refused, with what is wrong, and nothing is stored.
    const badSpan = await api(
      "POST",
      "p/visit/submissions",
      {
        clientId: "client-0001",
        position: 1,
        spans: [{ start: 1.5, end: 1 }],
        heardToEnd: true,
        score: 3,
      },
      token,
    );
    expect(badSpan.status).toBe(400);
    expect(badSpan.json.error?.message).toBe("spans[0]: end (1) must be greater than start (1.5)");
    expect((await api("GET", "p/visit/state", undefined, token)).json.done).toEqual([]);

    for (let position = 1; position <= 5; position++) {
      const body = {
        clientId: `client-000${position}`,
        position,
        spans: [{ start: 0.5, end: 1.25 }],
        heardToEnd: true,
        score: position,
      };
      const sent = await api("POST", "p/visit/submissions", body, token);
      expect(sent.status).toBe(200);
      expect(sent.json.replay).toBe(false);
      // The same request again (a retry after a lost answer): acknowledged, stored once.
      const retry = await api("POST", "p/visit/submissions", body, token);
      expect(retry.json.replay).toBe(true);
      if (position < 5)
        expect((sent.json.progress as { completion?: unknown }).completion).toBeUndefined();
      else {
        expect((sent.json.progress as { completion?: unknown }).completion).toEqual({
          code: "C0DE42",
          url: "https://app.prolific.com/submissions/complete?cc=C0DE42",
        });
      }
    }
    // Another submission for a clip already sent is refused.
    const twice = await api(
      "POST",
      "p/visit/submissions",
      { clientId: "client-other", position: 1, spans: [], heardToEnd: true },
      token,
    );
    expect(twice.status).toBe(409);
    // Coming back with the same Prolific id: the same clips, all done.
    const back = await api("POST", "p/visit/arrive", {
      platform: "prolific",
      participantId: "5f1a2b",
    });
    expect((back.json.state as { done: number[] }).done).toEqual([1, 2, 3, 4, 5]);

    const collected = await api("GET", "studies/visit/collect", undefined, TOKEN);
    const parsed = parseAnnotationFile(collected.json);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.file.annotators).toEqual([
      {
        id: arrival.json.state && (arrival.json.state as { participantId: string }).participantId,
        role: "crowd",
        platform: { name: "prolific", participantId: "5f1a2b", studyId: "66aa", sessionId: "77bb" },
        status: "completed",
        arrivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    // Arrival before completion, both from the server's clock.
    const [who] = parsed.file.annotators;
    expect(Date.parse(who?.finishedAt ?? "")).toBeGreaterThanOrEqual(
      Date.parse(who?.arrivedAt ?? ""),
    );
    expect(parsed.file.submissions).toHaveLength(5);
    expect(parsed.file.submissions.every((s) => s.heardToEnd === true)).toBe(true);
    expect(parsed.file.regions).toHaveLength(5);
    expect(parsed.file.regions.every((r) => r.start === 0.5 && r.end === 1.25)).toBe(true);
    expect(new Set(parsed.file.submissions.map((s) => s.score))).toEqual(new Set([1, 2, 3, 4, 5]));
    // The reference-clip check: one reference clip (2 s) in 5, 0.75 s of it marked.
    const progress = await api("GET", "studies/visit/progress", undefined, TOKEN);
    expect((progress.json.perParticipant as unknown[])[0]).toMatchObject({
      status: "completed",
      done: 5,
      total: 5,
      referenceMarkedSeconds: 0.75,
      referenceSeconds: 2,
    });
  });

  test("malformed, oversized and foreign requests are refused with clear errors", async () => {
    const file = studyFile("guard", 3, ["A"]);
    await publish(file, { clipsPerParticipant: 3 });
    const notJson = await fetch(`${base}/api/p/guard/arrive`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { message: string } }).error.message).toMatch(
      /^the body is not valid JSON/,
    );
    const noId = await api("POST", "p/guard/arrive", { platform: "prolific", participantId: "" });
    expect(noId.json.error?.code).toBe("bad-arrival");
    const huge = await api("POST", "p/guard/arrive", {
      platform: "link",
      participantId: "x".repeat(300_000),
    });
    expect(huge.status).toBe(413);
    const foreign = await api(
      "POST",
      "p/guard/arrive",
      { platform: "link", participantId: "7" },
      undefined,
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect(
      (
        await api("POST", "p/guard/submissions", {
          clientId: "abcdefgh",
          position: 1,
          spans: [],
          heardToEnd: true,
        })
      ).status,
    ).toBe(401);
    const a = await api("POST", "p/guard/arrive", { platform: "link", participantId: "7" });
    const token = a.json.sessionToken as string;
    const notMine = await api(
      "POST",
      "p/guard/submissions",
      { clientId: "abcdefgh", position: 9, spans: [], heardToEnd: true },
      token,
    );
    expect(notMine.status).toBe(403);
    const collected = await api("GET", "studies/guard/collect", undefined, TOKEN);
    expect(collected.json.submissions).toEqual([]);
  });

  test("200 participants arriving at once: every rule holds, no clip over-assigned", async () => {
    // 40 sentences × (human + 3 systems); K = 10 (one reference each), R = 20: 200 × 9 = 1800
    // test-clip places over 120 clips (15 each when balanced), 200 references over 40 (5 each).
    const file = studyFile("crowd", 40, ["A", "B", "C"]);
    await publish(file, { clipsPerParticipant: 10, ratingsPerClip: 20 });
    const arrivals = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        api("POST", "p/crowd/arrive", { platform: "prolific", participantId: `pid${i}` }),
      ),
    );
    expect(arrivals.map((a) => a.status)).toEqual(Array(200).fill(200));
    const progress = await api("GET", "studies/crowd/progress", undefined, TOKEN);
    expect(progress.json).toMatchObject({
      assigned: 2000,
      participants: { started: 200, completed: 0, returned: 0 },
    });
    // What each got, read back through the store.
    const rows = await store.query<{ participant_id: string; clip_id: string }>(
      "SELECT participant_id, clip_id FROM assignments WHERE study_id = 'crowd'",
    );
    const perClip = new Map<string, number>();
    const perPerson = new Map<string, string[]>();
    for (const r of rows) {
      perClip.set(r.clip_id, (perClip.get(r.clip_id) ?? 0) + 1);
      perPerson.set(r.participant_id, [...(perPerson.get(r.participant_id) ?? []), r.clip_id]);
    }
    // Near balance (the clips with the fewest participants go first; one sentence per person
    // keeps it from being exact): test clips 14–16 of 15 on average, references 5 each.
    const tests = file.clips.filter((c) => !c.isReference).map((c) => perClip.get(c.id) ?? 0);
    expect(tests.reduce((a, b) => a + b, 0)).toBe(1800);
    expect(Math.max(...tests) - Math.min(...tests)).toBeLessThanOrEqual(2);
    expect(file.clips.filter((c) => c.isReference).map((c) => perClip.get(c.id))).toEqual(
      Array(40).fill(5),
    );
    for (const clips of perPerson.values()) {
      expect(clips).toHaveLength(10);
      expect(new Set(clips.map((id) => id.split("_")[0])).size).toBe(10); // no sentence twice
      expect(clips.filter((id) => id.endsWith("_human"))).toHaveLength(1);
    }
    // R is never passed: a small study fills up, and the next arrival is told so.
    await publish(studyFile("small", 2, ["A"]), { clipsPerParticipant: 2, ratingsPerClip: 1 });
    const first = await api("POST", "p/small/arrive", { platform: "link", participantId: "a" });
    const second = await api("POST", "p/small/arrive", { platform: "link", participantId: "b" });
    const late = await api("POST", "p/small/arrive", { platform: "link", participantId: "c" });
    expect([first.status, second.status, late.status]).toEqual([200, 200, 409]);
    expect(late.json.error).toEqual({
      code: "study-full",
      message:
        'study "Study small" has all the participants it needs; please return it on your platform',
    });
  });
});
