// What each endpoint of the API contract (src/domain/api/endpoints.ts) does on this server, and
// its registration on the HTTP framework (fastify, http.ts). Registration is generic: every
// entry of the contract's table becomes a route with its method and path, its address
// parameters checked by name (ADDRESS_PARAMS), its body checked against its schema, and its
// caller (researcher, expert, participant, anyone) let in, all before the handler runs; a new
// endpoint is a table entry and a handler here. Each handler returns its endpoint's answer,
// typed by the endpoint's response schema (`z.output` of it), so a handler that answers the
// wrong shape does not compile.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  ENDPOINTS,
  type Endpoint,
  type EndpointName,
  type EndpointParams,
  LIMITS,
} from "../domain/api/endpoints.ts";
import { ADDRESS_PARAMS, AddressTextSchema, checkRequest } from "../domain/api/requests.ts";
import type { InterchangeFileResponseSchema } from "../domain/api/responses.ts";
import { linkRefusal, participantLinksOf } from "../domain/collection/links.ts";
import type { TrialStage } from "../domain/collection/protocol.ts";
import type { AnnotationFile } from "../domain/interchange/types.ts";
import { screeningSession, screeningSound, startScreening } from "./screening.ts";
import {
  admission,
  arrive,
  collect,
  createExpert,
  expertAudio,
  expertOf,
  expertWork,
  hasAudio,
  isResearcher,
  judge,
  participantAudio,
  participantState,
  progress,
  publishedStudy,
  publishStudy,
  putAudio,
  returnStudy,
  ServiceError,
  type SlotDefaults,
  sessionParticipant,
  setExpertReasons,
  startPlay,
  startTrialPlay,
  studyAbout,
  submit,
  trialAudio,
  valid,
  withdrawParticipant,
} from "./service.ts";
import type { Store } from "./store.ts";
import { currentStudy } from "./studyCache.ts";

type Def<N extends EndpointName> = (typeof ENDPOINTS)[N];

/** Audio answered by a handler: stored audio carries its SHA-256 (the ETag, cached for good). */
export interface AudioAnswer {
  mime: string;
  bytes: Uint8Array;
  sha256?: string;
}

/** What endpoint N's handler resolves with: its response schema's type, audio, or yes/no. */
export type Answer<N extends EndpointName> = Def<N>["response"] extends infer R
  ? R extends z.ZodType
    ? z.output<R>
    : R extends "audio"
      ? AudioAnswer
      : boolean
  : never;

/** Endpoint N's body as its handler gets it: checked against its schema, the bytes, or none. */
export type Body<N extends EndpointName> =
  Def<N> extends { body: infer S extends z.ZodType }
    ? z.output<S>
    : Def<N> extends { bytes: true }
      ? Buffer
      : undefined;

/** The address parameters that are whole numbers (ADDRESS_PARAMS); the rest are text. */
type NumericParam = "position" | "round" | "sound" | "side";
export type Params<N extends EndpointName> = {
  [K in keyof EndpointParams<N>]: K extends NumericParam ? number : string;
};

export interface RouteContext<N extends EndpointName> {
  store: Store;
  params: Params<N>;
  body: Body<N>;
  /** Who is calling: the participant's or the expert's id (their token checked), else "". */
  caller: string;
  /** The bearer token, for a handler that checks it itself (OWN_SESSION). */
  token: string | undefined;
  /** The request's content type (an audio upload's). */
  contentType: string;
  /** The request's `If-Match` header (a publish's expected version). */
  ifMatch: string | undefined;
  /** The server's defaults for what a study's settings leave out (--slot-timeout). */
  slots: SlotDefaults;
}

type InterchangeAnswer = z.output<typeof InterchangeFileResponseSchema>;

/**
 * A collected file as the contract types it. The one difference from AnnotationFile is an
 * annotator's `profile`, whose values are `unknown` there and JSON here: the server stores only
 * the intake answers it checked (strings), so the annotators are retyped, and the rest checked.
 */
const interchange = (file: AnnotationFile): InterchangeAnswer => ({
  ...file,
  annotators: file.annotators as InterchangeAnswer["annotators"],
});

type Handler<N extends EndpointName> = (ctx: RouteContext<N>) => Promise<Answer<N>>;

export const HANDLERS: { [N in EndpointName]: Handler<N> } = {
  health: async (ctx) => ({ ok: true, database: ctx.store.kind }),
  publish: async (ctx) => {
    const file = ctx.body.file as { study?: { id?: unknown } } | null | undefined;
    if (file?.study?.id !== ctx.params.studyId) {
      throw new ServiceError(
        400,
        "bad-study",
        `file.study.id: must be "${ctx.params.studyId}", the id in the address`,
      );
    }
    return publishStudy(ctx.store, ctx.body, ctx.ifMatch);
  },
  published: (ctx) => publishedStudy(ctx.store, ctx.params.studyId),
  withdraw: (ctx) => withdrawParticipant(ctx.store, ctx.params.studyId, ctx.body),
  collect: async (ctx) => interchange(await collect(ctx.store, ctx.params.studyId)),
  progress: (ctx) => progress(ctx.store, ctx.params.studyId),
  createExpert: (ctx) => createExpert(ctx.store, ctx.params.studyId, ctx.body),
  hasAudio: (ctx) => hasAudio(ctx.store, ctx.params.sha256),
  putAudio: async (ctx) => {
    const hash = ctx.params.sha256;
    await putAudio(ctx.store, hash, ctx.contentType.slice(0, 200), new Uint8Array(ctx.body));
    return { sha256: hash, stored: true };
  },
  expertWork: async (ctx) =>
    interchange(await expertWork(ctx.store, ctx.params.studyId, ctx.caller)),
  expertAudio: (ctx) => expertAudio(ctx.store, ctx.params.studyId, ctx.params.clipId),
  expertLabels: (ctx) =>
    setExpertReasons(ctx.store, ctx.params.studyId, ctx.caller, ctx.params.regionId, ctx.body),
  about: (ctx) => studyAbout(ctx.store, ctx.params.studyId),
  screeningSession: async (ctx) => {
    const { file, settings } = await currentStudy(ctx.store, ctx.params.studyId);
    const refused = linkRefusal(participantLinksOf(file.study, settings), ctx.body.platform);
    if (refused) throw new ServiceError(403, "link-not-accepted", refused);
    return startScreening(ctx.store, ctx.params.studyId, file, ctx.body);
  },
  screeningSound: async (ctx) => {
    const { studyId, round, sound } = ctx.params;
    const who = await screeningSession(ctx.store, studyId, ctx.token);
    const { file } = await currentStudy(ctx.store, studyId);
    const wav = await screeningSound(ctx.store, studyId, file, who, round, sound);
    return { mime: "audio/wav", bytes: wav };
  },
  admission: (ctx) => admission(ctx.store, ctx.params.studyId, ctx.body, ctx.slots),
  arrive: (ctx) => arrive(ctx.store, ctx.params.studyId, ctx.body, ctx.slots),
  state: (ctx) => participantState(ctx.store, ctx.params.studyId, ctx.caller),
  // Checks the session itself, in the statement that locks the participant (one round trip less).
  submit: (ctx) => submit(ctx.store, ctx.params.studyId, ctx.token, ctx.body),
  // Checks the session itself, in the statement that locks the participant.
  startPlay: (ctx) =>
    startPlay(ctx.store, ctx.params.studyId, ctx.token, ctx.params.position, ctx.body),
  returnStudy: async (ctx) => {
    await returnStudy(ctx.store, ctx.params.studyId, ctx.caller);
    return participantState(ctx.store, ctx.params.studyId, ctx.caller);
  },
  participantAudio: (ctx) =>
    participantAudio(ctx.store, ctx.params.studyId, ctx.caller, ctx.params.position),
  trialAudio: (ctx) => {
    const { studyId, stage, position, side } = ctx.params;
    return trialAudio(ctx.store, studyId, ctx.caller, stage as TrialStage, position, side);
  },
  // Checks the session itself, in the statement that locks the participant.
  startTrialPlay: (ctx) => {
    const { studyId, stage, position, side } = ctx.params;
    const where = { stage: stage as TrialStage, position, side };
    return startTrialPlay(ctx.store, studyId, ctx.token, where, ctx.body);
  },
  // Checks the session itself, in the statement that locks the participant.
  judge: (ctx) => judge(ctx.store, ctx.params.studyId, ctx.token, ctx.body),
};

/** The code of a 400 for each endpoint's body (what its service has always answered). */
const BODY_CODES: Partial<Record<EndpointName, string>> = {
  publish: "bad-study",
  createExpert: "bad-expert",
  expertLabels: "bad-label",
  screeningSession: "bad-screening",
  admission: "bad-arrival",
  arrive: "bad-arrival",
  submit: "bad-submission",
  startPlay: "bad-play",
  startTrialPlay: "bad-play",
  judge: "bad-judgment",
};

/** The code of a 400 for a bad address parameter, by the parameter's name. */
const PARAM_CODES: Record<string, string> = {
  studyId: "bad-study-id",
  position: "bad-position",
  round: "bad-screening",
  sound: "bad-screening",
  sha256: "bad-sha256",
  clipId: "bad-clip-id",
  regionId: "bad-region-id",
  stage: "bad-stage",
  side: "bad-side",
};

const JSON_TYPE = /^application\/json\s*(;|$)/i;

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith("Bearer ") ? h.slice(7).trim() : undefined;
}

/** A clip's audio; stored audio is cached for good (its SHA-256 is the ETag). */
function sendAudio(req: FastifyRequest, reply: FastifyReply, audio: AudioAnswer) {
  reply.header("x-content-type-options", "nosniff");
  if (audio.sha256 === undefined) {
    reply.header("cache-control", "no-store");
  } else {
    const etag = `"${audio.sha256}"`;
    if (req.headers["if-none-match"] === etag) {
      reply.code(304).header("etag", etag).removeHeader("content-type");
      return reply.send();
    }
    reply.header("cache-control", "private, max-age=31536000, immutable").header("etag", etag);
  }
  reply.header("content-security-policy", null).removeHeader("content-security-policy");
  return reply.code(200).type(audio.mime).send(Buffer.from(audio.bytes));
}

export interface RouteOptions {
  store: Store;
  slots: SlotDefaults;
  /** Counts an arrival against the per-address arrival limit (429 when it is spent). */
  arrivalLimit(req: FastifyRequest): Promise<void>;
}

/**
 * The endpoints counted against the per-address arrival limit as well as the request limit:
 * arriving, and starting a headphone check (whose sounds cost the server rendering).
 */
const ARRIVALS: ReadonlySet<EndpointName> = new Set<EndpointName>(["arrive", "screeningSession"]);

/** Participant endpoints whose service checks the session token itself (in its own SQL). */
const OWN_SESSION: ReadonlySet<EndpointName> = new Set<EndpointName>([
  "submit",
  "startPlay",
  "startTrialPlay",
  "judge",
]);

/** The path's parameters' schema, built from their names. */
function paramsSchema(path: string): z.ZodType<Record<string, unknown>> {
  const names = [...path.matchAll(/:([A-Za-z0-9]+)/g)].map((m) => m[1] as string);
  return z.object(
    Object.fromEntries(names.map((n) => [n, ADDRESS_PARAMS[n] ?? AddressTextSchema])),
  );
}

/** Every endpoint of the contract on `api` (mounted at /api), and a 405 for other methods. */
export function registerEndpoints(api: FastifyInstance, options: RouteOptions) {
  const { store } = options;
  const methods = new Map<string, string[]>();
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const endpoint: Endpoint = ENDPOINTS[name];
    const handler = HANDLERS[name] as Handler<EndpointName>;
    const params = paramsSchema(endpoint.path);
    const url = `/${endpoint.path}`;
    methods.set(url, [...(methods.get(url) ?? []), endpoint.method]);
    api.route({
      method: endpoint.method,
      url,
      bodyLimit: endpoint.limit ?? LIMITS.json,
      // Before the body is read: the address, who may call, the arrival limit, the body's type.
      onRequest: async (req) => {
        const checked = checkParams(params, req.params);
        (req as { checkedParams?: unknown }).checkedParams = checked;
        if (endpoint.caller === "researcher" && !(await isResearcher(store, bearer(req)))) {
          throw new ServiceError(
            401,
            "not-researcher",
            "this needs the researcher's token (Authorization: Bearer …)",
          );
        }
        if (ARRIVALS.has(name)) await options.arrivalLimit(req);
        if (endpoint.body && !JSON_TYPE.test(req.headers["content-type"] ?? "")) {
          throw new ServiceError(415, "not-json", "send the body as application/json");
        }
      },
      handler: async (req, reply) => {
        const body = endpoint.body
          ? valid(endpoint.body, req.body, BODY_CODES[name] ?? "bad-request")
          : endpoint.bytes
            ? (req.body ?? Buffer.alloc(0))
            : undefined;
        const checkedParams = (req as { checkedParams?: Record<string, unknown> }).checkedParams;
        const studyId = String(checkedParams?.studyId ?? "");
        const caller =
          endpoint.caller === "participant" && !OWN_SESSION.has(name)
            ? await sessionParticipant(store, studyId, bearer(req))
            : endpoint.caller === "expert"
              ? await expertOf(store, studyId, bearer(req))
              : "";
        const answer = await handler({
          store,
          params: checkedParams as unknown as Params<EndpointName>,
          body: body as Body<EndpointName>,
          caller,
          token: bearer(req),
          contentType: String(req.headers["content-type"] ?? ""),
          ifMatch: req.headers["if-match"],
          slots: options.slots,
        });
        if (endpoint.response === "exists") return reply.code(answer ? 200 : 404).send();
        if (endpoint.response === "audio") return sendAudio(req, reply, answer as AudioAnswer);
        return reply.code(200).send(answer);
      },
    });
  }
  // A known path with a method it does not take: 405 with the ones it does.
  for (const [url, taken] of methods) {
    const allow = taken.join(", ");
    const others = ["GET", "HEAD", "PUT", "POST", "DELETE", "PATCH", "OPTIONS"].filter(
      (m) => !taken.includes(m),
    );
    api.route({
      method: others,
      url,
      handler: async (req) => {
        throw new ServiceError(405, "method", `${req.url.split("?")[0]} takes ${allow}`, {
          allow,
        });
      },
    });
  }
}

/**
 * The address's parameters checked as a body is (checkRequest: the schema, and no text
 * PostgreSQL refuses, such as U+0000), once here for every endpoint; a 400 names the parameter.
 */
function checkParams(schema: z.ZodType, raw: unknown): Record<string, unknown> {
  const checked = checkRequest(schema, raw);
  if (checked.ok) return checked.value as Record<string, unknown>;
  const first = checked.problems[0] ?? "";
  const name = first.slice(0, first.indexOf(":"));
  throw new ServiceError(400, PARAM_CODES[name] ?? "bad-address", checked.problems.join("\n"));
}
