import { useState } from "react";
import { Link } from "wouter";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { deleteStudy, type StudySummary } from "../../db/repo.ts";
import { taskModule } from "../../domain/tasks/index.ts";
import { plural } from "../../lib/format.ts";
import { analysisPath, annotatePath, studyPath } from "../../lib/routes.ts";

/** One study on the home screen: name, counts, links, and delete with confirmation. */
export function StudyRow({ summary }: { summary: StudySummary }) {
  const { study, clips, annotators, submissions } = summary;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const onDelete = async () => {
    setDeleting(true);
    try {
      await deleteStudy(study.id);
    } catch {
      setDeleting(false); // the error is shown as a notice
    }
  };

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <Link href={studyPath(study.id)} className="font-medium text-slate-900 hover:underline">
            {study.name}
          </Link>
          <p className="mt-0.5 text-sm text-slate-500">
            {taskModule(study.extra).label} · {plural(clips, "clip")} ·{" "}
            {plural(annotators, "annotator")} · {plural(submissions, "submission")}
          </p>
        </div>
        {!confirming && (
          <div className="flex flex-wrap items-center gap-2">
            <ButtonLink
              href={annotatePath(study.id)}
              variant="primary"
              size="sm"
              aria-label={`Annotate ${study.name}`}
            >
              Annotate
            </ButtonLink>
            <ButtonLink href={studyPath(study.id)} size="sm" aria-label={`Study ${study.name}`}>
              Study
            </ButtonLink>
            <ButtonLink
              href={analysisPath(study.id)}
              size="sm"
              aria-label={`Analysis ${study.name}`}
            >
              Analysis
            </ButtonLink>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-600 hover:bg-red-50"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${study.name}`}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      {confirming && (
        <div
          role="alertdialog"
          aria-label={`Delete ${study.name}?`}
          className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2"
        >
          <p className="text-sm text-red-800">
            Delete “{study.name}” with its {plural(clips, "clip")} and all annotations? This cannot
            be undone — export it first if you need it.
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => setConfirming(false)} disabled={deleting} autoFocus>
              Cancel
            </Button>
            <Button size="sm" variant="danger" onClick={() => void onDelete()} disabled={deleting}>
              {deleting ? "Deleting…" : "Delete study"}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
