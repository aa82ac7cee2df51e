import { useLiveQuery } from "dexie-react-hooks";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { useDocumentTitle } from "../../components/useDocumentTitle.ts";
import {
  getStudy,
  listAnnotators,
  listClips,
  listPairs,
  listSubmissions,
  studyText,
} from "../../db/repo.ts";
import { studyCollectionOf } from "../../domain/api/requests.ts";
import { taskModule } from "../../domain/tasks/index.ts";
import { analysisPath, annotatePath, appHref, comparePath } from "../../lib/routes.ts";
import { LazyCollectionPanel } from "../collection/index.ts";
import { ImportAnnotations, ImportSaliency, LazyExportPanel } from "../import-export/index.ts";
import { AddClipsForm } from "./AddClipsForm.tsx";
import { AnnotatorLinks } from "./AnnotatorLinks.tsx";
import { AudioOrigins } from "./AudioOrigins.tsx";
import { ClipTable } from "./ClipTable.tsx";
import { StudySettings } from "./StudySettings.tsx";

// The exporters (zip, CSV, TextGrid) load with the panel, not with the app's first screen.
const ExportPanel = LazyExportPanel;
// The settings form (rating question, protocol, intake, headphone check) loads on "Edit
// settings": it is not part of the study page's first view.
const StudySettingsForm = lazy(() =>
  import("./StudySettingsForm.tsx").then((m) => ({ default: m.StudySettingsForm })),
);

function countBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return counts;
}

async function loadStudy(studyId: string) {
  const study = await getStudy(studyId);
  if (!study) return { study: null } as const;
  const [clips, annotators, submissions, pairs] = await Promise.all([
    listClips(studyId),
    listAnnotators(studyId),
    listSubmissions(studyId),
    listPairs(studyId),
  ]);
  return { study, clips, annotators, submissions, pairs } as const;
}

export function StudyPage({ studyId }: { studyId: string }) {
  const data = useLiveQuery(() => loadStudy(studyId), [studyId]);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  // After the form closes, focus goes back to the button that opened it. The button is only
  // rendered while its form is closed, so it is focused after that render is committed, not on
  // a timer that may fire before it.
  const editButton = useRef<HTMLButtonElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterClose = useRef<typeof editButton | null>(null);
  const closeForm = (setOpen: (open: boolean) => void, button: typeof editButton) => {
    focusAfterClose.current = button;
    setOpen(false);
  };
  useEffect(() => {
    if (editing || adding) return;
    focusAfterClose.current?.current?.focus();
    focusAfterClose.current = null;
  }, [editing, adding]);
  useDocumentTitle(
    ...(data !== undefined && !data.study ? ["Study not found"] : ["Study", data?.study?.name]),
  );

  if (data === undefined) {
    return <main className="mx-auto max-w-6xl p-6 text-sm text-slate-500">Loading study…</main>;
  }
  if (data.study === null) {
    return (
      <main className="mx-auto max-w-6xl p-6">
        <Card>
          <h1 className="text-xl font-semibold">Study not found</h1>
          <p className="mt-2 text-sm text-slate-600">
            There is no study “{studyId}” in this browser. It may have been deleted, or it was
            created in another browser: import its annotation file to bring it here.
          </p>
          <ButtonLink href="/" className="mt-4">
            Back to the studies
          </ButtonLink>
        </Card>
      </main>
    );
  }

  const { study, clips, annotators, submissions, pairs } = data;
  const totalSeconds = clips.reduce((s, c) => s + c.duration, 0);
  const description = studyText(study, "description");
  const instructions = studyText(study, "instructions");
  const task = taskModule(study.extra);

  return (
    <main className="mx-auto max-w-6xl space-y-6 p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-500">
            <a href={appHref("/")} className="hover:underline">
              Studies
            </a>{" "}
            / <span className="font-mono">{study.id}</span>
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">{study.name}</h1>
          {description && <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>}
        </div>
        <div className="flex gap-2">
          <ButtonLink href={annotatePath(study.id)} variant="primary">
            Annotate
          </ButtonLink>
          <ButtonLink href={analysisPath(study.id)}>Analysis</ButtonLink>
          <ButtonLink href={comparePath({ studies: [study.id], mode: "groups" })}>
            Compare listener groups
          </ButtonLink>
        </div>
      </div>

      <Card
        title="Settings"
        actions={
          !editing && (
            <Button ref={editButton} size="sm" onClick={() => setEditing(true)}>
              Edit settings
            </Button>
          )
        }
      >
        {editing ? (
          <Suspense fallback={<p className="text-sm text-slate-500">Loading the settings…</p>}>
            <StudySettingsForm
              study={study}
              clips={clips}
              pairs={pairs}
              onDone={() => closeForm(setEditing, editButton)}
            />
          </Suspense>
        ) : (
          <>
            <StudySettings
              study={study}
              clipCount={clips.length}
              totalSeconds={totalSeconds}
              pairs={pairs}
            />
            {instructions && (
              <div className="mt-4 border-t border-slate-100 pt-3">
                <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                  Instructions for annotators
                </p>
                <p className="mt-0.5 whitespace-pre-line text-sm text-slate-900">{instructions}</p>
              </div>
            )}
          </>
        )}
      </Card>

      <AudioOrigins study={study} clips={clips} />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        {/* A task without a participant screen (a comparison, from files) hands out no links. */}
        {task.collected ? (
          <AnnotatorLinks
            studyId={study.id}
            annotators={annotators}
            submissionsByAnnotator={countBy(submissions, (s) => s.annotatorId)}
            clipCount={clips.length}
            task={task}
          />
        ) : null}
        <Card title="Export" description="Download this study's annotations.">
          <Suspense fallback={<p className="text-sm text-slate-500">Loading the exports…</p>}>
            <ExportPanel
              studyId={study.id}
              transcripts={
                task.holds.transcript || submissions.some((s) => s.transcript !== undefined)
              }
              judgments={task.id === "compare" || study.extra.qualification !== undefined}
            />
          </Suspense>
        </Card>
        <Card
          title="Import annotations"
          description="Spans of this study's clips from RedPen JSON, Praat TextGrids, Audacity labels, ELAN or a Label Studio export, matched to the clips by file name; paired-comparison results from webMUSHRA or the P.808 toolkit."
        >
          <ImportAnnotations intoStudy={study.id} />
          <ImportSaliency studyId={study.id} />
        </Card>
      </div>

      {task.collected ? (
        <Suspense
          fallback={
            <Card title="Crowd study on a collection server">
              <p className="text-sm text-slate-500">Loading…</p>
            </Card>
          }
        >
          <LazyCollectionPanel
            studyId={study.id}
            task={task.id}
            defaults={studyCollectionOf(study.extra)}
          />
        </Suspense>
      ) : (
        <Card title="Crowd study on a collection server">
          <p className="text-sm text-slate-600">{task.studyPage.linkHelp}</p>
        </Card>
      )}

      <Card
        title="Clips"
        description={`${clips.length} clips, in the order annotators see them.`}
        actions={
          !adding && (
            <Button ref={addButton} size="sm" onClick={() => setAdding(true)}>
              Add clips
            </Button>
          )
        }
      >
        {adding && (
          <div className="mb-6 rounded-md border border-slate-200 bg-slate-50 p-4">
            <AddClipsForm
              studyId={study.id}
              clips={clips}
              onDone={() => closeForm(setAdding, addButton)}
            />
          </div>
        )}
        <ClipTable clips={clips} submissionsByClip={countBy(submissions, (s) => s.clipId)} />
      </Card>
    </main>
  );
}
