// The one client of the collection server's API, built on the contract's table (endpoints.ts):
// the browser's pages (src/lib/collectionApi.ts) and the command line (src/cli/collection.ts)
// call every endpoint through `callApi(server, "arrive", { params, body, token })`, whose
// parameters, body and result are typed by that endpoint's entry and schemas. What comes back is
// checked against the endpoint's response schema (responses.ts) before anyone uses it.
//
// Every failure is an ApiError:
// - not reached (no network, refused connection, the answer cut off): status 0, `offline`;
// - a refusal: the HTTP status and the server's `{ error: { code, message } }` (`http` and the
//   status line when the body says nothing);
// - a success whose body is not JSON or not what the contract says: its status and
//   `bad-answer`, naming the endpoint and the field (`state.clips[0].duration: must be a
//   number`), so nothing deeper in the app ever meets a malformed answer.
// An abort (the caller's signal) is rethrown as it is.
import type { z } from "zod";
import { errorMessage } from "../util/errorText.ts";
import {
  apiPath,
  ENDPOINTS,
  type Endpoint,
  type EndpointName,
  type EndpointParams,
  versionTag,
} from "./endpoints.ts";
import { problemLines } from "./requests.ts";

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    /** The endpoint called, when the error comes from a call. */
    readonly endpoint?: EndpointName,
  ) {
    super(message);
    this.name = "ApiError";
  }
  /** Not reached, or a refusal that may pass by itself (busy, rate-limited, restarting). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

type Def<N extends EndpointName> = (typeof ENDPOINTS)[N];

/** What a call of endpoint N resolves with: its response schema's output, audio, or yes/no. */
export type ApiResult<N extends EndpointName> = Def<N>["response"] extends infer R
  ? R extends z.ZodType
    ? z.output<R>
    : R extends "audio"
      ? Blob
      : boolean
  : never;

/** The request body of endpoint N: its schema's input, the bytes, or none. */
export type ApiBody<N extends EndpointName> =
  Def<N> extends { body: infer S extends z.ZodType }
    ? z.input<S>
    : Def<N> extends { bytes: true }
      ? Blob
      : never;

type BodyOption<N extends EndpointName> = [ApiBody<N>] extends [never]
  ? { body?: undefined }
  : { body: ApiBody<N> };

export type CallOptions<N extends EndpointName> = {
  params: EndpointParams<N>;
  /** The bearer token: the researcher's, an expert's or a participant's session. */
  token?: string | undefined;
  signal?: AbortSignal | undefined;
  /** The fetch to use (the CLI's, a test's stub); the global one by default. */
  fetch?: typeof fetch;
  /** The browser asks for no caching. */
  cache?: RequestInit["cache"];
  /** The version the call expects to change (`If-Match`; a publish of a study on the server). */
  ifMatch?: number | undefined;
} & BodyOption<N>;

const isAbort = (e: unknown) => (e as { name?: unknown } | null)?.name === "AbortError";

/** The endpoint as people read it: `arrive (POST /api/p/:studyId/arrive)`. */
export function endpointLabel(name: EndpointName): string {
  const e: Endpoint = ENDPOINTS[name];
  return `${name} (${e.method} /api/${e.path})`;
}

/** Calls endpoint `name` of the server at `server` (its origin and base, no trailing slash). */
export async function callApi<N extends EndpointName>(
  server: string,
  name: N,
  options: CallOptions<N>,
): Promise<ApiResult<N>> {
  const endpoint: Endpoint = ENDPOINTS[name];
  const url = `${server}${apiPath(name, options.params)}`;
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ifMatch !== undefined) headers["if-match"] = versionTag(options.ifMatch);
  const init: RequestInit = { method: endpoint.method, headers, signal: options.signal ?? null };
  if (endpoint.bytes) {
    const blob = options.body as Blob;
    headers["content-type"] = blob.type || "application/octet-stream";
    init.body = blob;
  } else if (endpoint.body) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  if (options.cache) init.cache = options.cache;
  const doFetch = options.fetch ?? globalThis.fetch;
  const offline = (e: unknown) => {
    if (isAbort(e)) return e;
    return new ApiError(0, "offline", `cannot reach ${url}: ${errorMessage(e)}`, name);
  };
  let res: Response;
  try {
    res = await doFetch(url, init);
  } catch (e) {
    throw offline(e);
  }
  const { response } = endpoint;
  if (response === "exists" && res.status === 404) return false as ApiResult<N>;
  if (!res.ok) throw await refusal(res, name);
  if (response === "exists") return true as ApiResult<N>;
  if (response === "audio") {
    try {
      return (await res.blob()) as unknown as ApiResult<N>;
    } catch (e) {
      throw offline(e);
    }
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    throw offline(e);
  }
  const bad = (what: string) =>
    new ApiError(
      res.status,
      "bad-answer",
      `the server's answer to ${endpointLabel(name)} is not what this version of RedPen expects: ${what}`,
      name,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw bad(`not JSON (${text.length === 0 ? "empty" : JSON.stringify(text.slice(0, 60))})`);
  }
  const parsed = response.safeParse(json, { reportInput: true });
  if (!parsed.success) {
    const lines = problemLines(parsed.error.issues);
    throw bad(lines.slice(0, 3).join("; ") + (lines.length > 3 ? "; …" : ""));
  }
  return parsed.data as ApiResult<N>;
}

/** A refusal's ApiError: the server's code and message, or its status line. */
async function refusal(res: Response, name: EndpointName): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let error: { code?: unknown; message?: unknown } | undefined;
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error;
  } catch {
    error = undefined;
  }
  const code = typeof error?.code === "string" ? error.code : "http";
  const message =
    typeof error?.message === "string"
      ? error.message
      : `the server answered ${res.status} ${res.statusText}`.trim();
  return new ApiError(res.status, code, message, name);
}
