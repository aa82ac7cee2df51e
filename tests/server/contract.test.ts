// The contract's response schemas against the real server (PGlite): every endpoint of the table
// is driven once through the typed client (which checks each answer itself), and each raw JSON
// answer is checked again here against its endpoint's schema, field by field, and found to be
// described completely (nothing the schema would drop). A new endpoint in the table fails this
// test until it is driven here.
import { afterAll, beforeAll, expect, test } from "vitest";
import { type ApiResult, type CallOptions, callApi } from "../../src/domain/api/client.ts";
import { ENDPOINTS, type EndpointName } from "../../src/domain/api/endpoints.ts";
import { problemLines } from "../../src/domain/api/requests.ts";
import { assignPretest } from "../../src/domain/collection/pairAssign.ts";
import { compareFile, studyFile } from "./fixtures.ts";
import { audioOf, type Harness, sha, startHarness, TOKEN, wavOf } from "./harness.ts";

let h: Harness;
/** Each endpoint's answers as they came over the wire: status, content type, body text. */
const seen = new Map<EndpointName, { status: number; type: string; text: string }[]>();

function call<N extends EndpointName>(name: N, options: CallOptions<N>): Promise<ApiResult<N>> {
  const recording = (async (url: string, init: RequestInit) => {
    const res = await fetch(url, init);
    const copy = res.clone();
    const text = init.method === "HEAD" ? "" : await copy.text();
    const list = seen.get(name) ?? [];
    list.push({ status: res.status, type: res.headers.get("content-type") ?? "", text });
    seen.set(name, list);
    return res;
  }) as typeof fetch;
  return callApi(h.base, name, { ...options, fetch: recording });
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

test("the server's answers to every endpoint satisfy the contract's response schemas", async () => {
  const file = studyFile("contract/1", 2, ["sysA"]);
  Object.assign(file.study, {
    language: "fr",
    screening: { test: "antiphase", trials: 1, passAt: 0 },
    intake: { standard: { ageBand: "optional" }, free: [{ text: "Anything?", required: false }] },
  });
  const studyId = file.study.id;
  const researcher = { token: TOKEN };

  expect(await call("health", { params: {} })).toEqual({ ok: true, database: "pglite" });
  const audio = audioOf(file);
  const published = await call("publish", {
    params: { studyId },
    ...researcher,
    body: {
      file,
      settings: { clipsPerParticipant: 2, completionCode: "DONE", completionUrl: "https://x.org" },
      audio,
    },
  });
  expect(published.missingAudio).toHaveLength(4);
  const first = published.missingAudio[0] as string;
  expect(await call("hasAudio", { params: { sha256: first }, ...researcher })).toBe(false);
  for (const clip of file.clips) {
    const bytes = wavOf(clip.id);
    await call("putAudio", {
      params: { sha256: sha(bytes) },
      ...researcher,
      body: new Blob([bytes], { type: "audio/wav" }),
    });
  }
  expect(await call("hasAudio", { params: { sha256: first }, ...researcher })).toBe(true);
  const readBack = await call("published", { params: { studyId }, ...researcher });
  expect(readBack?.settings.completionCode).toBe("DONE");

  const about = await call("about", { params: { studyId } });
  expect(about.screening?.test).toBe("antiphase");
  expect(about.language).toBe("fr");
  expect(about.intake?.free).toHaveLength(1);
  const who = { platform: "link", participantId: "lab-1" } as const;
  const { screeningToken } = await call("screeningSession", { params: { studyId }, body: who });
  await call("screeningSound", { params: { studyId, round: 0, sound: 0 }, token: screeningToken });

  const { sessionToken, state } = await call("arrive", {
    params: { studyId },
    body: { ...who, screening: { test: "antiphase", choices: [0] }, answers: { ageBand: "25–34" } },
  });
  expect(state.clips).toHaveLength(2);
  const session = { token: sessionToken };
  await call("participantAudio", { params: { studyId, position: 1 }, ...session });
  await call("state", { params: { studyId }, ...session });
  for (const { position } of state.clips) {
    const answer = await call("submit", {
      params: { studyId },
      ...session,
      body: {
        clientId: `client-${position}-abc`,
        position,
        score: 4,
        spans: [{ start: 0.25, end: 0.5 }],
        heardToEnd: true,
        playCount: 2,
        seconds: 5,
        completedAt: new Date().toISOString(),
      },
    });
    expect(answer.progress.done).toContain(position);
  }
  await call("progress", { params: { studyId }, ...researcher });

  // A transcription: its plays are asked of the server as they start; and whether a study can
  // take a new participant, asked before consent.
  const sus = studyFile("contract-sus", 2, ["sysA"]);
  Object.assign(sus.study, { task: "transcribe", transcription: { maxPlays: 2 } });
  await call("publish", {
    params: { studyId: "contract-sus" },
    ...researcher,
    body: { file: sus, settings: { clipsPerParticipant: 2 }, audio: audioOf(sus) },
  });
  expect(await call("admission", { params: { studyId: "contract-sus" }, body: who })).toEqual({
    full: false,
  });
  const listener = await call("arrive", { params: { studyId: "contract-sus" }, body: who });
  expect(listener.state.clips.map((c) => c.plays)).toEqual([0, 0]);
  const started = await call("startPlay", {
    params: { studyId: "contract-sus", position: 1 },
    token: listener.sessionToken,
    body: { playId: "contract-play-1" },
  });
  expect(started).toEqual({ playId: "contract-play-1", plays: 1, maxPlays: 2, left: 1 });

  // A comparison with a pre-test: trials, their samples' audio and plays, judgments.
  const ab = compareFile("contract-ab", 1, ["sysA", "sysB"], { pretest: 1 });
  await call("publish", {
    params: { studyId: "contract-ab" },
    ...researcher,
    body: { file: ab, settings: { clipsPerParticipant: 1, ratingsPerClip: 2 }, audio: audioOf(ab) },
  });
  for (const clip of ab.clips) {
    const bytes = wavOf(clip.id);
    await call("putAudio", {
      params: { sha256: sha(bytes) },
      ...researcher,
      body: new Blob([bytes], { type: "audio/wav" }),
    });
  }
  const judge = await call("arrive", { params: { studyId: "contract-ab" }, body: who });
  expect(judge.state.study.comparison).toEqual({
    scale: "ab",
    allowSame: true,
    question: "Which sounds more natural?",
  });
  expect(judge.state.clips).toEqual([]);
  expect(judge.state.trials).toEqual([
    {
      position: 1,
      sides: [
        { duration: 2, plays: 0 },
        { duration: 2, plays: 0 },
      ],
    },
  ]);
  expect(judge.state.pretest?.finished).toBe(false);
  const mine = { token: judge.sessionToken };
  const natural = assignPretest(["qs01"], "link:lab-1")[0]?.shownFirst;
  for (const stage of ["pretest", "main"] as const) {
    for (const side of [1, 2]) {
      await call("trialAudio", {
        params: { studyId: "contract-ab", stage, position: 1, side },
        ...mine,
      });
      const play = await call("startTrialPlay", {
        params: { studyId: "contract-ab", stage, position: 1, side },
        ...mine,
        body: { playId: `contract-${stage}-${side}` },
      });
      expect(play).toEqual({
        playId: `contract-${stage}-${side}`,
        plays: 1,
        maxPlays: null,
        left: null,
      });
    }
    const judged = await call("judge", {
      params: { studyId: "contract-ab" },
      ...mine,
      body: {
        clientId: `contract-judgment-${stage}`,
        stage,
        position: 1,
        // The pre-test's natural sample (side a of qs01), by the participant's seeded sides.
        choice: stage === "main" || natural === "a" ? "1" : "2",
        heardToEnd: true,
        seconds: 3,
        completedAt: new Date().toISOString(),
      },
    });
    expect([judged.stage, judged.done, judged.finished]).toEqual([stage, [1], true]);
    expect(judged.status).toBe(stage === "pretest" ? "started" : "completed");
  }

  const expert = await call("createExpert", {
    params: { studyId },
    ...researcher,
    body: { expertId: "ex-1" },
  });
  const work = await call("expertWork", { params: { studyId }, token: expert.token });
  const region = work.regions[0];
  if (!region) throw new Error("no region to label");
  await call("expertLabels", {
    params: { studyId, regionId: region.id },
    token: expert.token,
    body: { reasons: ["silence"] },
  });
  await call("expertAudio", { params: { studyId, clipId: region.clipId }, token: expert.token });
  const collected = await call("collect", { params: { studyId }, ...researcher });
  expect(collected.reasonLabels).toHaveLength(1);
  const back = await call("returnStudy", { params: { studyId }, ...session });
  expect(back.completion).toEqual({ code: "DONE", url: "https://x.org" });
  const gone = await call("withdraw", {
    params: { studyId },
    ...researcher,
    body: { participant: "lab-1", platform: "link" },
  });
  expect(gone.submissions).toBe(2);

  // Every endpoint of the table was driven, and each answer is what its schema describes.
  expect([...seen.keys()].sort()).toEqual(Object.keys(ENDPOINTS).sort());
  for (const [name, answers] of seen) {
    const { response } = ENDPOINTS[name];
    for (const answer of answers) {
      if (response === "exists") {
        expect([200, 404], name).toContain(answer.status);
        continue;
      }
      expect(answer.status, `${name}: ${answer.text}`).toBe(200);
      if (response === "audio") {
        expect(answer.type, name).toMatch(/^audio\//);
        continue;
      }
      expect(answer.type, name).toMatch(/^application\/json/);
      const raw: unknown = JSON.parse(answer.text);
      const parsed = response.safeParse(raw);
      expect(parsed.success ? [] : problemLines(parsed.error.issues), name).toEqual([]);
      // Described completely: nothing the server sends is dropped by the schema.
      expect(parsed.data, name).toEqual(raw);
    }
  }
});
