// One study's import preview: where it goes, what is new / unchanged / in conflict, the
// conflict choices and "Merge into study"; after merging, what happened and a link to it.
import { useId, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/Button.tsx";
import { applyMerge, type MergeOutcome } from "../../db/interchange.ts";
import { runWrite } from "../../db/write.ts";
import type { Choices, MergePlan } from "../../domain/merge.ts";
import { ConflictList } from "./ConflictList.tsx";
import { MergeCounts } from "./MergeCounts.tsx";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function MergePreview({
  plan,
  outcome,
  onMerged,
}: {
  plan: MergePlan;
  outcome: MergeOutcome | undefined;
  onMerged: (outcome: MergeOutcome) => void;
}) {
  const headingId = useId();
  const [choices, setChoices] = useState<Choices>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const merge = async () => {
    setBusy(true);
    setError(null);
    try {
      onMerged(
        await runWrite(`the import into study “${plan.studyName}”`, () =>
          applyMerge(plan, choices),
        ),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const studyLink = (
    <Link href={`/studies/${encodeURIComponent(plan.studyId)}`} className="font-medium underline">
      {plan.studyName}
    </Link>
  );

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
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
                {outcome.created ? " (new study)" : ""}: {plural(outcome.changed, "record")} added
                or updated.
              </>
            )}
          </p>
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
            href={`/studies/${encodeURIComponent(plan.studyId)}`}
            className="mt-2 inline-block text-sm font-medium underline"
          >
            Open the study
          </Link>
        </div>
      ) : (
        <>
          <MergeCounts plan={plan} />
          {plan.summary.new === 0 && plan.summary.conflicts === 0 && (
            <p className="text-sm text-slate-600">
              Everything in these files is already stored: merging changes nothing.
            </p>
          )}
          {plan.conflicts.length > 0 && (
            <ConflictList conflicts={plan.conflicts} choices={choices} onChange={setChoices} />
          )}
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
        </>
      )}
    </section>
  );
}
