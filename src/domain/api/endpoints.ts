// Every endpoint of the collection server's API, declared once (docs/server.md, "The API"):
// method, path, who may call it, the request body's schema and size limit, and what a success
// answers (the response body's schema, audio, or for HEAD whether it exists). The server routes
// by this table (src/server/routes.ts); the browser and the CLI call it through the one typed
// client built on it (client.ts), which builds each path with `apiPath` and checks each answer.
import type { z } from "zod";
import {
  AdmissionRequestSchema,
  ArriveRequestSchema,
  ExpertRequestSchema,
  JudgmentRequestSchema,
  LabelsRequestSchema,
  PlayRequestSchema,
  PublishRequestSchema,
  ScreeningSessionRequestSchema,
  SubmissionRequestSchema,
  WithdrawRequestSchema,
} from "./requests.ts";
import {
  AdmissionSchema,
  ArriveResponseSchema,
  ExpertLinkResponseSchema,
  HealthResponseSchema,
  InterchangeFileResponseSchema,
  JudgmentResponseSchema,
  ParticipantStateSchema,
  PlayStartedSchema,
  PublishedStudySchema,
  PublishResponseSchema,
  PutAudioResponseSchema,
  ReasonLabelResponseSchema,
  ScreeningSessionResponseSchema,
  StudyAboutSchema,
  StudyProgressSchema,
  SubmissionResponseSchema,
  TrialPlayStartedSchema,
  WithdrawResponseSchema,
} from "./responses.ts";

/**
 * Who may call: anyone; the researcher (their token); an expert (their link's token); a
 * participant (the session token from arriving); "screening": the holder of a headphone
 * check's session (the token from starting the check, bound to one participant of one study).
 */
export type Caller = "anyone" | "researcher" | "expert" | "participant" | "screening";

export interface Endpoint {
  method: "GET" | "HEAD" | "PUT" | "POST";
  /** Path after `/api/`, `:name` for a parameter (one %-encoded segment). */
  path: string;
  caller: Caller;
  /** The JSON body's schema (checked before anything else); none: no JSON body. */
  body?: z.ZodType;
  /** The body is raw bytes (an audio file, `content-type` its type), not JSON. */
  bytes?: true;
  /** The largest body taken, in bytes. */
  limit?: number;
  /**
   * A success's answer: a JSON body's schema (responses.ts), "audio" (the bytes of a sound), or
   * "exists" (HEAD: 200 yes, 404 no).
   */
  response: z.ZodType | "audio" | "exists";
}

/**
 * A published study's version as an entity tag (`"17"`): `GET …/published` answers the version,
 * and a publish of a study already on the server sends it back in `If-Match`.
 */
export const versionTag = (version: number) => `"${version}"`;

/** The version an `If-Match` header names (`"17"`, or weak `W/"17"`); null for anything else. */
export function taggedVersion(header: string | undefined): number | null {
  const m = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header ?? "");
  return m ? Number(m[1]) : null;
}

const KB = 1024;
const MB = 1024 * KB;
/** Participant and expert bodies; a study file or an audio file may be much larger. */
export const LIMITS = { json: 256 * KB, study: 64 * MB, audio: 64 * MB } as const;

export const ENDPOINTS = {
  health: { method: "GET", path: "health", caller: "anyone", response: HealthResponseSchema },
  publish: {
    method: "PUT",
    path: "studies/:studyId",
    caller: "researcher",
    body: PublishRequestSchema,
    limit: LIMITS.study,
    response: PublishResponseSchema,
  },
  published: {
    method: "GET",
    path: "studies/:studyId/published",
    caller: "researcher",
    /** null: the study is not published on this server (not a 404: nothing went wrong). */
    response: PublishedStudySchema.nullable(),
  },
  withdraw: {
    method: "POST",
    path: "studies/:studyId/withdraw",
    caller: "researcher",
    body: WithdrawRequestSchema,
    limit: LIMITS.json,
    response: WithdrawResponseSchema,
  },
  collect: {
    method: "GET",
    path: "studies/:studyId/collect",
    caller: "researcher",
    response: InterchangeFileResponseSchema,
  },
  progress: {
    method: "GET",
    path: "studies/:studyId/progress",
    caller: "researcher",
    response: StudyProgressSchema,
  },
  createExpert: {
    method: "POST",
    path: "studies/:studyId/experts",
    caller: "researcher",
    body: ExpertRequestSchema,
    limit: LIMITS.json,
    response: ExpertLinkResponseSchema,
  },
  hasAudio: { method: "HEAD", path: "audio/:sha256", caller: "researcher", response: "exists" },
  putAudio: {
    method: "PUT",
    path: "audio/:sha256",
    caller: "researcher",
    bytes: true,
    limit: LIMITS.audio,
    response: PutAudioResponseSchema,
  },
  expertWork: {
    method: "GET",
    path: "x/:studyId/work",
    caller: "expert",
    response: InterchangeFileResponseSchema,
  },
  expertAudio: {
    method: "GET",
    path: "x/:studyId/clips/:clipId/audio",
    caller: "expert",
    response: "audio",
  },
  expertLabels: {
    method: "PUT",
    path: "x/:studyId/labels/:regionId",
    caller: "expert",
    body: LabelsRequestSchema,
    limit: LIMITS.json,
    response: ReasonLabelResponseSchema,
  },
  about: { method: "GET", path: "p/:studyId", caller: "anyone", response: StudyAboutSchema },
  /** Starts a participant's headphone check (counted as an arrival): its session's token. */
  screeningSession: {
    method: "POST",
    path: "p/:studyId/screening",
    caller: "anyone",
    body: ScreeningSessionRequestSchema,
    limit: LIMITS.json,
    response: ScreeningSessionResponseSchema,
  },
  screeningSound: {
    method: "GET",
    path: "p/:studyId/screening/:round/:sound",
    caller: "screening",
    response: "audio",
  },
  admission: {
    method: "POST",
    path: "p/:studyId/admission",
    caller: "anyone",
    body: AdmissionRequestSchema,
    limit: LIMITS.json,
    response: AdmissionSchema,
  },
  arrive: {
    method: "POST",
    path: "p/:studyId/arrive",
    caller: "anyone",
    body: ArriveRequestSchema,
    limit: LIMITS.json,
    response: ArriveResponseSchema,
  },
  state: {
    method: "GET",
    path: "p/:studyId/state",
    caller: "participant",
    response: ParticipantStateSchema,
  },
  submit: {
    method: "POST",
    path: "p/:studyId/submissions",
    caller: "participant",
    body: SubmissionRequestSchema,
    limit: LIMITS.json,
    response: SubmissionResponseSchema,
  },
  startPlay: {
    method: "POST",
    path: "p/:studyId/clips/:position/plays",
    caller: "participant",
    body: PlayRequestSchema,
    limit: LIMITS.json,
    response: PlayStartedSchema,
  },
  returnStudy: {
    method: "POST",
    path: "p/:studyId/return",
    caller: "participant",
    response: ParticipantStateSchema,
  },
  participantAudio: {
    method: "GET",
    path: "p/:studyId/clips/:position/audio",
    caller: "participant",
    response: "audio",
  },
  /** A trial's sample (side 1 or 2, as the participant meets them), without its metadata. */
  trialAudio: {
    method: "GET",
    path: "p/:studyId/trials/:stage/:position/:side/audio",
    caller: "participant",
    response: "audio",
  },
  /** A play of a trial's sample about to start: counted per side (idempotent per playId). */
  startTrialPlay: {
    method: "POST",
    path: "p/:studyId/trials/:stage/:position/:side/plays",
    caller: "participant",
    body: PlayRequestSchema,
    limit: LIMITS.json,
    response: TrialPlayStartedSchema,
  },
  /** A trial's judgment (main or pre-test); the server converts and scores it. */
  judge: {
    method: "POST",
    path: "p/:studyId/judgments",
    caller: "participant",
    body: JudgmentRequestSchema,
    limit: LIMITS.json,
    response: JudgmentResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The parameter names of a path ("p/:studyId/clips/:position/audio" → studyId | position). */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type EndpointParams<N extends EndpointName> = Record<
  ParamsOf<(typeof ENDPOINTS)[N]["path"]>,
  string | number
>;

/** `/api/…` of an endpoint, each parameter %-encoded as one segment. */
export function apiPath<N extends EndpointName>(name: N, params: EndpointParams<N>): string {
  const values = params as Record<string, string | number>;
  const path = ENDPOINTS[name].path.replace(/:([A-Za-z0-9]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`apiPath(${name}): no ${key}`);
    return encodeURIComponent(String(value));
  });
  return `/api/${path}`;
}
