// The first thing a participant sees: what the study is, the researcher's consent text, "I
// agree to take part" and Start. Declining stores nothing and says how to give the study back
// without penalty.
import { useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import type { StudyAbout } from "../../domain/collection.ts";

/** Shown when the researcher wrote no consent text of their own. */
export const DEFAULT_CONSENT =
  "You will listen to short speech recordings and mark, on each one, the parts that sound unnatural. " +
  "Your answers are stored with the id your study platform gave this link, and used only for this research. " +
  "Taking part is voluntary: you may stop at any time.";

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
  const [agreed, setAgreed] = useState(false);
  const [asked, setAsked] = useState(false);
  const checkId = useId();
  const errorId = useId();
  return (
    <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">{about.name}</h1>
      <h2 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-500">
        Before you start
      </h2>
      <p className="mt-2 whitespace-pre-line text-slate-800">{about.consent ?? DEFAULT_CONSENT}</p>
      <p className="mt-3 text-sm text-slate-600">
        You need headphones or speakers. {platform === "prolific" ? "On Prolific, y" : "Y"}our
        completion code is shown once all your clips are done.
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
          I agree to take part
        </label>
      </div>
      {asked && !agreed && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
          Tick “I agree to take part” to start, or choose “I do not want to take part”.
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
          Start
        </Button>
        <Button variant="ghost" onClick={onDecline}>
          I do not want to take part
        </Button>
      </div>
    </section>
  );
}

export function Declined({ platform }: { platform: string }) {
  return (
    <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">You chose not to take part</h1>
      <p className="mt-3 text-slate-800">Nothing about you was stored. Thank you for your time.</p>
      {platform === "prolific" ? (
        <p className="mt-3 text-slate-800">
          To leave without penalty, return the study on Prolific: in Prolific, open the study and
          choose <strong>“Stop without completing”</strong> (it is then “returned”, and no payment
          is expected). You can close this page.
        </p>
      ) : (
        <p className="mt-3 text-slate-800">
          You can close this page. If the study was given to you on a platform, give it back there
          as “returned” or “not completed”.
        </p>
      )}
    </section>
  );
}
