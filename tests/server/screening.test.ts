// The headphone check is decided by the server (issue 18, item 4): everything a participant's
// page receives before answering — the study's description, the sounds of every round — does
// not name the answers, and the public ids (study, platform, participant) do not give them:
// they come from a secret only the server holds.
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseWav } from "../../src/domain/clips/wav.ts";
import { seededRandom } from "../../src/domain/util/random.ts";
import { screeningSecret, screeningTargets } from "../../src/server/screening.ts";
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

async function sound(server: Harness, pid: string, round: number, i: number) {
  const res = await fetch(`${server.base}/api/p/hp/screening/${round}/${i}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ platform: "prolific", participantId: pid }),
  });
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
