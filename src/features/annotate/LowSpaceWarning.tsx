// Warns the annotator early when this browser lets the site store little more (db/space.ts),
// with the download of their work right there, so a full disk never costs them what they did.
// Checked when the screen opens and each time the finished count changes.
import { useEffect, useState } from "react";
import { LOW_SPACE_BYTES, lowOnSpace } from "../../db/repo.ts";
import { useT } from "../../lib/i18n.tsx";
import { DownloadMyWork } from "./DownloadMyWork.tsx";

export function LowSpaceWarning({
  studyId,
  annotatorId,
  finished,
}: {
  studyId: string;
  annotatorId: string;
  /** Clips finished so far: a change re-checks the space. */
  finished: number;
}) {
  const t = useT();
  const [low, setLow] = useState<Awaited<ReturnType<typeof lowOnSpace>>>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `finished` only triggers a re-check
  useEffect(() => {
    let cancelled = false;
    void lowOnSpace().then((estimate) => {
      if (!cancelled) setLow(estimate);
    });
    return () => {
      cancelled = true;
    };
  }, [finished]);
  if (!low) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p>
        <span className="font-medium">{t("lowSpace.title")}</span>{" "}
        {low.byTrial
          ? t("lowSpace.byTrial", { mb: LOW_SPACE_BYTES / (1024 * 1024) })
          : t("lowSpace.available", { mb: Math.round(low.available / (1024 * 1024)) })}{" "}
        {t("lowSpace.download")}
      </p>
      <DownloadMyWork studyId={studyId} annotatorId={annotatorId} variant="primary" />
    </div>
  );
}
