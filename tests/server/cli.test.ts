// `cli -- publish` and `cli -- collect` against a real server (in this process, on PGlite):
// the links printed, audio sent once, publishing again, collecting a participant's work, and
// the refusals (missing audio, wrong token, no server).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type AsyncCliIO, runCollectionCli } from "../../src/cli/collection.ts";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import { ensureResearcherToken } from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";

const TOKEN = "cli-test-token";
const dir = mkdtempSync(path.join(tmpdir(), "redpen-cli-server-"));
let store: Store;
let server: Server;
let base: string;

beforeAll(async () => {
  store = await openMigratedPglite(path.join(dir, "db"));
  await migrate(store);
  await ensureResearcherToken(store, TOKEN);
  server = createCollectionServer({ store });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  let out = "";
  let err = "";
  const io: AsyncCliIO = {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    env: {},
    fetch,
  };
  const code = await runCollectionCli(argv, io);
  return { code, out, err };
}

const CLIPS = ["s01_human", "s01_espeak", "s02_human", "s02_espeak"];
const study: AnnotationFile = {
  format: "redpen-annotations",
  version: 1,
  study: { id: "cli study/1", name: "CLI study", binSeconds: 0.1 },
  taxonomy: [{ id: "silence", label: "Silence" }],
  clips: CLIPS.map((id) => ({
    id,
    name: `${id}.wav`,
    duration: 1,
    system: id.split("_")[1] as string,
    sentence: id.split("_")[0] as string,
    ...(id.endsWith("human") ? { isReference: true } : {}),
  })),
  annotators: [],
  submissions: [],
  regions: [],
  reasonLabels: [],
};

test("publish prints the Prolific and generic links, sends audio once; collect returns the work", async () => {
  const file = path.join(dir, "study.json");
  writeFileSync(file, JSON.stringify(study));
  const audio = path.join(dir, "audio");
  mkdirSync(audio);
  for (const id of CLIPS)
    writeFileSync(path.join(audio, `${id.toUpperCase()}.WAV`), `audio of ${id}`);

  const args = [
    file,
    "--audio",
    audio,
    "--server",
    base,
    "--token",
    TOKEN,
    "--clips-per-participant",
    "2",
    "--completion-code",
    "XYZ",
  ];
  const first = await cli("publish", ...args);
  expect(first.err).toBe("");
  expect(first.code).toBe(0);
  expect(first.out).toBe(
    `Published study "CLI study" (4 clips; 4 audio file(s) sent, 0 already on the server).\n` +
      "Task: Mark unnatural spans.\n\n" +
      "Participant links: Prolific links and generic ?participant= links (--links prolific|generic|both).\n" +
      `Prolific (paste as the study URL, with "URL parameters" on):\n  ${base}/p/cli%20study%2F1?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}\n` +
      `Any other platform, a lab or a class (one id per participant):\n  ${base}/p/cli%20study%2F1?participant=<id>\n`,
  );
  const again = await cli("publish", ...args);
  expect(again.out).toMatch(
    /^No setting changed\.\nUpdated study "CLI study" \(4 clips; 0 audio file\(s\) sent, 4 already on the server\)/,
  );

  // A participant takes part through the API, as the participant page does.
  const post = async (route: string, body: unknown, token?: string) =>
    (await fetch(`${base}/api/${route}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, unknown>;
  const arrival = await post("p/cli%20study%2F1/arrive", {
    platform: "link",
    participantId: "lab-7",
  });
  const session = arrival.sessionToken as string;
  for (const position of [1, 2]) {
    await post(
      "p/cli%20study%2F1/submissions",
      {
        clientId: `lab7-clip-${position}`,
        position,
        spans: [{ start: 0.25, end: 0.5 }],
        heardToEnd: true,
        score: 4,
      },
      session,
    );
  }
  const collected = await cli("collect", "cli study/1", "--server", base, "--token", TOKEN);
  expect(collected.code).toBe(0);
  const parsed = parseAnnotationFile(JSON.parse(collected.out));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  expect(parsed.file.study.id).toBe("cli study/1");
  expect(parsed.file.annotators).toMatchObject([
    { role: "crowd", platform: { name: "link", participantId: "lab-7" }, status: "completed" },
  ]);
  expect(parsed.file.submissions.map((s) => s.score)).toEqual([4, 4]);
  expect(parsed.file.regions.map((r) => [r.start, r.end])).toEqual([
    [0.25, 0.5],
    [0.25, 0.5],
  ]);
});

test("publish sends the study file's own settings (study.collection, as `new` writes them), flags over them; collect carries them back", async () => {
  const id = "own-settings";
  const file = path.join(dir, "own.json");
  writeFileSync(
    file,
    JSON.stringify({
      ...study,
      study: {
        ...study.study,
        id,
        collection: { clipsPerParticipant: 3, ratingsPerClip: 2, completionCode: "FROMFILE" },
      },
    }),
  );
  const audio = path.join(dir, "audio");
  const published = await cli(
    "publish",
    file,
    "--audio",
    audio,
    "--server",
    base,
    "--token",
    TOKEN,
    "--ratings-per-clip",
    "4",
  );
  expect(published.err).toBe("");
  expect(published.code).toBe(0);
  const collected = await cli("collect", id, "--server", base, "--token", TOKEN);
  const parsed = parseAnnotationFile(JSON.parse(collected.out));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  expect(parsed.file.study.collection).toEqual({
    clipsPerParticipant: 3,
    ratingsPerClip: 4,
    completionCode: "FROMFILE",
  });
});

test("refusals: missing audio, a wrong token, no server, a bad file", async () => {
  const file = path.join(dir, "study2.json");
  writeFileSync(file, JSON.stringify({ ...study, study: { ...study.study, id: "s2" } }));
  const some = path.join(dir, "some-audio");
  mkdirSync(some);
  writeFileSync(path.join(some, "s01_human.wav"), "x");
  const missing = await cli("publish", file, "--audio", some, "--server", base, "--token", TOKEN);
  expect(missing.code).toBe(2);
  expect(missing.err).toBe(
    `redpen publish: ${some}: no audio file for 3 clip(s): s01_espeak.wav, s02_human.wav, s02_espeak.wav\n`,
  );
  const audio = path.join(dir, "audio");
  const wrong = await cli("publish", file, "--audio", audio, "--server", base, "--token", "nope");
  expect(wrong.code).toBe(2);
  expect(wrong.err).toBe(
    `redpen publish: GET ${base}/api/studies/s2/published: 401 this needs the researcher's token (Authorization: Bearer …)\n`,
  );
  const down = await cli("collect", "s2", "--server", "http://127.0.0.1:9", "--token", TOKEN);
  expect(down.code).toBe(2);
  expect(down.err).toMatch(
    /^redpen collect: cannot reach http:\/\/127\.0\.0\.1:9\/api\/studies\/s2\/collect: /,
  );
  const bad = path.join(dir, "bad.json");
  writeFileSync(bad, readFileSync(file, "utf8").replace('"duration":1', '"duration":-1'));
  const refused = await cli("publish", bad, "--audio", audio, "--server", base, "--token", TOKEN);
  expect(refused.code).toBe(2);
  expect(refused.err).toContain(`${bad}: clips[0].duration`);
});

test("publish again keeps what is published, prints a change and needs --yes; withdraw; collect --anonymise", async () => {
  const id = "live";
  const file = path.join(dir, "live.json");
  writeFileSync(file, JSON.stringify({ ...study, study: { ...study.study, id } }));
  const audio = path.join(dir, "audio");
  const base3 = ["--audio", audio, "--server", base, "--token", TOKEN];
  const consentFile = path.join(dir, "consent.txt");
  writeFileSync(consentFile, "I agree to take part.\nHeadphones needed.");
  const first = await cli(
    "publish",
    file,
    ...base3,
    "--clips-per-participant",
    "1",
    "--completion-code",
    "OLD1",
    "--screened-out-code",
    "OUT1",
    "--screened-out-url",
    "https://app.prolific.com/submissions/complete?cc=OUT1",
    "--consent-file",
    consentFile,
  );
  expect(first.err).toBe("");
  const read = async () =>
    (await fetch(`${base}/api/studies/${id}/published`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    }).then((r) => r.json())) as { settings: Record<string, unknown> };
  const published = {
    clipsPerParticipant: 1,
    ratingsPerClip: 3,
    completionCode: "OLD1",
    screenedOutCode: "OUT1",
    screenedOutUrl: "https://app.prolific.com/submissions/complete?cc=OUT1",
    consent: "I agree to take part.\nHeadphones needed.",
  };
  expect((await read()).settings).toEqual(published);
  // Two people arrive; one finishes their one clip.
  const post = async (route: string, body: unknown, token?: string) =>
    (await fetch(`${base}/api/${route}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, unknown>;
  const one = await post(`p/${id}/arrive`, { platform: "prolific", participantId: "PIDONE" });
  await post(`p/${id}/arrive`, { platform: "prolific", participantId: "PIDTWO" });
  await post(
    `p/${id}/submissions`,
    { clientId: "live-one-1", position: 1, spans: [{ start: 0.1, end: 0.2 }], heardToEnd: true },
    one.sessionToken as string,
  );

  // Publishing again with no settings: nothing is wiped (a reload's defaults do not reach it).
  const plain = await cli("publish", file, ...base3);
  expect(plain.code).toBe(0);
  expect(plain.out.split("\n")[0]).toBe("No setting changed.");
  expect((await read()).settings).toEqual(published);

  // A new completion code: printed, refused without --yes, nothing changed.
  const refused = await cli("publish", file, ...base3, "--completion-code", "NEW2");
  expect(refused.code).toBe(2);
  expect(refused.err).toBe(
    `redpen publish: study "live" is already published (1 working, 1 finished, 0 screened out, 0 returned); publishing would change:\n` +
      `  Completion code: "OLD1" → "NEW2" — everyone who finishes from now on (1 participant(s) still working) is shown the new code; the 1 who finished were shown the old one: accept both on your platform\n` +
      "Nothing was changed. Run again with --yes to apply these changes.\n",
  );
  expect((await read()).settings.completionCode).toBe("OLD1");
  const applied = await cli("publish", file, ...base3, "--completion-code", "NEW2", "--yes");
  expect(applied.code).toBe(0);
  expect(applied.out.split("\n").slice(0, 2)).toEqual([
    "Changed:",
    `  Completion code: "OLD1" → "NEW2" — everyone who finishes from now on (1 participant(s) still working) is shown the new code; the 1 who finished were shown the old one: accept both on your platform`,
  ]);
  expect((await read()).settings.completionCode).toBe("NEW2");

  // collect --anonymise: P001, P002 in the order of the server's ids; no session ids.
  const anon = await cli("collect", id, "--server", base, "--token", TOKEN, "--anonymise");
  expect(anon.code).toBe(0);
  expect(anon.out).not.toContain("PIDONE");
  expect(anon.out).not.toContain("PIDTWO");
  const anonFile = JSON.parse(anon.out) as AnnotationFile;
  expect(anonFile.annotators.map((a) => a.platform)).toEqual([
    { name: "prolific", participantId: "P001" },
    { name: "prolific", participantId: "P002" },
  ]);
  expect(parseAnnotationFile(anonFile).ok).toBe(true);

  // Withdraw the one who finished: what went is printed.
  const gone = await cli(
    "withdraw",
    id,
    "--participant",
    "PIDONE",
    "--server",
    base,
    "--token",
    TOKEN,
  );
  expect(gone.err).toBe("");
  expect(gone.code).toBe(0);
  expect(gone.out).toBe(
    "Withdrew participant PIDONE (prolific, completed). Deleted from the server:\n" +
      "  their arrival (platform ids, session)\n" +
      "  intake answers: none given\n" +
      "  headphone check result: none\n" +
      "  finished clips: 1, with 1 span(s)\n" +
      "  experts' reasons on those spans: 0\n" +
      "Unfinished clips given back to be assigned to others: 0\n" +
      "Files you collected before keep their copy: delete them from those too.\n",
  );
  const twice = await cli(
    "withdraw",
    id,
    "--participant",
    "PIDONE",
    "--server",
    base,
    "--token",
    TOKEN,
  );
  expect(twice.code).toBe(2);
  expect(twice.err).toBe(
    `redpen withdraw: POST ${base}/api/studies/live/withdraw: 404 participant "PIDONE" has not taken part in study "live" (nothing deleted)\n`,
  );
  const after = await cli("collect", id, "--server", base, "--token", TOKEN);
  expect(after.out).not.toContain("PIDONE");
});

test("--links prolific: the card gives the Prolific link only, and the server refuses a generic one", async () => {
  const file = path.join(dir, "study-links.json");
  writeFileSync(file, JSON.stringify({ ...study, study: { ...study.study, id: "links" } }));
  const audio = path.join(dir, "audio");
  const args = ["publish", file, "--audio", audio, "--server", base, "--token", TOKEN];
  const bad = await cli(...args, "--links", "some");
  expect(bad.code).toBe(2);
  expect(bad.err).toBe('redpen publish: --links: "some" is not one of prolific, generic, both\n');
  const published = await cli(...args, "--links", "prolific");
  expect(published.code).toBe(0);
  expect(published.out).toContain(
    "Participant links: Prolific links only (PROLIFIC_PID); generic ?participant= links are refused (--links prolific|generic|both).\n" +
      `Prolific (paste as the study URL, with "URL parameters" on):\n  ${base}/p/links?PROLIFIC_PID=`,
  );
  expect(published.out).not.toContain("?participant=<id>");
  const generic = await fetch(`${base}/api/p/links/arrive`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ platform: "link", participantId: "lab-1" }),
  });
  expect(generic.status).toBe(403);
});

test("publish lists every protocol change (headphone check, reference clip, taxonomy) and needs --yes", async () => {
  // Issue 37, items 2 and 3: each of these printed "No setting changed." and exited 0.
  const id = "protocol";
  const checked: AnnotationFile = {
    ...study,
    study: { ...study.study, id, screening: { test: "huggins", trials: 6, passAt: 5 } },
  };
  const file = path.join(dir, "protocol.json");
  writeFileSync(file, JSON.stringify(checked));
  const base3 = ["--audio", path.join(dir, "audio"), "--server", base, "--token", TOKEN];
  expect((await cli("publish", file, ...base3)).code).toBe(0);
  const read = async () =>
    (await fetch(`${base}/api/studies/${encodeURIComponent(id)}/published`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    }).then((r) => r.json())) as { version: number; file: AnnotationFile };
  const v1 = (await read()).version;
  // No headphone check, and s02's reference is another clip.
  const { screening: _off, ...noCheck } = checked.study;
  const next: AnnotationFile = {
    ...checked,
    study: noCheck as AnnotationFile["study"],
    clips: checked.clips.map((c) =>
      c.id === "s02_human"
        ? { ...c, isReference: false }
        : c.id === "s02_espeak"
          ? { ...c, isReference: true }
          : c,
    ),
  };
  writeFileSync(file, JSON.stringify(next));
  const refused = await cli("publish", file, ...base3);
  expect(refused.code).toBe(2);
  expect(refused.err).toBe(
    `redpen publish: study "protocol" is already published (0 working, 0 finished, 0 screened out, 0 returned); publishing would change:\n` +
      '  Headphone check: {"passAt":5,"test":"huggins","trials":6} → (none) — only people who arrive from now on take the new check; the 0 who arrived took the old one\n' +
      '  Reference clips: "s01_human", "s02_human" → "s01_human", "s02_espeak" — people who arrive from now on get the new reference clips; the 0 already assigned were checked against the old ones\n' +
      "Nothing was changed. Run again with --yes to apply these changes.\n",
  );
  expect((await read()).version).toBe(v1);
  const applied = await cli("publish", file, ...base3, "--yes");
  expect(applied.code).toBe(0);
  expect(applied.out.split("\n").slice(0, 3)).toEqual([
    "Changed:",
    '  Headphone check: {"passAt":5,"test":"huggins","trials":6} → (none) — only people who arrive from now on take the new check; the 0 who arrived took the old one',
    '  Reference clips: "s01_human", "s02_human" → "s01_human", "s02_espeak" — people who arrive from now on get the new reference clips; the 0 already assigned were checked against the old ones',
  ]);
  expect((await read()).file.study.screening).toBeUndefined();

  // A label with "silence" on a collected span; a taxonomy without it is refused by the server.
  const post = async (route: string, body: unknown, token?: string) =>
    (await fetch(`${base}/api/${route}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, unknown>;
  const one = await post(`p/${id}/arrive`, { platform: "link", participantId: "L1" });
  await post(
    `p/${id}/submissions`,
    { clientId: "protocol-1", position: 1, spans: [{ start: 0.1, end: 0.2 }], heardToEnd: true },
    one.sessionToken as string,
  );
  const expert = await post(`studies/${id}/experts`, { expertId: "e1" }, TOKEN);
  const pid = (one.state as { participantId: string }).participantId;
  const clip = await fetch(`${base}/api/studies/${id}/collect`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  })
    .then((r) => r.json())
    .then((f: AnnotationFile) => f.regions[0]?.id as string);
  expect(clip.startsWith(`${pid}.`)).toBe(true);
  const labelled = await fetch(`${base}/api/x/${id}/labels/${encodeURIComponent(clip)}`, {
    method: "PUT",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${expert.token as string}`,
    },
    body: JSON.stringify({ reasons: ["silence"] }),
  });
  expect(labelled.status).toBe(200);
  writeFileSync(file, JSON.stringify({ ...next, taxonomy: [{ id: "energy", label: "Energy" }] }));
  const dropped = await cli("publish", file, ...base3, "--yes");
  expect(dropped.code).toBe(2);
  expect(dropped.err).toBe(
    `redpen publish: PUT ${base}/api/studies/protocol: 409 the taxonomy leaves out a reason that experts have used: "silence" (1 label). Keep it in the taxonomy, or have the experts take it off those labels first; nothing was changed\n`,
  );
  expect((await read()).file.taxonomy.map((t) => t.id)).toEqual(["silence"]);
});
