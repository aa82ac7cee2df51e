// The headphone check is decided by the server (issue 18, item 4): everything a participant's
// page receives before answering — the study's description, the sounds of every round — does
// not name the answers, and the public ids (study, platform, participant) do not give them:
// they come from a secret only the server holds.
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseWav } from "../../src/domain/clips/wav.ts";
import { seededRandom } from "../../src/domain/util/random.ts";
import { screeningSecret, screeningSounds, screeningTargets } from "../../src/server/screening.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, startHarness } from "./harness.ts";

let h: Harness;
let other: Harness;

beforeAll(async () => {
  h = await startHarness();
  other = await startHarness();
  for (const server of [h, other]) {
    const file = studyFile("hp", 3, ["A"]);
    file.study.screening = { test: "antiphase", trials: 6, passAt: 5 };
    await server.publish(file, { clipsPerParticipant: 2 });
  }
});
afterAll(async () => {
  await h.close();
  await other.close();
});

/** The left channel's RMS of a 16-bit stereo WAV. */
function leftRms(bytes: Uint8Array): number {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  const info = parseWav(buffer as ArrayBuffer);
  const view = new DataView(buffer as ArrayBuffer);
  let sum = 0;
  for (let i = 0; i < info.frames; i++) {
    const x = view.getInt16(info.dataOffset + i * 4, true) / 32767;
    sum += x * x;
  }
  return Math.sqrt(sum / info.frames);
}

/** Starts `pid`'s check on `server`: the token its sounds are asked with. */
async function startCheck(server: Harness, pid: string, studyId = "hp"): Promise<string> {
  const res = await server.api("POST", `p/${studyId}/screening`, {
    platform: "prolific",
    participantId: pid,
  });
  expect(res.status).toBe(200);
  return String(res.json.screeningToken);
}

function soundRequest(server: Harness, round: number, i: number, token?: string) {
  return fetch(`${server.base}/api/p/hp/screening/${round}/${i}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function sound(server: Harness, pid: string, round: number, i: number) {
  const res = await soundRequest(server, round, i, await startCheck(server, pid));
  expect(res.status).toBe(200);
  return { headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

test("what the page receives does not name the answer; the sounds carry it only as sound", async () => {
  const about = await h.api("GET", "p/hp");
  expect(about.json.screening).toEqual({ test: "antiphase", trials: 6, passAt: 5 });
  const targets = screeningTargets(
    await screeningSecret(h.store),
    { studyId: "hp", platform: "prolific", participantId: "PID-A" },
    6,
  );
  for (let round = 0; round < 6; round++) {
    const three = await Promise.all([0, 1, 2].map((i) => sound(h, "PID-A", round, i)));
    // The same headers and length for the three: nothing but the samples tells them apart.
    const described = three.map((s) => [
      s.headers.get("content-type"),
      s.headers.get("content-length"),
      s.headers.get("cache-control"),
      s.headers.get("etag"),
    ]);
    expect(described[1]).toEqual(described[0]);
    expect(described[2]).toEqual(described[0]);
    // And the samples are right: the target is the 6 dB quieter tone (half the RMS).
    const levels = three.map((s) => leftRms(s.bytes));
    const quietest = levels.indexOf(Math.min(...levels));
    expect(quietest).toBe(targets[round]);
    expect(levels[quietest] as number).toBeCloseTo((levels[(quietest + 1) % 3] as number) / 2, 2);
  }
  // The page's requests name only the participant: asking again gives the same sounds.
  expect((await sound(h, "PID-A", 0, 0)).bytes).toEqual((await sound(h, "PID-A", 0, 0)).bytes);
});

test("the public ids do not give the answers: another server's secret, another answer", async () => {
  const secrets = [await screeningSecret(h.store), await screeningSecret(other.store)];
  expect(secrets[0]).not.toBe(secrets[1]);
  let same = 0;
  let publicRule = 0;
  const rounds = 600;
  for (let p = 0; p < rounds / 6; p++) {
    const who = { studyId: "hp", platform: "prolific", participantId: `PID-${p}` };
    const [a, b] = secrets.map((s) => screeningTargets(s, who, 6)) as [number[], number[]];
    a.forEach((t, round) => {
      if (t === b[round]) same++;
      // The rule the page used to run: seeded by the study id and the Prolific id.
      const guess = Math.floor(seededRandom(`hp:prolific:PID-${p}:${round}`)() * 3);
      if (t === guess) publicRule++;
    });
  }
  // Chance is 1/3 (200 of 600); 160–240 is more than 3 standard deviations (11.5) either side.
  expect(same).toBeGreaterThan(160);
  expect(same).toBeLessThan(240);
  expect(publicRule).toBeGreaterThan(160);
  expect(publicRule).toBeLessThan(240);
});

test("the sounds go only to a started check: without its token, or with another's, a 401", async () => {
  const none = await soundRequest(h, 0, 0);
  expect(none.status).toBe(401);
  expect(((await none.json()) as { error: { code: string } }).error.code).toBe("no-session");
  // The old request (the participant named in a body, no session) is refused too.
  const old = await fetch(`${h.base}/api/p/hp/screening/0/0`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ platform: "prolific", participantId: "PID-old" }),
  });
  expect(old.status).toBe(405);
  for (const token of [
    "x",
    "eyJ9.abc",
    `${await startCheck(h, "PID-B")}x`,
    // Another server's (another secret), and a forged participant with a real signature.
    await startCheck(other, "PID-B"),
    `${Buffer.from(JSON.stringify(["prolific", "PID-C"])).toString("base64url")}.${(await startCheck(h, "PID-B")).split(".")[1]}`,
  ]) {
    const res = await soundRequest(h, 0, 0, token);
    expect(res.status, token).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("bad-session");
  }
  // A study without a check has no sessions to start.
  const file = studyFile("no-hp", 2, ["A"]);
  await h.publish(file, { clipsPerParticipant: 2 });
  const noCheck = await h.api("POST", "p/no-hp/screening", {
    platform: "prolific",
    participantId: "PID-B",
  });
  expect(noCheck.status).toBe(404);
});

test("starting a check counts as an arrival: the per-address arrival limit bounds it", async () => {
  const limited = await startHarness({ arrivalRate: { perMinute: 3, burst: 3 } });
  try {
    const file = studyFile("hp", 3, ["A"]);
    file.study.screening = { test: "huggins", trials: 6, passAt: 5 };
    await limited.publish(file, { clipsPerParticipant: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited.api("POST", "p/hp/screening", {
        platform: "link",
        participantId: `made-up-${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  } finally {
    await limited.close();
  }
});

test("each round's three sounds are rendered once and reused", async () => {
  const kept = screeningSounds(h.store);
  const token = await startCheck(h, "PID-reuse");
  const before = { renders: kept.renders, hits: kept.hits };
  const first = await Promise.all(
    [0, 1, 2].map(
      async (i) => new Uint8Array(await (await soundRequest(h, 2, i, token)).arrayBuffer()),
    ),
  );
  expect(kept.renders - before.renders).toBe(1);
  expect(kept.hits - before.hits).toBe(2);
  // Again (a reload, a retry), with a new session of the same participant: nothing rendered.
  const again = await startCheck(h, "PID-reuse");
  for (const i of [0, 1, 2]) {
    const bytes = new Uint8Array(await (await soundRequest(h, 2, i, again)).arrayBuffer());
    expect(bytes).toEqual(first[i]);
  }
  expect(kept.renders - before.renders).toBe(1);
  expect(kept.hits - before.hits).toBe(5);
  // Another round is rendered once more.
  await soundRequest(h, 3, 0, token);
  expect(kept.renders - before.renders).toBe(2);
});
