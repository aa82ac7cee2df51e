// Under the crowd screen's waveform: how to use it (in a phone's words on a touch screen), what
// the last action did (announced politely) and a write that failed (announced at once).
import { useT } from "../../lib/i18n.tsx";

export function ClipStatus({ status, error }: { status: string; error: string | null }) {
  const t = useT();
  return (
    <>
      {/* A phone has no keyboard to speak of: its own words, without the keys. */}
      <p className="mt-2 text-sm text-slate-500 pointer-coarse:hidden">{t("clip.help")}</p>
      <p className="mt-2 hidden text-sm text-slate-500 pointer-coarse:block">
        {t("clip.help.touch")}
      </p>
      <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm text-slate-700">
        {status}
      </p>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </>
  );
}
