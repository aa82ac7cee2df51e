// One study's import preview: where it goes, what is new / unchanged / in conflict, the
// conflict choices and "Merge into study"; after merging, what happened and a link to it.
// The plan itself stays in the import worker; "Merge into study" sends only the choices.
import { useCallback, useId, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/Button.tsx";
import { describeWriteError } from "../../db/repo.ts";
import { plural } from "../../lib/format.ts";
import { studyPath } from "../../lib/routes.ts";
import { notify } from "../../stores/notices.ts";
import type { ConflictChoices, MergeOutcomeView, PlanView } from "../../workers/importMessages.ts";
import { ConflictList } from "./ConflictList.tsx";
import { type ImportClient, ImportError, type ImportProgress } from "./importClient.ts";
import { MergeCounts } from "./MergeCounts.tsx";
import { MissingRegions } from "./MissingRegions.tsx";
import { guardMerge } from "./mergeGuard.ts";
import { progressText } from "./progressText.ts";

export function MergePreview({
  plan,
  client,
  outcome,
  onMerged,
}: {
  plan: PlanView;
  client: () => ImportClient;
  outcome: MergeOutcomeView | undefined;
  onMerged: (outcome: MergeOutcomeView) => void;
}) {
  const headingId = useId();
  const [choices, setChoices] = useState<ConflictChoices>({ all: "keep", byKey: {} });
  const [removeMissing, setRemoveMissing] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;
  const loadPage = useCallback(
    (offset: number, limit: number) => client().conflicts(plan.studyId, offset, limit),
    [client, plan.studyId],
  );

  const merge = async () => {
    setProgress({ stage: "writing" });
    setError(null);
    // Leaving the page now would cancel the merge: the browser asks first, and the next load
    // in this tab says so if it happened anyway.
    const release = guardMerge({
      studyName: plan.studyName,
      files: plan.sources.length,
      startedAt: new Date().toISOString(),
    });
    try {
      onMerged(await client().merge(plan.studyId, { ...choices, removeMissing }, setProgress));
    } catch (e) {
      // The same wording as every other failed write (storage full has its own), as a notice too.
      const cause =
        e instanceof ImportError
          ? { name: e.quota ? "QuotaExceededError" : "Error", message: e.message }
          : e;
      const message = describeWriteError(`the import into study “${plan.studyName}”`, cause);
      notify("error", message);
      setError(message);
    } finally {
      release();
      setProgress(null);
    }
  };

  const studyLink = (
    <Link href={studyPath(plan.studyId)} className="font-medium underline">
      {plan.studyName}
    </Link>
  );

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <div>
        <h3
          id={headingId}
          data-import-result
          className="text-sm font-semibold text-slate-900 outline-none"
        >
          {plan.studyExists ? "Into study" : "New study"} “{plan.studyName}”
        </h3>
        <p className="text-xs text-slate-500">
          <span className="font-mono">{plan.studyId}</span> · from {plan.sources.join(", ")}
        </p>
      </div>

      {outcome ? (
        <div
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          <p>
            {outcome.changed === 0 ? (
              <>Nothing changed: {studyLink} already had all of it.</>
            ) : (
              <>
                Merged into {studyLink}
                {outcome.created ? " (new study)" : ""}: {plural(outcome.changed, "record")}{" "}
                {outcome.removedRegions > 0 ? "added, updated or removed" : "added or updated"}.
              </>
            )}
          </p>
          {outcome.removedRegions > 0 && (
            <p className="mt-1 text-xs">
              {plural(outcome.removedRegions, "span")} left out of the files removed.
            </p>
          )}
          {outcome.droppedLabels > 0 && (
            <p className="mt-1 text-xs">
              {plural(outcome.droppedLabels, "reason label")} left out: made on a region version
              that was not kept.
            </p>
          )}
          {outcome.clipsWithoutAudio > 0 && (
            <p className="mt-1 text-xs">
              {plural(outcome.clipsWithoutAudio, "clip has", "clips have")} no audio yet: add it
              under Export on the study page.
            </p>
          )}
          <Link
            href={studyPath(plan.studyId)}
            className="mt-2 inline-block text-sm font-medium underline"
          >
            Open the study
          </Link>
        </div>
      ) : (
        <>
          <MergeCounts plan={plan} />
          {plan.summary.new === 0 && plan.summary.conflicts === 0 && plan.missing.count === 0 && (
            <p className="text-sm text-slate-600">
              Everything in these files is already stored: merging changes nothing.
            </p>
          )}
          {plan.conflictCount > 0 && (
            <ConflictList
              count={plan.conflictCount}
              firstPage={plan.conflicts}
              loadPage={loadPage}
              choices={choices}
              onChange={setChoices}
            />
          )}
          <MissingRegions
            missing={plan.missing}
            remove={removeMissing}
            onChange={setRemoveMissing}
          />
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          <Button
            variant="primary"
            onClick={merge}
            disabled={busy}
            aria-describedby={headingId}
            className="w-full"
          >
            {busy ? "Merging…" : "Merge into study"}
          </Button>
          {progress && (
            <p aria-live="polite" className="text-sm text-slate-500">
              {progressText(progress)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
