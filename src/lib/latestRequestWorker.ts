// The main thread's side of a worker that answers one request at a time (the analysis and
// compare workers): each request carries an id, and asking again ends the busy worker (it
// computes synchronously, so ending it is the only way to stop it), so a stale computation
// stops using the CPU and its promise settles as "cancelled" instead of with stale figures.
// A worker that stops (or cannot start) settles the waiting request as an error naming it.

/** The part of a Worker a client uses (a fake one in component tests). */
export interface WorkerLike<Request, Response> {
  postMessage(message: Request): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<Response>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** What every request may settle as besides the client's own outcomes. */
export type Interrupted = { type: "cancelled" } | { type: "error"; message: string };

/** The request a message answers, while it is still waiting. */
export interface Waiting<Outcome> {
  settle(outcome: Outcome): void;
}

export interface LatestRequestOptions<Request, Response, Outcome> {
  create(): WorkerLike<Request, Response>;
  /** The worker as the error names it: "analysis" → "The analysis worker stopped: …". */
  name: string;
  /**
   * Every message from the worker, with the request it answers when that one is still waiting
   * (undefined for an answer to a request no one waits for any more).
   */
  receive(message: Response, waiting: Waiting<Outcome> | undefined): void;
}

export class LatestRequestWorker<
  Request extends { id: number },
  Response extends { id: number },
  Outcome,
> {
  private worker: WorkerLike<Request, Response> | undefined;
  private pending: { id: number; resolve: (outcome: Outcome | Interrupted) => void } | undefined;
  private nextId = 1;

  constructor(private readonly options: LatestRequestOptions<Request, Response, Outcome>) {}

  /**
   * Sends `message` with a new id, after cancelling the request still running: the id, and the
   * request's outcome.
   */
  send(message: Omit<Request, "id">): { id: number; outcome: Promise<Outcome | Interrupted> } {
    this.cancel();
    const id = this.nextId++;
    const worker = this.ensureWorker();
    const outcome = new Promise<Outcome | Interrupted>((resolve) => {
      this.pending = { id, resolve };
    });
    worker.postMessage({ ...message, id } as Request);
    return { id, outcome };
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

  private ensureWorker(): WorkerLike<Request, Response> {
    if (this.worker) return this.worker;
    const worker = this.options.create();
    worker.onmessage = (event) => {
      const message = event.data;
      const pending = this.pending;
      const waiting =
        pending && message.id === pending.id
          ? {
              settle: (outcome: Outcome) => {
                if (this.pending === pending) this.pending = undefined;
                pending.resolve(outcome);
              },
            }
          : undefined;
      this.options.receive(message, waiting);
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      const pending = this.pending;
      this.pending = undefined;
      worker.terminate();
      if (this.worker === worker) this.worker = undefined;
      pending?.resolve({
        type: "error",
        message: `The ${this.options.name} worker stopped: ${event.message || "it could not be started"}`,
      });
    };
    this.worker = worker;
    return worker;
  }
}
