// What the participant's outbox and the expert's label outbox share: send everything waiting,
// say how it goes, and when the server cannot be reached (offline, restarting, busy) wait and
// try again, 1 s, 2 s, 4 s … at most 30 s apart, or at once on kick() (a new finished clip or
// label, the browser back online, "Try again now"). A refusal that cannot pass by itself is
// shown and retried only on a kick.

import { errorMessage } from "../../domain/util/errorText.ts";
import { ApiError } from "../../lib/collectionApi.ts";

export type OutboxStatus =
  | { kind: "idle"; waiting: number }
  | { kind: "sending"; waiting: number }
  | { kind: "retrying"; waiting: number; retryAt: number; reason: string }
  | { kind: "refused"; waiting: number; message: string };

/** The wait before retry `attempt` (1, 2, …): 1 s doubling up to 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

export class Sender {
  private status: OutboxStatus = { kind: "idle", waiting: 0 };
  private listeners = new Set<(s: OutboxStatus) => void>();
  private running = false;
  private again = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    /** Sends all that waits, reporting how many are left before each send. */
    private readonly sendAll: (sending: (waiting: number) => void) => Promise<void>,
    /** How many wait now (read from the database). */
    private readonly countWaiting: () => Promise<number>,
  ) {}

  subscribe(listener: (s: OutboxStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.status);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Sends what is waiting now. */
  kick(): void {
    if (this.disposed) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.run();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.listeners.clear();
  }

  private set(status: OutboxStatus) {
    this.status = status;
    for (const l of this.listeners) l(status);
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      do {
        this.again = false;
        await this.sendAll((waiting) => this.set({ kind: "sending", waiting }));
        this.attempt = 0;
      } while (this.again && !this.disposed);
      this.set({ kind: "idle", waiting: await this.countWaiting() });
    } catch (e) {
      if (this.disposed) return;
      const waiting = await this.countWaiting().catch(() => 0);
      if (e instanceof ApiError && e.retryable) {
        this.attempt += 1;
        const wait = backoffMs(this.attempt);
        this.set({
          kind: "retrying",
          waiting,
          retryAt: Date.now() + wait,
          reason: e.status === 0 ? "offline" : e.message,
        });
        this.timer = setTimeout(() => this.kick(), wait);
      } else {
        this.set({ kind: "refused", waiting, message: errorMessage(e) });
      }
    } finally {
      this.running = false;
      // Something new arrived while the last answer was on its way.
      if (this.again && !this.disposed && this.status.kind !== "retrying") this.kick();
    }
  }
}
