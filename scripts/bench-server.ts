// `npm run bench:server`: how many finished clips per second the collection server takes, as a
// user meets it: the server runs in its own process (`src/server/main.ts`, as `npm run serve`),
// this process drives it over real HTTP on loopback only, in bounded loops that stop by
// themselves, with arrivals and submissions mixed (each client takes a participant, arrives,
// sends their K clips, takes the next). On PGlite and on PostgreSQL (a throwaway cluster).
// Prints submissions per second, p50/p99 latency of submissions and of arrivals, rows lost or
// duplicated (must be 0), the CPU the server process, PostgreSQL's processes and this client
// used per submission, and the machine's load average before and after. docs/server.md quotes
// them.
// Then a launch burst (issue 37, "What to build" 4): a fresh server, and 1,000 participants
// arriving within 60 s as when a Prolific study opens (front-loaded: participant i at
// 60 s × (i / 1000)², half of them in the first 15 s, the first 100 within 0.6 s), each then
// finishing a clip every 12 s while the run lasts; it prints the arrivals' own p50/p99/max,
// counted from when each was due, and checks that every participant and every acknowledged
// clip is stored once.
// Usage: npx tsx scripts/bench-server.ts [--participants N] [--clients C] [--only pglite|postgresql]
//   [--rate R] (offer R submissions/s in all, paced, instead of as fast as answers come)
//   [--cpu-prof DIR] (the server writes a V8 CPU profile there when it stops, for Chrome's
//   DevTools or speedscope)
//   [--launch-only | --no-launch] [--launch-participants N] [--launch-seconds S]
//   [--cold] (the launch's server started with --no-warm-up, as before it warmed itself)
//   [--launch-shape front|even] (front, the default: the rush above; even: one every S/N s)
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { studyFile } from "../tests/server/fixtures.ts";
import { startPostgres } from "../tests/server/postgres.ts";
import { spawnServer } from "../tests/server/serverProcess.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const profileDir = args.includes("--cpu-prof") ? args[args.indexOf("--cpu-prof") + 1] : undefined;
const PARTICIPANTS = flag("--participants", 200);
const CLIENTS = flag("--clients", 32);
/**
 * Paced: submissions offered at this many per second in all, the whole run through: the n-th
 * submission of the run is due n / RATE s after the start, and is sent by whichever client is
 * ready first (has its participant's session and its previous answer), latency counted from
 * when it was due, so a server that falls behind, or keeps every client busy, shows it in p99
 * (no coordinated omission). 0: each client sends as soon as it has an answer.
 */
const RATE = flag("--rate", 0);
const K = 10;
/**
 * Every client arrives at the start at once (32 arrivals together, then their clips due at
 * once); the submissions due (or, unpaced, sent) this long after the start have their own p99
 * beside the whole run's, which that first burst holds.
 */
const STEADY_MS = 2000;
const TOKEN = "bench-token";
const LAUNCH = !args.includes("--no-launch");
const STEADY = !args.includes("--launch-only");
const LAUNCH_PARTICIPANTS = flag("--launch-participants", 1000);
const LAUNCH_SECONDS = flag("--launch-seconds", 60);
/** After arriving, a participant finishes a clip this often (a 3 s clip, heard and marked). */
const LAUNCH_CLIP_MS = 12_000;
/** The launch's last submissions are due this long after its last arrival. */
const LAUNCH_TAIL_MS = 15_000;
const COLD = args.includes("--cold");
/** front: participant i due at S × (i / N)² (a launch's rush); even: at S × i / N. */
const SHAPE = args.includes("--launch-shape") ? args[args.indexOf("--launch-shape") + 1] : "front";

/** `src/server/main.ts` in its own process; resolves with its address and the process. */
async function startServer(env: Record<string, string>, data: string, cold = false) {
  const { proc, url } = spawnServer(
    [
      "--data",
      data,
      "--rate",
      "1000000",
      "--arrival-rate",
      "100000000",
      ...(cold ? ["--no-warm-up"] : []),
    ],
    { ...process.env, REDPEN_TOKEN: TOKEN, ...env },
    profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
  );
  return { base: await url, proc };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The machine's 1-minute load average (Linux), "?" elsewhere. */
function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ")[0] ?? "?";
  } catch {
    return "?";
  }
}

/** A process's /proc/PID/stat fields after its name (Linux); null elsewhere. */
function statOf(pid: number | string | undefined): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  const fields = statOf(pid);
  // utime, stime in ticks (USER_HZ)
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : null;
}

/**
 * CPU seconds of a PostgreSQL cluster: its postmaster and every process it started (backends,
 * WAL writer, checkpointer …), those that ended included (cutime, cstime); null elsewhere.
 */
function clusterCpuSeconds(postmaster: number): number | null {
  const own = statOf(postmaster);
  if (!own) return null;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync("/proc")) {
    const fields = /^\d+$/.test(entry) ? statOf(entry) : null;
    if (fields && Number(fields[1]) === postmaster)
      ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

type Answer = { status: number; json: Record<string, unknown> };

/** A participant's finished clip, as the run sends each: one span, a score, one play. */
const finishedClip = (clientId: string, position: number) => ({
  clientId,
  position,
  spans: [{ start: 0.2, end: 0.9 }],
  heardToEnd: true,
  score: 3,
  playCount: 1,
  seconds: 12.5,
});

/** The participants' and researcher's calls to the server at `base`, as the run sends them. */
function httpClient(base: string, sockets = CLIENTS) {
  // node:http with kept-alive connections, one per client: on a 2-core machine the client's own
  // CPU is taken from the server's, and fetch spends several times this client's CPU per
  // submission (the requests and answers are the same bytes; docs/server.md).
  // A timeout lets the agent heed the server's Keep-Alive hint and drop an idle connection a
  // second before the server would (without one it keeps it, and a request sent on it as the
  // server closes it is reset).
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, timeout: 60_000 });
  const url = new URL(base);
  const call = (method: string, route: string, body: unknown, auth?: string): Promise<Answer> =>
    send(method, route, body, auth).catch((error: NodeJS.ErrnoException & { reused?: boolean }) => {
      // A kept-alive connection the server closed as this was sent: once more on a new one
      // (every request here may be sent twice: the API takes each again unchanged).
      if (error.reused && error.code === "ECONNRESET") return send(method, route, body, auth);
      throw error;
    });
  const send = (method: string, route: string, body: unknown, auth?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path: `/api/${route}`,
          headers: {
            ...(payload === undefined
              ? {}
              : {
                  "content-type": "application/json",
                  "content-length": Buffer.byteLength(payload),
                }),
            ...(auth ? { authorization: `Bearer ${auth}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            try {
              const json = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<
                string,
                unknown
              >;
              resolve({ status: res.statusCode ?? 0, json });
            } catch (error) {
              reject(error);
            }
          });
          res.on("error", reject);
        },
      );
      req.on("error", (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
      req.end(payload);
    });
  return { call, close: () => agent.destroy() };
}

/**
 * Before the run, this process's own HTTP code (node:http's client, the JSON of requests and
 * answers, the calls above) is made warm on a throwaway server of its own, in this process:
 * its 32 clients send 10 arrivals and 100 submissions each, of the run's shapes, answered with
 * answers of the real ones' shapes. The server under test is not touched and starts as cold as
 * before. Without this, V8 compiled this client's code during the measured launch, on the same
 * two cores as the server and PostgreSQL (more CPU per submission in a short run than in a
 * long one), which participants' browsers, on machines of their own, never do.
 */
async function warmClient() {
  const stub = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const body = req.url?.endsWith("/arrive")
        ? { sessionToken: "t".repeat(43), state: { status: "started", clips: [], done: [] } }
        : {
            clientId: "bench-0-0-000",
            replay: false,
            progress: { status: "started", total: K, done: [1, 2, 3] },
          };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const address = stub.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const { call, close } = httpClient(`http://127.0.0.1:${port}`);
  try {
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = 0; i < 10; i++) {
          const a = await call("POST", "p/warm/arrive", {
            platform: "prolific",
            participantId: `w${c}-${i}`,
          });
          for (let j = 0; j < K; j++) {
            await call(
              "POST",
              "p/warm/submissions",
              finishedClip(`warm-${c}-${i}-${j}`, j + 1),
              a.json.sessionToken as string,
            );
          }
        }
      }),
    );
  } finally {
    close();
    await new Promise((resolve) => stub.close(resolve));
  }
}

async function bench(
  name: string,
  base: string,
  serverPid: number | undefined,
  databasePid: number | undefined,
) {
  const { call, close } = httpClient(base);
  await warmClient();
  const file = studyFile("bench", 60, ["A", "B", "C"]);
  const audio = Object.fromEntries(
    file.clips.map((c) => [
      c.id,
      { sha256: createHash("sha256").update(c.id).digest("hex"), mime: "audio/wav" },
    ]),
  );
  await call(
    "PUT",
    "studies/bench",
    { file, settings: { clipsPerParticipant: K, ratingsPerClip: 1000 }, audio },
    TOKEN,
  );
  const submitted: number[] = [];
  /** Those due (or sent) STEADY_MS or more after the start, past the first burst of arrivals. */
  const steady: number[] = [];
  /**
   * Paced: each submission's latency from its slot alone, even when that slot fell due before
   * its participant had been answered (as this benchmark counted until 27 November 2026: a
   * participant's first clip then also counted the wait for their own arrival).
   */
  const withArrival: number[] = [];
  const arrived: number[] = [];
  let failures = 0;
  let next = 0;
  const loadBefore = loadAverage();
  const started = performance.now();
  /**
   * The run's submissions so far: the next one is due at started + slot / RATE. One schedule
   * for all the clients (each client's own turns, CLIENTS / RATE s apart, offered RATE/s only
   * while every client still had participants: 271/s over a run at --rate 300, as the clients
   * with 6 participants finished before those with 7).
   */
  let slot = 0;
  const due = () => started + ((slot++ / RATE) * 1000 || 0);
  const cpuBefore = cpuSeconds(serverPid);
  const clientBefore = process.cpuUsage();
  const dbBefore = databasePid === undefined ? null : clusterCpuSeconds(databasePid);
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < PARTICIPANTS) {
        const i = next++;
        let t0 = performance.now();
        const a = await call("POST", "p/bench/arrive", {
          platform: "prolific",
          participantId: `b${i}`,
        });
        arrived.push(performance.now() - t0);
        if (a.status !== 200) {
          failures++;
          continue;
        }
        const token = a.json.sessionToken as string;
        const session = performance.now();
        for (let j = 0; j < K; j++) {
          const slotDue = due();
          // A participant finishes a clip only once they have a session: their submission is
          // due at its slot or when their arrival was answered, whichever is later (the wait
          // for the arrival is the arrival's latency, counted there). A later one that waited
          // for the server (its answers to this participant, or to others) counts that wait.
          const at = Math.max(slotDue, session);
          const now = performance.now();
          if (RATE > 0 && at > now) await new Promise((r) => setTimeout(r, at - now));
          t0 = RATE > 0 ? at : performance.now();
          const r = await call(
            "POST",
            "p/bench/submissions",
            finishedClip(`bench-${i}-${j}-000`, j + 1),
            token,
          );
          const answered = performance.now();
          submitted.push(answered - t0);
          if (RATE > 0) withArrival.push(answered - slotDue);
          if (t0 - started >= STEADY_MS) steady.push(answered - t0);
          if (r.status !== 200) failures++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(serverPid);
  const client = process.cpuUsage(clientBefore);
  const dbAfter = databasePid === undefined ? null : clusterCpuSeconds(databasePid);
  // The server process's own CPU per submission (arrivals included), and PostgreSQL's: what the
  // machine's load changes far less than the rate.
  const perSubmission = (before: number | null, after: number | null) =>
    before !== null && after !== null
      ? `${(((after - before) * 1000) / submitted.length).toFixed(2)} ms`
      : null;
  const server = perSubmission(cpuBefore, cpuAfter);
  const database = perSubmission(dbBefore, dbAfter);
  const cpu =
    (server === null ? "" : `; server CPU ${server} per submission`) +
    (database === null ? "" : `, PostgreSQL's ${database}`) +
    `, this client's ${((client.user + client.system) / 1000 / submitted.length).toFixed(2)} ms`;
  const collected = await call("GET", "studies/bench/collect", undefined, TOKEN);
  close();
  const subs = collected.json.submissions as { clipId: string; annotatorId: string }[];
  const unique = new Set(subs.map((s) => `${s.annotatorId}|${s.clipId}`)).size;
  submitted.sort((a, b) => a - b);
  steady.sort((a, b) => a - b);
  arrived.sort((a, b) => a - b);
  withArrival.sort((a, b) => a - b);
  const total = PARTICIPANTS * K;
  console.log(
    `${name.padEnd(10)} ${PARTICIPANTS} participants, ${total} submissions, ${CLIENTS} clients over HTTP ` +
      (RATE > 0 ? `offered ${RATE}/s ` : "") +
      `in ${seconds.toFixed(1)} s: ${(submitted.length / seconds).toFixed(0)} submissions/s, ` +
      `p50 ${quantile(submitted, 0.5).toFixed(1)} ms, p99 ${quantile(submitted, 0.99).toFixed(1)} ms ` +
      `(${steady.length} due after the first ${STEADY_MS / 1000} s: p99 ${quantile(steady, 0.99).toFixed(1)} ms` +
      (RATE > 0
        ? `; from their slots alone, a participant's first clip counting their arrival: p99 ${quantile(withArrival, 0.99).toFixed(1)} ms`
        : "") +
      "); " +
      `arrivals p50 ${quantile(arrived, 0.5).toFixed(1)} ms, p99 ${quantile(arrived, 0.99).toFixed(1)} ms; ` +
      `failed ${failures}, lost ${total - unique}, duplicated ${subs.length - unique}${cpu}; ` +
      `load average ${loadBefore} -> ${loadAverage()}`,
  );
}

/**
 * The launch burst on a fresh server: LAUNCH_PARTICIPANTS arrivals within LAUNCH_SECONDS,
 * front-loaded, each sent at its own time by a participant of its own (no pool of clients:
 * every participant is a browser of their own), each latency counted from when it was due;
 * then every participant finishes a clip every LAUNCH_CLIP_MS until LAUNCH_TAIL_MS after the
 * last arrival. Nothing may be lost: every arrival answered with its clips, every participant
 * stored once, every acknowledged clip collected once.
 */
async function launch(
  name: string,
  base: string,
  serverPid: number | undefined,
  databasePid: number | undefined,
) {
  const { call, close } = httpClient(base, 512);
  // This process's HTTP code warm first, as for the steady run (participants' browsers do not
  // compile it on the server's cores).
  await warmClient();
  const file = studyFile("launch", 60, ["A", "B", "C"]);
  const audio = Object.fromEntries(
    file.clips.map((c) => [
      c.id,
      { sha256: createHash("sha256").update(c.id).digest("hex"), mime: "audio/wav" },
    ]),
  );
  const published = await call(
    "PUT",
    "studies/launch",
    { file, settings: { clipsPerParticipant: K, ratingsPerClip: 1000 }, audio },
    TOKEN,
  );
  if (published.status !== 200) throw new Error(`publish: ${JSON.stringify(published.json)}`);
  const n = LAUNCH_PARTICIPANTS;
  const window = LAUNCH_SECONDS * 1000;
  const end = window + LAUNCH_TAIL_MS;
  const arrivals: number[] = [];
  const firstSecond: number[] = [];
  const submissions: number[] = [];
  let failures = 0;
  let acknowledged = 0;
  const loadBefore = loadAverage();
  const cpuBefore = cpuSeconds(serverPid);
  const dbBefore = databasePid === undefined ? null : clusterCpuSeconds(databasePid);
  const started = performance.now();
  const wait = (at: number) => {
    const ms = started + at - performance.now();
    return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
  };
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const due = SHAPE === "even" ? (window * i) / n : window * (i / n) ** 2;
      await wait(due);
      const a = await call("POST", "p/launch/arrive", {
        platform: "prolific",
        participantId: `launch-${i}`,
      });
      const took = performance.now() - (started + due);
      arrivals.push(took);
      if (due < 1000) firstSecond.push(took);
      const state = a.json.state as { clips?: unknown[] } | undefined;
      if (a.status !== 200 || state?.clips?.length !== K) {
        failures++;
        return;
      }
      const token = a.json.sessionToken as string;
      const arrivedAt = performance.now() - started;
      for (let j = 1; j <= K; j++) {
        const at = arrivedAt + j * LAUNCH_CLIP_MS;
        if (at > end) break;
        await wait(at);
        const r = await call(
          "POST",
          "p/launch/submissions",
          finishedClip(`launch-${i}-${j}-000`, j),
          token,
        );
        submissions.push(performance.now() - (started + at));
        if (r.status === 200) acknowledged++;
        else failures++;
      }
    }),
  );
  const cpuAfter = cpuSeconds(serverPid);
  const dbAfter = databasePid === undefined ? null : clusterCpuSeconds(databasePid);
  const collected = await call("GET", "studies/launch/collect", undefined, TOKEN);
  close();
  const people = new Set(
    (collected.json.annotators as { platform?: { participantId?: string } }[]).map(
      (a) => a.platform?.participantId,
    ),
  );
  const subs = collected.json.submissions as { clipId: string; annotatorId: string }[];
  const unique = new Set(subs.map((s) => `${s.annotatorId}|${s.clipId}`)).size;
  for (const list of [arrivals, firstSecond, submissions]) list.sort((a, b) => a - b);
  const cpu = (before: number | null, after: number | null) =>
    before !== null && after !== null ? `${(after - before).toFixed(1)} s` : "—";
  console.log(
    `${name.padEnd(10)} launch: ${n} arrivals within ${LAUNCH_SECONDS} s (${SHAPE === "even" ? "evenly" : "front-loaded"}), ` +
      `${COLD ? "server cold (--no-warm-up)" : "server warmed before opening"}: ` +
      `arrivals p50 ${quantile(arrivals, 0.5).toFixed(1)} ms, p99 ${quantile(arrivals, 0.99).toFixed(1)} ms, ` +
      `max ${(arrivals.at(-1) ?? 0).toFixed(1)} ms (the ${firstSecond.length} due in the first second: ` +
      `p99 ${quantile(firstSecond, 0.99).toFixed(1)} ms); ` +
      `${submissions.length} finished clips meanwhile: p50 ${quantile(submissions, 0.5).toFixed(1)} ms, ` +
      `p99 ${quantile(submissions, 0.99).toFixed(1)} ms; failed ${failures}, ` +
      `participants stored ${people.size} of ${n}, clips lost ${acknowledged - unique}, ` +
      `duplicated ${subs.length - unique}; CPU server ${cpu(cpuBefore, cpuAfter)}, ` +
      `PostgreSQL ${cpu(dbBefore, dbAfter)}; load average ${loadBefore} -> ${loadAverage()}`,
  );
}

async function run(name: string, env: Record<string, string>, data: string, databasePid?: number) {
  if (STEADY) {
    const { base, proc } = await startServer(env, data);
    try {
      await bench(name, base, proc.pid, databasePid);
    } finally {
      await stopServer(proc);
    }
  }
  if (LAUNCH) {
    // A fresh server on a fresh database (PGlite) or study: as cold as a study's opening.
    const { base, proc } = await startServer(env, `${data}-launch`, COLD);
    try {
      await launch(name, base, proc.pid, databasePid);
    } finally {
      await stopServer(proc);
    }
  }
}

async function stopServer(proc: import("node:child_process").ChildProcess) {
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  proc.kill("SIGTERM");
  await exited; // its CPU profile, when asked for, is written as it exits
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-bench-server-"));
  try {
    if (only !== "postgresql") await run("PGlite", { DATABASE_URL: "" }, path.join(dir, "db"));
    if (only !== "pglite") {
      const cluster = await startPostgres();
      try {
        await run(
          "PostgreSQL",
          { DATABASE_URL: cluster.url },
          path.join(dir, "unused"),
          cluster.pid,
        );
      } finally {
        cluster.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
