// The helper that starts the server in a process of its own (serverProcess.ts): a server that
// does not start in time is killed, so that the test or benchmark that gave up on it can end.
import { once } from "node:events";
import { expect, test } from "vitest";
import { spawnServer } from "./serverProcess.ts";

test("a server that does not say it listens in time is killed, and its start rejected", async () => {
  // 1 ms: no server prints its address that soon.
  const { proc, url } = spawnServer(
    ["--rate", "100000"],
    { ...process.env, REDPEN_TOKEN: "t" },
    [],
    1,
  );
  const exited = once(proc, "exit");
  await expect(url).rejects.toThrow(/the server did not start within 1 ms/);
  const [code, signal] = await exited;
  expect([code, signal]).toEqual([null, "SIGKILL"]);
});

test("a server that exits before it listens rejects its start with what it printed", async () => {
  const { proc, url } = spawnServer(["--no-such-flag"], { ...process.env, REDPEN_TOKEN: "t" });
  await expect(url).rejects.toThrow(/the server exited \(1\):\nUnknown option '--no-such-flag'/);
  expect(proc.exitCode).toBe(1);
});
