// A small typed client for the compare worker. One request runs at a time: asking again ends the
// busy worker, and the stale request settles as "cancelled" instead of with stale figures.
import type { ConditionComparison } from "../../domain/stats/conditions.ts";
import type { CompareRequest, CompareResponse } from "../../workers/compareMessages.ts";

/** The part of a Worker the client uses (a fake one in component tests). */
export interface CompareWorkerLike {
  postMessage(message: CompareRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<CompareResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

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
  private worker: CompareWorkerLike | undefined;
  private pending: { id: number; resolve: (outcome: CompareOutcome) => void } | undefined;
  private nextId = 1;

  constructor(private readonly createWorker: () => CompareWorkerLike = createCompareWorker) {}

  run(request: Omit<CompareRequest, "id">): Promise<CompareOutcome> {
    this.cancel();
    const id = this.nextId++;
    const worker = this.ensureWorker();
    return new Promise<CompareOutcome>((resolve) => {
      this.pending = { id, resolve };
      worker.postMessage({ ...request, id });
    });
  }

  /** Stops the running request, if any; its promise settles as "cancelled". */
  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    pending.resolve({ type: "cancelled" });
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = undefined;
  }

  private ensureWorker(): CompareWorkerLike {
    if (this.worker) return this.worker;
    const worker = this.createWorker();
    worker.onmessage = (event) => {
      const message = event.data;
      const pending = this.pending;
      if (!pending || message.id !== pending.id) return;
      this.pending = undefined;
      switch (message.type) {
        case "done":
          pending.resolve({ type: "done", result: message.result });
          return;
        case "refused":
          pending.resolve({ type: "refused", message: message.message });
          return;
        case "not-found":
          pending.resolve({ type: "not-found", studyId: message.studyId });
          return;
        case "error":
          pending.resolve({ type: "error", message: message.message });
          return;
      }
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      const pending = this.pending;
      this.pending = undefined;
      worker.terminate();
      if (this.worker === worker) this.worker = undefined;
      pending?.resolve({
        type: "error",
        message: `The compare worker stopped: ${event.message || "it could not be started"}`,
      });
    };
    this.worker = worker;
    return worker;
  }
}
