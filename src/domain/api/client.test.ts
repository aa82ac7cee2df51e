// The typed client against a stub fetch: what it sends, each kind of failure as an ApiError
// (offline, refusal, malformed answer naming the endpoint and the field), and no malformed
// answer ever reaching the caller.
import { describe, expect, test } from "vitest";
import { ApiError, callApi } from "./client.ts";

const SERVER = "https://study.example.org";

/** A fetch that answers `body` (JSON-encoded unless a string) with `status`, and records calls. */
function stub(status: number, body: unknown, statusText = "") {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, statusText });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const headersOf = (call?: { init: RequestInit }) =>
  (call?.init.headers ?? {}) as Record<string, string>;

const STATE = {
  participantId: "p0001-x",
  status: "started",
  study: { name: "Pilot", requireRating: true },
  clips: [{ position: 1, duration: 2.5 }],
  done: [],
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const e = await promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe("callApi", () => {
  test("sends the endpoint's method, path, token and JSON body, and returns the checked answer", async () => {
    const { fetch, calls } = stub(200, { sessionToken: "t", state: STATE, extra: 1 });
    const answer = await callApi(SERVER, "arrive", {
      params: { studyId: "a b" },
      body: { platform: "link", participantId: "lab-7" },
      fetch,
    });
    expect(answer.state.clips[0]?.duration).toBe(2.5);
    expect(answer).not.toHaveProperty("extra");
    expect(calls[0]?.url).toBe(`${SERVER}/api/p/a%20b/arrive`);
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.body).toBe('{"platform":"link","participantId":"lab-7"}');
    expect(headersOf(calls[0])["content-type"]).toBe("application/json");

    const audio = stub(200, "RIFF");
    const blob = await callApi(SERVER, "participantAudio", {
      params: { studyId: "s", position: 2 },
      token: "session",
      fetch: audio.fetch,
    });
    expect(await blob.text()).toBe("RIFF");
    expect(headersOf(audio.calls[0]).authorization).toBe("Bearer session");
  });

  test("a malformed answer is an ApiError naming the endpoint and the field", async () => {
    const bad = { sessionToken: "t", state: { ...STATE, clips: [{ position: 1, duration: "2" }] } };
    const e = await failure(
      callApi(SERVER, "arrive", {
        params: { studyId: "s" },
        body: { platform: "link", participantId: "lab-7" },
        fetch: stub(200, bad).fetch,
      }),
    );
    expect(e.code).toBe("bad-answer");
    expect(e.endpoint).toBe("arrive");
    expect(e.retryable).toBe(false);
    expect(e.message).toBe(
      `the server's answer to arrive (POST /api/p/:studyId/arrive) is not what this version of RedPen expects: state.clips[0].duration: must be a number (got "2")`,
    );

    const missing = await failure(
      callApi(SERVER, "submit", {
        params: { studyId: "s" },
        token: "t",
        body: { clientId: "abcdefgh", position: 1, spans: [], heardToEnd: true },
        fetch: stub(200, { clientId: "abcdefgh", replay: false }).fetch,
      }),
    );
    expect(missing.message).toMatch(
      /submit \(POST \/api\/p\/:studyId\/submissions\).*: progress: /,
    );

    // A proxy's page in place of JSON.
    const html = await failure(
      callApi(SERVER, "state", { params: { studyId: "s" }, fetch: stub(200, "<html>").fetch }),
    );
    expect(html.code).toBe("bad-answer");
    expect(html.message).toMatch(/state \(GET \/api\/p\/:studyId\/state\).*not JSON \("<html>"\)/);
  });

  test("refusals keep the server's code and message; unreachable is status 0, retryable", async () => {
    const refused = await failure(
      callApi(SERVER, "state", {
        params: { studyId: "s" },
        fetch: stub(409, { error: { code: "returned", message: "you returned this study" } }).fetch,
      }),
    );
    expect([refused.status, refused.code, refused.message]).toEqual([
      409,
      "returned",
      "you returned this study",
    ]);
    expect(refused.retryable).toBe(false);

    const busy = await failure(
      callApi(SERVER, "state", {
        params: { studyId: "s" },
        fetch: stub(502, "<html>bad gateway</html>", "Bad Gateway").fetch,
      }),
    );
    expect([busy.status, busy.code, busy.message, busy.retryable]).toEqual([
      502,
      "http",
      "the server answered 502 Bad Gateway",
      true,
    ]);

    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    const offline = await failure(callApi(SERVER, "health", { params: {}, fetch: down }));
    expect([offline.status, offline.code, offline.retryable]).toEqual([0, "offline", true]);
    expect(offline.message).toBe(`cannot reach ${SERVER}/api/health: fetch failed`);

    const aborted = (async () => {
      throw new DOMException("aborted", "AbortError");
    }) as typeof fetch;
    await expect(callApi(SERVER, "health", { params: {}, fetch: aborted })).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  test("HEAD answers yes or no; audio goes up as bytes with its type", async () => {
    const has = (status: number) =>
      callApi(SERVER, "hasAudio", { params: { sha256: "ab" }, fetch: stub(status, "").fetch });
    expect(await has(200)).toBe(true);
    expect(await has(404)).toBe(false);
    expect((await failure(has(401))).status).toBe(401);

    const sha256 = "a".repeat(64);
    const { fetch, calls } = stub(200, { sha256, stored: true });
    const bytes = new Blob(["RIFF"], { type: "audio/wav" });
    await callApi(SERVER, "putAudio", { params: { sha256 }, token: "r", body: bytes, fetch });
    expect(calls[0]?.init.body).toBe(bytes);
    expect(headersOf(calls[0])["content-type"]).toBe("audio/wav");
  });
});
