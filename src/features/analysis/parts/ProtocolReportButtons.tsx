import {
  type ProtocolFacts,
  type ProtocolFormat,
  pageTextsFor,
  protocolReport,
} from "../../../domain/report/protocol.ts";
import type { Report } from "../../../domain/stats/report.ts";
import { downloadFile } from "../../../lib/download.ts";
import { loadMessages } from "../../../lib/i18n.tsx";

/**
 * "Download the protocol report": the methods section of the listening test (Markdown or
 * LaTeX), what `cli -- report STUDY.json [--latex]` writes for the same data and bin width.
 */
export function ProtocolReportButtons({
  studyId,
  report,
  facts,
}: {
  studyId: string;
  report: Report | undefined;
  facts: ProtocolFacts | undefined;
}) {
  const save = async (format: ProtocolFormat) => {
    if (!report || !facts) return;
    // The pages' texts in the study's language, which the report quotes (the default consent);
    // a catalogue that could not be fetched leaves the report naming that text instead.
    const messages = await loadMessages(facts.language).catch(() => null);
    const texts = messages ? pageTextsFor(facts, messages) : {};
    const text = protocolReport(facts, report, format, texts);
    downloadFile({
      fileName: `${studyId}-protocol.${format === "latex" ? "tex" : "md"}`,
      mimeType: `${format === "latex" ? "application/x-tex" : "text/markdown"};charset=utf-8`,
      data: text,
    });
  };
  const disabled = !report || !facts;
  const cls =
    "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <div className="flex gap-1" title="Download the protocol report: the test's methods section">
      <button
        type="button"
        className={cls}
        disabled={disabled}
        onClick={() => void save("markdown")}
      >
        Protocol report (Markdown)
      </button>
      <button type="button" className={cls} disabled={disabled} onClick={() => void save("latex")}>
        Protocol report (LaTeX)
      </button>
    </div>
  );
}
