// "Download my annotations (JSON)": this annotator's work on the study as an interchange file
// (`<studyId>-<annotatorId>.json`) that the researcher imports and merges on their machine.
// Shown prominently on the crowd finished screen and as a secondary button on the crowd and
// expert screens, in the page's language. Failures become an error notice.
import { useState } from "react";
import { errorMessage, studyToFile } from "../../db/repo.ts";
import { annotatorSubset } from "../../domain/export/annotatorSubset.ts";
import { safeFileName } from "../../domain/formats/names.ts";
import { serializeAnnotationFile } from "../../domain/interchange/serialize.ts";
import { downloadFile } from "../../lib/download.ts";
import { useT } from "../../lib/i18n.tsx";
import { notify } from "../../stores/notices.ts";

const STYLES = {
  primary:
    "rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:cursor-wait disabled:opacity-60",
  secondary:
    "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60",
} as const;

/** The file name of an annotator's download: `<studyId>-<annotatorId>.json`, made safe. */
export function myWorkFileName(studyId: string, annotatorId: string): string {
  return `${safeFileName(studyId)}-${safeFileName(annotatorId)}.json`;
}

/** Reads the study, keeps this annotator's part and saves it as a download. */
export async function downloadMyWork(studyId: string, annotatorId: string): Promise<void> {
  const file = await studyToFile(studyId);
  if (!file) throw new Error(`there is no study "${studyId}" in this browser`);
  const mine = annotatorSubset(file, annotatorId);
  downloadFile({
    fileName: myWorkFileName(studyId, annotatorId),
    mimeType: "application/json",
    data: serializeAnnotationFile(mine),
  });
}

export function DownloadMyWork({
  studyId,
  annotatorId,
  variant = "secondary",
}: {
  studyId: string;
  annotatorId: string;
  variant?: keyof typeof STYLES;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await downloadMyWork(studyId, annotatorId);
    } catch (error) {
      notify("error", t("download.failed", { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      title={t("download.title", { file: myWorkFileName(studyId, annotatorId) })}
      className={STYLES[variant]}
    >
      {t("download.label")}
    </button>
  );
}
