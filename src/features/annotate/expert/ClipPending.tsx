// The expert screen before a clip is on it: the study has no clips, or the first is loading.
import { useT } from "../../../lib/i18n.tsx";

export function ClipPending({ studyName, empty }: { studyName: string; empty: boolean }) {
  const t = useT();
  if (empty) {
    return (
      <main className="mx-auto max-w-6xl p-6">
        <h1 className="text-xl font-semibold">{studyName}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("crowd.noClips")}</p>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-6xl p-6">
      <p role="status" className="text-sm text-slate-500">
        {t("crowd.loading")}
      </p>
    </main>
  );
}
