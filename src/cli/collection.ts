// The command line's side of the collection server (docs/server.md):
//   publish STUDY.json --audio DIR --server URL [--token T] [--clips-per-participant K]
//           [--ratings-per-clip R] [--completion-code CODE] [--completion-url URL]
//           [--screened-out-code CODE] [--language TAG] [--texts FILE.json]
//   collect STUDY_ID --server URL [--token T]            (the interchange file on stdout)
// The token may also come from REDPEN_TOKEN, which keeps it out of the shell's history.

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type ApiBody,
  ApiError,
  type ApiResult,
  type CallOptions,
  callApi,
} from "../domain/api/client.ts";
import { apiPath, ENDPOINTS, type EndpointName } from "../domain/api/endpoints.ts";
import { matchAudioFiles } from "../domain/audioMatch.ts";
import { genericLink, prolificLink } from "../domain/collection.ts";
import { problemLine } from "../domain/interchange/problems.ts";
import { parseAnnotationText } from "../domain/schema.ts";
import { DEFAULT_MAX_PLAYS, TASKS, taskOf, transcriptionOf } from "../domain/studyTask.ts";
import type { AnnotationFile } from "../domain/types.ts";
import { COLLECTION_COMMANDS } from "./common.ts";
import { EXIT_OK, EXIT_USAGE } from "./run.ts";
import { withLanguageOptions } from "./texts.ts";

export interface AsyncCliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
}

class CliError extends Error {}

const AUDIO_TYPES: Record<string, string> = {
  ".wav": "audio/wav",
  ".mp3": "audio/mpeg",
  ".flac": "audio/flac",
  ".ogg": "audio/ogg",
  ".opus": "audio/ogg",
  ".m4a": "audio/mp4",
};

function serverUrl(value: string | undefined): string {
  if (!value)
    throw new CliError(
      "--server URL is needed (the collection server, e.g. https://study.example.org)",
    );
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`--server: not a URL: ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CliError(`--server must be http(s): ${value}`);
  return url.href.replace(/\/$/, "");
}

/**
 * Calls an endpoint through the contract's typed client (answers checked against its schema);
 * a failure becomes one line: `PUT https://…/api/studies/s2: 401 this needs …`, `cannot reach …`.
 */
async function request<N extends EndpointName>(
  io: AsyncCliIO,
  server: string,
  name: N,
  options: CallOptions<N>,
): Promise<ApiResult<N>> {
  try {
    return await callApi(server, name, { ...options, fetch: io.fetch });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.status === 0) throw new CliError(e.message);
    const where = `${ENDPOINTS[name].method} ${server}${apiPath(name, options.params)}`;
    if (e.code === "bad-answer") throw new CliError(`${where}: ${e.message}`);
    throw new CliError(`${where}: ${e.status} ${e.message}`);
  }
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new CliError(`${name} must be a whole number of 1 or more (got ${value})`);
  return n;
}

async function publish(argv: string[], io: AsyncCliIO): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      audio: { type: "string" },
      server: { type: "string" },
      token: { type: "string" },
      "clips-per-participant": { type: "string" },
      "ratings-per-clip": { type: "string" },
      "completion-code": { type: "string" },
      "completion-url": { type: "string" },
      "screened-out-code": { type: "string" },
      language: { type: "string" },
      texts: { type: "string" },
    },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1)
    throw new CliError("publish needs one study file: publish STUDY.json --audio DIR --server URL");
  const server = serverUrl(values.server);
  const token = values.token ?? io.env.REDPEN_TOKEN;
  if (!token)
    throw new CliError(
      "--token T (or REDPEN_TOKEN) is needed: the researcher token the server printed",
    );
  if (!values.audio)
    throw new CliError("--audio DIR is needed: the folder with the clips' audio files");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new CliError(`${file}: ${(e as Error).message}`);
  }
  const parsed = parseAnnotationText(text, file);
  if (!parsed.ok) throw new CliError(parsed.errors.map((p) => problemLine(file, p)).join("\n"));
  let study = parsed.file;
  try {
    study = withLanguageOptions(study, values, (p) => readFileSync(p, "utf8"));
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  let names: string[];
  try {
    names = readdirSync(values.audio).filter((n) =>
      statSync(path.join(values.audio as string, n)).isFile(),
    );
  } catch (e) {
    throw new CliError(`--audio ${values.audio}: ${(e as Error).message}`);
  }
  const { matched } = matchAudioFiles(study.clips, names);
  const missing = study.clips.filter((c) => !matched.some((m) => m.clipId === c.id));
  if (missing.length > 0) {
    const list = missing
      .slice(0, 10)
      .map((c) => c.name)
      .join(", ");
    throw new CliError(
      `${values.audio}: no audio file for ${missing.length} clip(s): ${list}${missing.length > 10 ? ", …" : ""}`,
    );
  }
  const files = matched.map((m) => {
    const bytes = readFileSync(path.join(values.audio as string, m.fileName));
    return {
      ...m,
      bytes,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      mime: AUDIO_TYPES[path.extname(m.fileName).toLowerCase()] ?? "application/octet-stream",
    };
  });
  const settings: NonNullable<ApiBody<"publish">["settings"]> = {};
  const k = positiveInt("--clips-per-participant", values["clips-per-participant"]);
  const r = positiveInt("--ratings-per-clip", values["ratings-per-clip"]);
  if (k !== undefined) settings.clipsPerParticipant = k;
  if (r !== undefined) settings.ratingsPerClip = r;
  if (values["completion-code"]) settings.completionCode = values["completion-code"];
  if (values["completion-url"]) settings.completionUrl = values["completion-url"];
  if (values["screened-out-code"]) settings.screenedOutCode = values["screened-out-code"];
  const result = await request(io, server, "publish", {
    params: { studyId: study.study.id },
    token,
    body: {
      file: study,
      settings,
      audio: Object.fromEntries(files.map((f) => [f.clipId, { sha256: f.sha256, mime: f.mime }])),
    },
  });
  const toSend = files.filter(
    (f, i, all) =>
      result.missingAudio.includes(f.sha256) && all.findIndex((g) => g.sha256 === f.sha256) === i,
  );
  for (const f of toSend) {
    await request(io, server, "putAudio", {
      params: { sha256: f.sha256 },
      token,
      body: new Blob([new Uint8Array(f.bytes)], { type: f.mime }),
    });
  }
  io.stdout(
    `${result.created ? "Published" : "Updated"} study "${study.study.name}" (${result.clips} clips; ${toSend.length} audio file(s) sent, ${files.length - toSend.length} already on the server).\n` +
      `${taskLine(study)}\n\n` +
      `Prolific (paste as the study URL, with "URL parameters" on):\n  ${prolificLink(server, study.study.id)}\n` +
      `Any other platform, a lab or a class (one id per participant):\n  ${genericLink(server, study.study.id)}\n`,
  );
}

/** The card's line saying what participants will do (and, for a transcription, with what). */
export function taskLine(file: AnnotationFile): string {
  const task = taskOf(file.study);
  const label = TASKS.find((t) => t.task === task)?.label ?? task;
  if (task !== "transcribe") return `Task: ${label}.`;
  const plays = transcriptionOf(file.study).maxPlays ?? DEFAULT_MAX_PLAYS;
  const texts = file.clips.filter((c) => (c.text ?? "").trim() !== "").length;
  return (
    `Task: ${label}: at most ${plays} play(s) per clip; ${texts} of ${file.clips.length} clips have a text to score against` +
    (texts === 0
      ? " (none: the analysis will say nothing can be scored until the clips have texts)."
      : " (kept on the server, never sent to participants).")
  );
}

async function collect(argv: string[], io: AsyncCliIO): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { server: { type: "string" }, token: { type: "string" } },
  });
  const [studyId] = positionals;
  if (!studyId || positionals.length > 1)
    throw new CliError("collect needs one study id: collect STUDY_ID --server URL");
  const server = serverUrl(values.server);
  const token = values.token ?? io.env.REDPEN_TOKEN;
  if (!token)
    throw new CliError(
      "--token T (or REDPEN_TOKEN) is needed: the researcher token the server printed",
    );
  const file = await request(io, server, "collect", { params: { studyId }, token });
  io.stdout(`${JSON.stringify(file, null, 2)}\n`);
}

/** Runs publish or collect; resolves with the exit code. */
export async function runCollectionCli(argv: readonly string[], io: AsyncCliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "publish") await publish(rest, io);
    else if (command === "collect") await collect(rest, io);
    else throw new CliError(`unknown command "${command}"`);
    return EXIT_OK;
  } catch (e) {
    if (e instanceof CliError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.stderr(`redpen ${command}: ${(e as Error).message}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}

export { COLLECTION_COMMANDS };
