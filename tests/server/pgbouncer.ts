// A throwaway PgBouncer in transaction mode in front of a test cluster (tests/server/postgres.ts),
// as managed PostgreSQL services put one: Debian's pgbouncer, run as the postgres user (it
// refuses to run as root), on a free loopback port, with `poolSize` backends for every client
// connection it takes. Missing binaries are an error with the install command, not a skip.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./postgres.ts";

const PGBOUNCER = process.env.PGBOUNCER ?? "/usr/sbin/pgbouncer";

export interface Pooler {
  url: string;
  stop(): void;
}

/** Resolves once something accepts connections on the port; rejects after `ms`. */
async function listening(port: number, ms: number, proc: ChildProcess, log: string) {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    if (proc.exitCode !== null || Date.now() > until) {
      const text = existsSync(log) ? readFileSync(log, "utf8") : "";
      throw new Error(`PgBouncer did not start:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startPgBouncer(clusterUrl: string, poolSize: number): Promise<Pooler> {
  if (!existsSync(PGBOUNCER)) {
    throw new Error(
      `PgBouncer was not found at ${PGBOUNCER} (set PGBOUNCER to it). On Debian: sudo apt-get install -y pgbouncer`,
    );
  }
  const target = new URL(clusterUrl);
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-pgbouncer-"));
  const port = await freePort();
  const log = path.join(dir, "pgbouncer.log");
  writeFileSync(path.join(dir, "users.txt"), `"${target.username}" ""\n`);
  writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "users.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 200",
      `logfile = ${log}`,
      "",
    ].join("\n"),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    for (const f of ["", "users.txt", "pgbouncer.ini"]) chownSync(path.join(dir, f), uid, gid);
  }
  const ini = path.join(dir, "pgbouncer.ini");
  // -u would make it change user itself, but only after reading its files as root.
  const proc = asRoot
    ? spawn("runuser", ["-u", "postgres", "--", PGBOUNCER, ini], { stdio: "ignore" })
    : spawn(PGBOUNCER, [ini], { stdio: "ignore" });
  await listening(port, 10_000, proc, log);
  target.port = String(port);
  return {
    url: target.toString(),
    stop() {
      try {
        // runuser passes SIGTERM on to PgBouncer, which exits at once on it ("fast exit").
        proc.kill("SIGTERM");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
