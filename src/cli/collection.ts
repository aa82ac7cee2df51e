// The command line's side of the collection server (docs/server.md):
//   publish STUDY.json --audio DIR --server URL [--token T] [--clips-per-participant K]
//           [--ratings-per-clip R] [--completion-code CODE] [--completion-url URL]
//           [--screened-out-code CODE] [--screened-out-url URL] [--consent-file FILE]
//           [--language TAG] [--texts FILE.json] [--links prolific|generic|both] [--yes]
//   collect STUDY_ID --server URL [--token T] [--anonymise]  (the interchange file on stdout)
//   withdraw STUDY_ID --participant PLATFORM_ID --server URL [--token T] [--platform prolific|link]
// Publishing again reads the published study back first: settings not given keep their
// published values, and a change to a published study is printed and needs --yes.
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
import {
  apiPath,
  ENDPOINTS,
  type EndpointName,
  type EndpointParams,
} from "../domain/api/endpoints.ts";
import { studyCollectionOf } from "../domain/api/requests.ts";
import { matchAudioFiles } from "../domain/clips/audioMatch.ts";
import { anonymise } from "../domain/collection/anonymise.ts";
import { armsOf } from "../domain/collection/arms.ts";
import {
  PARTICIPANT_LINKS,
  PARTICIPANT_LINKS_TEXT,
  type ParticipantLinks,
  participantLinksOf,
  withParticipantLinks,
} from "../domain/collection/links.ts";
import {
  type CollectionSettings,
  genericLink,
  type PublishedStudy,
  prolificLink,
} from "../domain/collection/protocol.ts";
import { changeLines, publishChanges } from "../domain/collection/publishChanges.ts";
import { mergeSettings, settingsUpdate } from "../domain/collection/settings.ts";
import { withdrawnParts } from "../domain/collection/withdrawal.ts";
import { problemLine } from "../domain/interchange/problems.ts";
import { parseAnnotationText } from "../domain/interchange/schema.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { collectionRefusal, submissionRules, taskModule } from "../domain/tasks/index.ts";
import { COLLECTION_COMMANDS } from "./commandModules.ts";
import { EXIT_OK, EXIT_USAGE } from "./exitCodes.ts";
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
    throw cliError(e, server, name, options.params);
  }
}

function cliError<N extends EndpointName>(
  e: unknown,
  server: string,
  name: N,
  params: EndpointParams<N>,
): unknown {
  if (!(e instanceof ApiError)) return e;
  if (e.status === 0) return new CliError(e.message);
  const where = `${ENDPOINTS[name].method} ${server}${apiPath(name, params)}`;
  if (e.code === "bad-answer") return new CliError(`${where}: ${e.message}`);
  return new CliError(`${where}: ${e.status} ${e.message}`);
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
      "screened-out-url": { type: "string" },
      "consent-file": { type: "string" },
      language: { type: "string" },
      texts: { type: "string" },
      links: { type: "string" },
      yes: { type: "boolean" },
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
  const refusal = collectionRefusal(study.study);
  if (refusal !== null) throw new CliError(`${file}: ${refusal}`);
  try {
    study = withLanguageOptions(study, values, (p) => readFileSync(p, "utf8"));
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  if (values.links !== undefined) {
    if (!(PARTICIPANT_LINKS as readonly string[]).includes(values.links))
      throw new CliError(
        `--links: "${values.links}" is not one of ${PARTICIPANT_LINKS.join(", ")}`,
      );
    study = {
      ...study,
      study: withParticipantLinks(
        study.study,
        values.links as ParticipantLinks,
      ) as typeof study.study,
    };
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
  const published = await readPublished(io, server, token, study.study.id);
  // The study file's own settings (`study.collection`, as `new` wrote them) and the flags over
  // them; the rest keep what is published (a new study: the defaults).
  const settings: CollectionSettings = {
    ...mergeSettings(published?.settings ?? null, {}),
    ...studyCollectionOf(study.study),
  };
  const k = positiveInt("--clips-per-participant", values["clips-per-participant"]);
  const r = positiveInt("--ratings-per-clip", values["ratings-per-clip"]);
  if (k !== undefined) settings.clipsPerParticipant = k;
  if (r !== undefined) settings.ratingsPerClip = r;
  const texts = {
    completionCode: values["completion-code"],
    completionUrl: values["completion-url"],
    screenedOutCode: values["screened-out-code"],
    screenedOutUrl: values["screened-out-url"],
    consent: values["consent-file"] === undefined ? undefined : consentText(values["consent-file"]),
  } as const;
  for (const [key, value] of Object.entries(texts) as [keyof typeof texts, string | undefined][]) {
    // An empty value ("--completion-code ''") takes the published one away.
    if (value === undefined) continue;
    if (value.trim() === "") delete settings[key];
    else settings[key] = value.trim();
  }
  const hashes = Object.fromEntries(files.map((f) => [f.clipId, f.sha256]));
  const changes = published
    ? changeLines(publishChanges(published, { settings, file: study, audio: hashes }))
    : [];
  if (changes.length > 0 && !values.yes) {
    const p = published as PublishedStudy;
    throw new CliError(
      `study "${study.study.id}" is already published (${p.participants.started} working, ${p.participants.completed} finished, ${p.participants.screenedOut} screened out, ${p.participants.returned} returned); publishing would change:\n` +
        changes.map((c) => `  ${c}`).join("\n") +
        "\nNothing was changed. Run again with --yes to apply these changes.",
    );
  }
  const body: ApiBody<"publish"> = {
    file: study,
    // Only what changes: the server merges it into what is published (absent keys keep theirs).
    settings: settingsUpdate(published?.settings ?? null, settings),
    audio: Object.fromEntries(files.map((f) => [f.clipId, { sha256: f.sha256, mime: f.mime }])),
  };
  // The version read back: a publish by someone else in between is refused (412), not overwritten.
  const result = await request(io, server, "publish", {
    params: { studyId: study.study.id },
    token,
    body,
    ifMatch: published?.version,
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
  if (published) {
    io.stdout(
      changes.length > 0
        ? `Changed:\n${changes.map((c) => `  ${c}`).join("\n")}\n`
        : "No setting changed.\n",
    );
  }
  io.stdout(
    `${result.created ? "Published" : "Updated"} study "${study.study.name}" (${result.clips} clips; ${toSend.length} audio file(s) sent, ${files.length - toSend.length} already on the server).\n` +
      `${taskLine(study)}\n\n` +
      linksText(server, study, settings),
  );
}

/**
 * The links to hand out, those the study accepts (collection/links.ts), and what it refuses:
 * a Prolific study refuses generic links unless `--links both` (or its settings) allow them.
 */
function linksText(server: string, study: AnnotationFile, settings: CollectionSettings): string {
  const links = participantLinksOf(study.study, settings);
  const lines = [
    `Participant links: ${PARTICIPANT_LINKS_TEXT[links]} (--links prolific|generic|both).`,
  ];
  if (links !== "generic")
    lines.push(
      `Prolific (paste as the study URL, with "URL parameters" on):\n  ${prolificLink(server, study.study.id)}`,
    );
  if (links !== "prolific")
    lines.push(
      `Any other platform, a lab or a class (one id per participant):\n  ${genericLink(server, study.study.id)}`,
    );
  return `${lines.join("\n")}\n`;
}

/** The consent text of `--consent-file FILE`. */
function consentText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new CliError(`--consent-file ${file}: ${(e as Error).message}`);
  }
}

/** The study as published on the server, or null when it is not published there yet. */
async function readPublished(
  io: AsyncCliIO,
  server: string,
  token: string,
  studyId: string,
): Promise<PublishedStudy | null> {
  return request(io, server, "published", { params: { studyId }, token });
}

/**
 * The card's line saying what participants will do (and, for a task that limits plays and
 * scores transcripts, with what), and the study's instruction arms when it has them.
 */
export function taskLine(file: AnnotationFile): string {
  const { label } = taskModule(file.study);
  const rules = submissionRules(file.study);
  const arms = armsOf(file.study);
  const armsLine =
    arms.length === 0
      ? ""
      : `\nInstruction arms: ${arms.map((a) => a.id).join(", ")} (each participant is given one in turn and reads its text).`;
  if (rules.transcript !== "required") return `Task: ${label}.${armsLine}`;
  const plays = rules.maxPlays === null ? "" : `at most ${rules.maxPlays} play(s) per clip; `;
  const texts = file.clips.filter((c) => (c.text ?? "").trim() !== "").length;
  return (
    `Task: ${label}: ${plays}${texts} of ${file.clips.length} clips have a text to score against` +
    (texts === 0
      ? " (none: the analysis will say nothing can be scored until the clips have texts)."
      : " (kept on the server, never sent to participants).") +
    armsLine
  );
}

async function collect(argv: string[], io: AsyncCliIO): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      server: { type: "string" },
      token: { type: "string" },
      anonymise: { type: "boolean" },
      anonymize: { type: "boolean" },
    },
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
  const out = values.anonymise || values.anonymize ? anonymise(file) : file;
  io.stdout(`${JSON.stringify(out, null, 2)}\n`);
}

async function withdraw(argv: string[], io: AsyncCliIO): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      participant: { type: "string" },
      platform: { type: "string" },
      server: { type: "string" },
      token: { type: "string" },
    },
  });
  const [studyId] = positionals;
  if (!studyId || positionals.length > 1)
    throw new CliError(
      "withdraw needs one study id: withdraw STUDY_ID --participant PLATFORM_ID --server URL",
    );
  if (!values.participant)
    throw new CliError("--participant PLATFORM_ID is needed: the participant's Prolific id");
  const platform = values.platform;
  if (platform !== undefined && platform !== "prolific" && platform !== "link")
    throw new CliError(`--platform must be prolific or link (got ${platform})`);
  const server = serverUrl(values.server);
  const token = values.token ?? io.env.REDPEN_TOKEN;
  if (!token)
    throw new CliError(
      "--token T (or REDPEN_TOKEN) is needed: the researcher token the server printed",
    );
  const body: ApiBody<"withdraw"> = { participant: values.participant };
  if (platform) body.platform = platform;
  const done = await request(io, server, "withdraw", { params: { studyId }, token, body });
  io.stdout(withdrawnText(done));
}

/**
 * What a withdrawal deleted, for a terminal (and the researcher's records): the study's kind of
 * work only (domain/collection/withdrawal.ts), no spans in a study without them.
 */
export function withdrawnText(done: ApiResult<"withdraw">): string {
  const named = withdrawnParts(done);
  const spans = named.spans ? `, with ${done.spans} span(s)` : "";
  return [
    `Withdrew participant ${done.participant} (${done.platform}, ${done.status}). Deleted from the server:`,
    "  their arrival (platform ids, session)",
    `  intake answers: ${done.intake ? "yes" : "none given"}`,
    `  headphone check result: ${done.screening ? "yes" : "none"}`,
    ...(named.clips ? [`  finished clips: ${done.submissions}${spans}`] : []),
    ...(named.spans ? [`  experts' reasons on those spans: ${done.reasonLabels}`] : []),
    ...(named.judgments ? [`  judgments of pairs: ${done.judgments}`] : []),
    ...(named.clips
      ? [`Unfinished clips given back to be assigned to others: ${done.slotsFreed}`]
      : []),
    ...(named.trialsFreed
      ? [`Unjudged trials given back to be judged by others: ${done.trialsFreed}`]
      : []),
    "Files you collected before keep their copy: delete them from those too.",
    "",
  ].join("\n");
}

/** Runs publish, collect or withdraw; resolves with the exit code. */
export async function runCollectionCli(argv: readonly string[], io: AsyncCliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "publish") await publish(rest, io);
    else if (command === "collect") await collect(rest, io);
    else if (command === "withdraw") await withdraw(rest, io);
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
