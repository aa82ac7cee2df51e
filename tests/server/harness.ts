// A collection server on a fresh PGlite (or a given store) for the server tests: listening on
// 127.0.0.1, with a JSON `api` helper and a `publish` that sends the study and its (fake) audio;
// publishStudy does the same for a server in a process of its own (serverProcess.ts).
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { versionTag } from "../../src/domain/api/endpoints.ts";
import type { PublishedStudy, SettingsUpdate } from "../../src/domain/collection/protocol.ts";
import { mergeSettings, settingsUpdate } from "../../src/domain/collection/settings.ts";
import type { AnnotationFile } from "../../src/domain/interchange/types.ts";
import { createCollectionServer, type ServerOptions } from "../../src/server/http.ts";
import { migrate } from "../../src/server/migrations.ts";
import { ensureResearcherToken } from "../../src/server/service.ts";
import type { Store } from "../../src/server/store.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";
import { apiFetch, callServer } from "./serverProcess.ts";

export const TOKEN = "researcher-token-for-tests";

export const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
export const wavOf = (clipId: string) => new TextEncoder().encode(`RIFF fake audio of ${clipId}`);
/** The publish request's `audio`: each clip's wavOf, by its hash. */
export const audioOf = (file: AnnotationFile) =>
  Object.fromEntries(
    file.clips.map((c) => [c.id, { sha256: sha(wavOf(c.id)), mime: "audio/wav" }]),
  );

/**
 * Publishes `file` with `settings` and its audioOf on the server process at `base` (callServer):
 * the PUT of studies/<its id>, as the researcher with `token`.
 */
export async function publishStudy(
  base: string,
  file: AnnotationFile,
  settings: Record<string, unknown>,
  token: string,
) {
  const route = `studies/${encodeURIComponent(file.study.id)}`;
  const read = await callServer(base, "GET", `${route}/published`, undefined, token);
  const published = read.json as unknown as PublishedStudy | null;
  const res = await apiFetch(
    base,
    "PUT",
    route,
    {
      file,
      settings: settingsUpdate(
        published?.settings ?? null,
        mergeSettings(null, settings as SettingsUpdate),
      ),
      audio: audioOf(file),
    },
    token,
    published && typeof published.version === "number"
      ? { "if-match": versionTag(published.version) }
      : {},
  );
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  json: Record<string, unknown> & { error?: { code: string; message: string } };
}

export interface Harness {
  base: string;
  store: Store;
  api(
    method: string,
    route: string,
    body?: unknown,
    auth?: string,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer>;
  /** Sends a body as it is (a string: not JSON.stringified). */
  raw(method: string, route: string, text: string, auth?: string): Promise<ApiAnswer>;
  publish(file: AnnotationFile, settings?: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(
  options: Partial<ServerOptions> = {},
  given?: Store,
): Promise<Harness> {
  const dir = given ? undefined : mkdtempSync(path.join(tmpdir(), "redpen-harness-"));
  const store = given ?? (await openMigratedPglite(dir as string));
  await migrate(store);
  await ensureResearcherToken(store, TOKEN);
  const server: Server = createCollectionServer({
    rate: { perSecond: 100_000, burst: 100_000 },
    arrivalRate: { perMinute: 10_000_000, burst: 100_000 },
    ...options,
    store,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const answer = async (res: Response): Promise<ApiAnswer> => {
    const text = await res.text();
    let json: ApiAnswer["json"] = {};
    try {
      json = text ? (JSON.parse(text) as ApiAnswer["json"]) : {};
    } catch {
      json = { text };
    }
    return { status: res.status, headers: res.headers, json };
  };
  const api: Harness["api"] = async (method, route, body, auth, headers = {}) =>
    answer(await apiFetch(base, method, route, body, auth, headers));
  const raw: Harness["raw"] = async (method, route, text, auth) =>
    answer(
      await fetch(`${base}/api/${route}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        },
        body: text,
      }),
    );
  const publish: Harness["publish"] = async (file, settings = {}) => {
    const audio = audioOf(file);
    const route = `studies/${encodeURIComponent(file.study.id)}`;
    // Exactly these settings (the defaults for what they leave out), confirmed: the version read
    // back sent as If-Match, and every published setting they leave out taken away.
    const read = await api("GET", `${route}/published`, undefined, TOKEN);
    const published = read.json as unknown as PublishedStudy | null;
    const result = await api(
      "PUT",
      route,
      {
        file,
        settings: settingsUpdate(
          published?.settings ?? null,
          mergeSettings(null, settings as SettingsUpdate),
        ),
        audio,
      },
      TOKEN,
      published ? { "if-match": versionTag(published.version) } : {},
    );
    if (result.status !== 200) throw new Error(`publish: ${JSON.stringify(result.json)}`);
    for (const c of file.clips) {
      const bytes = wavOf(c.id);
      if ((result.json.missingAudio as string[]).includes(sha(bytes))) {
        await api("PUT", `audio/${sha(bytes)}`, bytes, TOKEN, { "content-type": "audio/wav" });
      }
    }
  };
  return {
    base,
    store,
    api,
    raw,
    publish,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      if (!given) {
        await store.close();
        rmSync(dir as string, { recursive: true, force: true });
      }
    },
  };
}
