// The built app, served beside the API: its files streamed from its folder only
// (@fastify/static, behind our own realpath check), index.html for every other path (each
// client-side route needs it), each page with the app's headers (pageHeaders.ts). Any method
// but GET and HEAD outside the API is a 405; without an app folder every page is a 404.
import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { ServiceError } from "./errors.ts";
import { pageHeaders } from "./pageHeaders.ts";

const STATIC_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".wav": "audio/wav",
  ".tsv": "text/tab-separated-values; charset=utf-8",
  ".json": "application/json",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
};

/**
 * The file under `root` an address names, or null when it names none there. `root` is a real
 * path (no symlinks). The path is decoded once; anything that leaves the folder — `..` in any
 * encoding, an absolute path, a NUL, a backslash, a symlink pointing out — names nothing.
 */
export function staticFile(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.some((s) => s === "..")) return null;
  const file = path.join(root, ...segments);
  let real: string;
  try {
    real = realpathSync(file);
    if (!statSync(real).isFile()) return null;
  } catch {
    return null;
  }
  const rel = path.relative(root, real);
  if (rel === "" || rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    return null;
  return real;
}

/** The app's pages, from `root` (a real path), or none (the API only) without it. */
export async function appFiles(app: FastifyInstance, { root }: { root: string | undefined }) {
  if (root) {
    await app.register(fastifyStatic, {
      root,
      serve: false,
      cacheControl: false,
      etag: false,
      contentType: false,
      lastModified: false,
      dotfiles: "allow",
    });
  }
  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (req, reply) => {
      if (!root) throw new ServiceError(404, "no-app", "this server serves the API only");
      const pathname = req.url.split("?")[0] as string;
      try {
        decodeURIComponent(pathname);
      } catch {
        throw new ServiceError(400, "bad-url", "the address is not validly %-encoded");
      }
      const found = staticFile(root, pathname);
      const file = found ?? path.join(root, "index.html");
      const immutable = found !== null && pathname.startsWith("/assets/");
      reply.headers(
        pageHeaders(STATIC_TYPES[path.extname(file)] ?? "application/octet-stream", immutable),
      );
      return reply.sendFile(path.relative(root, file).split(path.sep).join("/"));
    },
  });
  app.route({
    method: ["PUT", "POST", "DELETE", "PATCH", "OPTIONS"],
    url: "/*",
    handler: async () => {
      throw new ServiceError(405, "method", "only GET here", { allow: "GET, HEAD" });
    },
  });
}
