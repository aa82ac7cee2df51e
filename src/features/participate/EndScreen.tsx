// Once every clip is finished: "Sending your work…" until the server has acknowledged each
// one, then "Your completion code" and, when the researcher set a completion address, the
// button back to the platform (Prolific: …/submissions/complete?cc=CODE).
import { buttonClass } from "../../components/Button.tsx";
import type { Participation } from "../../db/repo.ts";
import type { OutboxStatus } from "./outbox.ts";
import { SendStatus } from "./SendStatus.tsx";

export function EndScreen({
  participation,
  status,
  onRetry,
}: {
  participation: Participation;
  status: OutboxStatus;
  onRetry(): void;
}) {
  const { completion } = participation;
  const allSent = completion !== undefined && status.kind !== "sending" && status.waiting === 0;
  if (!allSent) {
    return (
      <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Sending your work…</h2>
        <p className="mt-2 text-slate-700">
          All your clips are finished. Keep this page open until they have reached the researcher:
          your completion code appears here then.
        </p>
        <div className="mt-4">
          <SendStatus status={status} onRetry={onRetry} />
        </div>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="completion-heading"
      className="mx-auto max-w-2xl rounded-lg border border-emerald-200 bg-white p-6 shadow-sm"
    >
      <h2 id="completion-heading" className="text-lg font-semibold text-slate-900">
        Thank you: your work has been received
      </h2>
      {completion.code ? (
        <>
          <p className="mt-4 text-sm font-medium text-slate-600">Your completion code</p>
          <p
            data-testid="completion-code"
            className="mt-1 inline-block select-all rounded-md border border-slate-300 bg-slate-50 px-4 py-2 font-mono text-2xl tracking-wider text-slate-900"
          >
            {completion.code}
          </p>
          <p className="mt-2 text-sm text-slate-600">
            Copy it into your study platform if it asks for it.
          </p>
        </>
      ) : (
        <p className="mt-3 text-slate-700">You can close this page.</p>
      )}
      {completion.url && (
        <a href={completion.url} rel="noreferrer" className={`${buttonClass("primary")} mt-5`}>
          Back to{" "}
          {completion.url.startsWith("https://app.prolific.com/")
            ? "Prolific"
            : "the study platform"}{" "}
          to complete
        </a>
      )}
    </section>
  );
}
