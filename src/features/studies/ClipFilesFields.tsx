// The audio and CSV fields of "New study" and "Add clips": picker, decoding progress, refused
// names, the file list, the CSV picker, and the problems found when the form was submitted.
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { AudioFileList } from "./AudioFileList.tsx";
import { AudioPicker } from "./AudioPicker.tsx";
import { CsvPicker } from "./CsvPicker.tsx";
import { FieldError } from "./fields.tsx";
import type { ClipFiles } from "./useClipFiles.ts";

export function ClipFilesFields({
  files,
  errors,
  disabled = false,
  onChange,
}: {
  files: ClipFiles;
  errors: { files?: string; csv?: string };
  disabled?: boolean;
  /** Called when the person changes the files or the CSV (to clear the submitted problems). */
  onChange?: (field: "files" | "csv") => void;
}) {
  const { items, pending, refused, csv, match } = files;
  return (
    <>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">Audio files</legend>
        <AudioPicker
          onFiles={(chosen) => {
            files.addFiles(chosen);
            onChange?.("files");
          }}
          disabled={disabled}
        />
        {pending > 0 && (
          <ProgressBar
            value={items.length - pending}
            max={items.length}
            label={`Decoding ${items.length - pending + 1} of ${items.length}`}
          />
        )}
        {refused.length > 0 && (
          <ul className="text-sm text-amber-800">
            {refused.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
        <AudioFileList items={items} onRemove={files.remove} />
        <FieldError message={errors.files} />
      </fieldset>

      <div>
        <CsvPicker
          fileName={csv?.name}
          errors={csv?.errors ?? []}
          warnings={match?.unmatched ?? []}
          onFile={(f) => {
            void files.chooseCsv(f);
            onChange?.("csv");
          }}
          onClear={files.clearCsv}
        />
        <FieldError message={errors.csv} />
      </div>
    </>
  );
}
