// The first thing a participant sees: what the study is, the researcher's consent text (else the
// default of the study's task, which describes what they will do), "I agree to take part" and
// Start. Declining stores nothing and says how to give the study back
// without penalty.
import { useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import type { StudyAbout } from "../../domain/collection/protocol.ts";
import { DEFAULT_TASK, moduleOf } from "../../domain/tasks/index.ts";
import { useT } from "../../lib/i18n.tsx";

export function ConsentStep({
  about,
  platform,
  onStart,
  onDecline,
}: {
  about: StudyAbout;
  platform: string;
  onStart(): void;
  onDecline(): void;
}) {
  const t = useT();
  const [agreed, setAgreed] = useState(false);
  const [asked, setAsked] = useState(false);
  const checkId = useId();
  const errorId = useId();
  return (
    <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">{about.name}</h1>
      <h2 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-500">
        {t("consent.before")}
      </h2>
      <p className="mt-2 whitespace-pre-line text-slate-800">
        {about.consent ?? t(moduleOf(about.task ?? DEFAULT_TASK).consentMessage)}
      </p>
      <p className="mt-3 text-sm text-slate-600">
        {t("consent.headphones")} {t("consent.code", { platform })}
      </p>
      <div className="mt-5 flex items-start gap-2">
        <input
          id={checkId}
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={agreed}
          aria-describedby={asked && !agreed ? errorId : undefined}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        <label htmlFor={checkId} className="text-slate-900">
          {t("consent.agree")}
        </label>
      </div>
      {asked && !agreed && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
          {t("consent.agreeFirst")}
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <Button
          variant="primary"
          onClick={() => {
            setAsked(true);
            if (agreed) onStart();
          }}
        >
          {t("consent.start")}
        </Button>
        <Button variant="ghost" onClick={onDecline}>
          {t("consent.decline")}
        </Button>
      </div>
    </section>
  );
}

export function Declined({ platform }: { platform: string }) {
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">{t("declined.title")}</h1>
      <p className="mt-3 text-slate-800">{t("declined.nothingStored")}</p>
      <p className="mt-3 text-slate-800">
        {t(platform === "prolific" ? "declined.prolific" : "declined.other")}
      </p>
    </section>
  );
}
