// The app bar on a participant's pages, in the page's language (lib/pageLanguage.ts: the study's,
// registered by the page once it knows it), so nothing above the page is English unless the
// study is. On a collection server's pages (/p/…, /x/…) only the app's name: no link to the
// studies or any researcher screen. On a local annotator's link (/annotate/…) also the storage
// indicator and the way back to the studies, as the researcher's bar has them. Until the page's
// language is known, the name alone: no word in a language the participant may not read.
import { usePageLanguage } from "../lib/pageLanguage.ts";
import { AppName, NavLink, StorageIndicator } from "./Header.tsx";

export function ParticipantBar({ local }: { local: boolean }) {
  const language = usePageLanguage();
  const t = language?.format;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-6 py-3">
        <AppName home={local} />
        {local && t && (
          <div className="flex items-center gap-3">
            <StorageIndicator
              label={t("app.storageNotPersistent")}
              explanation={t("app.storageExplanation")}
            />
            <nav aria-label={t("app.nav")}>
              <NavLink href="/">{t("app.studies")}</NavLink>
            </nav>
          </div>
        )}
      </div>
    </header>
  );
}
