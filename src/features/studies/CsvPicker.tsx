import { useId } from "react";
import { buttonClass } from "../../components/Button.tsx";
import { CSV_COLUMNS } from "../../domain/clips/clipCsv.ts";

/** The optional clip-metadata CSV: a file input, its name, and its problems. */
export function CsvPicker({
  fileName,
  errors,
  warnings,
  onFile,
  onClear,
}: {
  fileName: string | undefined;
  errors: readonly string[];
  warnings: readonly string[];
  onFile: (file: File) => void;
  onClear: () => void;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Clip metadata CSV <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <p className="text-xs text-slate-500">
        Columns: {CSV_COLUMNS.join(", ")}. Rows are matched to the audio files by file name.
      </p>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) onFile(file);
          }}
          // The native control is hidden: it resets after each choice (so the same file can be
          // chosen again) and would say "No file chosen" beside the file that was chosen.
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className={`${buttonClass("secondary", "md")} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-slate-900`}
        >
          {fileName ? "Choose another CSV" : "Choose CSV file"}
        </label>

        {fileName && (
          <span className="flex items-center gap-2 text-sm text-slate-700">
            {fileName}
            <button
              type="button"
              onClick={onClear}
              className="text-xs text-slate-500 underline hover:text-slate-900"
            >
              Remove CSV
            </button>
          </span>
        )}
      </div>
      {errors.length > 0 && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
          <p className="font-medium text-red-800">The CSV has problems to fix first:</p>
          <ul className="mt-1 list-disc pl-5 text-red-700">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {warnings.length > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">Rows that describe no chosen audio file (ignored):</p>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
