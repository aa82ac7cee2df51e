// Once every clip is finished: "Sending your work…" until the server has acknowledged each
// one, then "Your completion code" and, when the researcher set a completion address, the
// button back to the platform (Prolific: …/submissions/complete?cc=CODE).
import { buttonClass } from "../../components/Button.tsx";
import type { Participation } from "../../db/repo.ts";
import { useT } from "../../lib/i18n.tsx";
import type { OutboxStatus } from "./outbox.ts";
import { SendStatus, type Unit } from "./SendStatus.tsx";

export function EndScreen({
  participation,
  status,
  onRetry,
  unit,
}: {
  participation: Participation;
  status: OutboxStatus;
  onRetry(): void;
  /** What is being sent: clips, or a comparison's answers. */
  unit?: Unit;
}) {
  const t = useT();
  const { completion } = participation;
  const allSent = completion !== undefined && status.kind !== "sending" && status.waiting === 0;
  if (!allSent) {
    return (
      <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">{t("end.sending.title")}</h2>
        <p className="mt-2 text-slate-700">{t("end.sending.body")}</p>
        <div className="mt-4">
          <SendStatus status={status} onRetry={onRetry} {...(unit ? { unit } : {})} />
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
        {t("end.thanks")}
      </h2>
      {completion.code ? (
        <>
          <p className="mt-4 text-sm font-medium text-slate-600">{t("end.code")}</p>
          <p
            data-testid="completion-code"
            className="mt-1 inline-block select-all rounded-md border border-slate-300 bg-slate-50 px-4 py-2 font-mono text-2xl tracking-wider text-slate-900"
          >
            {completion.code}
          </p>
          <p className="mt-2 text-sm text-slate-600">{t("end.copy")}</p>
        </>
      ) : (
        <p className="mt-3 text-slate-700">{t("end.close")}</p>
      )}
      {completion.url && (
        <a href={completion.url} rel="noreferrer" className={`${buttonClass("primary")} mt-5`}>
          {t("end.back", {
            platform: completion.url.startsWith("https://app.prolific.com/") ? "prolific" : "other",
          })}
        </a>
      )}
    </section>
  );
}
