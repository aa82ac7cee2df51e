import { useLiveQuery } from "dexie-react-hooks";
import { Card } from "../../components/Card.tsx";
import { listStudySummaries } from "../../db/repo.ts";
import { StudyRow } from "./StudyRow.tsx";

/** The stored studies, live: changes in any tab show up at once. */
export function StudyList() {
  const summaries = useLiveQuery(() => listStudySummaries(), []);
  return (
    <Card title="Studies">
      {summaries === undefined ? (
        <p className="text-sm text-slate-500">Loading studies…</p>
      ) : summaries.length === 0 ? (
        <div className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center">
          <p className="font-medium text-slate-800">No studies yet</p>
          <p className="mt-1 text-sm text-slate-500">
            Create one below from your audio files, or import an annotation file.
          </p>
        </div>
      ) : (
        <ul aria-label="Studies" className="divide-y divide-slate-100">
          {summaries.map((s) => (
            <StudyRow key={s.study.id} summary={s} />
          ))}
        </ul>
      )}
    </Card>
  );
}
