// Calls to the collection server's API (docs/server.md) from the browser: the participant
// pages and the study page's Publish and Collect panels, all through the contract's typed client
// (src/domain/api/client.ts). A refusal becomes an ApiError with the server's code and message;
// a request that never reached the server is `offline`, which the participant's outbox retries
// and everything else reports as "cannot reach"; an answer that is not what the contract says
// is `bad-answer`, naming the endpoint and the field.
import { ApiError, type ApiResult, type CallOptions, callApi } from "../domain/api/client.ts";
import type { EndpointName } from "../domain/api/endpoints.ts";
import { APP_BASE } from "./routes.ts";

export { ApiError };

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

/**
 * Calls an endpoint of the contract from the browser (never cached): the typed client
 * (src/domain/api/client.ts), whose answers are checked against the endpoint's schema.
 */
export function api<N extends EndpointName>(
  server: string,
  name: N,
  options: CallOptions<N>,
): Promise<ApiResult<N>> {
  return callApi(server, name, { cache: "no-store", ...options });
}
