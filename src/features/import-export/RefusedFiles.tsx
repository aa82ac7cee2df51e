// Files that failed validation: each is refused whole, with its problems by JSON path. While
// any is listed nothing is imported; removing it lets the other files go on to the preview.
import { Button } from "../../components/Button.tsx";
import { problemLine } from "../../domain/interchange/problems.ts";
import type { Problem } from "../../domain/interchange/schema.ts";

const SHOWN = 12;

export function RefusedFiles({
  files,
  validCount,
  onRemove,
}: {
  files: { name: string; errors: Problem[] }[];
  validCount: number;
  onRemove: (name: string) => void;
}) {
  return (
    <div role="alert" className="space-y-3">
      <div>
        <h3 data-import-result className="text-sm font-semibold text-red-800 outline-none">
          {files.length === 1 ? "1 file was refused" : `${files.length} files were refused`}:
          nothing has been imported
        </h3>
        <p className="text-sm text-red-700">
          {validCount > 0
            ? `Remove the refused ${files.length === 1 ? "file" : "files"} to continue with the other ${validCount === 1 ? "file" : `${validCount} files`}, or fix ${files.length === 1 ? "it" : "them"} and choose the files again.`
            : "Fix the file and choose it again."}
        </p>
      </div>
      <ul className="space-y-3">
        {files.map((f) => (
          <li key={f.name} className="rounded-md border border-red-200 bg-red-50 p-3">
            <div className="flex items-start justify-between gap-2">
              <p className="text-sm font-medium break-all text-red-800">{f.name}</p>
              <Button size="sm" onClick={() => onRemove(f.name)} aria-label={`Remove ${f.name}`}>
                Remove
              </Button>
            </div>
            <ul className="mt-2 space-y-1 font-mono text-xs break-words text-red-700">
              {f.errors.slice(0, SHOWN).map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id and never reorder
                <li key={i}>{problemLine(f.name, p)}</li>
              ))}
            </ul>
            {f.errors.length > SHOWN && (
              <p className="mt-1 text-xs text-red-700">
                … and {f.errors.length - SHOWN} more{" "}
                {f.errors.length - SHOWN === 1 ? "problem" : "problems"}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
