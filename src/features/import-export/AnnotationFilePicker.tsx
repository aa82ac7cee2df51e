// The file input of the import card (its accessible name is "Import annotations"), which is
// also a drop zone. On a study's page it also takes files of other tools.
import { type Ref, useId } from "react";
import { FILE_BUTTON_CLASS } from "../../components/Button.tsx";
import { DropZone } from "../../components/DropZone.tsx";

export function AnnotationFilePicker({
  onFiles,
  disabled = false,
  otherTools = false,
  ref,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /**
   * Also Praat TextGrids, Audacity labels, ELAN and Label Studio exports, and transcripts CSVs
   * (a study's page).
   */
  otherTools?: boolean;
  /** The file input, for the card to give focus back to it. */
  ref?: Ref<HTMLInputElement>;
}) {
  const inputId = useId();
  const hintId = useId();

  return (
    <DropZone
      label="Drop zone for annotation files"
      onFiles={onFiles}
      disabled={disabled}
      className="px-4 py-4 text-sm"
    >
      <label htmlFor={inputId} className="sr-only">
        Import annotations
      </label>
      <input
        ref={ref}
        id={inputId}
        type="file"
        accept={
          otherTools
            ? ".json,application/json,.TextGrid,.textgrid,.txt,text/plain,.eaf,.csv,text/csv"
            : ".json,application/json"
        }
        multiple
        disabled={disabled}
        aria-describedby={hintId}
        className={`block w-full cursor-pointer text-sm text-slate-600 ${FILE_BUTTON_CLASS} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-50`}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <p id={hintId} className="mt-2 text-xs text-slate-500">
        {otherTools
          ? "Choose or drop RedPen JSON files, Praat TextGrids, Audacity label files, ELAN .eaf files, a Label Studio JSON export, or a transcripts CSV (columns clip, annotator, transcript; role and engine for annotators new to the study, e.g. role asr for a recogniser): spans and transcripts of other tools are matched to this study's clips by id or file name. You see what changes before anything is stored."
          : "Choose or drop one or more RedPen JSON files (several annotators at once is fine). You see what changes before anything is stored."}
      </p>
    </DropZone>
  );
}
