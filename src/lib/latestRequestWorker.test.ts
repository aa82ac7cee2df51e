// One request at a time to a worker (latestRequestWorker.ts): ids, stale answers dropped, the
// busy worker ended when asked again, a crash named, dispose.
import { describe, expect, it } from "vitest";
import { LatestRequestWorker, type Waiting, type WorkerLike } from "./latestRequestWorker.ts";

type Req = { id: number; n: number };
type Res = { id: number; type: "progress" | "done"; value: number };
type Outcome = { type: "done"; value: number } | { type: "cancelled" };

class FakeWorker implements WorkerLike<Req, Res> {
  onmessage: ((event: MessageEvent<Res>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: Req[] = [];
  terminated = false;
  postMessage(message: Req) {
    this.received.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(message: Res) {
    this.onmessage?.({ data: message } as MessageEvent<Res>);
  }
  crash(message: string) {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const seen: { message: Res; waiting: boolean }[] = [];
  const requests = new LatestRequestWorker<Req, Res, Outcome>({
    create: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    name: "test",
    receive: (message, waiting: Waiting<Outcome> | undefined) => {
      seen.push({ message, waiting: waiting !== undefined });
      if (message.type === "done") waiting?.settle({ type: "done", value: message.value });
    },
  });
  return { requests, workers, seen };
}

describe("LatestRequestWorker", () => {
  it("numbers the requests, hands over every message and settles the waiting one", async () => {
    const { requests, workers, seen } = setup();
    const first = requests.send({ n: 7 });
    expect(first.id).toBe(1);
    expect(workers[0]?.received).toEqual([{ n: 7, id: 1 }]);
    workers[0]?.reply({ id: 1, type: "progress", value: 0 });
    workers[0]?.reply({ id: 1, type: "done", value: 49 });
    expect(await first.outcome).toEqual({ type: "done", value: 49 });
    // After it settled, a late message of that request reaches the client, waiting no more.
    workers[0]?.reply({ id: 1, type: "progress", value: 1 });
    expect(seen.map((s) => [s.message.type, s.waiting])).toEqual([
      ["progress", true],
      ["done", true],
      ["progress", false],
    ]);
    // The idle worker is used again, with the next id.
    const second = requests.send({ n: 2 });
    expect(second.id).toBe(2);
    expect(workers).toHaveLength(1);
    expect(workers[0]?.received[1]).toEqual({ n: 2, id: 2 });
  });

  it("asking again ends the busy worker: the stale request is cancelled, the new one runs on a fresh worker", async () => {
    const { requests, workers } = setup();
    const stale = requests.send({ n: 1 });
    const fresh = requests.send({ n: 2 });
    expect(await stale.outcome).toEqual({ type: "cancelled" });
    expect(workers[0]?.terminated).toBe(true);
    expect(workers[1]?.received).toEqual([{ n: 2, id: 2 }]);
    // An answer with the stale id (on the new worker) settles nothing.
    workers[1]?.reply({ id: 1, type: "done", value: 1 });
    workers[1]?.reply({ id: 2, type: "done", value: 4 });
    expect(await fresh.outcome).toEqual({ type: "done", value: 4 });
  });

  it("a worker that stops settles the waiting request as an error naming it; the next gets a fresh worker", async () => {
    const { requests, workers } = setup();
    const running = requests.send({ n: 1 });
    workers[0]?.crash("out of memory");
    expect(await running.outcome).toEqual({
      type: "error",
      message: "The test worker stopped: out of memory",
    });
    expect(workers[0]?.terminated).toBe(true);
    const next = requests.send({ n: 3 });
    expect(workers).toHaveLength(2);
    workers[1]?.crash("");
    expect(await next.outcome).toEqual({
      type: "error",
      message: "The test worker stopped: it could not be started",
    });
  });

  it("dispose cancels what runs and ends the worker", async () => {
    const { requests, workers } = setup();
    const running = requests.send({ n: 1 });
    requests.dispose();
    expect(await running.outcome).toEqual({ type: "cancelled" });
    expect(workers[0]?.terminated).toBe(true);
  });
});
