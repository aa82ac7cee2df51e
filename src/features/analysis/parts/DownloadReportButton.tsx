import type { Report } from "../../../domain/stats/report.ts";
import { reportFileName, reportJson } from "../format.ts";

/** Saves exactly the object `stats --json` prints for the same study and bin width. */
export function DownloadReportButton({
  studyId,
  report,
  disabled,
}: {
  studyId: string;
  report: Report | undefined;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      disabled={disabled || !report}
      className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50"
      onClick={() => {
        if (!report) return;
        const blob = new Blob([reportJson(report)], { type: "application/json" });
        const url = URL.createObjectURL(blob);
        const link = document.createElement("a");
        link.href = url;
        link.download = reportFileName(studyId, report.binSeconds);
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }}
    >
      Download report (JSON)
    </button>
  );
}
