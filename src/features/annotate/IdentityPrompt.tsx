// Asks who is annotating when the link carries no `annotator`/`role`.
import { useId, useState } from "react";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import { type AnnotateRole, annotatorIdProblem, type Identity } from "../../lib/identity.ts";

export function IdentityPrompt({
  initial,
  onSubmit,
}: {
  initial: Identity | null;
  onSubmit(identity: Identity): void;
}) {
  const [annotatorId, setAnnotatorId] = useState(initial?.annotatorId ?? "");
  const [role, setRole] = useState<AnnotateRole>(initial?.role ?? "crowd");
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  useDocumentTitle("Who is annotating?");

  return (
    <main className="mx-auto max-w-6xl p-6">
      <form
        className="mx-auto mt-12 max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        onSubmit={(e) => {
          e.preventDefault();
          const problem = annotatorIdProblem(annotatorId);
          if (problem) {
            setError(problem);
            return;
          }
          onSubmit({ annotatorId: annotatorId.trim(), role });
        }}
        noValidate
      >
        <h1 className="text-lg font-semibold text-slate-900">Who is annotating?</h1>
        <p className="mt-1 text-sm text-slate-600">
          Your id is stored with every span you mark. This browser remembers it for next time.
        </p>
        <label className="mt-4 block text-sm font-medium text-slate-900">
          Annotator id
          <input
            value={annotatorId}
            onChange={(e) => {
              setAnnotatorId(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoComplete="off"
            className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm ${
              error ? "border-red-600" : "border-slate-300"
            }`}
          />
        </label>
        {error && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-900">Role</legend>
          <div className="mt-1 flex gap-4">
            {(["crowd", "expert"] as const).map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name="role"
                  value={r}
                  checked={role === r}
                  onChange={() => setRole(r)}
                  className="accent-slate-900"
                />
                {r === "crowd" ? "Crowd annotator (mark spans)" : "Expert (tag reasons)"}
              </label>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          className="mt-6 rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
        >
          Start annotating
        </button>
      </form>
    </main>
  );
}
