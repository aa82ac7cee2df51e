// One line above the clip: whether the participant's finished clips have reached the server.
// Quiet when all is sent; says how many wait, and why, when some do.
import { useEffect, useState } from "react";
import type { IntlShape } from "react-intl";
import { englishIntl, useIntlShape } from "../../lib/i18n.tsx";
import type { OutboxStatus } from "./outbox.ts";

/**
 * What is being sent: a participant's clips or answers to pairs, an expert's labels (the
 * catalogue's `send.<unit>.…`).
 */
export type Unit = "clips" | "answers" | "labels";
export const CLIPS: Unit = "clips";
export const ANSWERS: Unit = "answers";
export const LABELS: Unit = "labels";

/** "3 clips waiting to be sent: you seem to be offline. …", in the page's language. */
export function sendStatusText(
  status: OutboxStatus,
  now = Date.now(),
  unit: Unit = CLIPS,
  intl: IntlShape = englishIntl,
): string {
  const n = status.waiting;
  const say = (which: "waiting" | "sending" | "offline" | "notTaken" | "refused", more = {}) =>
    intl.formatMessage({ id: `send.${unit}.${which}` }, { n, ...more });
  switch (status.kind) {
    case "idle":
      return n === 0 ? "" : say("waiting");
    case "sending":
      return say("sending");
    case "retrying": {
      const seconds = Math.max(1, Math.ceil((status.retryAt - now) / 1000));
      return status.reason === "offline"
        ? say("offline", { seconds })
        : say("notTaken", { seconds, reason: status.reason });
    }
    case "refused":
      return say("refused", { message: status.message });
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
  const intl = useIntlShape();
  // Re-render each second while a retry is counted down.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status.kind !== "retrying") return;
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [status.kind]);
  const text = sendStatusText(status, now, unit, intl);
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
          {intl.formatMessage({ id: "send.retryNow" })}
        </button>
      )}
    </div>
  );
}

/**
 * The clips finished here that the server could not take: another browser of the same
 * participant had finished them first, and its answers are the ones kept. Said, never dropped.
 */
export function DoneElsewhere({ positions }: { positions: readonly number[] | undefined }) {
  const intl = useIntlShape();
  if (!positions || positions.length === 0) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {intl.formatMessage(
        { id: "send.clips.doneElsewhere" },
        {
          count: positions.length,
          positions: intl.formatList(positions.map((n) => intl.formatNumber(n))),
        },
      )}
    </p>
  );
}
