// The study page's Export card: the study as interchange JSON, a span CSV, Audacity label
// files, Praat TextGrids, ELAN files, a per-bin matrix, the crowd's consensus, or everything in
// one zip (docs/formats.md; the command line's `export` writes the same files); and, for clips
// imported without audio, the "Add audio" drop zone.
import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { studyToFile } from "../../db/repo.ts";
import { buildExport, type ExportKind } from "../../domain/export/bundles.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import { downloadFile } from "../../lib/download.ts";
import { AddAudio } from "./AddAudio.tsx";

const EXPORTS: { kind: ExportKind; label: string; description: string }[] = [
  {
    kind: "json",
    label: "Export JSON",
    description: "The whole study in the RedPen interchange format; imports back as it is.",
  },
  {
    kind: "csv",
    label: "Export CSV",
    description:
      "One row per span and reason (with the annotator's rating), and one per clip finished without a span, for spreadsheets, pandas and R.",
  },
  {
    kind: "audacity",
    label: "Export Audacity labels (.zip)",
    description:
      "A label file per clip (File › Import › Labels… in Audacity), and one per clip and annotator.",
  },
  {
    kind: "textgrid",
    label: "Export Praat TextGrids (.zip)",
    description:
      "A TextGrid per clip, one tier per annotator, and the crowd's consensus (majority and model) as two more.",
  },
  {
    kind: "eaf",
    label: "Export ELAN files (.zip)",
    description: "An .eaf per clip: a tier per annotator, the reasons as annotation values.",
  },
  {
    kind: "bins",
    label: "Export per-bin matrix (CSV)",
    description:
      "Each clip's bins with a 0/1 column per annotator, for computing your own agreement.",
  },
  {
    kind: "consensus",
    label: "Export crowd consensus (.zip)",
    description:
      "The crowd's consensus regions per clip (majority vote and Dawid–Skene model) as CSV and JSON, with each crowd annotator's reliability.",
  },
  {
    kind: "trn",
    label: "Export transcripts for sclite (.zip)",
    description:
      "Per system, ref.trn and hyp.trn of the normalised texts and transcripts, for NIST sclite (-i spu_id); per recogniser too.",
  },
  {
    kind: "judgments",
    label: "Export judgments (CSV)",
    description:
      "A comparison test's judgments, one row each: the pair, its two items, who judged, which side came first, the choice or score, plays and time, for pandas and R.",
  },
  {
    kind: "all",
    label: "Export everything (.zip)",
    description: "All of the above in one zip.",
  },
];

/**
 * The study page's export buttons. The sclite export is offered when the study has something
 * to score: a transcription task, or transcripts (a recogniser's, imported, in any task); the
 * judgments CSV when the study has a comparison or a pre-test.
 */
export function ExportPanel({
  studyId,
  transcripts = false,
  judgments = false,
}: {
  studyId: string;
  transcripts?: boolean;
  judgments?: boolean;
}) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (kind: ExportKind) => {
    setBusy(kind);
    setError(null);
    try {
      const file = await studyToFile(studyId);
      if (!file) throw new Error(`there is no study "${studyId}" in this browser`);
      downloadFile(buildExport(kind, file));
    } catch (e) {
      setError(`Could not export: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-5">
      <ul className="space-y-2.5">
        {EXPORTS.filter(
          (x) => (x.kind !== "trn" || transcripts) && (x.kind !== "judgments" || judgments),
        ).map((x) => (
          <li key={x.kind} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button
              variant="secondary"
              className="w-64"
              disabled={busy !== null}
              onClick={() => run(x.kind)}
            >
              {x.label}
            </Button>
            <span className="min-w-0 flex-1 text-xs text-slate-500">{x.description}</span>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <AddAudio studyId={studyId} />
    </div>
  );
}
