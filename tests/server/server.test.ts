// The collection server over HTTP, on both storages: embedded PGlite and a real PostgreSQL
// server (a throwaway cluster). Publishing, audio by hash, the researcher's token, arrival and
// assignment, submissions that are stored once however often they are sent, refusals that
// change nothing, 200 participants arriving at once, and collecting everything as an
// interchange file.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_RATING_SCALE } from "../../src/domain/ratingScale.ts";
import { parseAnnotationFile } from "../../src/domain/schema.ts";
import type { AnnotationFile } from "../../src/domain/types.ts";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import { screeningSecret, screeningTargets } from "../../src/server/screening.ts";
import { ensureResearcherToken } from "../../src/server/service.ts";
import { openPglite, openPostgres, type Store } from "../../src/server/store.ts";
import { studyFile } from "./fixtures.ts";
import { type Cluster, startPostgres } from "./postgres.ts";

const TOKEN = "researcher-token-for-tests";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const wavOf = (clipId: string) => new TextEncoder().encode(`RIFF fake audio of ${clipId}`);

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
      return openPglite(dir);
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
    const res = await fetch(`${base}/api/${route}`, {
      method,
      headers: {
        ...(body !== undefined && !(body instanceof Uint8Array)
          ? { "content-type": "application/json" }
          : {}),
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : body instanceof Uint8Array
            ? new Blob([body as Uint8Array<ArrayBuffer>])
            : JSON.stringify(body),
    });
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
    const audio = Object.fromEntries(
      file.clips.map((c) => [c.id, { sha256: sha(wavOf(c.id)), mime: "audio/wav" }]),
    );
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

  test("researcher endpoints refuse a missing or wrong token and change nothing", async () => {
    const file = studyFile("locked", 2, ["A"]);
    for (const auth of [undefined, "wrong"]) {
      const r = await api("PUT", "studies/locked", { file }, auth);
      expect(r.status).toBe(401);
      expect(r.json.error?.code).toBe("not-researcher");
      expect((await api("GET", "studies/locked/collect", undefined, auth)).status).toBe(401);
    }
    expect((await api("GET", "studies/locked/collect", undefined, TOKEN)).status).toBe(404);
  });

  test("publishing: audio by hash, sent once; publishing again changes nothing", async () => {
    const file = studyFile("pub", 2, ["A"]);
    const first = await publish(file, { clipsPerParticipant: 2 });
    expect(first).toMatchObject({ studyId: "pub", clips: 4, created: true });
    expect(first.missingAudio).toHaveLength(4);
    const again = await api(
      "PUT",
      "studies/pub",
      {
        file,
        settings: { clipsPerParticipant: 2 },
        audio: Object.fromEntries(
          file.clips.map((c) => [c.id, { sha256: sha(wavOf(c.id)), mime: "audio/wav" }]),
        ),
      },
      TOKEN,
    );
    expect(again.json).toMatchObject({ created: false, missingAudio: [] });
    // Audio whose bytes do not match its address is refused.
    const wrong = await api("PUT", `audio/${sha(wavOf("x"))}`, wavOf("y"), TOKEN);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error?.message).toBe("the audio's SHA-256 does not match its address");
    // An invalid study file is refused with its JSON paths.
    const bad = structuredClone(file) as unknown as { clips: { duration: unknown }[] };
    (bad.clips[0] as { duration: unknown }).duration = -1;
    const refused = await api("PUT", "studies/pub", { file: bad }, TOKEN);
    expect(refused.status).toBe(400);
    expect(refused.json.error?.message).toContain("clips[0].duration");
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
      requireRating: false,
      ratingScale: DEFAULT_RATING_SCALE,
    });
    // What the consent step shows is readable before arriving; an unknown study says so.
    expect((await api("GET", "p/visit")).json).toEqual({
      name: "Study visit",
      instructions: "Mark what sounds wrong.",
      consent: "I agree.",
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

  test("experts: a link per expert, the crowd's spans without platform ids, labels sent back", async () => {
    const file = studyFile("exp", 3, ["A"]);
    await publish(file, { clipsPerParticipant: 2 });
    const a = await api("POST", "p/exp/arrive", { platform: "prolific", participantId: "PX1" });
    const session = a.json.sessionToken as string;
    for (const position of [1, 2]) {
      const sent = await api(
        "POST",
        "p/exp/submissions",
        {
          clientId: `exp-client-${position}`,
          position,
          spans: [{ start: 0.25, end: 0.75 }],
          heardToEnd: true,
        },
        session,
      );
      expect(sent.status).toBe(200);
    }
    expect((await api("POST", "studies/exp/experts", { expertId: "e1" })).status).toBe(401);
    const bad = await api("POST", "studies/exp/experts", { expertId: "a b" }, TOKEN);
    expect(bad.json.error?.message).toBe(
      'expertId: must be 1–128 letters, digits, _ . : or - (got "a b")',
    );
    const made = await api("POST", "studies/exp/experts", { expertId: "e1" }, TOKEN);
    const token = made.json.token as string;
    expect(made.json.expertId).toBe("e1");

    const work = await api("GET", "x/exp/work", undefined, token);
    expect(work.status).toBe(200);
    const parsed = parseAnnotationFile(work.json);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const pid = (a.json.state as { participantId: string }).participantId;
    // No platform ids for experts: only who annotated what.
    expect(parsed.file.annotators).toEqual([
      { id: pid, role: "crowd" },
      { id: "e1", role: "expert" },
    ]);
    expect(JSON.stringify(work.json)).not.toContain("PX1");
    expect(parsed.file.regions).toHaveLength(2);
    const regionId = parsed.file.regions[0]?.id as string;
    const clipId = parsed.file.regions[0]?.clipId as string;
    const audio = await fetch(`${base}/api/x/exp/clips/${clipId}/audio`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");

    // Someone else's token, another study, a participant's session: refused.
    expect((await api("GET", "x/exp/work", undefined, session)).status).toBe(401);
    expect((await api("GET", "x/exp/work", undefined, TOKEN)).status).toBe(401);
    expect((await api("GET", "x/visit/work", undefined, token)).status).toBe(401);

    const put = (reasons: unknown, region = regionId) =>
      api("PUT", `x/exp/labels/${encodeURIComponent(region)}`, { reasons }, token);
    const unknown = await put(["nonsense"]);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error?.message).toBe(
      '"nonsense" is not a reason of this study (its reasons: silence)',
    );
    expect((await put(["silence"], "no.such.region")).status).toBe(404);
    expect((await put(["silence"])).json).toEqual({
      regionId,
      annotatorId: "e1",
      reasons: ["silence"],
    });
    expect((await put(["silence"])).status).toBe(200); // sent again: harmless
    let collected = await api("GET", "studies/exp/collect", undefined, TOKEN);
    expect(collected.json.reasonLabels).toEqual([
      { regionId, annotatorId: "e1", reasons: ["silence"] },
    ]);
    expect(collected.json.annotators).toContainEqual({ id: "e1", role: "expert" });
    expect((await api("GET", "x/exp/work", undefined, token)).json.reasonLabels).toEqual([
      { regionId, annotatorId: "e1", reasons: ["silence"] },
    ]);
    await put([]);
    collected = await api("GET", "studies/exp/collect", undefined, TOKEN);
    expect(collected.json.reasonLabels).toEqual([]);

    // A new link for the same expert closes the old one.
    const again = await api("POST", "studies/exp/experts", { expertId: "e1" }, TOKEN);
    expect((await api("GET", "x/exp/work", undefined, token)).status).toBe(401);
    expect((await api("GET", "x/exp/work", undefined, again.json.token as string)).status).toBe(
      200,
    );
  });

  test("the intake questionnaire: shown before arriving, required answers checked, kept as profile", async () => {
    const file = studyFile("intake", 3, ["A"]);
    file.study.intake = {
      standard: { ageBand: "required", nativeLanguages: "optional" },
      free: [{ text: "Any comment?", required: false }],
    };
    await publish(file, { clipsPerParticipant: 2 });
    const about = await api("GET", "p/intake");
    expect((about.json.intake as { standard: Record<string, string> }).standard).toMatchObject({
      ageBand: "required",
      nativeLanguages: "optional",
      gender: "off",
    });
    const missing = await api("POST", "p/intake/arrive", { platform: "link", participantId: "L1" });
    expect(missing.status).toBe(400);
    expect(missing.json.error?.message).toBe(
      "the intake answers are not complete:\nanswers.ageBand: Please answer this question.",
    );
    const ok = await api("POST", "p/intake/arrive", {
      platform: "link",
      participantId: "L1",
      answers: { ageBand: "35–44", nativeLanguages: "Finnish, Swedish", "free:0": "none" },
    });
    expect(ok.status).toBe(200);
    const collected = await api("GET", "studies/intake/collect", undefined, TOKEN);
    expect((collected.json.annotators as { profile?: unknown }[])[0]?.profile).toEqual({
      ageBand: "35–44",
      nativeLanguages: ["Finnish", "Swedish"],
      answers: { "Any comment?": "none" },
    });
  });

  test("the headphone screening: a fail is screened out with its code and no clips; the server decides", async () => {
    const file = studyFile("screen", 3, ["A"]);
    file.study.screening = { test: "huggins", trials: 6, passAt: 5 };
    await publish(file, { clipsPerParticipant: 2, screenedOutCode: "SCREENED9" });
    expect((await api("GET", "p/screen")).json.screening).toEqual({
      test: "huggins",
      trials: 6,
      passAt: 5,
    });
    const none = await api("POST", "p/screen/arrive", { platform: "link", participantId: "S1" });
    expect(none.status).toBe(400);
    expect(none.json.error?.message).toBe(
      'this study needs the huggins headphone check first: screening must be { test: "huggins", choices: [6 answers, each 0, 1 or 2] }',
    );
    // A score made up by the page (or curl) is refused: the server counts.
    const forged = await api("POST", "p/screen/arrive", {
      platform: "link",
      participantId: "S1",
      screening: { test: "huggins", trials: 6, correct: 6 },
    });
    expect(forged.status).toBe(400);
    expect(forged.json.error?.message).toBe(
      "screening.choices: is required\nscreening: has a field this does not take: trials, correct",
    );
    const secret = await screeningSecret(store);
    const answers = (pid: string) =>
      screeningTargets(secret, { studyId: "screen", platform: "link", participantId: pid }, 6);
    /** Choices with exactly `right` of the 6 answers right. */
    const choosing = (pid: string, right: number) =>
      answers(pid).map((t, i) => (i < right ? t : (t + 1) % 3));
    const fail = await api("POST", "p/screen/arrive", {
      platform: "link",
      participantId: "S1",
      screening: { test: "huggins", choices: choosing("S1", 4) },
    });
    expect(fail.status).toBe(200);
    expect(fail.json.state).toMatchObject({
      status: "screened-out",
      clips: [],
      screenedOut: { code: "SCREENED9" },
    });
    // Coming back does not give a second chance.
    const again = await api("POST", "p/screen/arrive", {
      platform: "link",
      participantId: "S1",
      screening: { test: "huggins", choices: answers("S1") },
    });
    expect((again.json.state as { status: string }).status).toBe("screened-out");
    const pass = await api("POST", "p/screen/arrive", {
      platform: "link",
      participantId: "S2",
      screening: { test: "huggins", choices: choosing("S2", 5) },
    });
    expect((pass.json.state as { clips: unknown[] }).clips).toHaveLength(2);
    const collected = await api("GET", "studies/screen/collect", undefined, TOKEN);
    expect(
      (collected.json.annotators as { status: string; screening: unknown }[]).map((a) => [
        a.status,
        a.screening,
      ]),
    ).toEqual([
      ["screened-out", [{ test: "huggins", trials: 6, correct: 4, passed: false }]],
      ["started", [{ test: "huggins", trials: 6, correct: 5, passed: true }]],
    ]);
    const progress = await api("GET", "studies/screen/progress", undefined, TOKEN);
    expect(progress.json.participants).toEqual({
      started: 1,
      completed: 0,
      returned: 0,
      screenedOut: 1,
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
