// How request bodies are read: JSON as the API contract reads it (our own parse errors, 400
// `bad-json` saying where), any other type as bytes (audio). fastify's own parsers are removed.
import fp from "fastify-plugin";
import { ServiceError } from "./errors.ts";

/** A JSON body as the contract reads it: an empty body is none (not `{}`); a parse error says where. */
export function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new ServiceError(
      400,
      "bad-json",
      `the body is not valid JSON: ${e instanceof RangeError ? "it nests too deeply" : (e as Error).message.slice(0, 200)}`,
    );
  }
}

export const bodyParsers = fp(
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, text, done) => {
      try {
        done(null, parseJson(text as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, bytes, done) => done(null, bytes));
  },
  { name: "redpen-body-parsers" },
);
