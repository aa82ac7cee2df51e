// A throwaway PostgreSQL cluster for the server tests: Debian's postgresql (15) binaries,
// initdb into a temporary folder owned by the postgres user (initdb refuses to run as root),
// started on a free loopback port, stopped and removed after. Missing binaries are an error
// with the install command, not a silent skip.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** A free port on the loopback interface (free when asked). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export interface Cluster {
  url: string;
  /** The postmaster's process id (its children are the backends and the background workers). */
  pid: number;
  stop(): void;
}

export async function startPostgres(): Promise<Cluster> {
  if (!existsSync(path.join(BIN, "initdb"))) {
    throw new Error(
      `PostgreSQL was not found in ${BIN} (set PG_BIN to its bin folder). On Debian: sudo apt-get install -y postgresql`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), "redpen-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(BIN, cmd), ...args], {
          stdio: "pipe",
        })
      : execFileSync(path.join(BIN, cmd), args, { stdio: "pipe" });
  if (asRoot) {
    const [uid, gid] = execFileSync("id", ["-u", "postgres"])
      .toString()
      .trim()
      .split(/\s+/)
      .concat(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, Number(uid), Number(gid));
  }
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`,
    "-w",
    "start",
  ]);
  const pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
