// A small typed client for the compare worker, one request at a time (asking again ends the busy
// worker and settles the stale request as "cancelled": src/lib/latestRequestWorker.ts).
import type { ConditionComparison } from "../../domain/stats/conditions.ts";
import { LatestRequestWorker, type WorkerLike } from "../../lib/latestRequestWorker.ts";
import type { CompareRequest, CompareResponse } from "../../workers/compareMessages.ts";

/** The part of a Worker the client uses (a fake one in component tests). */
export type CompareWorkerLike = WorkerLike<CompareRequest, CompareResponse>;

export type CompareOutcome =
  | { type: "done"; result: ConditionComparison }
  | { type: "refused"; message: string }
  | { type: "not-found"; studyId: string }
  | { type: "error"; message: string }
  | { type: "cancelled" };

export interface CompareRunner {
  run(request: Omit<CompareRequest, "id">): Promise<CompareOutcome>;
  dispose(): void;
}

function createCompareWorker(): CompareWorkerLike {
  return new Worker(new URL("../../workers/compare.worker.ts", import.meta.url), {
    type: "module",
    name: "redpen-compare",
  }) as unknown as CompareWorkerLike;
}

export class CompareClient implements CompareRunner {
  private readonly requests: LatestRequestWorker<CompareRequest, CompareResponse, CompareOutcome>;

  constructor(createWorker: () => CompareWorkerLike = createCompareWorker) {
    this.requests = new LatestRequestWorker({
      create: createWorker,
      name: "compare",
      receive: (message, waiting) => {
        switch (message.type) {
          case "done":
            waiting?.settle({ type: "done", result: message.result });
            return;
          case "refused":
            waiting?.settle({ type: "refused", message: message.message });
            return;
          case "not-found":
            waiting?.settle({ type: "not-found", studyId: message.studyId });
            return;
          case "error":
            waiting?.settle({ type: "error", message: message.message });
            return;
        }
      },
    });
  }

  run(request: Omit<CompareRequest, "id">): Promise<CompareOutcome> {
    return this.requests.send(request).outcome;
  }

  /** Stops the running request, if any; its promise settles as "cancelled". */
  cancel(): void {
    this.requests.cancel();
  }

  dispose(): void {
    this.requests.dispose();
  }
}
