// One line above the clip: whether the participant's finished clips have reached the server.
// Quiet when all is sent; says how many wait, and why, when some do.
import { useEffect, useState } from "react";
import type { OutboxStatus } from "./outbox.ts";

/** What is being sent: a participant's clips, an expert's labels. */
export interface Unit {
  one: string;
  many: string;
}
export const CLIPS: Unit = { one: "clip", many: "clips" };
export const LABELS: Unit = { one: "label", many: "labels" };

/** "3 clips waiting to be sent: you seem to be offline. Trying again in 8 s." */
export function sendStatusText(status: OutboxStatus, now = Date.now(), unit: Unit = CLIPS): string {
  const clips = (n: number) => (n === 1 ? `1 ${unit.one}` : `${n} ${unit.many}`);
  switch (status.kind) {
    case "idle":
      return status.waiting === 0 ? "" : `${clips(status.waiting)} waiting to be sent.`;
    case "sending":
      return `Sending ${status.waiting === 1 ? `your ${unit.one}` : clips(status.waiting)}…`;
    case "retrying": {
      const seconds = Math.max(1, Math.ceil((status.retryAt - now) / 1000));
      const why =
        status.reason === "offline"
          ? "you seem to be offline"
          : `the server did not take them (${status.reason})`;
      return `${clips(status.waiting)} waiting to be sent: ${why}. Your work is kept in this browser; trying again in ${seconds} s.`;
    }
    case "refused":
      return `${clips(status.waiting)} could not be sent: ${status.message}`;
  }
}

export function SendStatus({
  status,
  onRetry,
  unit = CLIPS,
}: {
  status: OutboxStatus;
  onRetry(): void;
  unit?: Unit;
}) {
  // Re-render each second while a retry is counted down.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status.kind !== "retrying") return;
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [status.kind]);
  const text = sendStatusText(status, now, unit);
  const problem = status.kind === "retrying" || status.kind === "refused";
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        text === ""
          ? "sr-only"
          : `mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm ${
              problem
                ? "border-amber-300 bg-amber-50 text-amber-900"
                : "border-slate-200 bg-white text-slate-700"
            }`
      }
    >
      <p>{text}</p>
      {problem && (
        <button type="button" className="underline" onClick={onRetry}>
          Try again now
        </button>
      )}
    </div>
  );
}
