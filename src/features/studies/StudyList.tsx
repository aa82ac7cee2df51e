import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { DEMO_STUDY_ID, ensureDemoStudy, listStudySummaries } from "../../db/repo.ts";
import { StudyRow } from "./StudyRow.tsx";

/** Brings back the demo study after it was deleted. */
function AddDemoButton() {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await ensureDemoStudy({ force: true });
    } catch {
      // shown as a notice by the database layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" onClick={() => void onClick()} disabled={busy}>
      {busy ? "Adding the demo…" : "Add the demo study"}
    </Button>
  );
}

/** The stored studies, live: changes in any tab show up at once. */
export function StudyList() {
  const summaries = useLiveQuery(() => listStudySummaries(), []);
  const hasDemo = summaries?.some((s) => s.study.id === DEMO_STUDY_ID) ?? true;
  return (
    <Card title="Studies" actions={hasDemo ? undefined : <AddDemoButton />}>
      {summaries === undefined ? (
        <p className="text-sm text-slate-500">Loading studies…</p>
      ) : summaries.length === 0 ? (
        <div className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center">
          <p className="font-medium text-slate-800">No studies yet</p>
          <p className="mt-1 text-sm text-slate-500">
            Create one below from your audio files, import an annotation file, or add the demo study
            (5 sentences × 4 voices) to try things out.
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
