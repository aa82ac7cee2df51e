// Audio reaches participants and experts without its metadata (issue 37, item 7): an upload is
// stored stripped, and audio stored before (as migration 13 found it) is stripped the first
// time it is served and stored so, once. The files are the real tagged fixtures
// (tests/fixtures/audio-metadata): the sentence and "eSpeak NG" in their tags.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stripAudioMetadata } from "../../src/domain/clips/stripMetadata.ts";
import { studyFile } from "./fixtures.ts";
import { type Harness, sha, startHarness, TOKEN } from "./harness.ts";

const LEAKS = /cat sat|espeak/i;
const wav = new Uint8Array(readFileSync("tests/fixtures/audio-metadata/tagged.wav"));
const mp3 = new Uint8Array(readFileSync("tests/fixtures/audio-metadata/tagged.mp3"));
const text = (b: Uint8Array) => Buffer.from(b).toString("latin1");

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function bytesOf(route: string, token: string) {
  const res = await fetch(`${h.base}/api/${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, route).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

test("participants and experts get the audio without its tags, stripped once", async () => {
  expect(text(wav)).toMatch(LEAKS);
  expect(text(mp3)).toMatch(LEAKS);
  // The MP3 as a database of an earlier release holds it: stored as sent.
  await h.store.query("INSERT INTO audio (sha256, mime, bytes) VALUES ($1, 'audio/mpeg', $2)", [
    sha(mp3),
    mp3,
  ]);
  const file = studyFile("tags", 2, ["A"]);
  const original = new Map<string, Uint8Array>();
  const audio: Record<string, { sha256: string; mime: string }> = {};
  for (const c of file.clips) {
    const bytes = c.system === "human" ? wav : mp3;
    original.set(c.id, bytes);
    audio[c.id] = { sha256: sha(bytes), mime: c.system === "human" ? "audio/wav" : "audio/mpeg" };
  }
  const published = await h.api(
    "PUT",
    "studies/tags",
    { file, settings: { clipsPerParticipant: 2 }, audio },
    TOKEN,
  );
  expect(published.status).toBe(200);
  expect(published.json.missingAudio).toEqual([sha(wav)]);
  const put = await h.api("PUT", `audio/${sha(wav)}`, wav, TOKEN, { "content-type": "audio/wav" });
  expect(put.status).toBe(200);
  // Stored stripped, under the hash of what was sent (a publisher asks by that hash).
  const [stored] = await h.store.query<{ bytes: Uint8Array; metadata_stripped: boolean }>(
    "SELECT bytes, metadata_stripped FROM audio WHERE sha256 = $1",
    [sha(wav)],
  );
  expect(stored?.metadata_stripped).toBe(true);
  expect(new Uint8Array(stored?.bytes ?? [])).toEqual(stripAudioMetadata(wav));

  const served: Uint8Array[] = [];
  for (const pid of ["P1", "P2"]) {
    const arrived = await h.api("POST", "p/tags/arrive", {
      platform: "prolific",
      participantId: pid,
    });
    expect(arrived.status).toBe(200);
    const token = String(arrived.json.sessionToken);
    for (const position of [1, 2])
      served.push(await bytesOf(`p/tags/clips/${position}/audio`, token));
  }
  const expert = await h.api("POST", "studies/tags/experts", { expertId: "E1" }, TOKEN);
  for (const c of file.clips) {
    const bytes = await bytesOf(`x/tags/clips/${c.id}/audio`, String(expert.json.token));
    expect(bytes).toEqual(stripAudioMetadata(original.get(c.id) as Uint8Array));
    served.push(bytes);
  }
  for (const bytes of served) expect(text(bytes)).not.toMatch(LEAKS);
  // The MP3 was stripped when first served, and stored so: later requests read it as it is.
  const rows = await h.store.query<{
    sha256: string;
    bytes: Uint8Array;
    metadata_stripped: boolean;
  }>("SELECT sha256, bytes, metadata_stripped FROM audio ORDER BY sha256");
  expect(rows.every((r) => r.metadata_stripped)).toBe(true);
  const old = rows.find((r) => r.sha256 === sha(mp3));
  expect(new Uint8Array(old?.bytes ?? [])).toEqual(stripAudioMetadata(mp3));
});
