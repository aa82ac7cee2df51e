// How the server answers an error: a refusal (ServiceError) as its status and
// `{ error: { code, message } }`; fastify's own refusals (a body too large, a body that is not
// JSON, a bad %-encoding) named the same way; anything else a 500 that names only the request's
// id, logged with the method and the error's name, never what the client sent.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { API_HEADERS } from "./apiHeaders.ts";
import { ServiceError } from "./errors.ts";

/** The error's answer: a refusal as it is, fastify's own (size, encoding) named, else null. */
function refusal(error: unknown): ServiceError | null {
  if (error instanceof ServiceError) return error;
  const e = error as Partial<FastifyError> | null;
  switch (e?.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ServiceError(413, "too-large", "the request is larger than this endpoint takes");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ServiceError(415, "not-json", "send the body as application/json");
    case "FST_ERR_BAD_URL":
      return new ServiceError(400, "bad-url", "the address is not validly %-encoded");
  }
  if (typeof e?.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    return new ServiceError(e.statusCode, "bad-request", String(e.message).slice(0, 200));
  }
  return null;
}

export type ErrorReply = (error: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The server's error handler, for `setErrorHandler` and for fastify's `frameworkErrors` (a
 * path the router cannot decode): refusals answered, anything else logged through `log`.
 */
export function errorReplies(log: (line: string) => void): ErrorReply {
  return (error, request, reply) => {
    const known = refusal(error);
    if (known) {
      if (reply.sent) return;
      return reply
        .code(known.status)
        .headers({ ...API_HEADERS, ...known.headers })
        .type("application/json; charset=utf-8")
        .send({ error: { code: known.code, message: known.message } });
    }
    // Name the error and the request, never what was sent (ids, bodies, query parameters).
    const name = error instanceof Error ? error.name : typeof error;
    const code = (error as { code?: unknown } | null)?.code;
    log(
      `request ${request.id} ${request.method} failed: ${name}${typeof code === "string" ? ` (${code})` : ""}`,
    );
    if (reply.sent) {
      reply.raw.destroy();
      return;
    }
    return reply
      .code(500)
      .headers(API_HEADERS)
      .type("application/json; charset=utf-8")
      .send({
        error: {
          code: "internal",
          message: `the server could not do this; see its log (request ${request.id})`,
        },
      });
  };
}
