// Importing annotation files (docs/formats.md, "Import and merge"). Every picked file is
// validated whole. If any is refused, NOTHING is imported and no preview is shown until the
// person removes the refused files (the clearer of the two behaviours: one explicit action,
// and the preview then shows exactly what will be stored). Then, per study, a preview of new /
// unchanged / conflicting records with a choice per conflict, and "Merge into study".
// Reading, parsing, planning and writing happen in the import worker (importClient.ts): this
// page holds only what it shows, so a 250,000-record study never blocks it.
// Focus: the file input is disabled while the files are read, so the browser drops focus to the
// page body; once the result is shown, focus moves to it (the first element marked
// `data-import-result`: the refused files' heading, a preview's heading, or the error), and back
// to the file input when the card is empty again.
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { problemLine } from "../../domain/interchange/problems.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import type { LoadResult, MergeOutcomeView } from "../../workers/importMessages.ts";
import { AnnotationFilePicker } from "./AnnotationFilePicker.tsx";
import { ImportClient, type ImportProgress } from "./importClient.ts";
import { MergePreview } from "./MergePreview.tsx";
import { progressText } from "./progressText.ts";
import { RefusedFiles } from "./RefusedFiles.tsx";

type Stage =
  | { kind: "idle" }
  | { kind: "busy"; progress: ImportProgress }
  | { kind: "loaded"; result: LoadResult };

/** One worker per mounted card, made on first use and ended on unmount. */
function useImportClient(create: () => ImportClient): () => ImportClient {
  const ref = useRef<ImportClient | null>(null);
  useEffect(
    () => () => {
      ref.current?.dispose();
      ref.current = null;
    },
    [],
  );
  // Stable across renders (the first render's `create` is the one used).
  const [get] = useState(() => () => {
    ref.current ??= create();
    return ref.current;
  });
  return get;
}

export function ImportAnnotations({
  createClient = () => new ImportClient(),
  initialFiles,
  intoStudy,
}: {
  /** Tests pass a client with a fake or in-thread worker. */
  createClient?: () => ImportClient;
  /**
   * Files to preview at once, as if picked (the study page's "Collect from server" passes
   * the collected file): a new array starts a new preview.
   */
  initialFiles?: readonly File[];
  /**
   * The study page's card: files of other tools (Praat TextGrid, Audacity labels, ELAN, Label
   * Studio) become spans of this study, matched to its clips by file name.
   */
  intoStudy?: string;
}) {
  const client = useImportClient(createClient);
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  // Keyed by study id: a Map, so a study called "constructor" has no outcome before its merge.
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, MergeOutcomeView>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Where focus goes after the next render: the result, the file input, or nowhere.
  const [focusTarget, setFocusTarget] = useState<"result" | "input" | null>(null);

  useEffect(() => {
    if (focusTarget === null || stage.kind === "busy") return;
    setFocusTarget(null);
    const target =
      focusTarget === "result"
        ? cardRef.current?.querySelector<HTMLElement>("[data-import-result]")
        : inputRef.current;
    if (!target) return;
    if (focusTarget === "result" && !target.hasAttribute("tabindex")) {
      target.setAttribute("tabindex", "-1");
    }
    target.focus();
  }, [focusTarget, stage.kind]);

  const run = async (ask: (onProgress: (p: ImportProgress) => void) => Promise<LoadResult>) => {
    setFailure(null);
    setStage({ kind: "busy", progress: { stage: "reading" } });
    try {
      const result = await ask((progress) => setStage({ kind: "busy", progress }));
      setStage({ kind: "loaded", result });
    } catch (e) {
      setStage({ kind: "idle" });
      setFailure(errorMessage(e));
    }
    setFocusTarget("result");
  };

  const onFiles = (picked: File[]) => {
    setOutcomes(new Map());
    void run((onProgress) => client().load(picked, onProgress, intoStudy));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new array starts a preview
  useEffect(() => {
    if (initialFiles && initialFiles.length > 0) onFiles([...initialFiles]);
  }, [initialFiles]);

  const remove = (name: string) => {
    if (stage.kind !== "loaded") return;
    if (stage.result.files.length <= 1) {
      setStage({ kind: "idle" });
      setFocusTarget("input");
      return;
    }
    void run((onProgress) => client().remove(name, onProgress));
  };

  const loaded = stage.kind === "loaded" ? stage.result : null;
  const refused = loaded ? loaded.files.filter((f) => f.errors.length > 0) : [];
  const warnings = loaded
    ? loaded.files.flatMap((f) => f.warnings.map((w) => problemLine(f.name, w)))
    : [];
  const allMerged = loaded?.plans?.every((p) => outcomes.has(p.studyId)) ?? false;

  return (
    <div ref={cardRef} className="space-y-4">
      <AnnotationFilePicker
        ref={inputRef}
        onFiles={onFiles}
        disabled={stage.kind === "busy"}
        otherTools={intoStudy !== undefined}
      />
      {stage.kind === "busy" && (
        <p role="status" className="text-sm text-slate-500">
          {progressText(stage.progress)}
        </p>
      )}
      {failure && (
        <p role="alert" data-import-result className="text-sm text-red-600 outline-none">
          Could not read the files: {failure}
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
        <p role="alert" data-import-result className="text-sm text-red-600 outline-none">
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
              client={client}
              outcome={outcomes.get(p.studyId)}
              onMerged={(o) => setOutcomes((prev) => new Map(prev).set(p.studyId, o))}
            />
          ))}
          {allMerged && (
            <Button
              onClick={() => {
                setStage({ kind: "idle" });
                setOutcomes(new Map());
                setFocusTarget("input");
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
