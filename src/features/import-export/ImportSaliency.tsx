// The study page's "Model saliency" part of the import card: a model's frame-by-frame saliency
// (a CSV of frames, or NumPy .npy arrays named after their clips) into this study, read in the
// import worker with the command line's readers (docs/formats.md, "A model's saliency").
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { INPUT } from "../../components/inputClass.ts";
import { problemLine } from "../../domain/interchange/problems.ts";
import { errorMessage } from "../../domain/util/errorText.ts";
import type { SaliencyImportResult } from "../../workers/importMessages.ts";
import { ImportClient } from "./importClient.ts";

type State =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; result: SaliencyImportResult; model: string }
  | { kind: "failed"; message: string };

export function ImportSaliency({
  studyId,
  createClient = () => new ImportClient(),
}: {
  studyId: string;
  /** Tests pass a client with an in-thread worker. */
  createClient?: () => ImportClient;
}) {
  const id = useId();
  const clientRef = useRef<ImportClient | null>(null);
  useEffect(
    () => () => {
      clientRef.current?.dispose();
      clientRef.current = null;
    },
    [],
  );
  const [model, setModel] = useState("");
  const [hop, setHop] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [state, setState] = useState<State>({ kind: "idle" });

  const hopSeconds = hop.trim() === "" ? undefined : Number(hop);
  const hopProblem =
    hopSeconds !== undefined && !(Number.isFinite(hopSeconds) && hopSeconds >= 0.000001)
      ? "The hop is a number of seconds, at least 0.000001."
      : null;
  const ready = model.trim() !== "" && files.length > 0 && hopProblem === null;

  const submit = async () => {
    setState({ kind: "busy" });
    try {
      clientRef.current ??= createClient();
      const result = await clientRef.current.saliency(files, studyId, model.trim(), hopSeconds);
      setState({ kind: "done", result, model: model.trim() });
    } catch (e) {
      setState({ kind: "failed", message: errorMessage(e) });
    }
  };

  return (
    <form
      className="mt-5 space-y-3 border-t border-slate-200 pt-4"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void submit();
      }}
    >
      <div>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Model saliency
        </h3>
        <p className="text-sm text-slate-600">
          A model's frame-by-frame saliency, to compare with the listeners' regions on the analysis
          screen (Model and listeners): a CSV of frames (clip,time,value or clip,start,end,value) or
          one NumPy .npy array per clip, named after the clip.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm">
          <span className="font-medium text-slate-700">Model name</span>
          <input
            className={INPUT}
            value={model}
            onChange={(e) => setModel(e.target.value)}
            placeholder="ssl-mos-ig"
          />
        </label>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">Hop (seconds between frames)</span>
          <input
            className={INPUT}
            value={hop}
            inputMode="decimal"
            onChange={(e) => setHop(e.target.value)}
            aria-invalid={hopProblem !== null}
            aria-describedby={`${id}-hop`}
          />
          <span id={`${id}-hop`} className="mt-1 block text-xs text-slate-500">
            {hopProblem ?? "Needed for .npy arrays; a CSV's times are checked against it."}
          </span>
        </label>
      </div>
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Saliency files</span>
        <input
          type="file"
          multiple
          accept=".csv,.npy"
          className="mt-1 block text-sm"
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </label>
      <Button type="submit" variant="primary" disabled={!ready || state.kind === "busy"}>
        {state.kind === "busy" ? "Importing…" : "Import saliency"}
      </Button>
      {state.kind === "failed" ? (
        <p role="alert" className="text-sm text-red-700">
          Could not import the saliency: {state.message}
        </p>
      ) : null}
      {state.kind === "done" && state.result.stored === null ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3">
          <p className="text-sm font-semibold text-red-800">
            Refused: nothing has been imported. Fix the files and choose them again.
          </p>
          <ul className="mt-2 space-y-1 font-mono text-xs break-words text-red-700">
            {state.result.files.flatMap((f) =>
              f.errors.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a file's problems in their order
                <li key={`${f.name}-${i}`}>{problemLine(f.name, p)}</li>
              )),
            )}
          </ul>
        </div>
      ) : null}
      {state.kind === "done" && state.result.stored !== null ? (
        <p role="status" className="text-sm text-emerald-800">
          Saliency of model “{state.model}” stored for {state.result.stored.clips}{" "}
          {state.result.stored.clips === 1 ? "clip" : "clips"} ({state.result.stored.frames} frames)
          {state.result.stored.replaced > 0
            ? `, ${state.result.stored.replaced} replacing the stored`
            : ""}
          .
        </p>
      ) : null}
    </form>
  );
}
