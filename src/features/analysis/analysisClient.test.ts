import { describe, expect, it } from "vitest";
import type {
  Analysis,
  AnalysisRequest,
  AnalysisResponse,
} from "../../workers/analysisMessages.ts";
import { packAnalysis } from "../../workers/packAnalysis.ts";
import { AnalysisClient, type AnalysisProgress, type WorkerLike } from "./analysisClient.ts";

class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<AnalysisResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: AnalysisRequest[] = [];
  terminated = false;
  postMessage(message: AnalysisRequest) {
    this.received.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(message: AnalysisResponse) {
    this.onmessage?.({ data: message } as MessageEvent<AnalysisResponse>);
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const client = new AnalysisClient(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  });
  return { client, workers };
}

const study = { name: "S", binSeconds: 0.1, taxonomy: [] };
const analysis: Analysis = {
  report: { binSeconds: 0.1 } as Analysis["report"],
  clips: [
    {
      clipId: "c1",
      name: "c1.wav",
      system: "A",
      isReference: false,
      annotations: 2,
      bins: 10,
      meanKappa: null,
      unionFraction: 0.5,
      overlapFraction: 0.1,
      meanAnnotatedSeconds: 0.4,
    },
  ],
  scatter: [{ clipId: "c1", length: 0.4, score: 3 }],
  fit: null,
};
const packed = packAnalysis(analysis).packed;

describe("AnalysisClient", () => {
  it("sends the request with an id, reports progress and resolves with the result", async () => {
    const { client, workers } = setup();
    const progress: AnalysisProgress[] = [];
    const result = client.run({ studyId: "s1", binSeconds: 0.25 }, (p) => progress.push(p));
    const w = workers[0] as FakeWorker;
    expect(w.received).toEqual([{ id: 1, studyId: "s1", binSeconds: 0.25 }]);
    w.reply({ id: 1, type: "progress", stage: "loading" });
    w.reply({ id: 1, type: "progress", stage: "loading", rows: 42 });
    w.reply({ id: 1, type: "progress", stage: "analysing", rows: 42, clips: 7 });
    w.reply({ id: 1, type: "done", analysis: packed, study, millis: 12, loadMillis: 5 });
    await expect(result).resolves.toEqual({
      type: "done",
      analysis,
      study,
      millis: 12,
      loadMillis: 5,
    });
    expect(progress).toEqual([
      { stage: "loading" },
      { stage: "loading", rows: 42 },
      { stage: "analysing", rows: 42, clips: 7 },
    ]);
  });

  it("omits binSeconds to use the study's own, and passes reuse on", () => {
    const { client, workers } = setup();
    void client.run({ studyId: "s1" });
    expect(workers[0]?.received[0]).toEqual({ id: 1, studyId: "s1" });
    void client.run({ studyId: "s1", binSeconds: 0.2, reuse: true });
    expect(workers[1]?.received[0]).toEqual({ id: 2, studyId: "s1", binSeconds: 0.2, reuse: true });
  });

  it("cancels a stale request: terminates the busy worker and answers the next on a new one", async () => {
    const { client, workers } = setup();
    const first = client.run({ studyId: "s1", binSeconds: 0.1 });
    const second = client.run({ studyId: "s1", binSeconds: 0.25 });
    await expect(first).resolves.toEqual({ type: "cancelled" });
    expect(workers).toHaveLength(2);
    expect(workers[0]?.terminated).toBe(true);
    expect(workers[1]?.received).toEqual([{ id: 2, studyId: "s1", binSeconds: 0.25 }]);
    // A late answer from the old request is ignored even if it arrives.
    workers[1]?.reply({ id: 1, type: "done", analysis: packed, study, millis: 1, loadMillis: 1 });
    workers[1]?.reply({ id: 2, type: "not-found", studyId: "s1" });
    await expect(second).resolves.toEqual({ type: "not-found", studyId: "s1" });
  });

  it("reuses an idle worker", async () => {
    const { client, workers } = setup();
    const first = client.run({ studyId: "s1" });
    workers[0]?.reply({ id: 1, type: "error", message: "boom" });
    await expect(first).resolves.toEqual({ type: "error", message: "boom" });
    void client.run({ studyId: "s1" });
    expect(workers).toHaveLength(1);
    expect(workers[0]?.received).toHaveLength(2);
  });

  it("turns a worker crash into an error outcome and starts a fresh worker next time", async () => {
    const { client, workers } = setup();
    const run = client.run({ studyId: "s1" });
    workers[0]?.onerror?.({ message: "SyntaxError in worker", preventDefault() {} } as ErrorEvent);
    await expect(run).resolves.toEqual({
      type: "error",
      message: "The analysis worker stopped: SyntaxError in worker",
    });
    void client.run({ studyId: "s1" });
    expect(workers).toHaveLength(2);
  });

  it("dispose cancels what runs and ends the worker", async () => {
    const { client, workers } = setup();
    const run = client.run({ studyId: "s1" });
    client.dispose();
    await expect(run).resolves.toEqual({ type: "cancelled" });
    expect(workers[0]?.terminated).toBe(true);
  });
});
