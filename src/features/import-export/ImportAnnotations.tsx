// Importing annotation files (docs/formats.md, "Import and merge"). Every picked file is
// validated whole. If any is refused, NOTHING is imported and no preview is shown until the
// person removes the refused files (the clearer of the two behaviours: one explicit action,
// and the preview then shows exactly what will be stored). Then, per study, a preview of new /
// unchanged / conflicting records with a choice per conflict, and "Merge into study".
import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { type IncomingFile, type MergeOutcome, planImport } from "../../db/interchange.ts";
import type { MergePlan } from "../../domain/merge.ts";
import { AnnotationFilePicker } from "./AnnotationFilePicker.tsx";
import { MergePreview } from "./MergePreview.tsx";
import { RefusedFiles } from "./RefusedFiles.tsx";
import { type LoadedFile, problemLine, readAnnotationFiles } from "./readAnnotationFiles.ts";

type Stage =
  | { kind: "idle" }
  | { kind: "reading" }
  | { kind: "loaded"; files: LoadedFile[]; plans: MergePlan[] | null; planError: string | null };

export function ImportAnnotations() {
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [outcomes, setOutcomes] = useState<Record<string, MergeOutcome>>({});

  const plan = async (files: LoadedFile[]) => {
    const valid: IncomingFile[] = [];
    for (const f of files) if (f.result.ok) valid.push({ name: f.name, file: f.result.file });
    const allValid = valid.length === files.length && files.length > 0;
    if (!allValid) {
      setStage({ kind: "loaded", files, plans: null, planError: null });
      return;
    }
    try {
      setStage({ kind: "loaded", files, plans: await planImport(valid), planError: null });
    } catch (e) {
      setStage({ kind: "loaded", files, plans: null, planError: String(e) });
    }
  };

  const onFiles = async (picked: File[]) => {
    setStage({ kind: "reading" });
    setOutcomes({});
    await plan(await readAnnotationFiles(picked));
  };

  const remove = (name: string) => {
    if (stage.kind !== "loaded") return;
    const files = stage.files.filter((f) => f.name !== name);
    if (files.length === 0) setStage({ kind: "idle" });
    else void plan(files);
  };

  const loaded = stage.kind === "loaded" ? stage : null;
  const refused = loaded
    ? loaded.files.flatMap((f) => (f.result.ok ? [] : [{ name: f.name, errors: f.result.errors }]))
    : [];
  const warnings = loaded
    ? loaded.files.flatMap((f) =>
        f.result.ok ? f.result.warnings.map((w) => problemLine(f.name, w)) : [],
      )
    : [];
  const allMerged = loaded?.plans?.every((p) => outcomes[p.studyId] !== undefined) ?? false;

  return (
    <div className="space-y-4">
      <AnnotationFilePicker onFiles={onFiles} disabled={stage.kind === "reading"} />
      {stage.kind === "reading" && (
        <p role="status" className="text-sm text-slate-500">
          Reading the files…
        </p>
      )}
      {loaded && refused.length > 0 && (
        <RefusedFiles
          files={refused}
          validCount={loaded.files.length - refused.length}
          onRemove={remove}
        />
      )}
      {loaded?.planError && (
        <p role="alert" className="text-sm text-red-600">
          Could not compare the files with the stored studies: {loaded.planError}
        </p>
      )}
      {loaded?.plans && (
        <div className="space-y-3">
          {warnings.length > 0 && (
            <details className="rounded-md border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900">
              <summary className="cursor-pointer">
                {warnings.length === 1 ? "1 warning" : `${warnings.length} warnings`} (the files are
                still imported)
              </summary>
              <ul className="mt-1 space-y-0.5 font-mono break-words">
                {warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </details>
          )}
          {loaded.plans.map((p) => (
            <MergePreview
              key={p.studyId}
              plan={p}
              outcome={outcomes[p.studyId]}
              onMerged={(o) => setOutcomes((prev) => ({ ...prev, [p.studyId]: o }))}
            />
          ))}
          {allMerged && (
            <Button
              onClick={() => {
                setStage({ kind: "idle" });
                setOutcomes({});
              }}
            >
              Done
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
