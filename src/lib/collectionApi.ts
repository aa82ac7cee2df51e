// Calls to the collection server's JSON API (docs/server.md) from the browser: the participant
// pages and the study page's Publish and Collect panels. A refusal becomes an ApiError with the
// server's code and message; a request that never reached the server is `offline`, which the
// participant's outbox retries and everything else reports as "cannot reach".
import type { ApiErrorBody } from "../domain/collection.ts";
import { APP_BASE } from "./routes.ts";

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  /** Not reached, or a refusal that may pass by itself (busy, rate-limited, restarting). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** The API of the server this page came from (the participant pages are served by it). */
export function sameOriginServer(): string {
  return `${location.origin}${APP_BASE}`;
}

/** `https://study.example.org/` → `https://study.example.org`; refuses what is not http(s). */
export function normalizeServer(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ApiError(
      0,
      "bad-url",
      `"${input}" is not an address (e.g. https://study.example.org)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ApiError(0, "bad-url", `the server's address must start with https:// or http://`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

export interface ApiRequest {
  method?: string;
  token?: string | undefined;
  json?: unknown;
  body?: Blob;
  contentType?: string;
  signal?: AbortSignal;
}

async function call(server: string, path: string, request: ApiRequest): Promise<Response> {
  const headers: Record<string, string> = {};
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let body: BodyInit | undefined;
  if (request.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.json);
  } else if (request.body) {
    headers["content-type"] = request.contentType ?? "application/octet-stream";
    body = request.body;
  }
  let res: Response;
  try {
    res = await fetch(`${server}${path}`, {
      method: request.method ?? "GET",
      headers,
      body,
      signal: request.signal ?? null,
      cache: "no-store",
    });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(0, "offline", `cannot reach ${server}: ${(e as Error).message}`);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    let error: ApiErrorBody["error"] | undefined;
    try {
      error = (JSON.parse(text) as ApiErrorBody).error;
    } catch {
      error = undefined;
    }
    throw new ApiError(
      res.status,
      error?.code ?? "http",
      error?.message ?? `the server answered ${res.status} ${res.statusText}`.trim(),
    );
  }
  return res;
}

/** A JSON answer of the API. */
export async function apiJson<T>(server: string, path: string, request: ApiRequest = {}) {
  const res = await call(server, path, request);
  return (await res.json()) as T;
}

/** A binary answer (a clip's audio). */
export async function apiBlob(server: string, path: string, request: ApiRequest = {}) {
  return (await call(server, path, request)).blob();
}

/** Whether the answer to HEAD is 200 (true) or 404 (false). */
export async function apiHas(server: string, path: string, request: ApiRequest = {}) {
  try {
    await call(server, path, { ...request, method: "HEAD" });
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return false;
    throw e;
  }
}
