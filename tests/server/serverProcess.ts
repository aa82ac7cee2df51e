// `src/server/main.ts` in a process of its own on a free loopback port, for the tests that kill
// it or run two of them, and for `npm run bench:server`: one home for starting it and reading
// its address from what it prints.
import { type ChildProcess, spawn } from "node:child_process";

/**
 * Starts the server with `--port 0 --app no-app` and `args`; `url` resolves with its address
 * once it says it listens, or rejects with everything it printed when it exits first or takes
 * longer than `startMs` (60 s), in which case the process is killed: a caller that gives up on
 * it is not kept waiting by its open pipes.
 */
export function spawnServer(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  /** Options for node itself (bench:server's --cpu-prof). */
  nodeArgs: readonly string[] = [],
  startMs = 60_000,
): { proc: ChildProcess; url: Promise<string> } {
  const proc = spawn(
    process.execPath,
    [
      ...nodeArgs,
      "--import",
      "tsx",
      "src/server/main.ts",
      "--port",
      "0",
      "--app",
      "no-app",
      ...args,
    ],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const url = new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`the server did not start within ${startMs} ms:\n${out}`));
    }, startMs);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout?.on("data", read);
    proc.stderr?.on("data", read);
    proc.on("exit", (code) => {
      clearTimeout(timer);
      if (!/on http/.test(out)) reject(new Error(`the server exited (${code}):\n${out}`));
    });
  });
  return { proc, url };
}

/**
 * One request to the API of the server at `base`: a body as JSON, or bytes as they are (a
 * Uint8Array), with the researcher's or participant's token; `headers` added last.
 */
export function apiFetch(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  auth?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}/api/${route}`, {
    method,
    headers: {
      ...(body !== undefined && !(body instanceof Uint8Array)
        ? { "content-type": "application/json" }
        : {}),
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      ...headers,
    },
    body:
      body === undefined
        ? undefined
        : body instanceof Uint8Array
          ? new Blob([body as Uint8Array<ArrayBuffer>])
          : JSON.stringify(body),
  });
}

/** One API call (audio as audio/wav): its status and its JSON answer ({} when empty). */
export async function callServer(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  auth?: string,
) {
  const res = await apiFetch(
    base,
    method,
    route,
    body,
    auth,
    body instanceof Uint8Array ? { "content-type": "audio/wav" } : {},
  );
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}
