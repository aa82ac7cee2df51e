// Sends a participant's finished clips to the collection server, each with its client-made id
// (participation.ts), so sending one again never stores it twice. The finished clips are
// already in this browser's database: the outbox is "finished here, not acknowledged there",
// read afresh on every run, so a reload or a crash loses nothing and resumes sending.
// When the server cannot be reached (offline, restarting, busy) it waits and tries again,
// 1 s, 2 s, 4 s … at most 30 s apart, and at once when the browser says it is online again.
// A session token the server no longer knows is replaced by arriving again (same platform
// id: same participant). A refusal that cannot pass by itself is shown, and retried only on
// request.

import { getStudy, type Participation, updateParticipation } from "../../db/repo.ts";
import type { ParticipantState, SubmissionResponse } from "../../domain/collection.ts";
import { ApiError, apiJson } from "../../lib/collectionApi.ts";
import {
  acknowledge,
  arrive,
  pendingSubmissions,
  positionOf,
  submissionRequest,
} from "./participation.ts";

export type OutboxStatus =
  | { kind: "idle"; waiting: number }
  | { kind: "sending"; waiting: number }
  | { kind: "retrying"; waiting: number; retryAt: number; reason: string }
  | { kind: "refused"; waiting: number; message: string };

/** The wait before retry `attempt` (1, 2, …): 1 s doubling up to 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

const path = (p: Participation, rest: string) => `/api/p/${encodeURIComponent(p.studyId)}${rest}`;

export class Outbox {
  private status: OutboxStatus = { kind: "idle", waiting: 0 };
  private listeners = new Set<(s: OutboxStatus) => void>();
  private running = false;
  private again = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private synced = false;

  constructor(private readonly localId: string) {}

  subscribe(listener: (s: OutboxStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.status);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Sends what is waiting now (after a finished clip, on "online", on "Try again"). */
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

  private async participation(): Promise<Participation> {
    const p = (await getStudy(this.localId))?.participation;
    if (!p) throw new Error("this study's local copy is gone");
    return p;
  }

  /** A new session token, by arriving again with the link's ids. */
  private async renewSession(p: Participation): Promise<Participation> {
    const { sessionToken, state } = await arrive(p.server, p.studyId, p.arrival);
    await updateParticipation(this.localId, (current) => ({ ...current, sessionToken }));
    await this.adopt(state);
    return this.participation();
  }

  /** What the server says it has: acknowledged clips and the completion. */
  private async adopt(state: Pick<ParticipantState, "done" | "completion">) {
    await acknowledge(this.localId, state.done, state.completion);
  }

  private async withSession<T>(fn: (p: Participation) => Promise<T>): Promise<T> {
    const p = await this.participation();
    try {
      return await fn(p);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return fn(await this.renewSession(p));
      throw e;
    }
  }

  private async run(): Promise<void> {
    this.running = true;
    let waiting = 0;
    try {
      do {
        this.again = false;
        if (!this.synced) {
          // Once per page: what the server already has (another browser, an earlier page).
          const state = await this.withSession((p) =>
            apiJson<ParticipantState>(p.server, path(p, "/state"), { token: p.sessionToken }),
          );
          await this.adopt(state);
          this.synced = true;
        }
        const pending = await pendingSubmissions(this.localId);
        waiting = pending.length;
        for (const submission of pending) {
          this.set({ kind: "sending", waiting });
          const response = await this.withSession(async (p) =>
            apiJson<SubmissionResponse>(p.server, path(p, "/submissions"), {
              method: "POST",
              token: p.sessionToken,
              json: await submissionRequest(this.localId, p, submission),
            }),
          ).catch(async (e: unknown) => {
            // The server has this clip already, from an earlier send of another version.
            if (e instanceof ApiError && e.code === "already-submitted") return null;
            throw e;
          });
          await acknowledge(
            this.localId,
            response ? response.progress.done : [positionOf(submission.clipId)],
            response?.progress.completion,
          );
          waiting -= 1;
          this.attempt = 0;
        }
      } while (this.again && !this.disposed);
      this.set({ kind: "idle", waiting: (await pendingSubmissions(this.localId)).length });
    } catch (e) {
      if (this.disposed) return;
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
        this.set({
          kind: "refused",
          waiting,
          message: e instanceof Error ? e.message : String(e),
        });
      }
    } finally {
      this.running = false;
      // A clip finished while the last answer was on its way.
      if (this.again && !this.disposed && this.status.kind !== "retrying") this.kick();
    }
  }
}
