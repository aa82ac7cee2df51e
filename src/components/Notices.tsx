// The toast area: the notices of src/stores/notices.ts, bottom right, in an aria-live region
// (errors are also role="alert"). Each has a Dismiss button; info notices fade after a while,
// errors stay until dismissed. On a participant's page (a page language registered,
// lib/pageLanguage.ts) the area and the notices that have a catalogue message speak its language.
import { useEffect } from "react";
import { type PageLanguage, usePageLanguage } from "../lib/pageLanguage.ts";
import { type Notice, useNotices } from "../stores/notices.ts";

const INFO_MS = 12_000;

/** The notice's words in the page's language when it has a message for them, else as given. */
function wordsOf(notice: Notice, language: PageLanguage | null): string {
  return language && notice.said
    ? language.format(notice.said.id, notice.said.values)
    : notice.message;
}

function NoticeItem({ notice, language }: { notice: Notice; language: PageLanguage | null }) {
  const dismiss = useNotices((s) => s.dismiss);
  useEffect(() => {
    if (notice.kind !== "info") return;
    const timer = setTimeout(() => dismiss(notice.id), INFO_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  const error = notice.kind === "error";
  const words = wordsOf(notice, language);
  return (
    <li
      role={error ? "alert" : "status"}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border bg-white p-3 text-sm shadow-md ${
        error ? "border-red-300 text-red-800" : "border-slate-200 text-slate-700"
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${error ? "bg-red-600" : "bg-slate-400"}`}
      />
      <p className="flex-1 break-words">{words}</p>
      <button
        type="button"
        onClick={() => dismiss(notice.id)}
        className="rounded px-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-slate-900"
        aria-label={
          language ? language.format("app.dismiss", { message: words }) : `Dismiss: ${words}`
        }
      >
        ×
      </button>
    </li>
  );
}

export function Notices() {
  const notices = useNotices((s) => s.notices);
  const language = usePageLanguage();
  return (
    <section
      aria-label={language ? language.format("app.notices") : "Notices"}
      aria-live="polite"
      className="pointer-events-none fixed end-4 bottom-4 z-50 w-full max-w-sm"
    >
      <ul className="flex flex-col gap-2">
        {notices.map((n) => (
          <NoticeItem key={n.id} notice={n} language={language} />
        ))}
      </ul>
    </section>
  );
}
