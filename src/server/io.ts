// Reading requests and sending answers, shared by the router (http.ts) and the routes.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ServiceError } from "./service.ts";

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit)
    throw new ServiceError(413, "too-large", `the request is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit)
      throw new ServiceError(413, "too-large", `the request is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = String(req.headers["content-type"] ?? "");
  if (!type.startsWith("application/json")) {
    throw new ServiceError(415, "not-json", "send the body as application/json");
  }
  const text = (await readBody(req, limit)).toString("utf8");
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

export function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith("Bearer ") ? h.slice(7).trim() : undefined;
}

/** A clip's audio, cached for good (it is stored by its SHA-256, which is the ETag). */
export function sendAudio(
  req: IncomingMessage,
  res: ServerResponse,
  audio: { mime: string; bytes: Uint8Array; sha256: string },
) {
  const etag = `"${audio.sha256}"`;
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, { etag }).end();
    return;
  }
  res.writeHead(200, {
    "content-type": audio.mime,
    "cache-control": "private, max-age=31536000, immutable",
    etag,
    "x-content-type-options": "nosniff",
  });
  res.end(Buffer.from(audio.bytes));
}
