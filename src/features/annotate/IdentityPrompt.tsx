// Asks who is annotating when the link carries no `annotator`/`role`, in the page's language.
import { useId, useState } from "react";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import { useT } from "../../lib/i18n.tsx";
import {
  type AnnotateRole,
  type AnnotatorIdIssue,
  annotatorIdIssue,
  type Identity,
} from "../../lib/identity.ts";

/** The issue in the page's language. */
function said(t: ReturnType<typeof useT>, issue: AnnotatorIdIssue): string {
  switch (issue.kind) {
    case "empty":
      return t("who.problem.empty");
    case "long":
      return t("who.problem.long", { length: issue.length, max: issue.max });
    case "space":
      return t("who.problem.space", { id: issue.id });
    case "characters":
      return t("who.problem.characters", {
        id: issue.id,
        characters: issue.characters,
        count: issue.count,
      });
  }
}

export function IdentityPrompt({
  initial,
  onSubmit,
}: {
  initial: Identity | null;
  onSubmit(identity: Identity): void;
}) {
  const [annotatorId, setAnnotatorId] = useState(initial?.annotatorId ?? "");
  const [role, setRole] = useState<AnnotateRole>(initial?.role ?? "crowd");
  const t = useT();
  const [issue, setIssue] = useState<AnnotatorIdIssue | null>(null);
  const error = issue ? said(t, issue) : null;
  const errorId = useId();
  useDocumentTitle(t("who.title"));

  return (
    <main className="mx-auto max-w-6xl p-6">
      <form
        className="mx-auto mt-12 max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        onSubmit={(e) => {
          e.preventDefault();
          const problem = annotatorIdIssue(annotatorId);
          if (problem) {
            setIssue(problem);
            return;
          }
          onSubmit({ annotatorId: annotatorId.trim(), role });
        }}
        noValidate
      >
        <h1 className="text-lg font-semibold text-slate-900">{t("who.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("who.why")}</p>
        <label className="mt-4 block text-sm font-medium text-slate-900">
          {t("who.id")}
          <input
            value={annotatorId}
            onChange={(e) => {
              setAnnotatorId(e.target.value);
              setIssue(null);
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
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-600" dir="auto">
            {error}
          </p>
        )}
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-900">{t("who.role")}</legend>
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
                {t(r === "crowd" ? "who.crowd" : "who.expert")}
              </label>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          className="mt-6 rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
        >
          {t("who.start")}
        </button>
      </form>
    </main>
  );
}
