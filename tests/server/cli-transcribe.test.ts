// `cli -- publish` of a transcribe study against a real server (in this process, on PGlite):
// the card says the task, the plays allowed and how many clips have a text; the server keeps
// the task, its settings and the texts; `cli -- collect` returns them with the transcripts, and
// `stats --json`'s figures come out of the collected file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type AsyncCliIO, runCollectionCli, taskLine } from "../../src/cli/collection.ts";
import { parseAnnotationFile } from "../../src/domain/interchange/schema.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { computeReport } from "../../src/domain/stats/analyze.ts";
import { createCollectionServer } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import { ensureResearcherToken } from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";

const TOKEN = "cli-transcribe-token";
const dir = mkdtempSync(path.join(tmpdir(), "redpen-cli-transcribe-"));
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
}, 60_000);
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

const TEXTS = { s01: "the birch canoe slid", s02: "glue the sheet to" };
const CLIPS = ["s01_human", "s01_flite", "s02_human", "s02_flite"];
const study = (texts: boolean): AnnotationFile => ({
  format: "redpen-annotations",
  version: 1,
  study: {
    id: "sus-cli",
    name: "SUS test",
    binSeconds: 0.1,
    task: "transcribe",
    transcription: { maxPlays: 1, unit: "word" },
  },
  taxonomy: [],
  clips: CLIPS.map((id) => {
    const [sentence, system] = id.split("_") as [keyof typeof TEXTS, string];
    return {
      id,
      name: `${id}.wav`,
      duration: 1,
      system,
      sentence,
      ...(texts && !(sentence === "s02" && system === "human") ? { text: TEXTS[sentence] } : {}),
    };
  }),
  annotators: [],
  submissions: [],
  regions: [],
  reasonLabels: [],
});

test("the card names the task; collect returns task, settings, texts and transcripts", async () => {
  const file = path.join(dir, "sus.json");
  writeFileSync(file, JSON.stringify(study(true)));
  const audio = path.join(dir, "audio");
  mkdirSync(audio);
  for (const id of CLIPS) writeFileSync(path.join(audio, `${id}.wav`), `audio of ${id}`);
  const published = await cli(
    "publish",
    file,
    "--audio",
    audio,
    "--server",
    base,
    "--token",
    TOKEN,
    "--clips-per-participant",
    "2",
    "--ratings-per-clip",
    "4",
  );
  expect(published.err).toBe("");
  expect(published.code).toBe(0);
  expect(published.out.split("\n").slice(0, 2)).toEqual([
    `Published study "SUS test" (4 clips; 4 audio file(s) sent, 0 already on the server).`,
    "Task: Transcribe (intelligibility): at most 1 play(s) per clip; 3 of 4 clips have a text to score against (kept on the server, never sent to participants).",
  ]);

  // One listener types what they heard: one word wrong in the one clip of theirs with a text
  // they did not hear perfectly.
  const post = async (route: string, body: unknown, token?: string) =>
    (await fetch(`${base}/api/${route}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, unknown>;
  const arrival = await post("p/sus-cli/arrive", { platform: "link", participantId: "lab-1" });
  const session = arrival.sessionToken as string;
  const assigned = await store.query<{ position: number; clip_id: string }>(
    "SELECT position, clip_id FROM assignments WHERE study_id = 'sus-cli' ORDER BY position",
  );
  expect(assigned).toHaveLength(2);
  // s01 heard exactly; s02 with "blue" for "glue" (1 substitution in 4 words).
  const typed = (clipId: string) =>
    clipId.startsWith("s01") ? "the birch canoe slid" : "blue the sheet to";
  for (const { position, clip_id } of assigned) {
    const answer = await post(
      "p/sus-cli/submissions",
      {
        clientId: `lab1-clip-${position}`,
        position,
        spans: [],
        heardToEnd: true,
        playCount: 1,
        transcript: typed(clip_id),
      },
      session,
    );
    expect(answer).toMatchObject({ replay: false });
  }

  const collected = await cli("collect", "sus-cli", "--server", base, "--token", TOKEN);
  expect(collected.code).toBe(0);
  const parsed = parseAnnotationFile(JSON.parse(collected.out));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const back = parsed.file;
  expect(back.study).toMatchObject({
    task: "transcribe",
    transcription: { maxPlays: 1, unit: "word" },
  });
  expect(back.clips.map((c) => c.text)).toEqual(study(true).clips.map((c) => c.text));
  const byPosition = new Map(assigned.map((a) => [a.clip_id, a.position]));
  expect(back.submissions.map((s) => [byPosition.get(s.clipId), s.transcript]).sort()).toEqual([
    [1, "the birch canoe slid"],
    [2, "blue the sheet to"],
  ]);

  // The figures: every transcript with a text is scored against it (4 words each).
  const wer = computeReport(back).intelligibility;
  const scored = assigned.filter((a) => a.clip_id !== "s02_human");
  const errors = scored.filter((a) => a.clip_id === "s02_flite").length;
  expect(wer?.scored).toBe(scored.length);
  expect(wer?.unscored).toBe(assigned.length - scored.length);
  const total = Object.values(wer?.bySystem ?? {});
  expect(total.reduce((n, s) => n + s.errors, 0)).toBe(errors);
  expect(total.reduce((n, s) => n + s.refTokens, 0)).toBe(4 * scored.length);
});

test("the card's task line for each task, and a transcription without texts says so", () => {
  const mark = study(false);
  mark.study.task = undefined;
  expect(taskLine(mark)).toBe("Task: Mark unnatural spans.");
  const arms = [
    { id: "natural", instructions: "How natural?" },
    { id: "quality", instructions: "How good?" },
  ];
  expect(taskLine({ ...mark, study: { ...mark.study, arms } })).toBe(
    "Task: Mark unnatural spans.\nInstruction arms: natural, quality (each participant is given one in turn and reads its text).",
  );
  expect(taskLine({ ...mark, study: { ...mark.study, task: "rate" } })).toBe(
    "Task: Rate only (MOS).",
  );
  expect(taskLine(study(false))).toBe(
    "Task: Transcribe (intelligibility): at most 1 play(s) per clip; 0 of 4 clips have a text to score against (none: the analysis will say nothing can be scored until the clips have texts).",
  );
});
