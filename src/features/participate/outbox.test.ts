import { describe, expect, test } from "vitest";
import { api } from "../../lib/collectionApi.ts";
import { backoffMs } from "./outbox.ts";
import { LABELS, sendStatusText } from "./SendStatus.tsx";
import { type OutboxStatus, Sender } from "./sender.ts";

describe("the outbox's retries and what it says", () => {
  test("waits 1 s, doubling, at most 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  test("says how many clips wait and why, and nothing when all are sent", () => {
    const now = 1_000_000;
    expect(sendStatusText({ kind: "idle", waiting: 0 }, now)).toBe("");
    expect(sendStatusText({ kind: "sending", waiting: 1 }, now)).toBe("Sending your clip…");
    expect(sendStatusText({ kind: "sending", waiting: 3 }, now)).toBe("Sending 3 clips…");
    expect(
      sendStatusText(
        { kind: "retrying", waiting: 3, retryAt: now + 7_200, reason: "offline" },
        now,
      ),
    ).toBe(
      "3 clips waiting to be sent: you seem to be offline. Your work is kept in this browser; trying again in 8 s.",
    );
    expect(
      sendStatusText(
        { kind: "retrying", waiting: 1, retryAt: now + 100, reason: "too many requests" },
        now,
      ),
    ).toBe(
      "1 clip waiting to be sent: the server did not take them (too many requests). Your work is kept in this browser; trying again in 1 s.",
    );
    expect(
      sendStatusText({ kind: "refused", waiting: 2, message: "clip 4 is not one of your clips" }),
    ).toBe("2 clips could not be sent: clip 4 is not one of your clips");
    // An expert's labels, in the same words.
    expect(sendStatusText({ kind: "sending", waiting: 1 }, now, LABELS)).toBe(
      "Sending your label…",
    );
    expect(
      sendStatusText(
        { kind: "retrying", waiting: 4, retryAt: now + 2000, reason: "offline" },
        now,
        LABELS,
      ),
    ).toBe(
      "4 labels waiting to be sent: you seem to be offline. Your work is kept in this browser; trying again in 2 s.",
    );
  });
});

describe("a malformed answer from the server", () => {
  test("stops the sending with a message naming the field, not a crash and not a retry", async () => {
    // A server (or a proxy) answering a submission with a body the contract does not describe.
    const fetch = (async () =>
      new Response(JSON.stringify({ clientId: "abcdefgh", replay: false, progress: { done: 3 } }), {
        status: 200,
      })) as typeof globalThis.fetch;
    const sender = new Sender(
      async (sending) => {
        sending(1);
        const answer = await api("https://study.example.org", "submit", {
          params: { studyId: "s" },
          token: "t",
          body: { clientId: "abcdefgh", position: 1, spans: [], heardToEnd: true },
          fetch,
        });
        // Never reached: the answer's fields are checked before anything uses them.
        answer.progress.done.map((n) => n + 1);
      },
      async () => 1,
    );
    const seen: OutboxStatus[] = [];
    sender.subscribe((s) => seen.push(s));
    sender.kick();
    await expect.poll(() => seen.at(-1)?.kind).toBe("refused");
    const last = seen.at(-1) as Extract<OutboxStatus, { kind: "refused" }>;
    expect(last.message).toMatch(
      /^the server's answer to submit \(POST \/api\/p\/:studyId\/submissions\)/,
    );
    expect(last.message).toContain("progress.status: ");
    expect(last.message).toContain("progress.done: must be an array");
    sender.dispose();
  });
});
